// The vector index. The data file keeps, in a narrow table loaded into memory when the server
// starts with the chunks' filter columns, every chunk's binary code and int8 embedding
// (`chunk_codes`): what search scores with, and what --reuse copies. The float embeddings are not kept (schema 10; they
// were `chunk_vectors`, 1.37 KB a chunk, a quarter of the file, read by nothing but --reuse). A query scans every code that passes the filters (Hamming distance, SIMD), keeps
// the RESCORE·k nearest, and ranks those by cosine similarity to their int8 vectors, in memory.
// Chosen by measurement (docs/api-notes.md "Search"): sqlite-vec's vec0 k-nearest search, in any of
// its float/int8/bit representations, costs O(n·k) and took ~2 s per query at 1 M chunks with
// k=1000; re-scoring the short list with sqlite-vec's vec_distance_cosine over the float table cost
// ~2.5 µs a row on a small file and ~5 µs at 1 M chunks (page reads), against ~0.3 µs in memory.
import type Database from 'better-sqlite3';
import type { SearchFilters } from '../db/search.js';
import { binaryCode, codeWords } from './scan/binary-code.js';
import { CodeScan } from './scan/code-scan.js';
import { FILTER_COLUMNS, FilterColumns } from './scan/filter-columns.js';
import { Int8Vectors } from './scan/int8-vectors.js';

export const VECTOR_TABLES_SQL = `
CREATE TABLE chunk_codes (
  rowid INTEGER PRIMARY KEY,                      -- chunks.rowid
  code BLOB NOT NULL,                             -- sign bits of the embedding (src/search/scan/binary-code.ts)
  vector_i8 BLOB NOT NULL                         -- the embedding as int8 (src/search/scan/int8-vectors.ts)
);`;

/** The filter columns of each coded chunk, as FILTER_COLUMNS orders them (read from `chunks`: kept
 *  once in the file since schema 10; party lower-cased in JavaScript, as filters compare it). */
const CODED_ROWS_SQL = `SELECT k.rowid, k.code, k.vector_i8, c.language, c.level, c.province_territory, c.speech_type, c.spoken_on,
  c.is_presiding, coalesce(c.politician_active, -1), c.politician_id, c.party_at_time, c.session_id
  FROM chunk_codes k JOIN chunks c ON c.rowid = k.rowid ORDER BY k.rowid`;
const PARTY = 3 + FILTER_COLUMNS.indexOf('party');

/** The pool never asks for more (kept from sqlite-vec's cap, so results do not depend on the index). */
export const MAX_K = 4096;
/** Codes short-listed per neighbour asked for, then re-scored exactly (measured: bench/search-vectors.ts). */
export const RESCORE = 2;
/** Filter masks kept (1 byte per chunk each). */
const MASK_CACHE = 16;

export interface Neighbour { rowid: number; similarity: number }

export interface VectorIndex {
  count(): number;
  /** The k nearest to `query` passing the filters, best first; `similarity` is measured to
   *  `reference` (default: `query`), so a search can probe with one vector and report another. */
  nearest(query: Float32Array, k: number, f: SearchFilters, sessionIds: string[] | null, reference?: Float32Array): Neighbour[];
  /** Stored vectors by chunk rowid, as unit float vectors of their int8 form (missing ones are absent). */
  vectors(rowids: number[]): Map<number, Float32Array>;
  /** Cosine similarity of unit vector `query` to each stored (int8) vector (missing ones are absent). */
  similarities(query: Float32Array, rowids: ArrayLike<number>): Map<number, number>;
  /** The speaker's politician id of each chunk (null when unresolved or unknown), from memory. */
  politicianIds(rowids: number[]): Array<string | null>;
  /** The filter as a mask indexed by rowid (1: passes), null when nothing is filtered. */
  rowMask(f: SearchFilters, sessionIds: string[] | null): Uint8Array | null;
}

export function hasVectorTable(db: Database.Database): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'chunk_codes'").get());
}

export const floatsOf = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

export interface VectorIndexOptions { rescore?: number }

