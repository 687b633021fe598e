// The keyword index step of the build alone, on a file built before: drops its keyword index and
// writes it again as `canpol build` does (tokenizing on worker threads), so that the step's memory
// can be measured under /usr/bin/time -v without the 1.5-hour build around it. The file is changed
// in place (the same index again, or the one the code under test writes): run it on a copy or on a
// file made for benchmarking, never on a served one.
//
//   /usr/bin/time -v bun bench/keyword-stage.ts --data FILE.db [--workers on|off|always]
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';
import { writeKeywordIndex } from '../build-db/search/write-keyword-index.js';
import type { WorkerMode } from '../build-db/workers/start-worker.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, workers: { type: 'string', default: 'on' } } });
if (!values.data || !['on', 'off', 'always'].includes(values.workers!)) {
  console.error('usage: bun bench/keyword-stage.ts --data FILE.db [--workers on|off|always]');
  process.exit(2);
}
const started = performance.now();
const mib = (b: number) => Math.round(b / 2 ** 20);
const log = (m: string) =>
  console.error(`[keyword-stage ${((performance.now() - started) / 1000).toFixed(1)}s rss ${mib(process.memoryUsage.rss())} MiB] ${m}`);
const db = new Database(values.data);
// As the build writes: a file renamed only on success, so no journal (write-database.ts).
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
const result = db.transaction(() => {
  db.exec('DROP TABLE IF EXISTS chunks_fts; DROP TABLE IF EXISTS chunk_term_docs; DROP TABLE IF EXISTS chunk_term_stats');
  return writeKeywordIndex(db, { onProgress: log, workers: values.workers as WorkerMode });
})();
db.close();
log(
  `wrote the keyword index: ${result.terms} terms, ${result.postings} postings, ${result.avgdl.toFixed(1)} terms a chunk, in ${result.seconds.toFixed(1)} s`,
);
console.log(
  JSON.stringify({
    terms: result.terms,
    postings: result.postings,
    seconds: +result.seconds.toFixed(1),
    rss_mib_at_end: mib(process.memoryUsage.rss()),
  }),
);
