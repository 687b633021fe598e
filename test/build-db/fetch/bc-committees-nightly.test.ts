// The nightly source bc-committees against the loopback upstream laid out as api.lims.leg.bc.ca and
// lims.leg.bc.ca: the pcms meetings feed walked page by page (the cursor carried to the next page)
// until a page reaches an earlier parliament, the membership, each meeting's final (else its Blues)
// from the HDMS file server that ignores conditional requests; then the importer on what was fetched.
// The documents are hand-written in the publisher's layouts (test/helpers/bc-committee-publisher.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { importBcCommittees } from '../../../build-db/import/bc-committees/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, SourceInput } from '../../../build-db/import/types.js';
import { CAY, cayMeeting, FGS, fgsMeeting, meetingsPage, membership } from '../../helpers/bc-committee-publisher.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { publishFile } from '../../helpers/publisher-folder.js';
import { fetchRuns } from '../../helpers/fetch-runs.js';

const FEED = 'https://api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous';
// Opaque to us: the feed's own cursors, here made up.
const CURSOR_2 = 'WyJzdGFydF90aW1lX2Rlc2MiLFsiMjAyNS0xMi0wMVQwOTowMDowMCIsMzc1MF1d';
const CURSOR_3 = 'WyJzdGFydF90aW1lX2Rlc2MiLFsiMjAyNS0wMS0wMVQwOTowMDowMCIsMzAwMF1d+/=';
const FGS_PATH = '/Committees/43rd2nd/fgs';
const BLUES = '20260225am-Finance-Victoria-Blues.htm';
const FINAL = '20260225am-Finance-Victoria-n12.html';
const CAY_FILE = '20251118pm-ChildrenYouth-Victoria-Blues.htm';
const OLD = '20240410am-PublicAccounts-Victoria-n40.html';

const page1 = (extra: Array<{ fileName: string }> = []) =>
  meetingsPage(
    [{ id: 3801, startTime: '2026-02-25T09:00:00', name: FGS }],
    [
      ...extra.map((e) => ({ filePath: FGS_PATH, fileName: e.fileName, meetingId: 3801 })),
      { filePath: FGS_PATH, fileName: BLUES, meetingId: 3801 },
      { filePath: FGS_PATH, fileName: FINAL, meetingId: 3801 },
    ],
    CURSOR_2,
  );
const page2 = meetingsPage(
  [
    { id: 3700, startTime: '2025-11-18T13:30:00', name: CAY },
    { id: 3000, startTime: '2024-04-10T09:00:00', name: 'Select Standing Committee on Public Accounts' },
  ],
  [
    { filePath: '/Committees/43rd1st/cay', fileName: CAY_FILE, meetingId: 3700 },
    { filePath: '/Committees/42nd5th/pac', fileName: OLD, meetingId: 3000 },
  ],
  CURSOR_3,
);

