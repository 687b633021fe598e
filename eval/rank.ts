// Ranks a query four ways: plain BM25 over the same chunks (the baseline, eval/bm25.ts); the
// engine's keyword side alone; its vector side alone (nearest neighbours); and hybrid, the engine's
// ranking as the API returns it — the same candidate pool with one side switched off for the two
// sides. Results are chunk keys (speech key # chunk index), best first.
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/server/db/search.js';
import type { PoolOptions } from '../src/server/search/candidates.js';
import { federatedPool } from '../src/server/search/federated.js';
import type { FusionWeights } from '../src/server/search/fuse.js';
import { loadEncoder, loadLexicon } from '../src/core/data-file/encoder-store.js';
import { createVectorIndex, hasVectorTable, type VectorIndexOptions } from '../src/server/search/vectors.js';
import { createBm25 } from './bm25.js';
import { chunkKey } from './queries.js';

export const MODES = ['bm25', 'keyword', 'vector', 'hybrid'] as const;
export type Mode = (typeof MODES)[number];
/** The sides alone see every candidate (no match floor: the vector side alone has no keyword
 *  evidence; and its list counts whatever the fusion weighs it, 0 included); hybrid is exactly the
 *  API's ranking. */
const VECTOR_ALONE: FusionWeights = { keyword: 0, translated: 0, vector: 1 };
const SIDES: Record<Exclude<Mode, 'bm25'>, PoolOptions> = {
  keyword: { keyword: true, vector: false },
  vector: { keyword: false, vector: true, floor: -1, weights: { keyword: VECTOR_ALONE, topic: VECTOR_ALONE, prose: VECTOR_ALONE } },
  hybrid: { keyword: true, vector: true },
};

/** The keyword side with the query's own words only: no translated list, expansion or word families. */
export const OWN_WORDS_ONLY: PoolOptions = {
  translatedLeads: 0,
  expansion: { weight: { keyword: 0, topic: 0, prose: 0 } },
  relatedWeight: 0,
};

/** lang=any and no other filter: what a plain `/search/speeches?q=` does. */
const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };

export interface Ranker {
  /** The whole ranked pool of `q` under `mode`, as chunk keys; `options` vary engine constants (eval/tune.ts). */
  rank(q: string, mode: Mode, options?: PoolOptions): Promise<string[]>;
  /** Chunk text and metadata by key, for judging. */
  chunk(key: string): { text: string; language: string; speaker: string; spoken_on: string } | undefined;
  chunkCount: number;
  /** Chunks of the speeches whose keys start with one of these sources (`ca-hoc`, `bc`, ...). */
  chunksOf(sources: ReadonlySet<string>): number;
  close(): Promise<void>;
}

/** `filters` narrows every engine search (the API's filters, e.g. level=federal); default: none (lang=any). */
export async function openRanker(path: string, filters: SearchFilters = ANY, vectorOptions: VectorIndexOptions = {}): Promise<Ranker> {
  const file = openDataFile(path);
  const encoder = await loadEncoder(file.db);
  if (!encoder || !hasVectorTable(file.db)) {
    file.close();
    throw new Error(`${path} has no encoder or vector index; vector-only and hybrid cannot be measured`);
  }
  const queries = createSearchQueries(file.db);
  // Embeddings are remembered: the tuning grid (eval/tune.ts) ranks each query many times.
  const embedded = new Map<string, Promise<Float32Array>>();
  const embed = (t: string) => {
    let v = embedded.get(t);
    if (!v) embedded.set(t, (v = encoder.embedQuery(t)));
    return v;
  };
  const src = {
    queries,
    vectors: createVectorIndex(file.db, vectorOptions),
    embed,
    lexicon: loadLexicon(file.db),
    knows: (t: string) => encoder.knowsAnyWord?.(t) ?? true,
  };
  const rows = file.db
    .prepare(`SELECT c.rowid, s.key, c.chunk_index, c.text, c.language, s.speaker_name_raw AS speaker, c.spoken_on
    FROM chunks c JOIN speeches s ON s.id = c.speech_id`)
    .all() as Array<{
    rowid: number;
    key: string;
    chunk_index: number;
    text: string;
    language: 'en' | 'fr';
    speaker: string;
    spoken_on: string;
  }>;
  const bm25 = createBm25(rows.map((r) => ({ id: r.rowid, text: r.text, language: r.language })));
  const keyOf = new Map(rows.map((r) => [r.rowid, chunkKey(r.key, r.chunk_index)]));
  const byKey = new Map(rows.map((r) => [chunkKey(r.key, r.chunk_index), r]));
  return {
    async rank(q, mode, options = {}) {
      if (mode === 'bm25') return bm25.rank(q).map((rowid) => keyOf.get(rowid)!);
      const pool = await federatedPool(src, q, filters, undefined, { ...SIDES[mode], ...options });
      return pool.candidates.map((c) => keyOf.get(c.rowid)!);
    },
    chunk: (key) => byKey.get(key),
    chunkCount: rows.length,
    chunksOf: (sources) => rows.filter((r) => sources.has(r.key.split('/')[0])).length,
    async close() {
      await encoder.close();
      file.close();
    },
  };
}
