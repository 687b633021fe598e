// The ontario-committees importer on hand-written pages. No committee transcript of ola.org is in
// ../shared/datasets or in a reachable public fixture: the transcript below is WRITTEN BY HAND in the
// current Drupal layout the Hansard reader reads (`<span id="paraNN"/>` anchors, `speakerStart`,
// `procedure`, `timeStamp` paragraphs, as the datasets' sittings and ontario-hansard's tests show),
// with the label shapes a public scraper of the committee pages names ("The Chair (Hon. Ernie
// Hardeman):", "Mr. Dave Smith:") and witnesses printed in the members' shapes. The committees index
// is written by hand too: links to /en/legislative-business/committees/{slug} under each name.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { importOntarioCommittees, ontarioCommitteesImporter } from '../../../build-db/import/ontario-committees/index.js';
import { committeeLinks, transcriptDate, transcriptLinks } from '../../../build-db/import/ontario-committees/pages.js';
import { readSpeaker } from '../../../build-db/import/ontario-hansard/speaker.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportedRecords, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = tempDir('canpol-on-cttee-');
  dirs.push(d);
  return d;
};
const put = (root: string, path: string, body: string | Buffer) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), body);
};

type Speech = SourceInput<'speeches'>;
const member = (key: string, name: string, from = '2022-08-08', to: string | null = null): Person => ({
  key,
  name,
  level: 'provincial',
  province_territory: 'ON',
  terms: [{ start_at: from, end_at: to, elected_office: 'MPP' }],
});
const ROSTER = [
  member('on/ernie-hardeman', 'Ernie Hardeman'),
  member('on/catherine-fife', 'Catherine Fife'),
  member('on/dave-smith', 'Dave Smith'),
  member('on/jamie-west', 'Jamie West'),
  member('on/france-gelinas', 'France Gélinas'),
  // A former member, not serving in 2025: a witness of that name now links nobody.
  member('on/john-old', 'John Old', '2014-06-12', '2018-05-08'),
];
const SESSIONS: Array<SourceInput<'sessions'>> = [
  {
    key: 'on/session/43-1',
    level: 'provincial',
    province_territory: 'ON',
    parliament_number: 43,
    session_number: 1,
    name: '43rd Parliament, 1st Session',
    start_date: '2022-08-08',
    end_date: '2025-01-28',
  },
  {
    key: 'on/session/44-1',
    level: 'provincial',
    province_territory: 'ON',
    parliament_number: 44,
    session_number: 1,
    name: '44th Parliament, 1st Session',
    start_date: '2025-04-14',
  },
];

function run(from: string, people: Person[] = ROSTER, existing: ImportedRecords = { sessions: SESSIONS }) {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing, skip: (s) => skips.push(s), log: () => {} };
  const out = importOntarioCommittees(from, ctx);
  return { out, speeches: (out.records.speeches ?? []) as Speech[], skips };
}

// Hand-written (see the header): the committees index, trimmed to its links.
const INDEX = `<html><body><main><ul>
<li><a href="/en/legislative-business/committees/finance-economic-affairs">Standing Committee on Finance and Economic Affairs</a></li>
<li><a href="/en/legislative-business/committees/public-accounts">Standing Committee on Public Accounts</a></li>
<li><a href="/en/legislative-business/committees/documents">Committee documents</a></li>
</ul></main></body></html>`;

// Hand-written (see the header): a meeting's transcript in the Drupal transcript markup.
const MEETING = `<html><head><title>Committee transcript</title></head><body>
<nav><h2 id="system-breadcrumb">Breadcrumb</h2><p>Committees</p></nav>
<p class="procedure"><span id="para1"/>The committee met at 0900 in room 151.</p>
<h2><span id="para2"/>Pre-budget consultations</h2>
<p class="speakerStart"><span id="para3"/><strong>The Chair (Hon. Ernie Hardeman):</strong> Good morning. We are meeting for pre-budget consultations.</p>
<h3><span id="para4"/>Ontario Farm Group</h3>
<p class="speakerStart"><span id="para5"/><strong>Mr. John Smith:</strong> Thank you for having us; our members grow the food in the province.</p>
<p><span id="para6"/>We ask for three things in the budget.</p>
<p class="speakerStart"><span id="para7"/><strong>Mr. Dave Smith:</strong> Thank you for the presentation. How many members do you have?</p>
<p class="speakerStart"><span id="para8"/><strong>Ms. Smith:</strong> About forty thousand, across the province.</p>
<p class="speakerStart"><span id="para9"/><strong>MPP Jamie West:</strong> My question is about the workers on the farms.</p>
<p class="speakerStart"><span id="para10"/><strong>Mr. John Old:</strong> I was a member once; today I speak for the farmers of the north.</p>
<p class="timeStamp"><span id="para11"/>0950</p>
<p class="speakerStart"><span id="para12"/><strong>Mme France Gélinas:</strong> Merci, monsieur le Président. Je voudrais savoir ce que les agriculteurs du Nord attendent de nous dans ce budget.</p>
<p><span id="para13"/>And in English, for the record: what do the farmers of the north need from this budget?</p>
<p class="procedure"><span id="para14"/>The committee recessed from 1012 to 1300.</p>
<p class="speakerStart"><span id="para15"/><strong>The Vice-Chair (Ms. Catherine Fife):</strong> Welcome back. The committee is now in session.</p>
<p class="speakerStart"><span id="para16"/><strong>The Clerk of the Committee (Mr. Michael Bushara):</strong> Members, the subcommittee report is before you.</p>
<p class="speakerStart"><span id="para17"/><strong>Interjections:</strong> Agreed.</p>
<p class="procedure"><span id="para18"/>The committee adjourned at 1310.</p>
</body></html>`;

