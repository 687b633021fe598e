// bc-committees on hand-written documents in the publisher's layouts (test/helpers/bc-committee-publisher.ts
// says what is known of each), with a hand-built BC roster; then a real floor page of
// ../shared/datasets read through the committee path (the two share their markup), and import →
// build → API for /committees/meetings and /coverage.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bcCommitteesImporter, importBcCommittees } from '../../../build-db/import/bc-committees/index.js';
import { committeeHolder } from '../../../build-db/import/bc-committees/chair.js';
import { readMeetingsPage } from '../../../build-db/import/bc-committees/listing.js';
import { importBcHansard } from '../../../build-db/import/bc-hansard/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import { SetRefused } from '../../../build-db/import/refuse.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { importBuildServe } from '../../helpers/import-app.js';
import { CAY, cayMeeting, FGS, fgsMeeting, meetingsPage, membership } from '../../helpers/bc-committee-publisher.js';
import { DATASETS } from '../../helpers/nightly-manifest.js';
import { bcMember } from '../../helpers/bc-roster.js';

const member = (id: number, first: string, last: string) => bcMember(id, first, last);
// Hand-built. "Kim Doerkson" and "Tom Witness" are invented: the marker's "L. Doerkson" must be read by
// its initial, and a witness who shares an MLA's surname must stay unlinked.
const ROSTER: Person[] = [
  member(72, 'Niki', 'Sharma'),
  member(5, 'Brenda', 'Bailey'),
  member(300, 'Lorne', 'Doerkson'),
  member(301, 'Kim', 'Doerkson'),
  member(302, 'Tom', 'Witness'),
];

const FGS_PATH = '/Committees/43rd2nd/fgs';
const BLUES = '20260225am-Finance-Victoria-Blues.htm';
const FINAL = '20260225am-Finance-Victoria-n12.html';
const CAY_FILE = '20251118pm-ChildrenYouth-Victoria-Blues.htm';
const URL_OF = (folder: string, code: string, file: string) => `https://lims.leg.bc.ca/hdms/file/Committees/${folder}/${code}/${file}`;

const page1 = () =>
  meetingsPage(
    [
      { id: 3801, startTime: '2026-02-25T09:00:00', name: FGS },
      { id: 3700, startTime: '2025-11-18T13:30:00', name: CAY },
    ],
    [
      { filePath: FGS_PATH, fileName: BLUES, meetingId: 3801 },
      { filePath: FGS_PATH, fileName: FINAL, meetingId: 3801 },
      { filePath: '/Committees/43rd1st/cay', fileName: CAY_FILE, meetingId: 3700 },
      { filePath: '/Committees/43rd-LAMC', fileName: '20260224am-LAMC-Victoria-Blues.htm', meetingId: 3801 },
      { filePath: FGS_PATH, fileName: '20260225am-Finance-Victoria-MIN.htm', meetingId: 3801 },
      { filePath: FGS_PATH, fileName: '', meetingId: 3801 },
      { filePath: FGS_PATH, fileName: '20261399am-Finance-Victoria-Blues.htm', meetingId: 3801 },
    ],
  );

/** A folder as the nightly leaves it: pages, membership and transcripts under bc-committees/. */
function folder(files: Record<string, string>): string {
  const from = tempDir('canpol-bc-committees-');
  for (const [path, body] of Object.entries(files)) {
    const at = join(from, 'bc-committees', path);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, path.endsWith('.gz') ? gzipSync(body) : body);
  }
  return from;
}

const standard = (extra: Record<string, string> = {}) =>
  folder({
    'meetings.json': page1(),
    'membership.json': membership(),
    [`43rd2nd/fgs/${BLUES}.gz`]: fgsMeeting(false),
    [`43rd2nd/fgs/${FINAL}.gz`]: fgsMeeting(true),
    [`43rd1st/cay/${CAY_FILE}.gz`]: cayMeeting(),
    ...extra,
  });

function run(from: string, people: Person[] = ROSTER, refusable = false) {
  const skips: Skip[] = [];
  const refused: string[] = [];
  const ctx: ImportContext = {
    identity: new Identity(people),
    existing: {},
    skip: (s) => skips.push(s),
    log: () => {},
    ...(refusable ? { refuse: (r: { reason: string }) => refused.push(r.reason) } : {}),
  };
  const out = importBcCommittees(from, ctx) as ImportOutput;
  return { out, speeches: (out.records.speeches ?? []) as Array<SourceInput<'speeches'>>, skips, refused };
}

