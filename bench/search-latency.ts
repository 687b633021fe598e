// Latency of the search endpoints through the in-process app (the same createApp + the data file's
// own encoder that `canpol serve` uses, minus the socket), for a fixed query list, sequentially:
// p50/p95 per request type, and the query embedding alone.
//
//   bun bench/search-latency.ts --data /tmp/scale-100k.db [--rounds 3] [--sample N] [--json /tmp/latency.json]
//
// --sample N takes N of the queries, evenly spaced (English and French both), for slow variants.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { computingApp, timedGet } from './search-app.js';
import { loadEncoder } from '../src/core/data-file/encoder-store.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize, type Summary } from './stats.js';

const { values } = parseArgs({
  options: { data: { type: 'string' }, rounds: { type: 'string', default: '3' }, json: { type: 'string' }, sample: { type: 'string' } },
});
if (!values.data) {
  console.error('usage: bun bench/search-latency.ts --data FILE.db [--rounds N] [--json OUT.json]');
  process.exit(2);
}
const rounds = Number(values.rounds);
const step = values.sample ? BENCH_QUERIES.length / Number(values.sample) : 1;
const QUERIES = values.sample
  ? Array.from({ length: Number(values.sample) }, (_, i) => BENCH_QUERIES[Math.floor(i * step)])
  : BENCH_QUERIES;

const file = openDataFile(values.data);
const embedder = await loadEncoder(file.db);
if (!embedder) throw new Error(`${values.data} has no encoder: build it with the search phase`);
const app = computingApp({ data: file, embedder });
const chunks = file.db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;

// A selective filter that exists in any bundle: the three politicians ranked 10th-12th by chunk
// count (busy MPs, each a fraction of a percent of the corpus).
const politicians = file.db
  .prepare(`SELECT politician_id FROM chunks WHERE politician_id IS NOT NULL
  GROUP BY politician_id ORDER BY count(*) DESC, politician_id LIMIT 3 OFFSET 9`)
  .pluck()
  .all() as string[];

const scenarios: Array<{ name: string; path: string; extra: string }> = [
  { name: 'speeches', path: '/search/speeches', extra: '' },
  { name: 'speeches lang=en (broad)', path: '/search/speeches', extra: '&lang=en' },
  { name: 'speeches province_territory=BC', path: '/search/speeches', extra: '&province_territory=BC' },
  { name: 'speeches province_territory=ON', path: '/search/speeches', extra: '&province_territory=ON' },
  { name: 'speeches level=federal', path: '/search/speeches', extra: '&level=federal' },
  { name: 'speeches from/to one year', path: '/search/speeches', extra: '&from=2015-01-01&to=2015-12-31' },
  {
    name: `speeches politician_ids (${politicians.length})`,
    path: '/search/speeches',
    extra: politicians.map((p) => `&politician_ids=${p}`).join(''),
  },
  { name: 'speeches group_by=politician', path: '/search/speeches', extra: '&group_by=politician' },
  { name: 'speeches/count', path: '/search/speeches/count', extra: '' },
  { name: 'facets', path: '/search/facets', extra: '' },
];

const get = (path: string) => timedGet(app, path);

// Warm-up: one pass of every query, so the page cache and prepared statements are as in steady state.
for (const { q } of QUERIES) await get(`/search/speeches?q=${encodeURIComponent(q)}`);

const results: Array<{ name: string } & Summary> = [];
const embedTimes: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const { q } of QUERIES) {
    const t = performance.now();
    await (embedder.embedQuery ? embedder.embedQuery(q) : embedder.embed([q]));
    embedTimes.push(performance.now() - t);
  }
}
results.push({ name: 'query embedding alone', ...summarize(embedTimes) });
for (const s of scenarios) {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const { q } of QUERIES) times.push(await get(`${s.path}?q=${encodeURIComponent(q)}${s.extra}`));
  }
  results.push({ name: s.name, ...summarize(times) });
}

const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(`${values.data}: ${chunks} chunks, ${QUERIES.length} queries x ${rounds} rounds, ${cpus().length} cores, load average ${load}`);
console.log('| request | n | p50 ms | p95 ms | mean ms | max ms |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(`| ${r.name} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.mean.toFixed(1)} | ${r.max.toFixed(1)} |`);
if (values.json) writeFileSync(values.json, JSON.stringify({ data: values.data, chunks, rounds, load, results }, null, 2));
await embedder.close();
file.close();
