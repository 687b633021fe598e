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
import { committeeSource, discoveryManifest, publishCommittee, publishSitting } from '../../helpers/publisher-folder.js';
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

  test('a deadline passed mid-backfill: queued requests are not started, and the next run continues without asking again', async () => {
    const debates = { ...discoveryManifest(), sources: [discoveryManifest().sources[0]] };
    const cache2 = mkdtempSync(join(tmpdir(), 'canpol-deadline-cache-'));
    try {
      publishSitting(root, '44-1', 1);
      for (let n = 1; n <= 8; n++) publishSitting(root, '43-2', n);
      const asked = up.requests.length;
      // The deadline passes the moment 43-2's sitting 2 is stored (the options are read when each request
      // would start): the closed session is cut in the middle of its walk.
      const opts = { manifest: debates, cache: cache2, mirror: up.mirror };
      const cut: { deadline: number | null } = { deadline: null };
      const first = await runFetch({
        ...opts,
        get deadline() {
          return cut.deadline;
        },
        onProgress: (m) => {
          if (m.startsWith('hoc-hansard-xml-samples/43-2-2-en.xml.gz: updated')) cut.deadline = Date.now();
        },
      });
      const one = first.sources[0];
      expect(one.status).toBe('partial');
      expect(one.files.map((f) => f.file)).toContain('hoc-hansard-xml-samples/44-1-1-en.xml.gz');
      expect(one.backfill!.deferred).toBeGreaterThan(0);
      // Sitting 2 and what was in flight with it are held; later numbers were not asked for.
      const heldFirst = one.files.filter((f) => f.file.includes('/43-2-')).length;
      expect(heldFirst).toBeGreaterThanOrEqual(2);
      expect(heldFirst).toBeLessThan(8);
      const second = await runFetch(opts);
      expect(second.sources[0].status).toBe('fresh');
      const held = second.sources[0].files.map((f) => f.file).filter((f) => f.includes('/43-2-'));
      expect(held.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `hoc-hansard-xml-samples/43-2-${n}-en.xml.gz`).sort());
      // Each closed-session sitting was downloaded once over the two runs: the second took up where the first stopped.
      const got = up.requests.slice(asked).filter((r) => r.path.includes('/House/432/') && r.status === 200);
      expect(got.length).toBe(8);
    } finally {
      rmSync(cache2, { recursive: true, force: true });
    }
  }, 60_000);
});
