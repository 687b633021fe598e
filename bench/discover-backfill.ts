// Discovery backfill against the loopback upstream: N sittings (EN + FR) and N divisions published in
// the House's layout, fetched into an empty cache with no spacing (the per-item cost of our side:
// request, checks, gzip, journal), then again (the unchanged night's requests).
//   bun bench/discover-backfill.ts [N]     (run under flock /tmp/canpol-bench.lock to record figures)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFetch } from '../build-db/fetch/run-fetch.js';
import { DATASETS } from '../test/helpers/nightly-manifest.js';
import { discoveryManifest, publishSitting, publishVoteList } from '../test/helpers/publisher-folder.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const n = Number(process.argv[2]) || 200;
const root = mkdtempSync(join(tmpdir(), 'canpol-bench-publishers-'));
const cache = mkdtempSync(join(tmpdir(), 'canpol-bench-cache-'));
for (let i = 1; i <= n; i++) {
  publishSitting(root, '44-1', i);
  publishSitting(root, '44-1', i, 'F');
}
publishVoteList(
  root,
  '44-1',
  Array.from({ length: n }, (_, i) => ({ number: i + 1, date: '2023-05-18' })),
);
const manifest = discoveryManifest([{ id: '44-1', opened: '2021-11-22' }]);
const up = await startUpstream({ ...manifest, sources: [] }, DATASETS, root);
const opts = { manifest, cache, mirror: up.mirror, spacingMs: 0, perHost: 2 };
for (const name of ['empty cache', 'unchanged night']) {
  const r = await runFetch(opts);
  const t = r.totals;
  console.log(
    JSON.stringify({
      run: name,
      items: n,
      seconds: r.seconds,
      requests: t.requests,
      updated: t.updated,
      unchanged: t.unchanged,
      bytes_downloaded: t.bytes_downloaded,
      ms_per_request: Number(((r.seconds * 1000) / Math.max(1, t.requests)).toFixed(1)),
    }),
  );
}
await up.close();
rmSync(root, { recursive: true, force: true });
rmSync(cache, { recursive: true, force: true });