test('the lister: one transcript per meeting half from the parliament asked for on, the next page by its cursor, no page past an earlier parliament', () => {
  const lister = LISTERS['bc-committees-meetings'];
  const first = lister(page1(), (p) => p, FEED, { from_parliament: 43 });
  expect(first.problems).toEqual([]);
  expect(first.files.map((f) => [f.path, f.url, f.list_with ?? null, f.dated ?? null, f.params ?? null])).toEqual([
    [`bc-committees/43rd2nd/fgs/${FINAL}.gz`, `https://lims.leg.bc.ca/hdms/file/Committees/43rd2nd/fgs/${FINAL}`, null, '2026-02-25', null],
    [
      'bc-committees/meetings-2.json',
      `${FEED}&enCursor=${encodeURIComponent(CURSOR_2)}`,
      'bc-committees-meetings',
      null,
      // The first page's newest session is the one sitting (43rd Parliament, 2nd session), carried on.
      { from_parliament: 43, page: 2, sitting_session: 4302 },
    ],
  ]);
  // The sitting session's transcripts, and the page after one holding them, are not backfill.
  expect(first.files.filter((f) => f.backfill)).toEqual([]);
  const second = lister(page2, (p) => p, first.files[1].url, first.files[1].params);
  // The 42nd Parliament's meeting is neither fetched nor followed by a third page; the 1st session's
  // transcript is backfill.
  expect(second.files.map((f) => [f.path, f.backfill ?? false])).toEqual([[`bc-committees/43rd1st/cay/${CAY_FILE}.gz`, true]]);
  const deeper = lister(page2, (p) => p, first.files[1].url, { from_parliament: 42, page: 2, sitting_session: 4302 });
  // A page with nothing of the sitting session: the pages after it are older still, so backfill too.
  expect(deeper.files.map((f) => [f.path, f.backfill ?? false])).toEqual([
    [`bc-committees/43rd1st/cay/${CAY_FILE}.gz`, true],
    [`bc-committees/42nd5th/pac/${OLD}.gz`, true],
    ['bc-committees/meetings-3.json', true],
  ]);
  // Without a session carried from an earlier page, the page's own newest is taken as sitting.
  expect(lister(page2, (p) => p, first.files[1].url, { from_parliament: 42, page: 2 }).files.map((f) => f.backfill ?? false)).toEqual([
    false,
    true,
    false,
  ]);
  // The cursor replaces the last one and is sent percent-encoded ("+", "/" and "=" kept as data).
  expect(deeper.files[2].url).toBe(`${FEED}&enCursor=${encodeURIComponent(CURSOR_3)}`);
  // A cursor that names the page it came from would walk for ever: reported, not followed.
  const loop = meetingsPage([], [], CURSOR_2);
  expect(lister(loop, (p) => p, first.files[1].url, { page: 2 })).toEqual({
    files: [],
    problems: ["meetings page 2: the next page's cursor is this page's own"],
  });
  expect(lister('{"meetings": []}', (p) => p, FEED).problems).toEqual([
    'meetings page 1: whole file, field hansardTranscripts: not an array',
  ]);
});

const manifest = subsetManifest(['bc-committees']);
const hdms = (folder: string, code: string, file: string) => `lims.leg.bc.ca/hdms/file/Committees/${folder}/${code}/${file}`;

/** The loopback publisher: the feed's two pages, the membership and the transcripts they list. */
async function startFeed(): Promise<{ up: Upstream; root: string }> {
  const root = mkdtempSync(join(tmpdir(), 'canpol-bc-committees-publisher-'));
  const put = (path: string, body: string) => publishFile(root, path, body);
  put('api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous', page1());
  put(`api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous&enCursor=${CURSOR_2}`, page2);
  put('api.lims.leg.bc.ca/pcms/committees/membership', membership());
  put(hdms('43rd2nd', 'fgs', BLUES), fgsMeeting(false));
  put(hdms('43rd2nd', 'fgs', FINAL), fgsMeeting(true));
  put(hdms('43rd1st', 'cay', CAY_FILE), cayMeeting());
  put(hdms('42nd5th', 'pac', OLD), cayMeeting());
  const up = await startUpstream(manifest, DATASETS, root);
  // The HDMS file server answers every request in full and sends no validators.
  for (const [f, c, n] of [
    ['43rd2nd', 'fgs', BLUES],
    ['43rd2nd', 'fgs', FINAL],
    ['43rd1st', 'cay', CAY_FILE],
    ['43rd2nd', 'fgs', '20260226am-Finance-Nelson-Blues.htm'],
  ])
    up.behave(`/${hdms(f, c, n)}`, { kind: 'unconditional' });
  return { up, root };
}

