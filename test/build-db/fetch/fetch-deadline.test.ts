// Past the fetch deadline the fetcher starts no backfill request: a committee's Evidence older than
// the newest two weeks waits for the next run, while the sitting session's pages and its newest
// meeting's Evidence are fetched; the next run (no deadline) takes what was left. Loopback upstream,
// committee pages in the House's layout (test/helpers/publisher-folder.ts), real Evidence XML.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFetch, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS } from '../../helpers/nightly-manifest.js';
import { committeeSource, discoveryManifest, publishCommittee } from '../../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const HAVE = existsSync(DATASETS);
const manifest = { ...discoveryManifest(), sources: [committeeSource], sessions: [{ id: '44-1', opened: '2021-11-22' }] };
const xmlFiles = (r: FetchReport) =>
  r.sources[0].files
    .map((f) => f.file)
    .filter((f) => f.endsWith('.xml.gz'))
    .sort();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!HAVE)('the fetch deadline and committee Evidence', () => {
  let up: Upstream;
  let root: string;
  let cache: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canpol-deadline-publishers-'));
    cache = mkdtempSync(join(tmpdir(), 'canpol-deadline-cache-'));
    up = await startUpstream({ ...manifest, sources: [] }, DATASETS, root);
  });
  afterAll(async () => {
    await up.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  test('the newest meeting is fetched past the deadline, an older one is left for the next run', async () => {
    publishCommittee(root, '44-1', 'JUST', [
      { number: 11, docId: 4423056, evidence: true, date: daysAgo(2) },
      { number: 5, docId: 4400005, evidence: true, date: daysAgo(120) },
    ]);
    const first = await runFetch({ manifest, cache, mirror: up.mirror, deadline: Date.now() });
    expect(xmlFiles(first)).toEqual(['hoc-hansard-xml-samples/4423056-en.xml.gz', 'hoc-hansard-xml-samples/4423056-fr.xml.gz']);
    const source = first.sources[0];
    expect(source.status).toBe('partial');
    expect(source.backfill).toMatchObject({ deferred: 1, first: ['hoc-hansard-xml-samples/committees/44-1/JUST/meeting-5.html'] });
    expect(first.totals.deferred).toBe(1);
    expect(up.requests.some((r) => r.path.includes('/JUST/meeting-5/'))).toBe(false);

    const second = await runFetch({ manifest, cache, mirror: up.mirror });
    expect(xmlFiles(second)).toEqual(
      ['4400005-en', '4400005-fr', '4423056-en', '4423056-fr'].map((f) => `hoc-hansard-xml-samples/${f}.xml.gz`),
    );
    expect(second.sources[0].status).toBe('fresh');
    expect(second.sources[0].backfill).toBeUndefined();
  }, 60_000);
});
