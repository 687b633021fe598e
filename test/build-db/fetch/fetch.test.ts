// canpol fetch against the loopback upstream serving the real files of ../shared/datasets.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runFetch, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const HAVE = existsSync(DATASETS);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const manifest = subsetManifest(
  ['hoc-members-xml', 'mp-twitter-handles', 'hoc-hansard-xml'],
  ['42-1-2-en.xml.gz', '42-1-2-fr.xml.gz', '44-1-5-en.xml.gz'],
);
const MEMBERS_URL = 'https://www.ourcommons.ca/Members/en/search/xml';
const fileOf = (r: FetchReport, file: string) => r.sources.flatMap((s) => s.files).find((f) => f.file === file)!;
const sourceOf = (r: FetchReport, id: string) => r.sources.find((s) => s.id === id)!;

describe.skipIf(!HAVE)('fetch from the loopback upstream', () => {
  let up: Upstream;
  let cache: string;
  const fetchNow = (extra: Partial<Parameters<typeof runFetch>[0]> = {}) =>
    runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 2_000, retries: 2, backoffMs: 5, ...extra });

  beforeAll(async () => {
    up = await startUpstream(manifest, DATASETS);
  });
  afterAll(async () => {
    await up.close();
  });
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'canpol-fetch-'));
    up.requests.length = 0;
    for (const s of manifest.sources) for (const f of s.files) up.behave(up.pathOf(f.url.replace(/\{.*$/, '')), null);
  });
  // bun:test ignores a function returned by beforeEach: each test's cache is removed here.
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  test('first run downloads every file with provenance; the second is all 304s', async () => {
    const first = await fetchNow();
    expect(first.totals.updated).toBe(5);
    const members = fileOf(first, 'hoc-members-2023/parliament-members.xml');
    // sha256sum and wc -c of ../shared/datasets/hoc-members-2023/parliament-members.xml
    expect(members).toMatchObject({
      status: 200,
      result: 'updated',
      bytes: 176150,
      sha256: 'bd97e74e550b91069fd4838032a09d2f76f04a3d698dfae5dcb02f0b6df5de0c',
      url: MEMBERS_URL,
      attempts: 1,
    });
    // Served as plain XML, stored gzipped under the importer's name: zcat 42-1-2-en.xml.gz | sha256sum
    const sitting = readFileSync(join(cache, 'hoc-hansard-xml-samples/42-1-2-en.xml.gz'));
    expect(sha(gunzipSync(sitting))).toBe('f269631655e06d9c9f9e0730511835c81a118007bba86f3f9e859c1efcdd282f');
    expect(up.requests.every((r) => r.userAgent?.startsWith('canpol-nightly/'))).toBe(true);

    up.requests.length = 0;
    const second = await fetchNow();
    expect(second.totals).toMatchObject({ updated: 0, unchanged: 5, stale: 0, missing: 0 });
    // The handles file is at a commit of its repository (build-db/fetch/pinned.ts): not asked again.
    expect(up.requests.map((r) => r.status)).toEqual([304, 304, 304, 304]);
    expect(up.requests.some((r) => r.path.includes('raw.githubusercontent.com'))).toBe(false);
    expect(up.requests.every((r) => r.ifNoneMatch)).toBe(true);
    // Content time kept, confirmation time moves on.
    expect(fileOf(second, 'hoc-members-2023/parliament-members.xml').fetched_at).toBe(members.fetched_at!);
  });

  test('server errors are retried with backoff and then succeed', async () => {
    up.behave(up.pathOf(MEMBERS_URL), { kind: 'status', status: 503, times: 2 });
    const r = await fetchNow();
    expect(fileOf(r, 'hoc-members-2023/parliament-members.xml')).toMatchObject({ result: 'updated', attempts: 3, status: 200 });
  });

  test('a source that stays broken keeps its last good copy and is reported stale', async () => {
    await fetchNow();
    const before = readFileSync(join(cache, 'hoc-members-2023/parliament-members.xml'));
    for (const b of [
      { kind: 'status', status: 500 },
      { kind: 'hang' },
      { kind: 'truncate' },
      { kind: 'gone' },
      // A changed format: the same members under a renamed root element.
      { kind: 'replace', body: before.toString('utf8').replaceAll('ArrayOfMemberOfParliament', 'Members'), contentType: 'application/xml' },
    ] as const) {
      up.behave(up.pathOf(MEMBERS_URL), b);
      const r = await fetchNow({ timeoutMs: 300 });
      const f = fileOf(r, 'hoc-members-2023/parliament-members.xml');
      expect({ kind: b.kind, result: f.result }).toEqual({ kind: b.kind, result: 'stale' });
      expect(f.sha256).toBe(sha(before));
      expect(sourceOf(r, 'hoc-members-xml').status).toBe('stale');
      expect(readFileSync(join(cache, 'hoc-members-2023/parliament-members.xml')).equals(before)).toBe(true);
      if (b.kind === 'status') expect(f).toMatchObject({ attempts: 3, status: 500, error: 'HTTP 500' });
      if (b.kind === 'hang') expect(f.error).toBe('timed out after 300 ms');
      if (b.kind === 'gone') expect(f).toMatchObject({ status: 404, attempts: 1 });
      if (b.kind === 'replace') expect(f.error).toContain('root element is <Members>, expected <ArrayOfMemberOfParliament>');
    }
  }, 15_000);

  test('a truncated body on the first run leaves nothing behind: the source is missing', async () => {
    up.behave(up.pathOf(MEMBERS_URL), { kind: 'truncate' });
    const r = await fetchNow();
    const f = fileOf(r, 'hoc-members-2023/parliament-members.xml');
    expect(f).toMatchObject({ result: 'missing', attempts: 3, sha256: null });
    expect(sourceOf(r, 'hoc-members-xml').status).toBe('missing');
    expect(existsSync(join(cache, 'hoc-members-2023/parliament-members.xml'))).toBe(false);
  });

  test('a changed CSV header is refused', async () => {
    const url = manifest.sources.find((s) => s.id === 'mp-twitter-handles')!.files[0].url;
    up.behave(up.pathOf(url), { kind: 'replace', body: 'house,title,name,handle\nHouse,MP,A B,ab\n', contentType: 'text/csv' });
    const f = fileOf(await fetchNow(), 'mp-twitter-handles-2022/canadian_mp_twitterhandles.csv');
    expect(f.result).toBe('missing');
    expect(f.error).toBe('does not parse as csv: header lacks first_name, last_name, constituency, screen_name');
  });

  test('at most per_host requests run at once per publisher host', async () => {
    const one = await fetchNow({ perHost: 1 });
    expect(one.peak_per_host['www.ourcommons.ca']).toBe(1);
    rmSync(cache, { recursive: true, force: true });
    const two = await fetchNow({ perHost: 2 });
    expect(two.peak_per_host['www.ourcommons.ca']).toBe(2);
  });
});
