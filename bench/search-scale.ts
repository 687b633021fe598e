// `make bench-scale CHUNKS=N` (issue 17): generate the scale corpus, build its data file under
// /usr/bin/time -v, run the search benchmark on it, and print one JSON object as the last line:
// {"chunks","distinct_terms","build_seconds","chunks_per_second","file_bytes","search_p50_ms",
//  "search_p95_ms","keyword_top20_agreement","server_rss_mb"} plus the build's peak RSS and the
// time from opening the file to the first answer. Progress goes to stderr.
//
//   bun bench/search-scale.ts --chunks 100000 [--from data/real] [--work /tmp/canpol-scale] [--rounds 1] [--keep-corpus]
//   bun bench/search-scale.ts --data FILE.db [--rounds 1] [--mmap-size BYTES]   (search only, on a file built before: the build's fields are null)
//   bun bench/search-scale.ts --data FILE.db --skip-agreement   (no exhaustive pass: agreement null)
//   bun bench/search-scale.ts --data FILE.db --lists fts5   (posting lists read through FTS5, as before their blobs)
//   bun bench/search-scale.ts --data FILE.db --memory-ceiling BYTES   (the server's --memory-ceiling; 0: no
//     collections after searches, as before it; default: the server's default)
//   bun bench/search-scale.ts --data FILE.db --first-answer-only [--serial-load]
//     (only the time to the first answer, as one JSON line; --serial-load loads the encoder before
//     the vector index, as the server did before src/server/search/search-parts.ts, for a before/after pair)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { computingApp, timedGet, useListsOption } from './search-app.js';
import { createSearchQueries, type SearchFilters } from '../src/server/db/search.js';
import { loadEncoder } from '../src/core/data-file/encoder-store.js';
import { loadSearchParts } from '../src/server/search/search-parts.js';
import { keywordCandidates } from '../src/server/search/keyword-plan.js';
import { queryTerms } from '../src/core/text/terms.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';
import { collectGarbage } from '../src/core/memory/collect-garbage.js';
import { serverMemoryGuard } from '../src/core/memory/memory-guard.js';
import { SETTINGS } from '../src/cli/settings.js';
import type { ScanThreads } from '../src/server/search/scan/code-scan.js';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string' },
    from: { type: 'string', default: 'data/real' },
    work: { type: 'string' },
    data: { type: 'string' },
    'mmap-size': { type: 'string' },
    'first-answer-only': { type: 'boolean', default: false },
    'skip-agreement': { type: 'boolean', default: false },
    'serial-load': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    'memory-ceiling': { type: 'string', default: SETTINGS.memory_ceiling.default },
    lists: { type: 'string', default: 'blobs' },
    'scan-threads': { type: 'string', default: SETTINGS.scan_threads.default },
    seed: { type: 'string', default: '1' },
    'keep-corpus': { type: 'boolean', default: false },
  },
});
const chunks = Number(values.chunks);
const given = values.data;
if (!given && (!Number.isInteger(chunks) || chunks < 1)) {
  console.error('usage: bun bench/search-scale.ts --chunks N [--from BUNDLE] [--work DIR_PREFIX] [--rounds N] | --data FILE.db');
  process.exit(2);
}
if (!given && !existsSync(`${values.from}/manifest.json`)) {
  console.error(`bench-scale: ${values.from} is not an imported bundle; run make data-real first`);
  process.exit(1);
}
const work = values.work ?? `/tmp/canpol-scale-${chunks}`;
const dbPath = given ?? `${work}.db`;
const bun = process.execPath;
const log = (m: string) => console.error(`bench-scale: ${m}`);
const run = (args: string[]) => {
  const r = spawnSync(args[0], args.slice(1), { stdio: ['ignore', 2, 'inherit'] });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited with ${r.status}`);
};

let buildSeconds = NaN,
  peakKb = NaN;
if (!given) {
  log(`generating ${chunks} chunks into ${work}`);
  run([bun, 'bench/scale-corpus.ts', '--from', values.from!, '--chunks', String(chunks), '--out', work, '--seed', values.seed!]);
  log('building the data file under /usr/bin/time -v');
  rmSync(dbPath, { force: true });
  const started = performance.now();
  run(['/usr/bin/time', '-v', '-o', `${work}.time`, bun, 'src/cli/main.ts', 'build', '--sources', work, '--out', dbPath]);
  buildSeconds = (performance.now() - started) / 1000;
  // The largest resident set of the build process (the build runs in one process, no children).
  peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(`${work}.time`, 'utf8'))?.[1] ?? NaN);
  if (!values['keep-corpus']) rmSync(work, { recursive: true, force: true });
}

log('searching');
const opened = performance.now();
const file = openDataFile(dbPath, values['mmap-size'] ? { mmapSize: Number(values['mmap-size']) } : {});
const fileOpenMs = performance.now() - opened;
if (useListsOption(file.db, values.lists)) log('posting lists read through FTS5, not their blobs (--lists fts5)');
// As the server loads them (src/commands/serve.ts, loadSearchParts: started side by side, which
// does not make them overlap: search-parts.ts), or with --serial-load as the server did before it
// (the encoder, then the index on the first search). The JSON still says "overlapped" for the
// first: the name earlier runs in docs/benchmarks.md were recorded under.
const { embedder, vectors } = values['serial-load']
  ? { embedder: await loadEncoder(file.db), vectors: undefined }
  : await loadSearchParts(file.db, { index: { scanThreads: values['scan-threads'] as ScanThreads } });
const encoderMs = performance.now() - opened - fileOpenMs;
const ceiling = Number(values['memory-ceiling']);
const memoryGuard = ceiling > 0 ? serverMemoryGuard(ceiling) : null;
const app = computingApp({ data: file, embedder, vectors, memoryGuard });
// A server answers each request from its own turn of the event loop, and the memory check after a
// search (src/core/memory/memory-guard.ts checkAfterwards) runs on the turn after. Searches awaited one after
// the other here resolve by microtasks only, so without this yield the check never ran until the
// searches were over: the resident set climbed to 2.5 GB at 8 M chunks and was read after the one
// collection at the end (fourteenth session, docs/benchmarks.md). The yield is outside the timing.
const get = async (path: string) => {
  const ms = await timedGet(app, path);
  await new Promise((done) => setImmediate(done));
  return ms;
};
await get(`/search/speeches?q=${encodeURIComponent(BENCH_QUERIES[0].q)}`);
const firstAnswerMs = performance.now() - opened;
const loaded = values['serial-load'] ? 'encoder' : 'encoder and vector index';
log(
  `first answer ${firstAnswerMs.toFixed(0)} ms: file open ${fileOpenMs.toFixed(0)}, ${loaded} ${encoderMs.toFixed(0)}, first search (${values['serial-load'] ? 'in-memory index included' : 'the rest of the app included'}) ${(firstAnswerMs - fileOpenMs - encoderMs).toFixed(0)}`,
);
if (values['first-answer-only']) {
  console.log(
    JSON.stringify({
      load: values['serial-load'] ? 'serial' : 'overlapped',
      first_answer_ms: Math.round(firstAnswerMs),
      file_open_ms: Math.round(fileOpenMs),
      load_ms: Math.round(encoderMs),
    }),
  );
  await embedder?.close();
  file.close();
  process.exit(0);
}
const politicians = file.db
  .prepare(`SELECT politician_id FROM chunks WHERE politician_id IS NOT NULL
  GROUP BY politician_id ORDER BY count(*) DESC, politician_id LIMIT 3 OFFSET 9`)
  .pluck()
  .all() as string[];
// The request mix of bench/search-latency.ts: no filter, broad and narrow filters, grouping.
const extras = [
  '',
  '&lang=en',
  '&province_territory=BC',
  '&from=2015-01-01&to=2015-12-31',
  politicians.map((p) => `&politician_ids=${p}`).join(''),
  '&group_by=politician',
];
for (const { q } of BENCH_QUERIES) await get(`/search/speeches?q=${encodeURIComponent(q)}`);
// The peak over the timed searches alone: Linux resets VmHWM to the current resident set on this
// write (proc(5), clear_refs); elsewhere the peak since the file was opened is what is read.
const peakFromHere = (() => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
})();
const times: number[] = [];
for (let r = 0; r < Number(values.rounds); r++)
  for (const extra of extras)
    for (const { q } of BENCH_QUERIES) times.push(await get(`/search/speeches?q=${encodeURIComponent(q)}${extra}`));
const latency = summarize(times);
// The server's memory is read here, after the searches and before the exhaustive pass below (which
// holds every posting of the queries' stems and is not part of serving). Anonymous memory is the
// process's own; file-backed pages are the memory-mapped data file, shared with the page cache.
// A server between requests has run its memory check after the last answer (src/core/memory/memory-guard.ts
// checkAfterwards: on the next turn of the event loop); the reading waits for that turn, and a little.
await new Promise((done) => setTimeout(done, 250));
const status = (key: string) =>
  Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;
const rssMb = status('VmRSS'),
  rssAnonMb = status('RssAnon'),
  rssFileMb = status('RssFile'),
  peakMb = status('VmHWM');
// How much of the anonymous memory is garbage not yet collected (JavaScriptCore collects late): the
// same after a full collection. Not in the JSON: a server does not collect like this. (Bun's
// process.memoryUsage().heapUsed read 1,007 MB here at 8 M with 896 MB anonymous, so it is not shown.)
collectGarbage();
const anonAfterGcMb = status('RssAnon');

// The keyword side against an exhaustive reading of every posting of every stem (same scores).
const queries = createSearchQueries(file.db);
const f: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
let agree = 0;
for (const { q } of values['skip-agreement'] ? [] : BENCH_QUERIES) {
  const stems = [...new Set(queryTerms(q, f.langs).flatMap((t) => t.stems))];
  const exact = keywordCandidates(queries, stems, { f, sessionIds: null, passing: null, limit: 20, budget: Number.MAX_SAFE_INTEGER });
  const served = keywordCandidates(queries, stems, { f, sessionIds: null, passing: null, limit: 1000 }).slice(0, 20);
  if (exact.length === served.length && exact.every((r, i) => served[i] === r)) agree++;
}
const distinct = file.db.prepare('SELECT count(*) FROM chunk_term_docs').pluck().get() as number;
const stored = file.db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
await embedder?.close();
file.close();
log(
  `server RSS after the searches ${rssMb.toFixed(0)} MB: anonymous ${rssAnonMb.toFixed(0)}, file-backed (mapped data file) ${rssFileMb.toFixed(0)}; the most it held ${peakFromHere ? 'during the timed searches' : 'since the file was opened'} (VmHWM) ${peakMb.toFixed(0)} MB`,
);
log(`after a full collection: anonymous ${anonAfterGcMb.toFixed(0)} MB`);
if (memoryGuard) log(`memory ceiling ${(ceiling / 2 ** 20).toFixed(0)} MiB: ${memoryGuard.collections} collections after searches`);
log(`${times.length} searches; build peak RSS ${(peakKb / 1024).toFixed(0)} MB; first answer ${firstAnswerMs.toFixed(0)} ms after opening`);
console.log(
  JSON.stringify({
    chunks: stored,
    distinct_terms: distinct,
    build_seconds: given ? null : +buildSeconds.toFixed(1),
    chunks_per_second: given ? null : Math.round(stored / buildSeconds),
    file_bytes: statSync(dbPath).size,
    search_p50_ms: +latency.p50.toFixed(1),
    search_p95_ms: +latency.p95.toFixed(1),
    keyword_top20_agreement: values['skip-agreement'] ? null : +(agree / BENCH_QUERIES.length).toFixed(3),
    server_rss_mb: Math.round(rssMb),
    server_rss_anon_mb: Math.round(rssAnonMb),
    server_rss_file_mb: Math.round(rssFileMb),
    server_rss_peak_mb: peakFromHere ? Math.round(peakMb) : null,
    build_peak_rss_mb: given ? null : Math.round(peakKb / 1024),
    first_answer_ms: Math.round(firstAnswerMs),
    memory_collections: memoryGuard?.collections ?? null,
    scan_threads: vectors?.scanThreads() ?? null,
  }),
);
