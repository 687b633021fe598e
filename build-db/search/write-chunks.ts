// Build phase: speeches → chunks (with the metadata search filters on) → keyword index.
import Database from 'better-sqlite3';
import { inlinePipe, workerPipe } from '../workers/batch-pipe.js';
import { useWorkers, type WorkerMode } from '../workers/start-worker.js';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';
import { chunkSpeeches, type ChunkedSpeech, type SpeechToChunk } from './chunk-spans.js';
import { chunkRow, type Speech } from './chunk-rows.js';
import { CHUNK_INDEXES_SQL } from '../../src/core/data-file/search-schema.js';
import { writeKeywordIndex } from './write-keyword-index.js';
import { keywordIndexMismatch } from './reuse-keyword-index.js';
import { carryTable } from '../reuse-speeches.js';
import { KEYWORD_INDEX_SQL } from '../../src/core/data-file/keyword-index.js';

/** Batches handed to the chunking worker before the first is taken back. */
const IN_FLIGHT = 3;

export { contentHash } from './chunk-spans.js';

export interface ChunkStepOptions {
  /** Chunk the speeches and tokenize the keyword index on worker threads (`--build-workers`). */
  workers?: WorkerMode;
  /** A previous data file (`--reuse`): its keyword index is copied when it is the one these chunks
   *  need (build-db/search/reuse-keyword-index.ts). */
  previous?: string | null;
  /** The speeches were carried over from `previous` (build-db/reuse-speeches.ts), which checked
   *  that its chunk rows are the ones this step would write: they are copied, not chunked again. */
  carried?: boolean;
}

/** What the chunk step wrote. `keywordIndexFrom`: the previous file whose keyword index is the one
 *  these chunks need: its tables are created empty, for the caller to fill with copyKeywordIndex
 *  once the build's transaction is committed. */
export interface ChunkStepResult {
  chunks: number;
  keywordIndexFrom: string | null;
}

/** Runs inside the build's transaction, on a file created with SEARCH_SCHEMA_SQL (with the rest of
 *  the schema: the carry-over check compares its chunk_rows table with a previous file's). */
export function writeChunks(
  db: Database.Database,
  onProgress: (msg: string) => void = () => {},
  { workers = 'off', previous = null, carried = false }: ChunkStepOptions = {},
): ChunkStepResult {
  const rows = carried ? carriedChunks(db, onProgress) : chunkAll(db, onProgress, workers);
  const indexed = performance.now();
  db.exec(CHUNK_INDEXES_SQL);
  onProgress(`indexed the chunks in ${((performance.now() - indexed) / 1000).toFixed(1)}s`);
  if (previous && reusableKeywordIndex(db, previous, onProgress, carried)) {
    db.exec(KEYWORD_INDEX_SQL);
    return { chunks: rows, keywordIndexFrom: previous };
  }
  const index = writeKeywordIndex(db, { onProgress, workers });
  onProgress(
    `wrote their keyword index (${index.terms} terms, ${index.postings} postings, ${index.avgdl.toFixed(1)} terms per chunk) in ${index.seconds.toFixed(1)}s`,
  );
  return { chunks: rows, keywordIndexFrom: null };
}

function carriedChunks(db: Database.Database, onProgress: (msg: string) => void): number {
  const started = performance.now();
  const rows = carryTable(db, 'chunk_rows');
  onProgress(`search chunks: carried over ${rows} with the speeches in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  return rows;
}

/** Chunks every speech and writes the chunk rows; returns how many. */
function chunkAll(db: Database.Database, onProgress: (msg: string) => void, workers: WorkerMode): number {
  const insChunk = db.prepare(`INSERT INTO chunk_rows VALUES (@rowid, @id, @speech_id, @speech_rowid, @chunk_index, @char_start, @char_end,
    @byte_start, @byte_end, @language, @level, @province_territory, @politician_id, @party_at_time, @spoken_at, @spoken_on, @session_id, @speech_type, @is_presiding, @politician_active, @content_hash)`);
  const started = performance.now();
  let rowid = 0;
  // Chronological rowids make "recent" mode and rowid-ordered scans cheap. better-sqlite3 cannot
  // write while a statement iterates, so read the order first, then the speeches in batches.
  const order = db.prepare('SELECT rowid FROM speeches ORDER BY spoken_at, key').pluck().all() as number[];
  const batch = db.prepare(`SELECT s.rowid AS _rowid, s.*, p.is_active AS politician_active FROM speeches s
    LEFT JOIN politicians p ON p.id = s.politician_id WHERE s.rowid IN (SELECT value FROM json_each(?))`);
  const BATCH = 2000;
  // Chunking (regular expressions, ids, hashes) on a worker with `workers`, while this thread reads
  // speeches and inserts the chunks of the batch before: the same rows in the same order.
  const onWorker = useWorkers(workers, order.length);
  const pipe = onWorker ? workerPipe<SpeechToChunk, ChunkedSpeech>('chunk-speeches') : inlinePipe(chunkSpeeches);
  const submitted: Speech[][] = [];
  const guard = createMemoryGuard();
  const writeNext = () => {
    const speeches = submitted.shift()!;
    const chunked = pipe.take();
    speeches.forEach((s, k) => {
      const { spokenOn, pieces } = chunked[k];
      for (const c of pieces) insChunk.run(chunkRow(++rowid, s, spokenOn, c));
    });
  };
  try {
    for (let i = 0; i < order.length; i += BATCH) {
      const wanted = order.slice(i, i + BATCH);
      const byRowid = new Map((batch.all(JSON.stringify(wanted)) as Speech[]).map((r) => [r._rowid, r]));
      const speeches = wanted.map((r) => byRowid.get(r)!);
      pipe.submit(
        speeches.map(({ key, text, language, spoken_at, province_territory }) => ({ key, text, language, spoken_at, province_territory })),
      );
      submitted.push(speeches);
      if (submitted.length >= IN_FLIGHT) writeNext();
      guard.check();
    }
    while (submitted.length) writeNext();
  } finally {
    pipe.close();
  }
  onProgress(
    `wrote ${rowid} search chunks in ${((performance.now() - started) / 1000).toFixed(1)}s${onWorker ? ' (chunked on a worker thread)' : ''}`,
  );
  return rowid;
}

/** Whether `previous`'s keyword index is the one these chunks need; says why not otherwise. */
function reusableKeywordIndex(db: Database.Database, previous: string, onProgress: (msg: string) => void, chunksCarried: boolean): boolean {
  const started = performance.now();
  // A second connection, read-only: the checks compare two files statement by statement. That the
  // file exists was checked when it was attached (build-db/previous-file.ts).
  const prev = new Database(previous, { readonly: true, fileMustExist: true });
  try {
    const mismatch = keywordIndexMismatch(db, prev, { chunksCarried });
    const checked = ((performance.now() - started) / 1000).toFixed(1);
    if (mismatch) {
      onProgress(`keyword index: not reused from ${previous} (${mismatch}; checked in ${checked}s)`);
      return false;
    }
    onProgress(
      `keyword index: ${previous} holds the same chunks and tokens (checked in ${checked}s); its index is copied once the rows are written`,
    );
    return true;
  } catch (err) {
    throw new Error(`--reuse ${previous}: ${(err as Error).message}`, { cause: err });
  } finally {
    prev.close();
  }
}