const P44 = 'transcripts/finance-economic-affairs/parliament-44';

describe('names and dates of the pages', () => {
  test("the Hansard reader's labels in committee: the Chair's offices preside, the title MPP is a title", () => {
    expect(readSpeaker('The Vice-Chair (Ms. Catherine Fife):')).toEqual({
      raw: 'The Vice-Chair (Ms. Catherine Fife)',
      name: 'Ms. Catherine Fife',
      role: 'The Vice-Chair',
      kind: 'presiding',
    });
    expect(readSpeaker('The Acting Chair (Mr. Ted Arnott):')!.kind).toBe('presiding');
    expect(readSpeaker('The Clerk of the Committee (Mr. Michael Bushara):')!.kind).toBe('official');
    expect(readSpeaker('MPP Lisa Gretzky:')).toEqual({ raw: 'MPP Lisa Gretzky', name: 'Lisa Gretzky', role: null, kind: 'member' });
  });

  test('the committees index: slug → the name linked; other links are no committee', () => {
    expect([...committeeLinks(INDEX)]).toEqual([
      ['finance-economic-affairs', 'Standing Committee on Finance and Economic Affairs'],
      ['public-accounts', 'Standing Committee on Public Accounts'],
    ]);
  });

  test("a transcript's name: the month short or long, a day's second page, impossible days", () => {
    expect(transcriptDate('committee-transcript-2025-dec-01')).toEqual({ date: '2025-12-01', rank: 0 });
    expect(transcriptDate('committee-transcript-2026-september-9')).toEqual({ date: '2026-09-09', rank: 0 });
    expect(transcriptDate('committee-transcript-2026-sept-9-0')).toEqual({ date: '2026-09-09', rank: 1 });
    expect(transcriptDate('committee-transcript-2025-feb-30')).toEqual({ problem: 'no such day: 2025-feb-30' });
    expect(transcriptDate('committee-transcript-2025-smarch-3')).toEqual({ problem: 'no month named "smarch"' });
    expect('problem' in transcriptDate('minutes-2025-dec-01')).toBe(true);
  });

  test('a listing: each transcript once, never a query string', () => {
    const base = '/en/legislative-business/committees/public-accounts/parliament-44/transcripts';
    const listing = `<ul><li><a href="${base}/committee-transcript-2025-dec-01">December 1, 2025</a></li>
<li><a href="https://www.ola.org${base}/committee-transcript-2025-nov-24">November 24, 2025</a></li>
<li><a href="${base}/committee-transcript-2025-dec-01">again</a></li>
<li><a href="${base}/committee-transcript-2025-nov-17?_format=json">json</a></li>
<li><a href="${base}?page=1">next</a></li></ul>`;
    expect(transcriptLinks(listing)).toEqual([
      {
        path: `${base}/committee-transcript-2025-dec-01`,
        slug: 'public-accounts',
        parliament: 44,
        name: 'committee-transcript-2025-dec-01',
      },
      {
        path: `${base}/committee-transcript-2025-nov-24`,
        slug: 'public-accounts',
        parliament: 44,
        name: 'committee-transcript-2025-nov-24',
      },
    ]);
  });
});

