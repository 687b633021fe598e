// The two parts of a data file that a search needs in memory: the encoder and the vector index.
// They are started side by side, but they do not overlap. onnxruntime-node creates its session
// synchronously on the calling thread (`loadModel` in its backend.js), and the vector index is
// decoded on this thread too. A 5 ms timer fired at most once while the encoder loaded (330-540 ms,
// the 1 M file, Node and Bun), so start to first answer is their sum: ~0.4 s of encoder whatever the
// corpus, plus ~0.2 s of index a million chunks. To overlap
// them, one would have to load on a worker thread, which first loads the whole program again.
import type Database from 'better-sqlite3';
import type { TextEncoder } from '../../core/encoder/text-encoder.js';
import { loadEncoder as loadStoredEncoder } from '../../core/data-file/encoder-store.js';
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

export async function loadSearchParts(
  db: Database.Database,
  { index = {}, loadEncoder = loadStoredEncoder }: SearchPartsOptions = {},
): Promise<SearchParts> {
  const encoder = loadEncoder(db);
  let vectors: VectorIndex | null;
  try {
    vectors = hasVectorTable(db) ? createVectorIndex(db, index) : null;
  } catch (err) {
    // The model may still be loading: it is closed, and its own failure dropped, before the index's is reported.
    await encoder.then(
      (e) => e?.close(),
      () => {},
    );
    throw err;
  }
  return { embedder: await encoder, vectors };
}
