// The nightly with discovery: sittings found on the loopback publisher folder are imported, built
// and published; a sitting posted the next day grows the file and is named in the report.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Discover, SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { runPipeline, type PipelineOptions } from '../../../build-db/pipeline/run-pipeline.js';
import { DATASETS, repoManifest, subsetManifest } from '../../helpers/nightly-manifest.js';
import { publishSitting } from '../../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { loopbackPipeline } from '../../helpers/loopback-publisher.js';

const HAVE = existsSync(DATASETS);

describe.skipIf(!HAVE)('the nightly with discovered sittings', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  let opts: PipelineOptions;
  beforeAll(async () => {
    const base = subsetManifest([
      'hoc-members-xml',
      'hoc-members-offices',
      'openparliament-sessions',
      'fed-ridings-2013-directory',
      'ocd-division-ids',
    ]);
    const debates = repoManifest().sources.find((s) => s.id === 'hoc-debates')!;
    const manifest: SourcesManifest = {
      ...base,
      sessions: [{ id: '44-1', opened: '2021-11-22' }],
      sources: [
        ...base.sources,
        { ...debates, discover: { ...(debates.discover as Extract<Discover, { kind: 'numbered' }>), miss_budget: 2, recheck_last: 1 } },
      ],
    };
    dir = mkdtempSync(join(tmpdir(), 'canpol-nightly-discover-'));
    root = join(dir, 'publishers');
    up = await startUpstream(manifest, DATASETS, root);
    opts = loopbackPipeline(dir, manifest, up.mirror);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('night one publishes the sittings found; night two adds the one posted since', async () => {
    publishSitting(root, '44-1', 1, 'E', '44-1-5-en.xml.gz');
    publishSitting(root, '44-1', 2, 'E', '44-1-303-en.xml.gz');
    const one = await runPipeline(opts);
    expect(one.error).toBeNull();
    expect(one.status).toBe('published');
    // 216 + 194 interventions in 44-1-5-en and 44-1-303-en (hoc-hansard-xml-samples/SOURCE.md)
    const first = one.tables.speeches.current;
    expect(first).toBe(216 + 194);

    publishSitting(root, '44-1', 3, 'E', '44-1-200-en.xml.gz');
    const two = await runPipeline(opts);
    expect(two.status).toBe('published');
    expect(two.sources.find((s) => s.id === 'hoc-debates')!.items.new).toEqual(['hoc-hansard-xml-samples/44-1-3-en.xml.gz']);
    expect(two.tables.speeches.previous).toBe(first);
    expect(two.tables.speeches.removed).toBe(0);
    expect(two.tables.speeches.added).toBe(321); // interventions in 44-1-200-en (SOURCE.md)
    // A third night with nothing new: nothing to build.
    const three = await runPipeline(opts);
    expect(three.status).toBe('unchanged');
  }, 240_000);
});
