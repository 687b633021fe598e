// CPU per distinct search, in process: /search/speeches through app.fetch (the response cache off,
// so every query is computed) for the two-word queries `make bench-http` asks once each
// (bench/http-scenarios.mjs "search/speeches distinct"), after a warm-up on other queries of the
// same kind (the server of a bench run has answered its warm-up slice first). Prints the process's
// CPU milliseconds per search and a SHA-1 of every body, so two builds of the code can be compared
// for speed and for identical answers. Run under Node like the server (esbuild bundles it):
//
//   node_modules/.bin/esbuild bench/search-distinct-cpu.ts --bundle --platform=node --format=esm \
//     --packages=external --outfile=/tmp/search-distinct-cpu.mjs
//   taskset -c 1 node_modules/.bin/node /tmp/search-distinct-cpu.mjs --data data/real.db [--warmup 300] [--queries 1500] [--profile FILE] [--lists fts5]
//
// --profile writes a CPU profile (.cpuprofile, for Chrome's DevTools) of the measured searches alone,
// after the warm-up: the start-up and the first searches (caches filling, code not yet optimized)
// are not in it. --lists fts5 reads every posting list through FTS5, as before their blobs (schema 12).
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { API_PREFIX } from '../src/server/http/app.js';
import { computingApp, getBody, useListsOption } from './search-app.js';
import { loadEncoder } from '../src/core/data-file/encoder-store.js';
import { scenariosFor } from './http-scenarios.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    warmup: { type: 'string', default: '300' },
    queries: { type: 'string', default: '1500' },
    offset: { type: 'string', default: '0' },
    profile: { type: 'string' },
    lists: { type: 'string', default: 'blobs' },
  },
});
if (!values.data) {
  console.error('usage: node search-distinct-cpu.mjs --data FILE.db [--warmup N] [--queries N] [--offset N]');
  process.exit(2);
}
const warmup = Number(values.warmup),
  n = Number(values.queries),
  offset = Number(values.offset);
const distinct = scenariosFor(values.data, { distinctPerSlice: 2000, slices: 2 }).searchSpeeches.find(
  (s) => s.name === 'search/speeches distinct',
)!.distinct!;
if (distinct.length < offset + warmup + n) throw new Error(`only ${distinct.length} distinct queries`);
const paths = distinct.slice(offset, offset + warmup + n).map((p) => p.slice(API_PREFIX.length));

const file = openDataFile(values.data);
useListsOption(file.db, values.lists);
const embedder = await loadEncoder(file.db);
const app = computingApp({ data: file, embedder });

const hash = createHash('sha1');
const get = (path: string) => getBody(app, path);
for (const p of paths.slice(0, warmup)) await get(p);
const session = values.profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const t0 = process.cpuUsage(),
  w0 = performance.now();
for (const p of paths.slice(warmup)) hash.update(await get(p));
const cpu = process.cpuUsage(t0),
  wall = performance.now() - w0;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.profile!, JSON.stringify(profile));
  session.disconnect();
}
console.log(
  JSON.stringify({
    searches: n,
    warmup,
    cpu_ms_per_search: +((cpu.user + cpu.system) / 1000 / n).toFixed(3),
    wall_ms_per_search: +(wall / n).toFixed(3),
    bodies_sha1: hash.digest('hex'),
    load: loadavg()[0],
    // The search caches' counts at the end (code that has them: src/server/search/query-caches.ts).
    caches: (
      app as { searchCaches?: () => Record<string, { entries: number; bytes: number; hits: number; misses: number; evictions: number }> }
    ).searchCaches?.(),
  }),
);
await embedder?.close();
file.close();
