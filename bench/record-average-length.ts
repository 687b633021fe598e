// Records in a data file built before chunk_term_stats the average chunk length
// its keyword index's levels were computed with, so that a search on it scores its last candidates
// from their text (src/search/keyword-plan.ts) and the two ways of settling the best can be timed
// on one file without rebuilding it. The length is measured as the build measured it: the same
// sample of chunks (lengthSample), the same tokenizer, the same division. Changes FILE in place.
//
//   bun bench/record-average-length.ts --data FILE.db [--remove]
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { KeywordTerms } from '../build-db/search/keyword-terms.js';
import { averageLength, lengthSample } from '../build-db/search/write-keyword-index.js';
import { AVERAGE_LENGTH, TERM_STATS_SQL } from '../src/search/keyword-index.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, remove: { type: 'boolean', default: false } } });
if (!values.data) {
  console.error('usage: bun bench/record-average-length.ts --data FILE.db [--remove]');
  process.exit(2);
}
const db = new Database(values.data);
if (values.remove) {
  db.exec('DROP TABLE IF EXISTS chunk_term_stats');
  console.error(`record-average-length: removed chunk_term_stats from ${values.data}`);
} else {
  const chunks = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  const sample = new KeywordTerms().sample(lengthSample(db, chunks));
  const avgdl = averageLength(sample);
  db.exec('DROP TABLE IF EXISTS chunk_term_stats');
  db.exec(TERM_STATS_SQL);
  db.prepare('INSERT INTO chunk_term_stats (name, value) VALUES (?, ?)').run(AVERAGE_LENGTH, avgdl);
  console.error(`record-average-length: ${values.data}: average chunk length ${avgdl} terms (${sample.chunks} chunks read)`);
}
db.close();
