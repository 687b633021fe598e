// What search derives from the data file and reads again query after query, kept per served file
// (the file is immutable while served; a reload builds a new set of queries, so new, empty caches),
// each capped in bytes (src/server/search/bounded-cache.ts):
//   - posting lists: a frequent stem's lists are read by every query holding the stem, and within
//     one query by each stage that needs them (own words, cross-lingual check, rare-word pin);
//   - stem counts (chunk_term_docs): the same stems, planned with by every such query;
//   - chunk words (src/search/text/chunk-words.ts): the best chunks of one query are often those
//     of the next, and snippets and the cross-lingual check tokenized and stemmed them every time;
//   - result rows (the chunk, its speech, session, politician and handles), for the same reason.
// Answers are the same as without the caches: a kept posting list is served as a prefix of what
// FTS5 returned (newest first), only when that prefix is what FTS5 would return for the limit asked.
import type { Lang } from '../../core/text/terms.js';
import { BoundedCache, type BoundedCacheStats } from './bounded-cache.js';
import { chunkWords, chunkWordsBytes, type ChunkWords } from '../../core/text/chunk-words.js';

const MiB = 2 ** 20;

/** Bytes per cache. Chunk words cost ~16 bytes a word (~7 KB for a chunk of 480 words): 48 MiB holds
 *  ~7,000 chunks, every chunk of today's real file. The int8 vectors (kept by the vector index,
 *  src/server/search/scan/int8-slots.ts) cost their dim in bytes (256): 32 MiB holds 131,072 chunks. */
export const SEARCH_CACHE_BYTES = {
  chunk_words: 48 * MiB,
  postings: 32 * MiB,
  stem_counts: 4 * MiB,
  rows: 24 * MiB,
  int8_vectors: 32 * MiB,
} as const;
export type SearchCacheName = keyof typeof SEARCH_CACHE_BYTES;
/** The caches of this module (the int8 vectors are the vector index's). */
export type QueryCacheName = Exclude<SearchCacheName, 'int8_vectors'>;

/** `total` bytes shared among the caches in the proportions of SEARCH_CACHE_BYTES (--search-cache). */
export function splitSearchCache(total: number): Record<SearchCacheName, number> {
  const all = Object.values(SEARCH_CACHE_BYTES).reduce((a, b) => a + b, 0);
  const entries = Object.entries(SEARCH_CACHE_BYTES) as Array<[SearchCacheName, number]>;
  return Object.fromEntries(entries.map(([name, bytes]) => [name, Math.floor((total * bytes) / all)])) as Record<SearchCacheName, number>;
}

export interface StemCounts {
  docs: number;
  levels: number[];
}

/** The uncached reads the caches sit in front of (src/server/db/search.ts). */
export interface CachedReads<Row extends { text: string; language: Lang }> {
  termLevels(stems: string[]): Map<string, StemCounts>;
  postings(match: string, limit: number): Int32Array;
  texts(rowids: number[]): Map<number, { text: string; language: Lang }>;
  rows(rowids: number[]): Map<number, Row>;
}

/** A row's cost in memory, roughly: its strings (UTF-16) and a slot per field. */
function rowBytes(row: object): number {
  let bytes = 64;
  for (const v of Object.values(row)) bytes += typeof v === 'string' ? 2 * v.length + 32 : 16;
  return bytes;
}

interface Postings {
  rowids: Int32Array;
  complete: boolean;
}

/** Rowids newest first, shared: never modified. */
export type PostingList = ArrayLike<number> & Iterable<number>;

/** Values by rowid: the kept ones, the others read in one call, made into values and kept. */
function readThrough<V, R>(
  cache: BoundedCache<number, V>,
  rowids: readonly number[],
  read: (missing: number[]) => Map<number, R>,
  make: (read: R) => V,
  bytes: (value: V) => number,
): Map<number, V> {
  const out = new Map<number, V>();
  const missing: number[] = [];
  for (const r of rowids) {
    const v = cache.get(r);
    if (v) out.set(r, v);
    else missing.push(r);
  }
  if (missing.length) {
    for (const [r, got] of read(missing)) {
      const v = make(got);
      cache.set(r, v, bytes(v));
      out.set(r, v);
    }
  }
  return out;
}

