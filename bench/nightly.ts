// Measures the nightly against the loopback upstream serving ../shared/datasets: a run from an
// empty cache and release folder, a second run with nothing changed, and a forced rebuild of the
// same inputs (every vector reused). Usage: bun bench/nightly.ts [OUT_DIR] [--subset]
// Results go in docs/benchmarks.md by hand.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runPipeline } from '../build-db/pipeline/run-pipeline.js';
import { DATASETS, repoManifest, subsetManifest } from '../test/helpers/nightly-manifest.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--')) ?? '/tmp/canpol-nightly-bench';
const manifest = args.includes('--subset') ? subsetManifest() : repoManifest();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const up = await startUpstream(manifest, DATASETS);
const opts = {
  manifest,
  cache: join(out, 'cache'),
  work: join(out, 'work'),
  publishDir: join(out, 'release'),
  maxShrink: 0.1,
  mirror: up.mirror,
  fetch: { backoffMs: 50, spacingMs: 0 },
};
try {
  for (const [name, rebuild] of [
    ['empty cache', false],
    ['nothing changed', false],
    ['forced rebuild, nothing changed', true],
  ] as const) {
    const r = await runPipeline({
      ...opts,
      rebuild,
      onProgress: (m) => {
        if (!m.includes(': ')) console.error(`  ${m}`);
      },
    });
    console.log(
      JSON.stringify({
        run: name,
        status: r.status,
        seconds: r.seconds,
        timings: r.timings,
        fetch: r.fetch.totals,
        search: r.search,
        build: r.build,
        rows: Object.fromEntries(Object.entries(r.tables).map(([t, c]) => [t, c.current])),
        attribution: r.attribution,
        skipped: r.skipped?.total,
        error: r.error,
      }),
    );
  }
} finally {
  await up.close();
}
