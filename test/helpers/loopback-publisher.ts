// A loopback upstream over a publisher folder the tests write (publisher-folder.ts), for one describe
// block: started once; before each test the folder is emptied and a fresh fetch cache made, and the
// requests seen so far forgotten; everything removed at the end. `use` receives the upstream, the
// folder and the cache each time they change, so a test reads them as plain variables.
import { afterAll, afterEach, beforeAll, beforeEach } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourcesManifest } from '../../build-db/fetch/manifest-types.js';
import type { PipelineOptions } from '../../build-db/pipeline/run-pipeline.js';
import { DATASETS } from './nightly-manifest.js';
import { startUpstream, type Upstream } from './upstream-server.js';

export interface LoopbackPublisher {
  up: Upstream;
  root: string;
  cache: string;
}

export function loopbackPublisher(manifest: SourcesManifest, name: string, use: (p: LoopbackPublisher) => void): void {
  const p = {} as LoopbackPublisher;
  beforeAll(async () => {
    p.root = mkdtempSync(join(tmpdir(), `canpol-${name}-publisher-`));
    p.up = await startUpstream({ ...manifest, sources: [] }, DATASETS, p.root);
    use(p);
  });
  afterAll(async () => {
    await p.up?.close();
    rmSync(p.root, { recursive: true, force: true });
  });
  beforeEach(() => {
    rmSync(p.root, { recursive: true, force: true });
    p.cache = mkdtempSync(join(tmpdir(), `canpol-${name}-cache-`));
    p.up.requests.length = 0;
    use(p);
  });
  // bun:test ignores a function returned by beforeEach: each test's cache is removed here.
  afterEach(() => rmSync(p.cache, { recursive: true, force: true }));
}

/** A nightly against the loopback upstream in `dir` (cache, work and release folders there), with
 *  short timeouts and one retry: what the pipeline tests run. */
export function loopbackPipeline(dir: string, manifest: SourcesManifest, mirror: string): PipelineOptions {
  return {
    manifest,
    cache: join(dir, 'cache'),
    work: join(dir, 'work'),
    publishDir: join(dir, 'release'),
    maxShrink: 0.1,
    mirror,
    fetch: { timeoutMs: 5_000, retries: 1, backoffMs: 5 },
  };
}