describe('bc-committees on hand-written meetings', () => {
  test('the final replaces its Blues; each turn a committee speech with the committee, the meeting URL and the time printed', () => {
    const { out, speeches, skips } = run(standard());
    const fgs = speeches.filter((s) => s.committee_name === FGS);
    expect(fgs.map((s) => [s.speaker_name_raw, s.spoken_at, s.is_presiding])).toEqual([
      ['The Chair', '2026-02-25T09:02:00-08:00', true],
      ['Jane Witness (Chief Executive Officer, Example Society)', '2026-02-25T09:02:00-08:00', false],
      ['Brenda Bailey', '2026-02-25T09:10:00-08:00', false],
      ['Jane Witness (Chief Executive Officer, Example Society)', '2026-02-25T09:10:00-08:00', false],
      ['Deputy Chair', '2026-02-25T09:10:00-08:00', true],
    ]);
    for (const s of fgs) {
      expect(s).toMatchObject({
        speech_type: 'committee',
        meeting_url: URL_OF('43rd2nd', 'fgs', FINAL),
        source_url: URL_OF('43rd2nd', 'fgs', FINAL),
        session_key: 'bc/session/43-2',
        level: 'provincial',
        province_territory: 'BC',
        language: 'en',
        is_draft: false,
        source_system: 'bc-committees',
      });
    }
    // The final's words, not the draft's; the chair's two paragraphs are one turn.
    expect(fgs[0].text).toBe(
      "Good morning, everyone. Welcome to the committee's hearing in Victoria.\n\nOur first presenter today is from the Example Society.",
    );
    expect(fgs[0].order_of_business).toBe('Budget 2027 Consultations');
    expect(skips).toContainEqual(
      expect.objectContaining({ file: `bc-committees/43rd2nd/fgs/${BLUES}.gz`, reason: 'draft transcript replaced by its final' }),
    );
    expect(out.stats).toMatchObject({ transcripts_read: 2, final_files: 1, draft_files: 1, blues_replaced_by_final: 1, speeches: 6 });
  });

  test('a Blues alone is read as a draft; a meeting with no printed time starts at the listed start', () => {
    const { speeches } = run(standard());
    const cay = speeches.filter((s) => s.committee_name === CAY);
    expect(cay).toHaveLength(1);
    expect(cay[0]).toMatchObject({
      is_draft: true,
      spoken_at: '2025-11-18T13:30:00-08:00',
      session_key: 'bc/session/43-1',
      meeting_url: URL_OF('43rd1st', 'cay', CAY_FILE),
      key: 'bc/committee-speech/43rd1st/cay/20251118pm/1',
    });
  });

  test('members linked among BC members; the chair by the membership, the deputy by the marker and its initial; witnesses unlinked, reported', () => {
    const { speeches, skips } = run(standard());
    const fgs = speeches.filter((s) => s.committee_name === FGS);
    expect(fgs.map((s) => s.politician_key)).toEqual(['bc-lims/member/72', null, 'bc-lims/member/5', null, 'bc-lims/member/300']);
    const witness = skips.filter((s) => s.file === `bc-committees/43rd2nd/fgs/${FINAL}.gz` && s.reason.startsWith('speaker unlinked'));
    expect(witness.map((s) => s.record)).toEqual([
      'paragraph 5 (Jane Witness (Chief Executive Officer, Example Society))',
      'paragraph 8 (Jane Witness (Chief Executive Officer, Example Society))',
    ]);
  });

  test('a chair the membership does not name for that session stays unlinked with the reason', () => {
    const { speeches, skips } = run(standard({ 'membership.json': membership(43, 1) }));
    expect(speeches.find((s) => s.speaker_name_raw === 'The Chair')!.politician_key).toBeNull();
    expect(skips).toContainEqual(
      expect.objectContaining({
        reason: 'speaker unlinked: presiding officer not named',
        detail: 'The Chair on 2026-02-25: the membership names the chairs of 43-1, not of 43-2',
      }),
    );
    // The deputy was named by the marker, which the membership does not override.
    expect(speeches.find((s) => s.speaker_name_raw === 'Deputy Chair')!.politician_key).toBe('bc-lims/member/300');
  });

  test('the office holders: marker first, then the membership; a Speaker names no member in a committee', () => {
    const chairs = { chair: { key: 'k/1', name: 'A B' }, deputy: null };
    expect(committeeHolder('The Chair', null, chairs)).toEqual({ name: 'A B', key: 'k/1', from: 'committee membership' });
    expect(committeeHolder('The Chair', 'C. Dee', chairs)).toEqual({ name: 'C. Dee', from: 'marker' });
    expect(committeeHolder('Deputy Chair', null, chairs)).toEqual({ name: null, why: 'the membership names no deputy chair' });
    expect(committeeHolder('The Speaker', null, chairs)).toEqual({
      name: null,
      why: 'The Speaker presiding in a committee meeting names no member',
    });
  });

  test('without a BC roster nothing is looked up and every turn is reported', () => {
    const { speeches, skips } = run(standard(), []);
    expect(speeches.every((s) => s.politician_key === null)).toBe(true);
    expect(skips.filter((s) => s.reason === 'speaker unlinked: no BC member roster in the bundle')).toHaveLength(speeches.length);
  });

  test('listing entries that are not transcripts, or lack a field, are reported by record and field', () => {
    const { skips } = run(standard());
    const listing = skips.filter((s) => s.file === 'bc-committees/meetings.json');
    expect(listing.map((s) => [s.record, s.reason, s.detail]).sort()).toEqual([
      [
        'hansardTranscripts[3]',
        'meetings listing entry not a session committee transcript',
        "not a session's committee folder: /Committees/43rd-LAMC",
      ],
      [
        'hansardTranscripts[4]',
        'meetings listing entry not a session committee transcript',
        'minutes, not a transcript: 20260225am-Finance-Victoria-MIN.htm',
      ],
      ['hansardTranscripts[5]', 'meetings listing entry not read', 'field fileName: missing'],
      ['hansardTranscripts[6]', 'meetings listing entry not read', 'field fileName: no such day: 20261399am-Finance-Victoria-Blues.htm'],
    ]);
  });

  test('a page that is not a pcms meetings page is a build error naming file, record and field', () => {
    const bad = standard({ 'meetings-2.json': JSON.stringify({ meetings: [], hansardTranscripts: {} }) });
    expect(() => run(bad)).toThrow(SetRefused);
    expect(() => run(bad)).toThrow('bc-committees/meetings-2.json, whole file, field hansardTranscripts: not an array');
    const { refused } = run(standard({ 'membership.json': '{"standing": []}' }), ROSTER, true);
    expect(refused).toEqual([
      'bc-committees/membership.json, whole file, field currentParliament.parliamentNumber/sessionNumber: not numbers (not a pcms membership answer)',
    ]);
    expect(readMeetingsPage('not json').error).toMatchObject({ record: 'whole file', field: '(JSON)' });
  });

  test('coverage: live when every listed transcript is read, partial with the count when one is not held', () => {
    const all = run(standard()).out.coverage[0];
    expect(all).toMatchObject({ jurisdiction: 'BC', committees: 'live' });
    expect(all.notes).toContain('2 meeting transcripts (1 final, 1 draft "Blues") of 2 committees, parliament(s) 43');
    const { out, skips } = run(
      standard({
        'meetings.json': meetingsPage(
          [{ id: 3801, startTime: '2026-02-25T09:00:00', name: FGS }],
          [
            { filePath: FGS_PATH, fileName: FINAL, meetingId: 3801 },
            { filePath: FGS_PATH, fileName: '20260226am-Finance-Nelson-Blues.htm', meetingId: 3801 },
            { filePath: '/Committees/43rd1st/cay', fileName: CAY_FILE, meetingId: 3801 },
          ],
        ),
      }),
    );
    expect(out.coverage[0]).toMatchObject({ committees: 'partial' });
    expect(out.coverage[0].notes).toContain('; 1 listed transcripts not read');
    expect(skips).toContainEqual(
      expect.objectContaining({
        record: URL_OF('43rd2nd', 'fgs', '20260226am-Finance-Nelson-Blues.htm'),
        reason: 'listed committee transcript not read',
      }),
    );
  });

  test('a transcript no page names is reported, not read; no bc-committees folder: nothing, no coverage', () => {
    const { speeches, skips } = run(standard({ '43rd2nd/pac/20260301am-PublicAccounts-Victoria-Blues.htm.gz': cayMeeting() }));
    expect(speeches.some((s) => s.meeting_url?.includes('/pac/'))).toBe(false);
    expect(skips).toContainEqual(
      expect.objectContaining({
        file: 'bc-committees/43rd2nd/pac/20260301am-PublicAccounts-Victoria-Blues.htm.gz',
        reason: 'transcript named by no meetings page held',
      }),
    );
    expect(run(tempDir('canpol-bc-none-')).out).toMatchObject({ records: {}, coverage: [] });
  });
});

