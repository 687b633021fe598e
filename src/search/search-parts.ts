// The two parts of a data file that a search needs in memory, loaded side by side. Most of the
// encoder's loading is the ONNX runtime compiling its model off the JavaScript thread (on
// data/real.db ~90 of 240-500 ms run on this thread), and decoding the vector index's blocks is all
// on this thread (~1.1 s at 8 M chunks), so the index is decoded while the model compiles instead
// of after it: start to first answer is the longer of the two, not their sum (issue 17).
import type Database from 'better-sqlite3';
import type { TextEncoder } from './encoder/text-encoder.js';
import { loadEncoder as loadStoredEncoder } from './encoder-store.js';
import { createVectorIndex, hasVectorTable, type VectorIndex, type VectorIndexOptions } from './vectors.js';

export interface SearchParts {
  /** The file's encoder; null for a file built without one. */
  embedder: TextEncoder | null;
  /** The file's vector index; null for a file without vectors. */
  vectors: VectorIndex | null;
}

export interface SearchPartsOptions {
  /** The vector index's options (its share of the search caches). */
  index?: VectorIndexOptions;
  /** Loads the encoder (injected by tests). */
  loadEncoder?: (db: Database.Database) => Promise<TextEncoder | null>;
}

export async function loadSearchParts(db: Database.Database, { index = {}, loadEncoder = loadStoredEncoder }: SearchPartsOptions = {}): Promise<SearchParts> {
  const encoder = loadEncoder(db);
  let vectors: VectorIndex | null;
  try {
    vectors = hasVectorTable(db) ? createVectorIndex(db, index) : null;
  } catch (err) {
    // The model may still be loading: it is closed, and its own failure dropped, before the index's is reported.
    await encoder.then((e) => e?.close(), () => {});
    throw err;
  }
  return { embedder: await encoder, vectors };
}
