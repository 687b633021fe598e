// Item 4 of issue 5, measured: vector representation and filter strategy for the search pool.
// Copies a data file's float vectors and filter columns into a scratch file holding every variant,
// then times k-nearest queries for the benchmark's queries and compares each variant's result with
// the exact float32 one (overlap@20 and overlap@k):
//   vec0 float32 + metadata columns (the original index)   vec0 float32 partitioned by language
//   vec0 int8                                               vec0 bit + float re-scoring
//   in-memory binary scan (WebAssembly SIMD) + float re-scoring, RESCORE·k short-listed (the index now)
//
// The source must keep float vectors (`chunk_vectors`): a data file of schema 9 or older.
//   bun bench/search-vectors.ts --data /tmp/scale-1m.db --scratch /tmp/vectors-1m.db [--queries 12] [--k 1000]
import { existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import type { SearchFilters } from '../src/server/db/search.js';
import { loadEncoder } from '../src/core/data-file/encoder-store.js';
import { binaryCode, codeWords } from '../src/core/data-file/binary-code.js';
import { createVectorIndex, floatsOf, VECTOR_TABLES_SQL } from '../src/server/search/vectors.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    scratch: { type: 'string' },
    queries: { type: 'string', default: '12' },
    k: { type: 'string', default: '1000' },
  },
});
if (!values.data || !values.scratch) {
  console.error('usage: bun bench/search-vectors.ts --data FILE.db --scratch SCRATCH.db [--queries N] [--k 1000]');
  process.exit(2);
}
const K = Number(values.k);
const src = new Database(values.data, { readonly: true });
sqliteVec.load(src);
const encoder = (await loadEncoder(src))!;
const dim = encoder.dim;

