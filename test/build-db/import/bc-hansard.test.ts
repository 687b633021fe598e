// The bc-hansard importer: hand-written HTML fixtures for the markup quirks (split and malformed
// speaker labels, empty paragraphs, bad times, continued headings), then the real files in
// /work/shared/datasets/bc-hansard-html-samples (skipped when absent), then import → build → API.
import { importBuildServe } from '../../helpers/import-app.js';
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { importBcHansard } from '../../../build-db/import/bc-hansard/index.js';
import { localTimestamp } from '../../../build-db/import/bc-hansard/clock.js';
import { parseClock } from '../../../build-db/import/printed-clock.js';
import { parseHtml } from '../../../build-db/import/html-text.js';
import { parseLongDate, readSitting } from '../../../build-db/import/bc-hansard/sitting.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const BC = join(DATASETS, 'bc-hansard-html-samples');

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-bc-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(from: string, people: Person[] = []): { out: ImportOutput; skips: Skip[]; identity: Identity; logs: string[] } {
  const skips: Skip[] = [];
  const logs: string[] = [];
  const identity = new Identity(people);
  const ctx: ImportContext = { identity, existing: {}, skip: (s) => skips.push(s), log: (m) => logs.push(m) };
  const out = importBcHansard(from, ctx) as ImportOutput;
  return { out, skips, identity, logs };
}
type Speech = SourceInput<'speeches'>;
const speechesOf = (out: ImportOutput) => (out.records.speeches ?? []) as Speech[];

// --- Hand-written fixtures --------------------------------------------------------------------

// Finals markup (`Speaker-Name`, `Time-Stamp`), with a table of contents that repeats a speaker
// name (must not become a speech) and the label quirks seen in the real files.
const FINAL = `<!DOCTYPE html><html><head><title>Hansard — Tuesday, March 3, 2026 Afternoon, Issue No. 7</title>
<meta name="han.parliament" content="43rd"/><meta name="han.session" content="Second"/><meta name="han.startTime" content="1330"/><meta name="han.startDate" content="20260303"/></head>
<body><main><div id="TitlePage"><p class="Parliament"><span class="Session">Second</span> Session, <span class="Parliament">43rd</span> Parliament</p>
<p class="Date"><span class="Date">Tuesday, March 3, 2026</span><br/><span class="Sitting">Afternoon</span> Sitting<br/>Issue No. <span class="Issue">7</span></p></div>
<div id="TableOfContents"><p class="Speaker-Name"><a href="#x1">Hon. Ann Lee</a></p><p class="Business-Heading"><a href="#x">Adjournment of Monday Morning Sitting</a></p></div>
<div id="Transcript"><p class="Date-of-Transcript">Tuesday, March 3, 2026</p>
<p class="Time-Line">The House met at 1:34 p.m.</p><p class="Editorial-Comment">[The Speaker in the chair.]</p>
<p class="Proceedings"><a class="Heading"></a>Routine Business</p>
<p class="Business-Heading"><a class="Heading"></a>Oral Questions</p>
<p class="Subject-Heading"><a class="Heading"></a>Ferry <br/>Service</p>
<p class="SpeakerBegins-TOC" id="x1"><a href="#x1" class="Heading"></a><span class="Speaker-Name">Hon. </span><span class="Speaker-Name">Ann Lee</span><span class="Bold">:</span> First words of Ann Lee.</p>
<p class="SpeakerContinues">A second paragraph
   wrapped over lines.</p><p class="StyleLine">Interjections.</p>
<p class="SpeakerContinuesMidSpeech">After the interjection.</p>
<p class="SpeakerBegins"><span class="Speaker-Name">The Speaker</span><span class="Speaker-Name">:</span> Member, supplemental.</p>
<p class="Time-Stamp">[1:40 p.m.]</p>
<p class="SpeakerBegins"><span class="Speaker-Name">Á’a</span><span class="Speaker-Name">:líya Warbus</span><span class="Bold">:</span> A name with a colon in it.</p>
<p class="Time-Stamp">[about twenty to two]</p>
<p class="SpeakerBegins"><span class="Speaker-Name">Deputy Speaker: Thank you, Member.</span></p>
<p class="Business-Heading"><a class="Heading"></a>Members’ Statements</p>
<p class="SpeakerBegins"><span class="Speaker-Name">Bo Chen (Parliamentary Secretary)</span><span class="Bold">:</span> A statement.</p>
<p class="SpeakerBegins"><span class="Speaker-Name">Cy Dunn</span><span class="Bold">:</span></p>
<p class="SpeakerBegins">   </p>
<p class="SpeakerBegins"><span class="Speaker-Name">Di Eve</span><span class="Bold">:</span> </p>
<p class="Motion">[That the motion be read.]</p>
<p class="Proceedings"><a class="Heading"></a>Orders of the Day</p>
<p class="Business-Heading"><a class="Heading"></a>Budget Debate <br/><span class="Business-continued">(continued)</span></p>
<p class="SpeakerBegins"><span class="Speaker-Name">Ed Fox</span><span class="Bold">:</span> Debate.
<p class="SpeakerContinues">Unclosed paragraphs still end at the next one.
<p class="Time-Stamp">[11:58 p.m.]</p>
<p class="SpeakerBegins"><span class="Speaker-Name">Fay Gill</span><span class="Bold">:</span> Near midnight.</p>
<p class="Time-Stamp">[12:03 a.m.]</p>
<p class="SpeakerBegins"><span class="Speaker-Name">Mr. Speaker</span><span class="Bold">:</span> After midnight.</p>
</div></main></body></html><p class=""></p>`;

