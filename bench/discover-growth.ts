// Data-file growth per discovered sitting: the nightly publishes one real sitting, then seven more
// (the English Debates samples), and the release file sizes are compared: bytes per speech and per
// sitting, the per-item cost behind docs/nightly.md "Cost on paper".
//   flock /tmp/canpol-bench.lock node_modules/.bin/bun bench/discover-growth.ts
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Discover, SourcesManifest } from '../build-db/fetch/manifest-types.js';
import { runPipeline } from '../build-db/pipeline/run-pipeline.js';
import { DATASETS, repoManifest, subsetManifest } from '../test/helpers/nightly-manifest.js';
import { publishSitting } from '../test/helpers/publisher-folder.js';
import { startUpstream } from '../test/helpers/upstream-server.js';
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
    { ...debates, discover: { ...(debates.discover as Extract<Discover, { kind: 'numbered' }>), miss_budget: 2 } },
  ],
};
const dir = mkdtempSync(join(tmpdir(), 'canpol-bench-growth-'));
const root = join(dir, 'pub');
const up = await startUpstream(manifest, DATASETS, root);
const opts = {
  manifest,
  cache: join(dir, 'cache'),
  work: join(dir, 'work'),
  publishDir: join(dir, 'release'),
  maxShrink: 0.1,
  mirror: up.mirror,
  fetch: { retries: 1, backoffMs: 5 },
};
const samples = ['44-1-5-en', '44-1-303-en', '44-1-200-en', '43-1-44-en', '41-2-38-en', '41-1-260-en', 'HAN086-E', 'HAN102-E'];
publishSitting(root, '44-1', 1, 'E', `${samples[0]}.xml.gz`);
let r = await runPipeline({ ...opts, rebuild: true });
const size = () => statSync(join(dir, 'release', 'canpol.db')).size;
const a = { bytes: size(), speeches: r.tables.speeches.current };
samples.slice(1).forEach((s, i) => publishSitting(root, '44-1', i + 2, 'E', `${s}.xml.gz`));
r = await runPipeline(opts);
const b = { bytes: size(), speeches: r.tables.speeches.current };
console.log(
  JSON.stringify({
    a,
    b,
    per_speech: (b.bytes - a.bytes) / (b.speeches - a.speeches),
    per_sitting: (b.bytes - a.bytes) / (samples.length - 1),
  }),
);
await up.close();
rmSync(dir, { recursive: true, force: true });
