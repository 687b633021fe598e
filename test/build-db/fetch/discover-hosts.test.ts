// Discovered sources on different hosts proceed in parallel: House Debates probing held up on
// www.ourcommons.ca (a Retry-After) does not hold LEGISinfo's lists on www.parl.ca back.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { DATASETS, repoManifest } from '../../helpers/nightly-manifest.js';
import { discoveryManifest } from '../../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

describe('discovery across hosts', () => {
  let up: Upstream;
  let root: string;
  const base = discoveryManifest([{ id: '44-1', opened: '2021-11-22' }]);
  const manifest: SourcesManifest = {
    ...base,
    sources: [base.sources[0], repoManifest().sources.find((s) => s.id === 'legisinfo-bills-xml')!],
  };
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canpol-hosts-'));
    up = await startUpstream(manifest, DATASETS, root);
  });
  afterAll(async () => {
    await up?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('the parl.ca lists are asked while ourcommons.ca is paused', async () => {
    up.behave('/www.ourcommons.ca/Content/House/441/Debates/001/HAN001-E.XML', { kind: 'status', status: 503, times: 1, retryAfter: '2' });
    const t0 = Date.now();
    await runFetch({
      manifest,
      cache: join(root, 'cache'),
      mirror: up.mirror,
      now: () => '2022-01-01T00:00:00.000Z',
      retries: 1,
      backoffMs: 1,
    });
    const parl = up.requests.filter((r) => r.path.startsWith('/www.parl.ca/'));
    expect(parl.length).toBeGreaterThan(0);
    // All of them within the 2 s the House asked us to wait.
    expect(Math.max(...parl.map((r) => r.at)) - t0).toBeLessThan(1500);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
  }, 30_000);
});