// Blues markup (`SpeakerName`, `TimeStamp`, header instead of a title page), morning sitting, no
// start-time meta: a speech before "The House met" has no time and is skipped.
const BLUES = `<!DOCTYPE html><html><head><meta charset="utf-8"/><title>Hansard Blues</title></head><body class="blues"><main>
<header><h2 class="blues">Hansard Blues</h2><h2 class="draft">Draft Report of Debates</h2>
<div class="headmid"><div class="left">2nd Session, 43rd Parliament</div><div class="middle">Monday, April 13, 2026</div><div class="right">Morning Sitting</div></div></header><div class="transcript">
<p class="SpeakerBegins"><span class="SpeakerName">Early Bird</span><span class="Bold">:</span> Before the clock.</p><p class="TimeLine">The House met at 10:02 a.m.</p><p class="ProceedingsHeading">Orders of the Day</p><p class="BusinessHeading">Second Reading of Bills</p>
<p class="SubjectHeading">Bill 14 — Forests Act <br/><span class="SubjectContinued">(continued)</span></p>
<p class="SpeakerBegins"><span class="SpeakerName">Gus Hale</span><span class="Bold">:</span> On Bill 14.</p>
<p class="SpeakerBegins">An unnamed paragraph tagged as a new turn.</p><p class="BusinessHeading">Introductions by Members</p>
<p class="SpeakerBegins"><span class="SpeakerName">Ida Jones</span><span class="Bold">:</span> Welcome, guests.</p>
<p class="SpeakerContinues"><span class="SpeakerName">Deputy Speaker</span><span class="Bold">:</span> A turn tagged as a continuation.</p><p class="BusinessHeading">Debate Continued</p><div class="slug"><span>Draft Segment 017</span></div>
<p class="SpeakerBegins"><span class="SpeakerName">Gus Hale</span><span class="Bold">:</span> As I was saying.</p><p class="TimeLine"></p>
</div><footer><p id="terms">Notice: This is a DRAFT transcript of debate.</p></footer></main></body></html>`;

function writeFixtureFiles(): string {
  const dir = temp();
  writeFileSync(join(dir, '20260303pm-Hansard-n7.html'), FINAL);
  writeFileSync(join(dir, '20260413am-House-Blues.htm.gz'), gzipSync(BLUES));
  // A committee seed like the real one: dated transcript URLs, no transcripts.
  writeFileSync(
    join(dir, 'bc-committee-meetings-seed.json'),
    JSON.stringify({
      _about: ['seed'],
      parliament: 43,
      session: 1,
      committees: {
        fgs: {
          transcript_urls: [
            'https://lims.leg.bc.ca/hdms/file/Committees/43rd1st/fgs/20250605am-Finance-Vancouver-Blues.htm',
            'https://lims.leg.bc.ca/hdms/file/Committees/43rd2nd/fgs/20260225am-Finance-Victoria-Blues.htm',
            42,
          ],
        },
      },
    }),
  );
  writeFileSync(join(dir, 'README.txt'), 'not a transcript');
  // The Blues of the same sitting sorts first by name; the final must still be the one read.
  writeFileSync(
    join(dir, '20260303pm-Asterisk-Blues.htm'),
    BLUES.replace('Monday, April 13, 2026', 'Tuesday, March 3, 2026').replace('Morning Sitting', 'Afternoon Sitting'),
  );
  return dir;
}

