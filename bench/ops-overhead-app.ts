// In-process cost of the request log and the metrics (docs/benchmarks.md, "Operations overhead"):
// app.fetch without HTTP, three apps over one data file (neither, metrics only, JSON log + metrics,
// the log written to a counter instead of stdout), in interleaved blocks of 2,000 requests; the
// fastest block of each is kept, which other load on a shared machine disturbs least.
//
//   node_modules/.bin/bun bench/ops-overhead-app.ts [DATA_FILE]   (default data/canpol.db)
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createApp } from '../src/server/http/app.js';
import { createLogSink } from '../src/server/ops/log-sink.js';
import { createMetrics } from '../src/server/ops/metrics.js';
import { createRequestLog } from '../src/server/ops/request-log.js';
import { createWorkQueue } from '../src/server/limits/work-queue.js';
import { createClientAddress, parseTrustedProxies } from '../src/server/limits/client-ip.js';
const data = openDataFile(process.argv[2] ?? 'data/canpol.db');
const id = (data.db.prepare('SELECT id FROM politicians ORDER BY id LIMIT 1 OFFSET 10').get() as { id: string }).id;
const q = createWorkQueue();
let _bytes = 0;
const sink = createLogSink({
  write: (s) => {
    _bytes += s.length;
  },
});
const clientAddress = createClientAddress(parseTrustedProxies('none'));
const metrics = () => createMetrics({ sources: { build: () => data.build, queue: () => q } });
const apps: Record<string, ReturnType<typeof createApp>> = {
  neither: createApp({ data, embedQueue: q }),
  metrics: createApp({ data, embedQueue: q, ops: { log: null, metrics: metrics(), clientAddress } }),
  both: createApp({ data, embedQueue: q, ops: { log: createRequestLog({ format: 'json', sink }), metrics: metrics(), clientAddress } }),
};
const env = { incoming: { socket: { remoteAddress: '127.0.0.1' }, headers: {} } };
for (const path of ['/health', `/api/public/v1/politicians/${id}`]) {
  const best: Record<string, number> = {};
  const B = 2000;
  for (let block = 0; block < 40; block++) {
    for (const [name, app] of Object.entries(apps)) {
      const t = performance.now();
      for (let i = 0; i < B; i++) await app.fetch(new Request(`http://x${path}`), env);
      const us = ((performance.now() - t) / B) * 1000;
      if (block >= 3) best[name] = Math.min(best[name] ?? Infinity, us);
    }
    await new Promise((r) => setImmediate(r));
  }
  console.log(
    path.replace(id, '{id}'),
    Object.entries(best)
      .map(([k, v]) => `${k} ${v.toFixed(2)} µs`)
      .join(', '),
    `| metrics +${(best.metrics - best.neither).toFixed(2)} µs, log+metrics +${(best.both - best.neither).toFixed(2)} µs`,
  );
}
