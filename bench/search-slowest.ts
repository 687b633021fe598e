// Which searches of bench/search-scale.ts's request mix are slow, and where their time goes: the same
// 36 queries × 6 request kinds through the app, each request's wall time split into SQL statements
// (by the first words of their SQL), the query embedding, the binary-code scan and the rest (JS).
// Prints p50/p95 per request kind, the time shares, and the slowest requests with their parts.
//
//   bun bench/search-slowest.ts --data FILE.db [--rounds 1] [--top 20] [--mmap-size BYTES] [--cache-kib KIB]
import type Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { computingApp, timedGet } from './search-app.js';
import { loadEncoder } from '../src/core/data-file/encoder-store.js';
import { CodeScan } from '../src/server/search/scan/code-scan.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    top: { type: 'string', default: '20' },
    'mmap-size': { type: 'string' },
    'cache-kib': { type: 'string' },
  },
});
if (!values.data) {
  console.error('usage: bun bench/search-slowest.ts --data FILE.db [--rounds N] [--top N]');
  process.exit(2);
}

// Time spent per part in the request under way.
let parts: Map<string, number> = new Map();
const add = (name: string, ms: number) => parts.set(name, (parts.get(name) ?? 0) + ms);
const timed =
  <A extends unknown[], R>(name: string, fn: (...a: A) => R) =>
  (...a: A): R => {
    const t = performance.now();
    try {
      return fn(...a);
    } finally {
      add(name, performance.now() - t);
    }
  };

const file = openDataFile(values.data, values['mmap-size'] ? { mmapSize: Number(values['mmap-size']) } : {});
// SQLite's page cache of the connection (default 2,000 KiB), for pages beyond the memory-mapped part.
if (values['cache-kib']) file.db.pragma(`cache_size = -${Number(values['cache-kib'])}`);
// Every statement prepared from here on reports its time under a short name of its SQL.
const prepare = file.db.prepare.bind(file.db);
const label = (sql: string) => {
  const s = sql.replace(/\s+/g, ' ').trim();
  if (s.includes('FROM chunk_int8')) return 'sql int8 vectors';
  if (s.includes('chunks_fts MATCH ? ORDER BY rowid DESC')) return 'sql postings';
  if (s.includes('FROM chunk_postings')) return 'sql posting blobs';
  if (s.includes('count(*) FROM chunks_fts') || s.includes('count(*) FROM (SELECT 1 FROM chunks_fts')) return 'sql fts count';
  if (s.includes('FROM chunk_term_docs')) return 'sql term counts';
  if (s.startsWith('SELECT c.rowid, c.id AS chunk_id')) return 'sql result rows';
  if (s.startsWith('SELECT rowid, text, language FROM chunks')) return 'sql texts';
  return `sql ${s.slice(0, 40)}`;
};
(file.db as { prepare: Database.Database['prepare'] }).prepare = ((sql: string) => {
  const st = prepare(sql);
  const name = label(sql);
  for (const m of ['get', 'all', 'run'] as const)
    (st as unknown as Record<string, unknown>)[m] = timed(name, (st[m] as (...a: unknown[]) => unknown).bind(st));
  return st;
}) as Database.Database['prepare'];
const shortlist = CodeScan.prototype.shortlist;
CodeScan.prototype.shortlist = function (this: CodeScan, ...a: Parameters<typeof shortlist>) {
  return timed('code scan', shortlist.bind(this))(...a);
};

const embedder = await loadEncoder(file.db);
if (embedder?.embedQuery) {
  const embedQuery = embedder.embedQuery.bind(embedder);
  embedder.embedQuery = async (text: string) => {
    const t = performance.now();
    try {
      return await embedQuery(text);
    } finally {
      add('embed', performance.now() - t);
    }
  };
}
// No collections after searches (--memory-ceiling): this splits a search's own time.
const app = computingApp({ data: file, embedder, memoryGuard: null });
const politicians = file.db
  .prepare(`SELECT politician_id FROM chunks WHERE politician_id IS NOT NULL
  GROUP BY politician_id ORDER BY count(*) DESC, politician_id LIMIT 3 OFFSET 9`)
  .pluck()
  .all() as string[];
const extras: Array<[string, string]> = [
  ['none', ''],
  ['lang=en', '&lang=en'],
  ['BC', '&province_territory=BC'],
  ['2015', '&from=2015-01-01&to=2015-12-31'],
  ['3 politicians', politicians.map((p) => `&politician_ids=${p}`).join('')],
  ['group_by', '&group_by=politician'],
];

interface Sample {
  kind: string;
  q: string;
  ms: number;
  parts: Map<string, number>;
}
const get = (path: string) => {
  parts = new Map();
  return timedGet(app, path);
};
for (const { q } of BENCH_QUERIES) await get(`/search/speeches?q=${encodeURIComponent(q)}`);
const samples: Sample[] = [];
for (let r = 0; r < Number(values.rounds); r++) {
  for (const [kind, extra] of extras) {
    for (const { q } of BENCH_QUERIES) {
      const ms = await get(`/search/speeches?q=${encodeURIComponent(q)}${extra}`);
      samples.push({ kind, q, ms, parts });
    }
  }
}
const fmt = (x: number) => x.toFixed(1).padStart(6);
const all = summarize(samples.map((s) => s.ms));
// Resident memory split into anonymous (heaps, caches) and file pages (the memory-mapped part of the data file).
const status = (() => {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
})();
const kb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024);
console.log(
  `all ${samples.length}: p50 ${fmt(all.p50)} p95 ${fmt(all.p95)} mean ${fmt(all.mean)} ms; rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB (anonymous ${kb('RssAnon')}, file ${kb('RssFile')})`,
);
for (const [kind] of extras) {
  const s = summarize(samples.filter((x) => x.kind === kind).map((x) => x.ms));
  console.log(`  ${kind.padEnd(14)} p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} max ${fmt(s.max)} ms`);
}
const totals = new Map<string, number>();
let sum = 0;
for (const s of samples) {
  sum += s.ms;
  let known = 0;
  for (const [k, v] of s.parts) {
    totals.set(k, (totals.get(k) ?? 0) + v);
    known += v;
  }
  totals.set('rest (JS)', (totals.get('rest (JS)') ?? 0) + s.ms - known);
}
console.log('mean ms a search by part:');
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(`  ${k.padEnd(50)} ${fmt(v / samples.length)} (${((100 * v) / sum).toFixed(0)}%)`);
console.log(`slowest ${values.top}:`);
for (const s of [...samples].sort((a, b) => b.ms - a.ms).slice(0, Number(values.top))) {
  const known = [...s.parts.values()].reduce((a, b) => a + b, 0);
  const detail = [...s.parts, ['rest', s.ms - known] as [string, number]]
    .filter(([, v]) => v >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k.replace(/^sql /, '')} ${v.toFixed(0)}`)
    .join(', ');
  console.log(`  ${fmt(s.ms)} ms  ${s.kind.padEnd(13)} ${JSON.stringify(s.q).padEnd(42)} ${detail}`);
}
await embedder?.close();
file.close();