describe('the nightly on the loopback LIMS committee feed', () => {
  let up: Upstream;
  let root: string;
  let cache: string;
  const put = (path: string, body: string) => publishFile(root, path, body);
  beforeAll(async () => {
    ({ up, root } = await startFeed());
    cache = mkdtempSync(join(tmpdir(), 'canpol-bc-committees-cache-'));
  });
  afterAll(async () => {
    await up.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5 });
  const seen = () => up.requests.map((q) => `${q.status} ${q.path}${q.ifNoneMatch ? ' (conditional)' : ''}`).sort();
  const dir = () => join(cache, 'provincial-samples');

  test('first night: both pages, the membership, the final (not its Blues) and the Blues alone; the importer reads them', async () => {
    const r = await fetchNow();
    expect(r.sources.map((s) => [s.id, s.status])).toEqual([['bc-committees', 'fresh']]);
    expect(seen()).toEqual([
      '200 /api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous',
      `200 /api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous&enCursor=${encodeURIComponent(CURSOR_2)}`,
      '200 /api.lims.leg.bc.ca/pcms/committees/membership',
      `200 /${hdms('43rd1st', 'cay', CAY_FILE)}`,
      `200 /${hdms('43rd2nd', 'fgs', FINAL)}`,
    ]);
    expect(up.requests.every((q) => q.userAgent?.startsWith('canpol'))).toBe(true);
    expect(gunzipSync(readFileSync(join(dir(), 'bc-committees/43rd2nd/fgs', `${FINAL}.gz`))).toString('utf8')).toBe(fgsMeeting(true));
    expect(existsSync(join(dir(), 'bc-committees/meetings-2.json'))).toBe(true);

    const roster: Person[] = [72, 5].map((id) => ({
      key: `bc-lims/member/${id}`,
      name: id === 72 ? 'Niki Sharma' : 'Brenda Bailey',
      level: 'provincial',
      province_territory: 'BC',
      terms: [{ start_at: '2024-11-18T00:00:00Z' }],
    }));
    const ctx: ImportContext = { identity: new Identity(roster), existing: {}, skip: () => {}, log: () => {} };
    const out = importBcCommittees(dir(), ctx);
    const speeches = (out.records.speeches ?? []) as Array<SourceInput<'speeches'>>;
    expect([...new Set(speeches.map((s) => s.meeting_url))].sort()).toEqual([
      `https://${hdms('43rd1st', 'cay', CAY_FILE)}`,
      `https://${hdms('43rd2nd', 'fgs', FINAL)}`,
    ]);
    expect(speeches.find((s) => s.speaker_name_raw === 'The Chair')!.politician_key).toBe('bc-lims/member/72');
    expect(out.coverage).toEqual([expect.objectContaining({ jurisdiction: 'BC', committees: 'live' })]);
  });

  test('next night: the feed and membership asked conditionally, transcripts held not asked again; a new meeting fetched alone', async () => {
    up.requests.length = 0;
    await fetchNow();
    expect(seen()).toEqual([
      '304 /api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous (conditional)',
      `304 /api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous&enCursor=${encodeURIComponent(CURSOR_2)} (conditional)`,
      '304 /api.lims.leg.bc.ca/pcms/committees/membership (conditional)',
    ]);
    up.requests.length = 0;
    const next = '20260226am-Finance-Nelson-Blues.htm';
    put(hdms('43rd2nd', 'fgs', next), fgsMeeting(false).replace('February 25', 'February 26'));
    put('api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous', page1([{ fileName: next }]));
    const r = await fetchNow();
    expect(r.sources[0].items.new).toEqual([`provincial-samples/bc-committees/43rd2nd/fgs/${next}.gz`]);
    expect(seen()).toEqual([
      '200 /api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous (conditional)',
      `200 /${hdms('43rd2nd', 'fgs', next)}`,
      `304 /api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous&enCursor=${encodeURIComponent(CURSOR_2)} (conditional)`,
      '304 /api.lims.leg.bc.ca/pcms/committees/membership (conditional)',
    ]);
  });
});

test('past the fetch deadline the closed session’s transcripts are left for the next run (the source partial), the sitting one’s fetched; the next run takes the rest', async () => {
  const { up, root } = await startFeed();
  const cache = mkdtempSync(join(tmpdir(), 'canpol-bc-committees-cache-'));
  const run = fetchRuns(up, manifest, cache);
  try {
    const first = await run(Date.now());
    expect(first.source.status, JSON.stringify(first.source.problems)).toBe('partial');
    expect(first.source.backfill).toMatchObject({ deferred: 1, rechecks_deferred: 0 });
    // Both pages (the second follows a page of the sitting session), the membership, the 2nd session's final.
    expect(first.asked).toEqual(
      [
        '/api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous',
        `/api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous&enCursor=${encodeURIComponent(CURSOR_2)}`,
        '/api.lims.leg.bc.ca/pcms/committees/membership',
        `/${hdms('43rd2nd', 'fgs', FINAL)}`,
      ].sort(),
    );
    const second = await run();
    expect(second.source.status, JSON.stringify(second.source.problems)).toBe('fresh');
    expect(second.source.backfill).toBeUndefined();
    expect(second.asked.filter((p) => p.includes('/hdms/'))).toEqual([`/${hdms('43rd1st', 'cay', CAY_FILE)}`]);
    expect(existsSync(join(cache, 'provincial-samples/bc-committees/43rd1st/cay', `${CAY_FILE}.gz`))).toBe(true);
  } finally {
    await up.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
});
