// Build phase: embed every chunk and store its binary code and int8 form (what src/search/vectors.ts
// holds in memory, with the chunks' filter columns). The codes of unchanged text can be copied from a
// previous data file (`reuse`): search reads nothing else, so a copied chunk is served as if embedded.
import type Database from 'better-sqlite3';
import type { Embedder } from '../../src/search/embedder.js';
import { binaryCode, codeWords } from '../../src/search/scan/binary-code.js';
import { quantizeInt8 } from '../../src/search/scan/int8-vectors.js';
import { VECTOR_TABLES_SQL } from '../../src/search/vectors.js';
import { chunkBatches } from './chunk-batches.js';

export interface WriteVectorsOptions {
  db: Database.Database;
  embedder: Embedder;
  /** Stored codes by content hash from a previous build, or null. */
  reuse?: ((hash: string) => StoredVector | undefined) | null;
  batchSize?: number;
  onProgress?: (msg: string) => void;
}

/** What the file keeps of one embedding. */
export interface StoredVector { code: Uint8Array; int8: Int8Array }

/** The stored form of a fresh embedding. */
export function storedVector(vec: Float32Array): StoredVector {
  return { code: binaryCode(vec, codeWords(vec.length)), int8: quantizeInt8(vec) };
}

interface ChunkRow { rowid: number; text: string; content_hash: string }

export async function writeVectors({ db, embedder, reuse = null, batchSize = 256, onProgress = () => {} }: WriteVectorsOptions) {
  db.exec(VECTOR_TABLES_SQL);
  const insCode = db.prepare('INSERT INTO chunk_codes (rowid, code, vector_i8) VALUES (?, ?, ?)');
  const insertAll = db.transaction((rows: ChunkRow[], vecs: StoredVector[]) => {
    rows.forEach((r, i) => insCode.run(r.rowid, vecs[i].code, vecs[i].int8));
  });
  const total = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  const columns = 'text, content_hash';
  const started = performance.now();
  let done = 0, reused = 0, embedded = 0, embedMs = 0;
  for (const rows of chunkBatches<ChunkRow>(db, columns, batchSize)) {
    const vecs: Array<StoredVector | undefined> = rows.map((r) => reuse?.(r.content_hash));
    const missing = rows.map((_, i) => i).filter((i) => !vecs[i]);
    if (missing.length) {
      const t = performance.now();
      const fresh = await embedder.embed(missing.map((i) => rows[i].text));
      embedMs += performance.now() - t;
      missing.forEach((i, j) => { vecs[i] = storedVector(fresh[j]); });
      embedded += missing.length;
    }
    reused += rows.length - missing.length;
    insertAll(rows, vecs as StoredVector[]);
    done += rows.length;
    if (done % (batchSize * 40) < batchSize || done === total) onProgress(`vectors: ${done}/${total} chunks (${reused} reused)`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { total: done, embedded, reused, seconds, chunksPerSecond: embedded ? embedded / (embedMs / 1000) : 0 };
}
