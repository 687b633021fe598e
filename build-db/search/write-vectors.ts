// Build phase: embed every chunk and store its int8 form (`chunk_int8`) and its binary code with its
// filter columns (`chunk_blocks`: what src/server/search/vectors.ts loads into memory). The vectors of
// unchanged text can be copied from a previous data file (`reuse`): search reads nothing else, so a
// copied chunk is served as if embedded.
import type Database from 'better-sqlite3';
import type { Embedder } from '../../src/core/encoder/embedder.js';
import { binaryCode, codeWords } from '../../src/core/data-file/binary-code.js';
import { quantizeInt8 } from '../../src/core/data-file/int8-vectors.js';
import type { FilterRow } from '../../src/core/data-file/filter-row.js';
import { VECTOR_TABLES_SQL } from '../../src/core/data-file/vector-rows.js';
import { chunkBatches } from './chunk-batches.js';
import { CodeBlockWriter } from './write-code-blocks.js';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';

export interface WriteVectorsOptions {
  db: Database.Database;
  embedder: Embedder;
  /** Stored vectors of a previous build for a batch of chunks (rowid order), or null. */
  reuse?: ReuseVectors | null;
  batchSize?: number;
  onProgress?: (msg: string) => void;
}

/** A previous build's stored vector for each chunk of a batch (ascending rowids), where it has one
 *  for the chunk's text; undefined where the chunk must be embedded. */
export type ReuseVectors = (rows: ReadonlyArray<{ rowid: number; content_hash: string }>) => Array<StoredVector | undefined>;

/** What the file keeps of one embedding. */
export interface StoredVector {
  code: Uint8Array;
  int8: Int8Array;
}

/** The stored form of a fresh embedding. */
export function storedVector(vec: Float32Array): StoredVector {
  return { code: binaryCode(vec, codeWords(vec.length)), int8: quantizeInt8(vec) };
}

type ChunkRow = { rowid: number; text?: string; content_hash: string; party_at_time: string | null } & Omit<FilterRow, 'party'>;

/** The filter columns as the vector index compares them: party lower-cased, '' or -1 for unknown. */
const FILTER_SELECT = `language, level, coalesce(province_territory, '') AS province_territory, speech_type, spoken_on, is_presiding,
  coalesce(politician_active, -1) AS politician_active, coalesce(politician_id, '') AS politician_id, party_at_time, coalesce(session_id, '') AS session_id`;

export async function writeVectors({ db, embedder, reuse = null, batchSize = 256, onProgress = () => {} }: WriteVectorsOptions) {
  db.exec(VECTOR_TABLES_SQL);
  const insInt8 = db.prepare('INSERT INTO chunk_int8 (rowid, vector_i8) VALUES (?, ?)');
  const blocks = new CodeBlockWriter(db);
  const insertAll = db.transaction((rows: ChunkRow[], vecs: StoredVector[]) => {
    rows.forEach((r, i) => {
      insInt8.run(r.rowid, vecs[i].int8);
      blocks.add(r.rowid, vecs[i].code, { ...r, party: (r.party_at_time ?? '').toLowerCase() });
    });
  });
  const total = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  // With a previous file most chunks are copied, so a text (cut out of its speech by the view) is
  // read only for the chunks to embed.
  const columns = `${reuse ? '' : 'text, '}content_hash, ${FILTER_SELECT}`;
  const textOf = db.prepare('SELECT text FROM chunks WHERE rowid = ?').pluck();
  const started = performance.now();
  // Each batch leaves garbage that Bun collects late; copying 8 M vectors from a previous file took
  // the process from 1.2 to 1.5 GB resident without a check.
  const guard = createMemoryGuard();
  let done = 0,
    reused = 0,
    embedded = 0,
    embedMs = 0;
  for (const rows of chunkBatches<ChunkRow>(db, columns, batchSize)) {
    const vecs: Array<StoredVector | undefined> = reuse ? reuse(rows) : rows.map(() => undefined);
    const missing = rows.map((_, i) => i).filter((i) => !vecs[i]);
    if (missing.length) {
      const texts = missing.map((i) => rows[i].text ?? (textOf.get(rows[i].rowid) as string));
      const t = performance.now();
      const fresh = await embedder.embed(texts);
      embedMs += performance.now() - t;
      missing.forEach((i, j) => {
        vecs[i] = storedVector(fresh[j]);
      });
      embedded += missing.length;
    }
    reused += rows.length - missing.length;
    insertAll(rows, vecs as StoredVector[]);
    guard.check();
    done += rows.length;
    if (done % (batchSize * 40) < batchSize || done === total) onProgress(`vectors: ${done}/${total} chunks (${reused} reused)`);
  }
  db.transaction(() => blocks.finish())();
  const seconds = (performance.now() - started) / 1000;
  return { total: done, embedded, reused, seconds, chunksPerSecond: embedded ? embedded / (embedMs / 1000) : 0 };
}