describe('a meeting', () => {
  const dir = temp();
  put(dir, 'committees.html', INDEX);
  put(dir, `${P44}/committee-transcript-2025-dec-01.html`, MEETING);
  const { speeches, skips, out } = run(dir);
  const url =
    'https://www.ola.org/en/legislative-business/committees/finance-economic-affairs/parliament-44/transcripts/committee-transcript-2025-dec-01';
  const by = (anchor: string) => speeches.find((s) => s.source_anchor === anchor)!;

  test('every turn a committee speech of the committee the index names, at the transcript’s address, in the session of its date', () => {
    expect(speeches.length).toBe(11);
    for (const s of speeches) {
      expect(s.speech_type).toBe('committee');
      expect(s.committee_name).toBe('Standing Committee on Finance and Economic Affairs');
      expect(s.meeting_url).toBe(url);
      expect(s.source_url).toBe(url);
      expect(s.session_key).toBe('on/session/44-1');
      expect(s.source_system).toBe('ontario-committees');
      expect(s.province_territory).toBe('ON');
    }
    expect(speeches.map((s) => s.key)).toEqual(speeches.map((_, i) => `on/committee-speech/finance-economic-affairs/2025-12-01/${i + 1}`));
    expect(by('para3').order_of_business).toBe('Pre-budget consultations');
    expect(by('para5').subject).toBe('Ontario Farm Group');
    expect(by('para5').text).toBe(
      'Thank you for having us; our members grow the food in the province.\n\nWe ask for three things in the budget.',
    );
  });

  test('the clock: "The committee met at 0900 in room 151", time stamps, a recess (Toronto, EST in December)', () => {
    expect(by('para3').spoken_at).toBe('2025-12-01T09:00:00-05:00');
    expect(by('para12').spoken_at).toBe('2025-12-01T09:50:00-05:00');
    expect(by('para15').spoken_at).toBe('2025-12-01T13:00:00-05:00');
  });

  test('speakers: the Chair and Vice-Chair by the name in parentheses, members by full name only; witnesses and surnames alone link nobody', () => {
    expect(
      speeches.filter((s) => s.language === 'en').map((s) => [s.source_anchor, s.politician_key, s.speaker_kind, s.is_presiding]),
    ).toEqual([
      ['para3', 'on/ernie-hardeman', 'presiding', true],
      // A witness who shares a member's surname.
      ['para5', null, null, false],
      ['para7', 'on/dave-smith', 'member', false],
      ['para8', null, null, false],
      ['para9', 'on/jamie-west', 'member', false],
      // A former member: not serving that day.
      ['para10', null, null, false],
      ['para13', 'on/france-gelinas', 'member', false],
      ['para15', 'on/catherine-fife', 'presiding', true],
      ['para16', null, 'official', false],
      ['para17', null, 'collective', false],
    ]);
  });

  test('every unlinked named turn is in the report with its reason; clerks and interjections are not', () => {
    const unlinked = skips.filter((s) => s.reason.startsWith('speaker unlinked'));
    expect(unlinked.map((s) => [s.record, s.reason])).toEqual([
      [
        'para5 (Mr. John Smith)',
        'speaker unlinked: no Ontario member of that name serving that day (a witness, or a member printed otherwise)',
      ],
      ['para8 (Ms. Smith)', 'speaker unlinked: a surname alone in committee (a witness, or a member printed otherwise)'],
      [
        'para10 (Mr. John Old)',
        'speaker unlinked: no Ontario member of that name serving that day (a witness, or a member printed otherwise)',
      ],
    ]);
    for (const s of unlinked) expect(s.file).toBe(`${P44}/committee-transcript-2025-dec-01.html`);
    expect(unlinked[2].detail).toContain('not serving on 2025-12-01');
    expect(out.stats).toMatchObject({ meetings: 1, turns_linked: 5, turns_unlinked: 3, turns_not_politicians: 2 });
  });

  test('language per paragraph: a French paragraph of a turn is a French speech, the English one after it English', () => {
    const gelinas = speeches.filter((s) => s.speaker_name_raw === 'Mme France Gélinas');
    expect(gelinas.map((s) => [s.language, s.source_anchor])).toEqual([
      ['fr', 'para12'],
      ['en', 'para13'],
    ]);
  });

  test('coverage: Ontario committees partial, with the counts and the terms', () => {
    expect(out.coverage).toEqual([
      {
        jurisdiction: 'ON',
        committees: 'partial',
        source_urls: {
          committees: 'https://www.ola.org/en/legislative-business/committees',
          terms: 'https://www.ola.org/en/offices-divisions-branches/copyright',
        },
        notes:
          'Ontario committee transcripts: 1 meetings of 1 committees 2025-12-01..2025-12-01 (11 speeches); 5 of 8 named turns linked to a member by full name (the rest witnesses, or members printed otherwise). Terms: non-commercial reuse with credit to the Legislative Assembly of Ontario.',
      },
    ]);
    expect(out.sources[0]).toMatchObject({ id: 'ola-committees', version: '1 meetings 2025-12-01..2025-12-01' });
  });
});