/** SQLite's BINARY order of the stems (UTF-8 bytes): the order chunk_term_docs answers in. */
const binaryOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function createQueryCaches<Row extends { text: string; language: Lang }>(
  raw: CachedReads<Row>,
  bytes: Record<QueryCacheName, number> = SEARCH_CACHE_BYTES,
) {
  const words = new BoundedCache<number, ChunkWords>(bytes.chunk_words);
  const rows = new BoundedCache<number, Row>(bytes.rows);
  const postings = new BoundedCache<string, Postings>(bytes.postings);
  // null: no chunk holds the stem (queries ask for such stems too).
  const counts = new BoundedCache<string, StemCounts | null>(bytes.stem_counts);

  return {
    /** Chunks holding each stem, in all and per impact level; in stem order, as the SQL answers. */
    termLevels(stems: string[]): Map<string, StemCounts> {
      const unique = [...new Set(stems)];
      const found = new Map<string, StemCounts | null>();
      const missing: string[] = [];
      for (const s of unique) {
        const c = counts.get(s);
        if (c === undefined) missing.push(s);
        else found.set(s, c);
      }
      if (missing.length) {
        const read = raw.termLevels(missing);
        for (const s of missing) {
          const c = read.get(s) ?? null;
          counts.set(s, c, 2 * s.length + (c ? 200 : 16));
          found.set(s, c);
        }
      }
      const out = new Map<string, StemCounts>();
      for (const s of unique.sort(binaryOrder)) {
        const c = found.get(s);
        if (c) out.set(s, c);
      }
      return out;
    },
    /** Rowids an FTS5 query matches, newest first, at most `limit`. Shared: callers must not modify it. */
    postings(match: string, limit: number): PostingList {
      const kept = postings.get(match);
      if (kept && (limit <= kept.rowids.length || kept.complete)) {
        return limit >= kept.rowids.length ? kept.rowids : kept.rowids.subarray(0, limit);
      }
      // Kept as read, int32 (rowids are): 4 bytes a posting where an array of numbers takes 8, so the same
      // cap keeps twice the postings (a common stem's lists hold ~400,000 at 1 M chunks).
      const rowids = raw.postings(match, limit);
      postings.set(match, { rowids, complete: rowids.length < limit }, 4 * rowids.length + 2 * match.length + 64);
      return rowids;
    },
    /** Result rows by rowid (kept; shared: callers must not modify them). */
    rows(rowids: readonly number[]): Map<number, Row> {
      return readThrough(
        rows,
        rowids,
        (m) => raw.rows(m),
        (row) => row,
        rowBytes,
      );
    },
    /** Text and language of chunks: from kept rows where they are, else read. */
    texts(rowids: readonly number[]): Map<number, { text: string; language: Lang }> {
      const out = new Map<number, { text: string; language: Lang }>();
      const missing: number[] = [];
      for (const r of rowids) {
        const row = rows.get(r);
        if (row) out.set(r, row);
        else missing.push(r);
      }
      if (missing.length) for (const [r, t] of raw.texts(missing)) out.set(r, t);
      return out;
    },
    /** The words of a chunk whose text is at hand. */
    chunkWords(rowid: number, text: string, language: Lang): ChunkWords {
      let w = words.get(rowid);
      if (!w) words.set(rowid, (w = chunkWords(text, language)), chunkWordsBytes(w));
      return w;
    },
    /** The words of chunks, their texts read for those not kept. */
    chunkWordsOf(rowids: readonly number[]): Map<number, ChunkWords> {
      return readThrough(
        words,
        rowids,
        (m) => raw.texts(m),
        (t) => chunkWords(t.text, t.language),
        chunkWordsBytes,
      );
    },
    stats: (): Record<QueryCacheName, BoundedCacheStats> => ({
      chunk_words: words.stats(),
      postings: postings.stats(),
      stem_counts: counts.stats(),
      rows: rows.stats(),
    }),
  };
}

export type QueryCaches = ReturnType<typeof createQueryCaches>;