const FLOOR = join(DATASETS, 'bc-hansard-html-samples', '20260309am-House-Blues.htm.gz');

describe.skipIf(!existsSync(FLOOR))('a real floor page read through the committee path', () => {
  test('the same turns, words and times as the floor importer reads, as committee speeches of the listed meeting', () => {
    const html = readFileSync(FLOOR);
    const floorDir = tempDir('canpol-bc-floor-');
    writeFileSync(join(floorDir, '20260309am-House-Blues.htm.gz'), html);
    const quiet: ImportContext = { identity: new Identity([]), existing: {}, skip: () => {}, log: () => {} };
    const floor = (importBcHansard(floorDir, quiet).records.speeches ?? []) as Array<SourceInput<'speeches'>>;
    const name = '20260309am-Finance-Victoria-Blues.htm';
    const from = tempDir('canpol-bc-floor-committee-');
    mkdirSync(join(from, 'bc-committees/43rd2nd/fgs'), { recursive: true });
    writeFileSync(join(from, 'bc-committees/43rd2nd/fgs', `${name}.gz`), html);
    writeFileSync(
      join(from, 'bc-committees/meetings.json'),
      meetingsPage([{ id: 1, startTime: '2026-03-09T10:00:00', name: FGS }], [{ filePath: FGS_PATH, fileName: name, meetingId: 1 }]),
    );
    const { speeches, skips } = run(from, []);
    expect(floor.length).toBeGreaterThan(20);
    expect(speeches.map((s) => [s.speaker_name_raw, s.spoken_at, s.text])).toEqual(
      floor.map((s) => [s.speaker_name_raw, s.spoken_at, s.text]),
    );
    expect(new Set(speeches.map((s) => s.speech_type))).toEqual(new Set(['committee']));
    expect(new Set(speeches.map((s) => s.meeting_url))).toEqual(new Set([URL_OF('43rd2nd', 'fgs', name)]));
    expect(speeches.every((s) => s.is_draft && s.committee_name === FGS)).toBe(true);
    expect(skips.filter((s) => s.reason === 'speaker unlinked: no BC member roster in the bundle')).toHaveLength(speeches.length);
  });
});

describe('bc-committees: import, build, serve', () => {
  test('/committees/meetings lists the two meetings; /coverage shows BC committees live', async () => {
    const from = standard();
    const served = await importBuildServe([bcCommitteesImporter], () => from);
    try {
      expect(served.report.importers[0].written).toEqual({ speeches: 6 });
      const body = (await served.get('/committees/meetings?level=provincial&province_territory=BC')) as {
        items: Array<Record<string, unknown>>;
      };
      expect(body.items.map((m) => [m.meeting_url, m.date, m.speech_count, m.source_system])).toEqual([
        [URL_OF('43rd2nd', 'fgs', FINAL), '2026-02-25', 5, 'bc-committees'],
        [URL_OF('43rd1st', 'cay', CAY_FILE), '2025-11-18', 1, 'bc-committees'],
      ]);
      const coverage = (await served.get('/coverage')) as { jurisdictions: Array<Record<string, unknown>> };
      expect(coverage.jurisdictions.find((j) => j.jurisdiction === 'BC')).toMatchObject({ committees_status: 'live' });
    } finally {
      served.close();
    }
  });
});