// --- the scratch file: every representation of the same vectors ---------------------------------
if (!existsSync(values.scratch)) {
  const t0 = performance.now();
  const d = new Database(`${values.scratch}.part`);
  sqliteVec.load(d);
  d.pragma('journal_mode = OFF');
  d.pragma('synchronous = OFF');
  d.exec(`${VECTOR_TABLES_SQL}
    CREATE TABLE chunk_vectors (rowid INTEGER PRIMARY KEY, embedding BLOB NOT NULL);
    CREATE VIRTUAL TABLE v_float USING vec0(embedding float[${dim}] distance_metric=cosine, language text, province_territory text, politician_id text);
    CREATE VIRTUAL TABLE v_float_lang USING vec0(language text partition key, embedding float[${dim}] distance_metric=cosine);
    CREATE VIRTUAL TABLE v_int8 USING vec0(embedding int8[${dim}] distance_metric=cosine);
    CREATE VIRTUAL TABLE v_bit USING vec0(embedding bit[${codeWords(dim) * 128}], province_territory text);`);
  const ins = {
    f: d.prepare('INSERT INTO v_float (rowid, embedding, language, province_territory, politician_id) VALUES (?, ?, ?, ?, ?)'),
    fl: d.prepare('INSERT INTO v_float_lang (rowid, language, embedding) VALUES (?, ?, ?)'),
    i8: d.prepare("INSERT INTO v_int8 (rowid, embedding) VALUES (?, vec_quantize_int8(?, 'unit'))"),
    b: d.prepare('INSERT INTO v_bit (rowid, embedding, province_territory) VALUES (?, vec_bit(?), ?)'),
    v: d.prepare('INSERT INTO chunk_vectors (rowid, embedding) VALUES (?, ?)'),
    c: d.prepare(`INSERT INTO chunk_codes (rowid, code, language, level, province_territory, speech_type, spoken_on, is_presiding,
      politician_active, politician_id, party, session_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  };
  const rows =
    src.prepare(`SELECT v.rowid, v.embedding, c.language, c.level, coalesce(c.province_territory, '') AS p, c.speech_type, c.spoken_on,
    c.is_presiding, coalesce(c.politician_active, -1) AS active, coalesce(c.politician_id, '') AS pid, lower(coalesce(c.party_at_time, '')) AS party,
    coalesce(c.session_id, '') AS session FROM chunk_vectors v JOIN chunks c ON c.rowid = v.rowid ORDER BY v.rowid`);
  type Row = {
    rowid: number;
    embedding: Buffer;
    language: string;
    level: string;
    p: string;
    speech_type: string;
    spoken_on: string;
    is_presiding: number;
    active: number;
    pid: string;
    party: string;
    session: string;
  };
  const write = d.transaction((batch: Row[]) => {
    for (const r of batch) {
      const id = BigInt(r.rowid),
        f = floatsOf(r.embedding);
      ins.f.run(id, f, r.language, r.p, r.pid);
      ins.fl.run(id, r.language, f);
      ins.i8.run(id, f);
      const code = binaryCode(f, codeWords(dim));
      ins.b.run(id, code, r.p);
      ins.v.run(id, r.embedding);
      ins.c.run(id, code, r.language, r.level, r.p, r.speech_type, r.spoken_on, r.is_presiding, r.active, r.pid, r.party, r.session);
    }
  });
  let batch: Row[] = [];
  for (const r of rows.iterate() as Iterable<Row>) {
    batch.push(r);
    if (batch.length === 10_000) {
      write(batch);
      batch = [];
    }
  }
  write(batch);
  d.close();
  rmSync(values.scratch, { force: true });
  (await import('node:fs')).renameSync(`${values.scratch}.part`, values.scratch);
  console.error(`scratch file written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const db = new Database(values.scratch, { readonly: true });
sqliteVec.load(db);
db.pragma('mmap_size = 17179869184');
const n = db.prepare('SELECT count(*) FROM chunk_vectors').pluck().get() as number;
const tLoad = performance.now();
const index = createVectorIndex(db, { rescore: 1 });
const loadMs = performance.now() - tLoad;
const indexes = new Map([1, 2, 4].map((r) => [r, r === 1 ? index : null]));
const memIndex = (r: number) => {
  let ix = indexes.get(r);
  if (!ix) indexes.set(r, (ix = createVectorIndex(db, { rescore: r })));
  return ix;
};

const politicians = src
  .prepare(`SELECT politician_id FROM chunks WHERE politician_id IS NOT NULL
  GROUP BY politician_id ORDER BY count(*) DESC, politician_id LIMIT 3 OFFSET 9`)
  .pluck()
  .all() as string[];
const base: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const cases: Array<{ name: string; f: SearchFilters; vec0: string; params: unknown[] }> = [
  { name: 'no filter', f: base, vec0: '', params: [] },
  { name: 'lang=en (broad)', f: { ...base, langs: ['en'] }, vec0: 'AND language = ?', params: ['en'] },
  { name: 'province_territory=BC', f: { ...base, province_territory: 'BC' }, vec0: 'AND province_territory = ?', params: ['BC'] },
  { name: 'politician_ids (3)', f: { ...base, politician_ids: politicians }, vec0: 'AND politician_id IN (?, ?, ?)', params: politicians },
];

const queries = await Promise.all(BENCH_QUERIES.slice(0, Number(values.queries)).map(async ({ q }) => (await encoder.embed([q]))[0]));

type Result = Array<{ rowid: number; similarity: number }>;
const vec0 = (sql: string) => {
  const st = db.prepare(sql);
  return (q: Float32Array | Uint8Array, k: number, params: unknown[]): Result =>
    (st.all(q, k, ...params) as Array<{ rowid: number; distance: number }>).map((r) => ({ rowid: r.rowid, similarity: 1 - r.distance }));
};
const exactOf = (c: (typeof cases)[number]) => vec0(`SELECT rowid, distance FROM v_float WHERE embedding MATCH ? AND k = ? ${c.vec0}`);
const floats = db.prepare('SELECT rowid, embedding FROM chunk_vectors WHERE rowid IN (SELECT value FROM json_each(?))');
const rescored = (q: Float32Array, rowids: number[], k: number): Result => {
  const out: Result = [];
  for (const r of floats.all(JSON.stringify(rowids)) as Array<{ rowid: number; embedding: Buffer }>) {
    const v = floatsOf(r.embedding);
    let s = 0;
    for (let i = 0; i < v.length; i++) s += v[i] * q[i];
    out.push({ rowid: r.rowid, similarity: s });
  }
  return out.sort((a, b) => b.similarity - a.similarity || a.rowid - b.rowid).slice(0, k);
};

const overlap = (a: Result, b: Result, at: number) => {
  const want = new Set(a.slice(0, at).map((x) => x.rowid));
  return want.size ? b.slice(0, at).filter((x) => want.has(x.rowid)).length / want.size : 1;
};

interface Variant {
  name: string;
  run: (q: Float32Array, k: number, c: (typeof cases)[number]) => Result;
  only?: string[];
}
const variants: Variant[] = [
  { name: 'vec0 float32 + metadata columns (before)', run: (q, k, c) => exactOf(c)(q, k, c.params) },
  {
    name: 'vec0 float32, partition key language',
    run: (q, k, c) => vec0(`SELECT rowid, distance FROM v_float_lang WHERE embedding MATCH ? AND k = ? ${c.vec0}`)(q, k, c.params),
    only: ['no filter', 'lang=en (broad)'],
  },
  {
    name: 'vec0 int8',
    run: (q, k) => vec0("SELECT rowid, distance FROM v_int8 WHERE embedding MATCH vec_quantize_int8(?, 'unit') AND k = ?")(q, k, []),
    only: ['no filter'],
  },
  {
    name: 'vec0 bit, 2k re-scored in float',
    only: ['no filter', 'province_territory=BC'],
    run: (q, k, c) =>
      rescored(
        q,
        vec0(`SELECT rowid, distance FROM v_bit WHERE embedding MATCH vec_bit(?) AND k = ? ${c.vec0}`)(
          binaryCode(q, codeWords(dim)),
          Math.min(4096, 2 * k),
          c.params,
        ).map((r) => r.rowid),
        k,
      ),
  },
  ...[1, 2, 4].map((r) => ({
    name: `memory binary scan, ${r}k re-scored in float${r === 2 ? ' (after)' : ''}`,
    run: (q: Float32Array, k: number, c: (typeof cases)[number]) => memIndex(r).nearest(q, k, c.f, null),
  })),
];

const cores = cpus().length;
console.log(
  `${values.data}: ${n} vectors of ${dim} dimensions, ${queries.length} queries, k=${K}, ${cores} cores, load average at start ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; codes + filter columns loaded in ${(loadMs / 1000).toFixed(2)} s`,
);
console.log('| variant | filter | p50 ms | p95 ms | overlap@20 | overlap@k |');
console.log('|---|---|---:|---:|---:|---:|');
for (const c of cases) {
  const exact = queries.map((q) => exactOf(c)(q, K, c.params));
  for (const v of variants) {
    if (v.only && !v.only.includes(c.name)) continue;
    v.run(queries[0], K, c); // warm-up
    const times: number[] = [];
    let o20 = 0,
      ok = 0;
    queries.forEach((q, i) => {
      const t = performance.now();
      const got = v.run(q, K, c);
      times.push(performance.now() - t);
      o20 += overlap(exact[i], got, 20);
      ok += overlap(exact[i], got, K);
    });
    const s = summarize(times);
    console.log(
      `| ${v.name} | ${c.name} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${(o20 / queries.length).toFixed(3)} | ${(ok / queries.length).toFixed(3)} |`,
    );
  }
}

// Pool size against latency, for the original index and the in-memory scan (no filter).
console.log('\n| k (pool per side) | vec0 float32 p50 ms | memory scan 2k p50 ms | memory scan overlap@20 |');
console.log('|---:|---:|---:|---:|');
for (const k of [100, 250, 500, 1000]) {
  const a: number[] = [],
    b: number[] = [];
  let o20 = 0;
  for (const q of queries) {
    let t = performance.now();
    const exact = exactOf(cases[0])(q, k, []);
    a.push(performance.now() - t);
    t = performance.now();
    const got = memIndex(2).nearest(q, k, base, null);
    b.push(performance.now() - t);
    o20 += overlap(exact, got, 20);
  }
  console.log(`| ${k} | ${summarize(a).p50.toFixed(1)} | ${summarize(b).p50.toFixed(1)} | ${(o20 / queries.length).toFixed(3)} |`);
}
console.log(
  `load average at end ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
await encoder.close();
