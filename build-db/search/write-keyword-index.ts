// Build step after the chunks: the impact-ordered keyword index of src/core/data-file/keyword-index.ts.
// A term's level depends on the average chunk length, so that is measured first (on a sample of a
// large corpus); then each chunk's tokens are written (`stem_level` per stem, and its facet tokens);
// last, each level list is copied out of the merged index into a blob of its own, and the chunks per
// stem and level counted from those (build-db/search/write-posting-lists.ts). The tokenizing
// (build-db/search/keyword-terms.ts) runs on worker threads with `workers` while this thread reads
// chunks and writes to SQLite: the same lines in the same order either way, so the same index.
import type Database from 'better-sqlite3';
import { AVERAGE_LENGTH, KEYWORD_INDEX_SQL } from '../../src/core/data-file/keyword-index.js';
import { chunkBatches } from './chunk-batches.js';
import { CHUNK_TERMS_COLUMNS, type ChunkTerms, type SampleRow } from './keyword-terms.js';
import { inlineTokenizer, workerTokenizer } from './keyword-worker.js';
import { useWorkers, type WorkerMode } from '../workers/start-worker.js';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';
import { writePostingLists, writeTermDocs } from './write-posting-lists.js';

const BATCH = 2000;
const AVGDL_SAMPLE = 20_000;
/** Batches handed to the worker before the first is taken back: it tokenizes one while this thread
 *  writes another, and never holds more than a few batches' texts. */
const IN_FLIGHT = 4;
/** Tokenizing threads. With one, the step took as long as on one thread (100 k chunks: the worker
 *  tokenizing was the slowest of the pipeline while this thread waited); with two they share the
 *  cores with this thread. */
const TOKENIZERS = 2;

export interface KeywordIndexOptions {
  onProgress?: (msg: string) => void;
  /** Tokenize on worker threads (`--build-workers`). */
  workers?: WorkerMode;
}

/** The chunks the average chunk length is measured on: every `step`-th, so all of them up to
 *  AVGDL_SAMPLE chunks. */
export function lengthSample(db: Database.Database, chunks: number): SampleRow[] {
  const step = Math.max(1, Math.floor(chunks / AVGDL_SAMPLE));
  return db.prepare('SELECT rowid, text, language FROM chunks WHERE rowid % ? = 0').all(step) as SampleRow[];
}

/** The average chunk length in index terms of a tokenized sample (1 when it is empty): the avgdl
 *  every level is computed with, and recorded in chunk_term_stats. */
export const averageLength = (sample: { chunks: number; terms: number }): number => (sample.chunks ? sample.terms / sample.chunks : 1);

export function writeKeywordIndex(
  db: Database.Database,
  { onProgress = () => {}, workers = 'off' }: KeywordIndexOptions = {},
): { terms: number; postings: number; avgdl: number; seconds: number } {
  const started = performance.now();
  db.exec(KEYWORD_INDEX_SQL);
  // The average chunk length, from every `step`-th chunk: exact up to 20,000 chunks; above, a sample
  // (100,000 gave 65.8 terms against 65.9 exact at 1 M; the mean of 20,000 lengths of sd ~50 terms
  // is within ~0.35 terms) instead of a whole tokenizing pass (45 s at 100 k on the loaded VM).
  const chunks = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  const onWorker = useWorkers(workers, chunks);
  const tokenizer = onWorker ? workerTokenizer(TOKENIZERS) : inlineTokenizer();
  const sample = tokenizer.sample(lengthSample(db, chunks));
  const avgdl = averageLength(sample);
  tokenizer.setAverageLength(avgdl);
  db.prepare('INSERT INTO chunk_term_stats (name, value) VALUES (?, ?)').run(AVERAGE_LENGTH, avgdl);
  onProgress(
    `keyword index: average chunk length ${avgdl.toFixed(1)} terms (${sample.chunks} chunks read)${onWorker ? `, tokenizing on ${TOKENIZERS} worker threads` : ''}`,
  );
  const every = 100_000;

  const insert = db.prepare('INSERT INTO chunks_fts (rowid, terms) VALUES (?, ?)');
  const submitted: number[][] = [];
  const guard = createMemoryGuard();
  let done = 0;
  const writeNext = () => {
    const rowids = submitted.shift()!;
    const lines = tokenizer.take();
    for (let i = 0; i < rowids.length; i++) insert.run(rowids[i], lines[i]);
    done += rowids.length;
    guard.check();
    if (done % every < BATCH) onProgress(`keyword index: ${done}/${chunks} chunks indexed`);
  };
  for (const rows of chunkBatches<ChunkTerms>(db, CHUNK_TERMS_COLUMNS, BATCH)) {
    tokenizer.submit(rows);
    submitted.push(rows.map((r) => r.rowid));
    if (submitted.length >= IN_FLIGHT) writeNext();
  }
  while (submitted.length) writeNext();
  const { postings } = tokenizer.finish();
  // One segment: a search reads each posting list from one b-tree instead of one per segment.
  onProgress('keyword index: merging into one segment');
  db.exec("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')");
  onProgress('keyword index: copying each level list into a blob');
  const lists = writePostingLists(db, onProgress);
  onProgress(
    `keyword index: ${lists.lists} level lists copied (${lists.postings} postings, ${lists.bytes} bytes); counting chunks per stem and level`,
  );
  const terms = writeTermDocs(db);
  return { terms, postings, avgdl, seconds: (performance.now() - started) / 1000 };
}