describe('bc-hansard on hand-written files', () => {
  const dir = writeFixtureFiles();
  const { out, skips, logs } = run(dir);
  const speeches = speechesOf(out);
  const final = speeches.filter((s) => s.key.startsWith('bc/speech/20260303pm/'));
  const blues = speeches.filter((s) => s.key.startsWith('bc/speech/20260413am/'));
  const by = (list: Speech[], name: string) => list.find((s) => s.speaker_name_raw === name)!;

  test('a split label joins; first words, continuations, headings and the clock are those printed', () => {
    const lee = by(final, 'Hon. Ann Lee');
    expect(lee).toMatchObject({
      key: 'bc/speech/20260303pm/1',
      sequence: 1,
      session_key: 'bc/session/43-2',
      speech_type: 'question_period',
      is_presiding: false,
      order_of_business: 'Oral Questions',
      subject: 'Ferry Service',
      source_anchor: 'x1',
      is_draft: false,
      spoken_at: '2026-03-03T13:34:00-08:00',
      language: 'en',
      level: 'provincial',
      province_territory: 'BC',
      source_system: 'bc-hansard',
      source_url: 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260303pm-Hansard-n7.html',
    });
    // StyleLine "Interjections." is not her words; the mid-speech paragraph is.
    expect(lee.text).toBe('First words of Ann Lee.\n\nA second paragraph wrapped over lines.\n\nAfter the interjection.');
  });

  test('the table of contents is not read; every transcript speaker line is one speech', () => {
    expect(final.map((s) => s.speaker_name_raw)).toEqual([
      'Hon. Ann Lee',
      'The Speaker',
      'Á’a:líya Warbus',
      'Deputy Speaker',
      'Bo Chen (Parliamentary Secretary)',
      'Di Eve',
      'Ed Fox',
      'Fay Gill',
      'Mr. Speaker',
    ]);
    expect(final.map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('presiding titles are presiding turns with their title as role; a parenthesised role is kept', () => {
    expect(by(final, 'The Speaker')).toMatchObject({
      speech_type: 'presiding',
      is_presiding: true,
      speaker_role: 'The Speaker',
      text: 'Member, supplemental.',
    });
    // Label and words in one span: split at "Name: ".
    expect(by(final, 'Deputy Speaker')).toMatchObject({ is_presiding: true, text: 'Thank you, Member.' });
    expect(by(final, 'Mr. Speaker')).toMatchObject({ is_presiding: true, speech_type: 'presiding' });
    expect(by(final, 'Bo Chen (Parliamentary Secretary)')).toMatchObject({
      speaker_role: 'Parliamentary Secretary',
      speech_type: 'statement',
      is_presiding: false,
    });
  });

  test('an unparsable time stamp is skipped and the clock keeps its last reading', () => {
    expect(by(final, 'Á’a:líya Warbus').spoken_at).toBe('2026-03-03T13:40:00-08:00');
    expect(by(final, 'Deputy Speaker').spoken_at).toBe('2026-03-03T13:40:00-08:00');
    expect(skips).toContainEqual({
      file: '20260303pm-Hansard-n7.html',
      record: expect.stringMatching(/^paragraph \d+$/),
      reason: 'unparsable time',
      detail: '[about twenty to two]',
    });
  });

  test('a speaker line with no words and nothing after it is skipped; one followed by a motion keeps the motion', () => {
    expect(final.find((s) => s.speaker_name_raw === 'Cy Dunn')).toBeUndefined();
    expect(skips.filter((s) => s.reason === 'speaker line with no text').map((s) => s.record)).toEqual([
      expect.stringContaining('(Cy Dunn)'),
    ]);
    expect(by(final, 'Di Eve').text).toBe('[That the motion be read.]');
  });

  test('empty paragraphs are skipped with a reason, in both markups', () => {
    const empty = skips.filter((s) => s.reason === 'empty paragraph');
    expect(empty.map((s) => s.file).sort()).toEqual(['20260303pm-Hansard-n7.html', '20260413am-House-Blues.htm.gz']);
  });

  test('"(continued)" is dropped from headings; unclosed paragraphs still split; the clock passes midnight', () => {
    expect(by(final, 'Ed Fox')).toMatchObject({
      order_of_business: 'Budget Debate',
      subject: null,
      text: 'Debate.\n\nUnclosed paragraphs still end at the next one.',
    });
    expect(by(final, 'Fay Gill').spoken_at).toBe('2026-03-03T23:58:00-08:00');
    expect(by(final, 'Mr. Speaker').spoken_at).toBe('2026-03-04T00:03:00-08:00');
  });

  test('Blues: draft, morning sitting, PDT in April, "Debate Continued" returns to the interrupted business', () => {
    expect(blues.map((s) => s.speaker_name_raw)).toEqual(['Gus Hale', 'Ida Jones', 'Deputy Speaker', 'Gus Hale']);
    for (const s of blues) expect(s.is_draft).toBe(true);
    expect(blues[0]).toMatchObject({
      key: 'bc/speech/20260413am/1',
      spoken_at: '2026-04-13T10:02:00-07:00',
      order_of_business: 'Second Reading of Bills',
      subject: 'Bill 14 — Forests Act',
      session_key: 'bc/session/43-2',
      source_anchor: null,
      // The unnamed "SpeakerBegins" continues the open turn rather than inventing a speaker.
      text: 'On Bill 14.\n\nAn unnamed paragraph tagged as a new turn.',
    });
    expect(blues[1].order_of_business).toBe('Introductions by Members');
    expect(blues[2]).toMatchObject({ is_presiding: true, text: 'A turn tagged as a continuation.' });
    expect(blues[3]).toMatchObject({
      order_of_business: 'Second Reading of Bills',
      subject: 'Bill 14 — Forests Act',
      text: 'As I was saying.',
    });
  });

  test('a speech before any printed time is skipped, not given an invented time', () => {
    expect(skips).toContainEqual(
      expect.objectContaining({
        file: '20260413am-House-Blues.htm.gz',
        reason: 'speech before any printed time',
        record: expect.stringContaining('(Early Bird)'),
      }),
    );
    expect(speeches.find((s) => s.speaker_name_raw === 'Early Bird')).toBeUndefined();
  });

  test('committee seed: meetings are counted and skipped, never turned into speeches', () => {
    expect(out.stats).toMatchObject({
      committee_seed_committees: 1,
      committee_seed_meetings: 2,
      committee_seed_meetings_43_1: 1,
      committee_seed_meetings_43_2: 1,
    });
    expect(skips.filter((s) => s.reason === 'committee transcript not in the dataset').map((s) => s.detail)).toEqual([
      'fgs meeting of 2025-06-05 am',
      'fgs meeting of 2026-02-25 am',
    ]);
    expect(skips).toContainEqual({
      file: 'bc-committee-meetings-seed.json',
      record: 'fgs: 42',
      reason: 'committee seed entry is not a transcript URL',
    });
    expect(speeches.some((s) => s.committee_name || s.speech_type === 'committee')).toBe(false);
  });

  test('a second file for a sitting is skipped: the final is kept over its Blues', () => {
    expect(skips).toContainEqual({
      file: '20260303pm-Asterisk-Blues.htm',
      record: 'whole file',
      reason: 'second file for the same sitting',
      detail: '20260303pm already read from 20260303pm-Hansard-n7.html',
    });
    expect(final.every((s) => !s.is_draft)).toBe(true);
  });

  test('no session record without an opening sitting; coverage is partial', () => {
    expect(out.records.sessions).toBeUndefined();
    expect(out.coverage).toEqual([expect.objectContaining({ jurisdiction: 'BC', hansard: 'partial' })]);
    expect(logs.some((l) => l.includes('disagree'))).toBe(false);
  });

  test('with a BC roster, speakers resolve against BC members only; presiding titles whose holder the page does not name are not looked up', () => {
    const bo: Person = {
      key: 'bc/person/bo-chen',
      name: 'Bo Chen',
      first_name: 'Bo',
      last_name: 'Chen',
      level: 'provincial',
      province_territory: 'BC',
      terms: [{ start_at: '2024-11-01T00:00:00Z' }],
    };
    // A federal MP of the same name as another speaker: never a BC member.
    const mp: Person = {
      key: 'ca-hoc/person/1',
      name: 'Ann Lee',
      first_name: 'Ann',
      last_name: 'Lee',
      level: 'federal',
      terms: [{ start_at: '2021-09-20T00:00:00Z' }],
    };
    const again = run(dir, [bo, mp]);
    const got = speechesOf(again.out);
    expect(got.find((s) => s.speaker_name_raw === 'Bo Chen (Parliamentary Secretary)')?.politician_key).toBe('bc/person/bo-chen');
    expect(got.filter((s) => s.politician_key).length).toBe(1);
    const presiding = got.filter((s) => s.is_presiding).length;
    expect(again.identity.tallies.get('bc-hansard')).toMatchObject({ total: got.length - presiding, resolved: 1 });
    expect(again.skips.filter((s) => s.reason.startsWith('speaker unlinked')).length).toBe(got.length - 1);
  });

  test('without a BC roster nobody is looked up (a federal namesake is not a BC member); every turn is reported', () => {
    const mp: Person = {
      key: 'ca-hoc/person/2',
      name: 'Bo Chen',
      first_name: 'Bo',
      last_name: 'Chen',
      level: 'federal',
      terms: [{ start_at: '2021-09-20T00:00:00Z' }],
    };
    const again = run(dir, [mp]);
    const got = speechesOf(again.out);
    expect(got.every((s) => s.politician_key === null)).toBe(true);
    expect(again.identity.tallies.get('bc-hansard')).toBeUndefined();
    expect(again.skips.filter((s) => s.reason === 'speaker unlinked: no BC member roster in the bundle').length).toBe(got.length);
  });
});

describe('bc-hansard sitting metadata', () => {
  test('dates are real calendar days', () => {
    expect(parseLongDate('Wednesday, February 18, 2026')).toBe('2026-02-18');
    expect(parseLongDate('Monday, February 30, 2026')).toBeNull();
  });
  test('the file name fills what the document lacks; disagreements are listed, the document wins', () => {
    const bare = parseHtml('<html><body><div class="transcript"></div></body></html>');
    expect(readSitting(bare, '20260310am-House-Blues.htm')).toMatchObject({
      date: '2026-03-10',
      half: 'am',
      parliament: null,
      isDraft: true,
      draftByDocument: false,
    });
    expect(readSitting(bare, 'notes.html')).toBeNull();
    const dated = parseHtml('<html><head><title>Hansard — Thursday, March 12, 2026 Afternoon</title></head></html>');
    expect(readSitting(dated, '20260310am-Hansard-n9.html')).toMatchObject({
      date: '2026-03-12',
      half: 'pm',
      issue: 9,
      conflicts: ['date: file 2026-03-10, document 2026-03-12', 'sitting: file am, document pm'],
    });
  });
});

describe('bc-hansard clock', () => {
  test('printed clock readings', () => {
    expect(parseClock('[1:35 p.m.]')).toBe(13 * 60 + 35);
    expect(parseClock('The House met at 10:02 a.m.')).toBe(10 * 60 + 2);
    expect(parseClock('[12:05 p.m.]')).toBe(12 * 60 + 5);
    expect(parseClock('[12:05 a.m.]')).toBe(5);
    expect(parseClock('[2 p.m.]')).toBe(14 * 60);
    expect(parseClock('[13:10 p.m.]')).toBeNull();
  });
  test('America/Vancouver offsets across the 2026 DST change (8 March, 2 a.m.)', () => {
    expect(localTimestamp('2026-03-08', 90)).toBe('2026-03-08T01:30:00-08:00');
    expect(localTimestamp('2026-03-08', 180)).toBe('2026-03-08T03:00:00-07:00');
    expect(localTimestamp('2026-11-01', 180)).toBe('2026-11-01T03:00:00-08:00');
  });
});

// --- The real files -----------------------------------------------------------------------------

describe.skipIf(!existsSync(BC))('bc-hansard on the real files', () => {
  const { out, skips, logs } = existsSync(BC)
    ? run(BC)
    : { out: { records: {}, sources: [], coverage: [] } as ImportOutput, skips: [], logs: [] };
  const speeches = speechesOf(out);
  const of = (sitting: string) => speeches.filter((s) => s.key.startsWith(`bc/speech/${sitting}/`));

  test('one speech per speaker paragraph, per file', () => {
    // Counted by hand: `zcat F | grep -o '<p class="[^"]*"[^>]*>\(<a [^>]*></a>\)\?<span class="Speaker-\?Name">' | wc -l`,
    // i.e. paragraphs that open with a speaker-name span (finals put an empty anchor before it).
    // `grep -c '<p class="SpeakerBegins'` gives 16, 124, 34, 139, 67: in 20260415pm two SpeakerBegins
    // paragraphs carry no name (they continue the open turn), and in 20260416pm one SpeakerContinues
    // opens with "Deputy Speaker:" (a turn). No speaker line in these files lacks text.
    expect(of('20260212pm')).toHaveLength(16);
    expect(of('20260218pm')).toHaveLength(124);
    expect(of('20260309am')).toHaveLength(34);
    expect(of('20260415pm')).toHaveLength(137);
    expect(of('20260416pm')).toHaveLength(68);
    expect(out.stats?.speaker_paragraphs).toBe(379);
    expect(out.stats?.unnamed_speaker_paragraphs_read_as_continuation).toBe(2);
  });

  test("final Hansard of 2026-02-18: a named speaker's first words, heading and time", () => {
    // zcat 20260218pm-Hansard-n118.html.gz: under "Tributes" / "Victor Joseph Stocker", after "[1:45 p.m.]",
    // <p class="SpeakerBegins-TOC" id="d1e474">…Gavin Dew: I would like to acknowledge the passing of …
    const dew = of('20260218pm').find((s) => s.speaker_name_raw === 'Gavin Dew')!;
    expect(dew.text.startsWith('I would like to acknowledge the passing of Victor Joseph Stocker of Kelowna.')).toBe(true);
    expect(dew).toMatchObject({
      order_of_business: 'Tributes',
      subject: 'Victor Joseph Stocker',
      source_anchor: 'd1e474',
      spoken_at: '2026-02-18T13:45:00-08:00',
      speech_type: 'floor',
    });
    // The first speaker follows "The House met at 1:33 p.m." and "[1:35 p.m.]": February is PST (-08:00).
    expect(of('20260218pm')[0]).toMatchObject({
      speaker_name_raw: 'Macklin McCall',
      spoken_at: '2026-02-18T13:35:00-08:00',
      order_of_business: 'Introductions by Members',
    });
    expect(of('20260218pm')[0].text.startsWith('I wish to introduce to the House three guests')).toBe(true);
  });

  test('sitting metadata of the final: date, afternoon, issue, parliament and session', () => {
    const doc = parseHtml(gunzipSync(readFileSync(join(BC, '20260218pm-Hansard-n118.html.gz'))).toString('utf8'));
    // <title>Hansard — Wednesday, February 18, 2026 Afternoon, Issue No. 118</title>; "Second Session, 43rd Parliament";
    // <meta name="han.startTime" content="1330"/> (the printed "The House met at 1:33 p.m." wins for the clock).
    expect(readSitting(doc, '20260218pm-Hansard-n118.html')).toMatchObject({
      date: '2026-02-18',
      half: 'pm',
      id: '20260218pm',
      issue: 118,
      parliament: 43,
      session: 2,
      metaStart: 13 * 60 + 30,
      isDraft: false,
      conflicts: [],
    });
  });

  test('the sitting date, parliament and session come from the document', () => {
    // <title>Hansard — Wednesday, February 18, 2026 Afternoon, Issue No. 118</title>; "Second Session, 43rd Parliament".
    for (const s of of('20260218pm')) {
      expect(s.spoken_at.startsWith('2026-02-18T')).toBe(true);
      expect(s.session_key).toBe('bc/session/43-2');
      expect(s.source_url).toBe('https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260218pm-Hansard-n118.html');
    }
  });

  test('drafts are marked, the final is not; the Blues named file without a draft notice is reported', () => {
    for (const s of of('20260218pm')) expect(s.is_draft).toBe(false);
    for (const id of ['20260212pm', '20260309am', '20260415pm', '20260416pm']) for (const s of of(id)) expect(s.is_draft).toBe(true);
    // 20260212pm-House-Blues.htm is in the finals markup and says nothing about being a draft.
    expect(out.stats?.draft_signals_disagree).toBe(1);
    expect(logs.some((l) => l.startsWith('20260212pm-House-Blues.htm.gz: named Blues'))).toBe(true);
  });

  test('April is PDT (-07:00): the first turn of 2026-04-15 at "The House met at 1:33 p.m."', () => {
    expect(of('20260415pm')[0]).toMatchObject({ speaker_name_raw: 'Hon. Ravi Parmar', spoken_at: '2026-04-15T13:33:00-07:00' });
  });

  test('Speaker turns are presiding; question period and statements follow the headings', () => {
    // grep -o 'Speaker-Name">The Speaker<' → 30, 'Speaker-Name">Deputy Speaker<' → 1 in the final.
    const final = of('20260218pm');
    expect(final.filter((s) => s.is_presiding)).toHaveLength(31);
    for (const s of final.filter((x) => x.speaker_name_raw === 'The Speaker'))
      expect(s).toMatchObject({ speech_type: 'presiding', speaker_role: 'The Speaker' });
    // Between the "Oral Questions" heading (id d1e730) and "[End of question period.]": 70 speaker
    // paragraphs, 23 of them "The Speaker".
    expect(final.filter((s) => s.speech_type === 'question_period')).toHaveLength(47);
    // "Members’ Statements" (d1e564) holds 7 members and one Speaker turn before the NoTOC "Introductions by Members".
    expect(final.filter((s) => s.speech_type === 'statement')).toHaveLength(7);
  });

  test('the 2nd session opens with the throne speech of 2026-02-12; nobody is attributed (no BC roster)', () => {
    expect(out.records.sessions).toEqual([
      {
        key: 'bc/session/43-2',
        level: 'provincial',
        province_territory: 'BC',
        parliament_number: 43,
        session_number: 2,
        name: '43rd Parliament, 2nd Session',
        start_date: '2026-02-12',
      },
    ]);
    expect(speeches.every((s) => s.politician_key === null)).toBe(true);
  });

  test('committee seed: 105 dated transcript URLs (39 in 43-1, 66 in 43-2), all skipped', () => {
    // grep -o 'Committees/43rd1st' bc-committee-meetings-seed.json | wc -l → 39; 43rd2nd → 66.
    expect(out.stats).toMatchObject({
      committee_seed_committees: 10,
      committee_seed_meetings: 105,
      committee_seed_meetings_43_1: 39,
      committee_seed_meetings_43_2: 66,
    });
    expect(skips.filter((s) => s.reason === 'committee transcript not in the dataset')).toHaveLength(105);
  });
});

describe.skipIf(!existsSync(BC))('bc-hansard: import, build, serve', () => {
  test('the bundle builds and /coverage shows BC hansard partial with the speeches count', async () => {
    const { bcHansardImporter } = await import('../../../build-db/import/bc-hansard/index.js');
    const served = await importBuildServe([bcHansardImporter], () => BC);
    try {
      expect(served.report.importers[0].written).toEqual({ speeches: 379, sessions: 1 });
      // No BC roster in the datasets: nothing is looked up, and the count of unlinked speeches is reported.
      expect(served.report.importers[0].attribution['bc-hansard']).toBeUndefined();
      expect(served.report.importers[0].stats.speeches_not_linked_no_bc_roster).toBe(379);
      expect(served.report.importers[0].skipped_by_reason['speaker unlinked: no BC member roster in the bundle']).toBe(379);
      const body = (await served.get('/coverage')) as { jurisdictions: Array<Record<string, unknown>> };
      expect(body.jurisdictions.find((j) => j.jurisdiction === 'BC')).toMatchObject({ hansard_status: 'partial', speeches_count: 379 });
      const sessions = (await served.get('/search/sessions?level=provincial&province=BC')) as { sessions: unknown[] };
      expect(sessions.sessions).toEqual([expect.objectContaining({ parliament_number: 43, session_number: 2, start_date: '2026-02-12' })]);
    } finally {
      served.close();
    }
  });
});