/** Loads the codes, int8 vectors and filter columns (per million chunks at dim 256: ~330 MB). */
export function createVectorIndex(db: Database.Database, { rescore = RESCORE }: VectorIndexOptions = {}): VectorIndex {
  const n = db.prepare('SELECT count(*) FROM chunk_codes').pluck().get() as number;
  const first = db.prepare('SELECT code, vector_i8 FROM chunk_codes LIMIT 1').get() as { code: Buffer; vector_i8: Buffer } | undefined;
  const words = first ? Math.max(1, first.code.byteLength / 16) : 1;
  const scan = new CodeScan(n, words);
  const int8 = new Int8Vectors(n, first?.vector_i8.byteLength ?? 0);
  const columns = new FilterColumns(n);
  const maxRowid = (db.prepare('SELECT max(rowid) FROM chunk_codes').pluck().get() as number | null) ?? 0;
  const rowids = new Float64Array(n);
  const entryOf = new Int32Array(maxRowid + 1).fill(-1);
  let i = 0;
  const rows = db.prepare(CODED_ROWS_SQL).raw();
  for (const r of rows.iterate() as Iterable<[number, Buffer, Buffer, ...unknown[]]>) {
    const [rowid, code, v8] = r;
    r[PARTY] = ((r[PARTY] as string | null) ?? '').toLowerCase();
    scan.push(code);
    int8.push(new Int8Array(v8.buffer, v8.byteOffset, v8.byteLength));
    columns.setValues(i, r, 3);
    rowids[i] = rowid;
    entryOf[rowid] = i++;
  }
  const entry = (rowid: number) => (rowid >= 0 && rowid <= maxRowid ? entryOf[rowid] : -1);
  // A mask costs a pass over every chunk per condition (~1-3 ms per million); searches repeat filters.
  const masks = new Map<string, Uint8Array | null>();
  const rowMasks = new WeakMap<Uint8Array, Uint8Array>();
  const mask = (f: SearchFilters, sessionIds: string[] | null) => {
    const key = JSON.stringify([f, sessionIds]);
    let m = masks.get(key);
    if (m === undefined) {
      m = columns.mask(f, sessionIds);
      if (masks.size >= MASK_CACHE) masks.delete(masks.keys().next().value!);
      masks.set(key, m);
    }
    return m;
  };
  const similarities = (query: Float32Array, ids: ArrayLike<number>) => {
    const out = new Map<number, number>();
    for (let j = 0; j < ids.length; j++) {
      const e = entry(ids[j]);
      if (e >= 0) out.set(ids[j], int8.cosine(query, e));
    }
    return out;
  };
  return {
    count: () => n,
    nearest(query, k, f, sessionIds, reference = query) {
      k = Math.min(k, MAX_K);
      const short = scan.shortlist(binaryCode(query, codeWords(query.length)), k * rescore, mask(f, sessionIds));
      const scored = Array.from(short, (e) => ({ e, probe: int8.cosine(query, e) }));
      scored.sort((a, b) => b.probe - a.probe || rowids[a.e] - rowids[b.e]);
      return scored.slice(0, k).map(({ e, probe }) => ({ rowid: rowids[e], similarity: reference === query ? probe : int8.cosine(reference, e) }));
    },
    vectors(ids) {
      const out = new Map<number, Float32Array>();
      for (const rowid of ids) {
        const e = entry(rowid);
        if (e >= 0) out.set(rowid, int8.unit(e));
      }
      return out;
    },
    similarities,
    politicianIds: (ids) => ids.map((rowid) => {
      const e = entry(rowid);
      return e >= 0 ? columns.politician(e) || null : null;
    }),
    rowMask(f, sessionIds) {
      const m = mask(f, sessionIds);
      if (!m) return null;
      let byRowid = rowMasks.get(m);
      if (!byRowid) {
        byRowid = new Uint8Array(maxRowid + 1);
        for (let e = 0; e < n; e++) byRowid[rowids[e]] = m[e];
        rowMasks.set(m, byRowid);
      }
      return byRowid;
    },
  };
}