describe('files the importer cannot use, and what it falls back on', () => {
  test('a misnamed file, an impossible date, an unnamed committee and an empty page are reported naming file, record and field', () => {
    const dir = temp();
    put(dir, 'committees.html', INDEX);
    put(dir, `${P44}/notes.txt`, 'not a transcript');
    put(dir, 'transcripts/stray.html', MEETING);
    put(dir, `${P44}/committee-transcript-2025-feb-30.html`, MEETING);
    put(dir, 'transcripts/heritage/parliament-44/committee-transcript-2025-dec-02.html', MEETING);
    put(
      dir,
      'transcripts/public-accounts/parliament-44/committee-transcript-2025-dec-03.html',
      '<html><body><p>In camera.</p></body></html>',
    );
    const { speeches, skips, out } = run(dir);
    expect(speeches).toEqual([]);
    expect(out.coverage).toEqual([]);
    expect(skips.map((s) => [s.file, s.record, s.reason, s.detail])).toEqual([
      [
        'transcripts/finance-economic-affairs/parliament-44/notes.txt',
        'whole file',
        'not a committee transcript file',
        'file name: expected transcripts/{slug}/parliament-{P}/committee-transcript-{yyyy}-{month}-{d}.html',
      ],
      [
        'transcripts/stray.html',
        'whole file',
        'not a committee transcript file',
        'file name: expected transcripts/{slug}/parliament-{P}/committee-transcript-{yyyy}-{month}-{d}.html',
      ],
      [
        'transcripts/finance-economic-affairs/parliament-44/committee-transcript-2025-feb-30.html',
        'whole file',
        'unreadable transcript date',
        'file name: no such day: 2025-feb-30',
      ],
      [
        'transcripts/heritage/parliament-44/committee-transcript-2025-dec-02.html',
        'whole file',
        'committee not named',
        'committee_name: "heritage" is not linked by committees.html and the page has no heading naming a committee',
      ],
      [
        'transcripts/public-accounts/parliament-44/committee-transcript-2025-dec-03.html',
        'whole file',
        'no speeches in the page',
        '0 transcript blocks',
      ],
    ]);
  });

  test("without the index the page's heading names the committee; gzipped pages are read; a date outside every session leaves the session unknown", () => {
    const dir = temp();
    const headed = MEETING.replace('<nav>', '<h1>Select Committee on Example Affairs</h1><nav>');
    put(dir, 'transcripts/example/parliament-43/committee-transcript-2025-march-3.html.gz', gzipSync(headed));
    const { speeches, out } = run(dir);
    expect(speeches.length).toBe(11);
    expect(new Set(speeches.map((s) => s.committee_name))).toEqual(new Set(['Select Committee on Example Affairs']));
    // 43-1 ended 2025-01-28 and 44-1 is another Parliament: no session.
    expect(new Set(speeches.map((s) => s.session_key))).toEqual(new Set([null]));
    expect(out.stats).toMatchObject({ meetings: 1, meetings_session_unknown: 1 });
  });

  test('no Ontario roster: nobody is linked, every named turn reported', () => {
    const dir = temp();
    put(dir, 'committees.html', INDEX);
    put(dir, `${P44}/committee-transcript-2025-dec-01.html`, MEETING);
    const { speeches, skips } = run(dir, []);
    expect(speeches.every((s) => s.politician_key === null)).toBe(true);
    expect(skips.filter((s) => s.reason === 'speaker unlinked: no Ontario member roster in the bundle').length).toBe(8);
  });
});

describe('built: the meetings and the coverage row come from the file', () => {
  const dir = temp();
  put(dir, 'committees.html', INDEX);
  put(dir, `${P44}/committee-transcript-2025-dec-01.html`, MEETING);
  put(
    dir,
    'transcripts/public-accounts/parliament-44/committee-transcript-2025-nov-24.html',
    MEETING.replace('Pre-budget consultations', 'Auditor General report'),
  );
  let app: ImportedApp;
  beforeAll(async () => {
    app = await importBuildServe([ontarioCommitteesImporter], () => dir);
  }, 120_000);
  afterAll(() => app?.close());

  test('/committees/meetings lists each transcript once, dated, with its speeches counted', async () => {
    const res = await app.get('/committees/meetings?province_territory=ON');
    expect(
      res.items.map((m: Json) => [m.meeting_url.replace(/^.*\/committees\//, ''), m.date, m.speech_count, m.source_system]).sort(),
    ).toEqual([
      ['finance-economic-affairs/parliament-44/transcripts/committee-transcript-2025-dec-01', '2025-12-01', 11, 'ontario-committees'],
      ['public-accounts/parliament-44/transcripts/committee-transcript-2025-nov-24', '2025-11-24', 11, 'ontario-committees'],
    ]);
  });

  test("/coverage: Ontario's committees partial with the counts; hansard and bills none (no such data in the file)", async () => {
    const on = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'ON');
    expect(on.committees_status).toBe('partial');
    expect(on.hansard_status).toBe('none');
    expect(on.notes).toContain('Ontario committee transcripts: 2 meetings of 2 committees 2025-11-24..2025-12-01 (22 speeches)');
    expect(on.speeches_count).toBe(22);
    expect(on.source_urls).toMatchObject({ committees: 'https://www.ola.org/en/legislative-business/committees' });
  });
});
