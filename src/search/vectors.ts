// The vector index. The data file keeps every chunk's float embedding (`chunk_vectors`, sqlite-vec's
// float32 blob format) and, in a narrow table loaded into memory when the server starts, its binary
// code with the filter columns (`chunk_codes`). A query scans every code that passes the filters
// (Hamming distance, SIMD), keeps the RESCORE·k nearest, and ranks those by exact cosine similarity,
// computed by sqlite-vec over the float vectors. Chosen by measurement (docs/api-notes.md "Search"):
// sqlite-vec's vec0 k-nearest search, in any of its float/int8/bit representations, costs O(n·k) and
// took ~2 s per query at 1 M chunks with k=1000, and reading vectors back from a vec0 table by rowid
// costs ~25 µs each (50 ms for a short list of 2,000) against ~1 µs from a plain rowid table.
import type Database from 'better-sqlite3';
import type { SearchFilters } from '../db/search.js';
import { binaryCode, codeWords } from './scan/binary-code.js';
import { CodeScan } from './scan/code-scan.js';
import { FilterColumns, type FilterRow } from './scan/filter-columns.js';

export const VECTOR_TABLES_SQL = `
CREATE TABLE chunk_vectors (rowid INTEGER PRIMARY KEY, embedding BLOB NOT NULL); -- float32, little-endian
CREATE TABLE chunk_codes (
  rowid INTEGER PRIMARY KEY, code BLOB NOT NULL,  -- sign bits of the embedding (src/search/scan/binary-code.ts)
  language TEXT NOT NULL, level TEXT NOT NULL, province_territory TEXT NOT NULL, speech_type TEXT NOT NULL,
  spoken_on TEXT NOT NULL, is_presiding INTEGER NOT NULL, politician_active INTEGER NOT NULL,
  politician_id TEXT NOT NULL, party TEXT NOT NULL, session_id TEXT NOT NULL
);`;

/** The pool never asks for more (kept from sqlite-vec's cap, so results do not depend on the index). */
export const MAX_K = 4096;
/** Codes short-listed per neighbour asked for, then re-scored exactly (measured: bench/search-vectors.ts). */
export const RESCORE = 2;

export interface Neighbour { rowid: number; similarity: number }

export interface VectorIndex {
  count(): number;
  /** The k nearest to `query` passing the filters, best first; `similarity` is measured to
   *  `reference` (default: `query`), so a search can probe with one vector and report another. */
  nearest(query: Float32Array, k: number, f: SearchFilters, sessionIds: string[] | null, reference?: Float32Array): Neighbour[];
  /** Stored vectors by chunk rowid (missing ones are absent). */
  vectors(rowids: number[]): Map<number, Float32Array>;
  /** Cosine similarity of `query` to each stored vector (missing ones are absent). */
  similarities(query: Float32Array, rowids: ArrayLike<number>): Map<number, number>;
}

export function hasVectorTable(db: Database.Database): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'chunk_codes'").get());
}

export const floatsOf = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

export interface VectorIndexOptions { rescore?: number }

/** Loads the codes and filter columns (about 1 s and 70 MB per million chunks). Needs sqlite-vec
 *  loaded on `db`: its vec_distance_cosine scores the short list in C, measured 3-8x faster than
 *  reading the blobs into JavaScript and scoring them there (2,000 vectors: ~2.5 ms against ~8-20 ms). */
export function createVectorIndex(db: Database.Database, { rescore = RESCORE }: VectorIndexOptions = {}): VectorIndex {
  const n = db.prepare('SELECT count(*) FROM chunk_codes').pluck().get() as number;
  const first = db.prepare('SELECT code FROM chunk_codes LIMIT 1').pluck().get() as Buffer | undefined;
  const words = first ? Math.max(1, first.byteLength / 16) : 1;
  const scan = new CodeScan(n, words);
  const columns = new FilterColumns(n);
  const rowids = new Float64Array(n);
  let i = 0;
  for (const r of db.prepare('SELECT rowid, * FROM chunk_codes ORDER BY rowid').iterate() as Iterable<FilterRow & { rowid: number; code: Buffer }>) {
    scan.push(r.code);
    columns.set(i, r);
    rowids[i++] = r.rowid;
  }
  const byRowid = db.prepare('SELECT rowid, embedding FROM chunk_vectors WHERE rowid IN (SELECT value FROM json_each(?))');
  // Both similarities in one pass: to the probe that ranks, and to the reference that is reported.
  const scored = db.prepare(`SELECT rowid, 1 - vec_distance_cosine(embedding, ?), 1 - vec_distance_cosine(embedding, ?)
    FROM chunk_vectors WHERE rowid IN (SELECT value FROM json_each(?))`).raw();
  const score = (probe: Float32Array, reference: Float32Array, ids: ArrayLike<number>) =>
    (ids.length ? scored.all(probe, reference, JSON.stringify(Array.from(ids))) : []) as Array<[rowid: number, probe: number, reference: number]>;
  const similarities = (query: Float32Array, ids: ArrayLike<number>) => new Map(score(query, query, ids).map(([rowid, s]) => [rowid, s]));
  const vectors = (ids: ArrayLike<number>) => {
    const out = new Map<number, Float32Array>();
    if (!ids.length) return out;
    for (const r of byRowid.all(JSON.stringify(Array.from(ids))) as Array<{ rowid: number; embedding: Buffer }>) out.set(r.rowid, floatsOf(r.embedding));
    return out;
  };
  return {
    count: () => n,
    nearest(query, k, f, sessionIds, reference = query) {
      k = Math.min(k, MAX_K);
      const short = Array.from(scan.shortlist(binaryCode(query, codeWords(query.length)), k * rescore, columns.mask(f, sessionIds)), (e) => rowids[e]);
      return score(query, reference, short).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k).map(([rowid, , similarity]) => ({ rowid, similarity }));
    },
    vectors,
    similarities,
  };
}
