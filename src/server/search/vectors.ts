// The vector index. Two parts (schema 11, src/core/data-file/code-blocks.ts): every chunk's binary code
// and filter columns, stored in blocks of 64 Ki chunks and loaded into memory at start (a few dozen
// BLOBs: ~50 B a chunk), and every chunk's int8 embedding, left in the file (`chunk_int8`). A query
// scans every code that passes the filters (Hamming distance, SIMD), keeps the RESCORE·k nearest,
// reads their int8 vectors in one statement and ranks them by cosine similarity to the query. The
// int8 vectors of chunks read lately are kept in memory (capped: the search cache's `int8_vectors`
// share, src/server/search/scan/int8-slots.ts), so a search reads only the vectors not kept.
// Until schema 10 the int8 vectors were held in memory too, loaded row by row with the codes: 12.6 s
// to first answer and 1.35 GB resident at 1 M chunks.
// Chosen by measurement (docs/api-notes.md "Search"): sqlite-vec's vec0 k-nearest search, in any of
// its float/int8/bit representations, costs O(n·k) and took ~2 s per query at 1 M chunks with
// k=1000; re-scoring the short list with sqlite-vec's vec_distance_cosine over the float table cost
// ~2.5 µs a row on a small file and ~5 µs at 1 M chunks (page reads).
import type Database from 'better-sqlite3';
import { collectGarbage } from '../../core/memory/collect-garbage.js';
import type { SearchFilters } from '../db/search.js';
import { binaryCode, codeWords } from '../../core/data-file/binary-code.js';
import { blockValues, codeBlocks, codeBlocksSize, hasCodeBlocks } from '../../core/data-file/code-blocks.js';
import { CodeScan, scanThreadsFor, type ScanThreads } from './scan/code-scan.js';
import { FilterColumns } from './scan/filter-columns.js';
import { Int8Scorer } from './scan/int8-scorer.js';
import { Int8Slots } from './scan/int8-slots.js';
import { IntMap } from './scan/int-map.js';
import { topOrder } from './scan/top-order.js';
import type { BoundedCacheStats } from './bounded-cache.js';
import { SEARCH_CACHE_BYTES } from './query-caches.js';
import { int8Unit, inverseNorm } from '../../core/data-file/int8-vectors.js';

export { VECTOR_TABLES_SQL, floatsOf } from '../../core/data-file/vector-rows.js';

/** The pool never asks for more (kept from sqlite-vec's cap, so results do not depend on the index). */
export const MAX_K = 4096;
/** Codes short-listed per neighbour asked for, then re-scored exactly (measured: bench/search-vectors.ts). */
export const RESCORE = 2;
/** Rowids bound to one statement at most (SQLite allows 32,766 parameters). */
const MAX_BOUND = 16_384;
/** Filter masks kept (1 byte per chunk each): at most 16, and at most MASK_CACHE_BYTES of them
 *  (8 at 8 M chunks), so that the cache does not grow with the file past a fixed size. */
const MASK_CACHE = 16;
const MASK_CACHE_BYTES = 64 * 2 ** 20;

export interface Neighbour {
  rowid: number;
  similarity: number;
  /** Its similarity to the vector probed with (the order of a list). */
  probe?: number;
}

export interface VectorIndex {
  count(): number;
  /** The k nearest to `query` passing the filters, best first; `similarity` is measured to
   *  `reference` (default: `query`), so a search can probe with one vector and report another. */
  nearest(query: Float32Array, k: number, f: SearchFilters, sessionIds: string[] | null, reference?: Float32Array): Neighbour[];
  /** The same per legislature (level and province): each legislature's k nearest passing the filters,
   *  so that one legislature's many chunks cannot fill the list a smaller one's best would be in;
   *  `query` may be one probe per legislature (by its legislatureOf index). */
  nearestPerLegislature(
    query: Float32Array | ((legislature: number) => Float32Array),
    k: number,
    f: SearchFilters,
    sessionIds: string[] | null,
    reference?: Float32Array,
  ): Neighbour[][];
  /** The legislature of each rowid, as an index (the same for chunks of one level and province; -1 unknown). */
  legislatureOf(rowid: number): number;
  /** The legislatures by that index: level, and province or '' (federal). */
  legislatures(): ReadonlyArray<{ level: string; province_territory: string }>;
  /** Stored vectors by chunk rowid, as unit float vectors of their int8 form (missing ones are absent). */
  vectors(rowids: number[]): Map<number, Float32Array>;
  /** Cosine similarity of unit vector `query` to each stored (int8) vector (missing ones are absent). */
  similarities(query: Float32Array, rowids: ArrayLike<number>): Map<number, number>;
  /** The speaker's politician id of each chunk (null when unresolved or unknown), from memory. */
  politicianIds(rowids: number[]): Array<string | null>;
  /** The filter as a mask indexed by rowid (1: passes), null when nothing is filtered. */
  rowMask(f: SearchFilters, sessionIds: string[] | null): Uint8Array | null;
  /** The kept int8 vectors' counters (a search cache: src/server/search/query-caches.ts). */
  cacheStats(): BoundedCacheStats;
  /** Threads the code scan runs on (2: a helper thread scans half the codes). */
  scanThreads(): 1 | 2;
  /** Stops the code scan's helper thread, if any; the index still answers, on one thread. */
  close(): void;
}

export function hasVectorTable(db: Database.Database): boolean {
  return hasCodeBlocks(db);
}

export interface VectorIndexOptions {
  rescore?: number;
  /** Bytes of int8 vectors kept between searches (the search cache's `int8_vectors` share). */
  keepBytes?: number;
  /** When the code scan takes a second thread (code-scan.ts scanThreadsFor; default `on`). */
  scanThreads?: ScanThreads;
}

/**
 * Entries loaded between two full collections. Each block read leaves its buffers behind (~56 bytes
 * an entry), and Bun collected none of it while the index loaded: at 8 M chunks the server held 991
 * MiB once loaded, 558 MiB after one collection (35 ms). Collecting every 2 M entries (none below
 * 2 M chunks) keeps ~110 MiB of it at most.
 */
const COLLECT_EVERY = 2_000_000;

/** Loads the codes and filter columns (per million chunks at dim 256: ~32 MB of codes and ~23 MB
 *  of columns and rowid maps); the int8 vectors are read from the file as queries need them. */
export function createVectorIndex(
  db: Database.Database,
  { rescore = RESCORE, keepBytes = SEARCH_CACHE_BYTES.int8_vectors, scanThreads = 'on' }: VectorIndexOptions = {},
): VectorIndex {
  const { entries: n, codeBytes } = codeBlocksSize(db);
  const scan = new CodeScan(n, Math.max(1, codeBytes / 16), { maxShortlist: MAX_K * rescore, threads: scanThreadsFor(scanThreads, n) });
  const columns = new FilterColumns(n);
  columns.useDictionaries(blockValues(db));
  const loaded = new Int32Array(n);
  let filled = 0;
  let collectedAt = 0;
  try {
    for (const b of codeBlocks(db)) {
      scan.pushMany(b.codes, b.entries);
      columns.setBlock(filled, b);
      loaded.set(b.rowids, filled);
      filled += b.entries;
      if (filled - collectedAt >= COLLECT_EVERY) {
        collectGarbage();
        collectedAt = filled;
      }
    }
    if (collectedAt > 0) collectGarbage();
  } catch (err) {
    scan.close(); // a file that fails to load leaves no thread behind
    throw err;
  }
  const maxRowid = n ? loaded[n - 1] : 0;
  // A file built in one pass numbers its chunks without gaps, so an entry is its rowid less the first
  // one: neither the rowids nor a map back are kept (8 bytes a chunk, 64 MB at 8 M); both are kept
  // only when rowids have gaps.
  const first = n ? loaded[0] : 0;
  const dense = n > 0 && maxRowid - first === n - 1;
  const rowids = dense ? null : loaded;
  const entryOf = rowids ? new Int32Array(maxRowid + 1).fill(-1) : null;
  if (rowids && entryOf) for (let e = 0; e < n; e++) entryOf[rowids[e]] = e;
  const entry = entryOf
    ? (rowid: number) => (rowid >= 0 && rowid <= maxRowid ? entryOf[rowid] : -1)
    : (rowid: number) => (rowid >= first && rowid <= maxRowid ? rowid - first : -1);
  // The short list's vectors in one statement returning one row: the rowids as JSON and the vectors
  // concatenated in the same row order (both aggregates see the rows in one order), so a search
  // builds no row object or buffer per vector. The rowids are bound parameters, the list padded to
  // a power of two so that a few prepared statements serve every length. A row per vector cost ~7 ms
  // more a search at 100 k chunks; a json_each list was slower too.
  const dim = (db.prepare('SELECT length(vector_i8) FROM chunk_int8 LIMIT 1').pluck().get() as number | undefined) ?? 0;
  const byLength = new Map<number, Database.Statement>();
  const int8Of = (size: number) => {
    let st = byLength.get(size);
    if (!st)
      byLength.set(
        size,
        (st = db
          .prepare(
            `SELECT json_group_array(rowid), CAST(group_concat(vector_i8, '') AS BLOB) FROM chunk_int8 WHERE rowid IN (${Array(size).fill('?').join(',')})`,
          )
          .raw()),
      );
    return st;
  };
  // The short list's vectors are scored in one batch (WebAssembly SIMD where available: int8-scorer.ts);
  // the vectors of chunks searches found lately are kept beside it (int8-slots.ts), read once.
  const slots = new Int8Slots(n, dim ? Math.min(n, Math.floor(keepBytes / dim)) : 0, dim);
  const scorer = new Int8Scorer(dim, slots.slots);
  /** Loads the int8 vectors of `ids` as the scorer's batch, kept ones where they lie and the others
   *  read from the file; returns each id's index in the batch (-1: the index has no vector for it),
   *  valid until the next load. Positions, not a map from entry to batch index: an array over every
   *  entry cost 4 bytes a chunk (32 MB at 8 M), a hash map ~0.3 ms a search on data/real.db. The ids
   *  read from the file are mapped back by rowid (SQL returns them in its own order). Both buffers
   *  live across loads: a map and an array per load left ~370 MB of garbage in Bun at 8 M chunks. */
  let positions = new Int32Array(0);
  const wantedAt = new IntMap(MAX_K * rescore);
  const load = (ids: ArrayLike<number>): Int32Array => {
    if (positions.length < ids.length) positions = new Int32Array(Math.max(ids.length, 2 * positions.length));
    const where = positions.subarray(0, ids.length).fill(-1);
    scorer.begin(ids.length);
    slots.begin();
    wantedAt.clear();
    const wanted: number[] = [],
      again: number[] = [];
    for (let j = 0; j < ids.length; j++) {
      const r = ids[j],
        e = entry(r);
      if (e < 0) continue;
      const s = slots.find(e);
      if (s >= 0) {
        where[j] = scorer.appendKept(s);
        continue;
      }
      if (wantedAt.has(r)) again.push(j);
      else {
        wantedAt.set(r, j);
        wanted.push(r);
      }
    }
    for (let from = 0; from < wanted.length && dim; from += MAX_BOUND) {
      const part = wanted.slice(from, from + MAX_BOUND);
      let size = 64;
      while (size < part.length) size *= 2;
      while (part.length < size) part.push(-1); // no chunk has it
      const [found, bytes] = int8Of(size).get(...part) as [string, Buffer | null];
      if (!bytes) continue;
      const rows = JSON.parse(found) as number[];
      if (bytes.byteLength !== rows.length * dim) throw new Error(`chunk_int8: vectors of another length than ${dim} bytes`);
      const first = scorer.append(bytes, rows.length);
      for (let k = 0; k < rows.length; k++) {
        where[wantedAt.get(rows[k])] = first + k;
        const s = slots.place(entry(rows[k]));
        if (s >= 0) scorer.keep(first + k, s);
      }
    }
    for (const j of again) where[j] = where[wantedAt.get(ids[j])];
    return where;
  };
  // A mask costs a pass over every chunk per condition (~1-3 ms per million); searches repeat filters.
  // Over dense rowids a mask is allocated with `first` bytes before it, so that the same bytes
  // indexed by rowid are the keyword side's row mask (rowMask) without a copy.
  const masks = new Map<string, Uint8Array | null>();
  const rowMasks = new WeakMap<Uint8Array, Uint8Array>();
  const maskBytes = dense ? first + n : n + maxRowid + 1;
  const maskCache = Math.max(1, Math.min(MASK_CACHE, Math.floor(MASK_CACHE_BYTES / Math.max(1, maskBytes))));
  const mask = (f: SearchFilters, sessionIds: string[] | null) => {
    const key = JSON.stringify([f, sessionIds]);
    let m = masks.get(key);
    if (m === undefined) {
      m = columns.mask(f, sessionIds, dense ? first : 0);
      if (masks.size >= maskCache) masks.delete(masks.keys().next().value!);
      masks.set(key, m);
    }
    return m;
  };
  const similarities = (query: Float32Array, ids: ArrayLike<number>) => {
    const out = new Map<number, number>();
    const where = load(ids);
    const { cosines } = scorer.score(query);
    for (let j = 0; j < ids.length; j++) {
      const i = where[j];
      if (i >= 0) out.set(ids[j], cosines[i]);
    }
    return out;
  };
  const nearestIn = (query: Float32Array, k: number, m: Uint8Array | null, reference: Float32Array): Neighbour[] => {
    k = Math.min(k, MAX_K);
    const short = scan.shortlist(binaryCode(query, codeWords(query.length)), k * rescore, m);
    const m0 = short.length;
    const ids = new Int32Array(m0);
    if (rowids) for (let j = 0; j < m0; j++) ids[j] = rowids[short[j]];
    else for (let j = 0; j < m0; j++) ids[j] = first + short[j];
    const where = load(ids);
    const { cosines } = scorer.score(query);
    // The short list is in entry order, which is rowid order: ties by position are ties by rowid.
    const batch = new Int32Array(m0),
      probes = new Float64Array(m0);
    let kept = 0;
    for (let j = 0; j < m0; j++) {
      const i = where[j];
      if (i >= 0) {
        ids[kept] = ids[j];
        batch[kept] = i;
        probes[kept++] = cosines[i];
      }
    }
    const best = topOrder(probes.subarray(0, kept), k);
    if (reference === query) return Array.from(best, (p) => ({ rowid: ids[p], similarity: probes[p], probe: probes[p] }));
    const toReference = scorer.scoreSome(
      reference,
      best.map((p) => batch[p]),
    ).cosines;
    return Array.from(best, (p, j) => ({ rowid: ids[p], similarity: toReference[j], probe: probes[p] }));
  };
  // Each chunk's legislature, read from the filter columns on the first search that asks.
  let legislatures: ReturnType<FilterColumns['legislatures']> | null = null;
  const legislaturesNow = () => (legislatures ??= columns.legislatures());
  const legislatureMasks = new Map<string, Uint8Array>();
  const legislatureMask = (f: SearchFilters, sessionIds: string[] | null, p: number) => {
    const key = JSON.stringify([f, sessionIds, p]);
    let m = legislatureMasks.get(key);
    if (!m) {
      const base = mask(f, sessionIds);
      const { of } = legislaturesNow();
      const lead = dense ? first : 0;
      m = new Uint8Array(lead + n).subarray(lead);
      for (let i = 0; i < n; i++) m[i] = of[i] === p && (!base || base[i]) ? 1 : 0;
      if (legislatureMasks.size >= maskCache) legislatureMasks.delete(legislatureMasks.keys().next().value!);
      legislatureMasks.set(key, m);
    }
    return m;
  };
  return {
    nearestPerLegislature(query, k, f, sessionIds, reference) {
      const { list } = legislaturesNow();
      const probe = typeof query === 'function' ? query : () => query;
      if (list.length <= 1) return [nearestIn(probe(0), k, mask(f, sessionIds), reference ?? probe(0))];
      return list.map((_, p) => nearestIn(probe(p), k, legislatureMask(f, sessionIds, p), reference ?? probe(p))).filter((l) => l.length);
    },
    legislatures: () => legislaturesNow().list,
    legislatureOf(rowid) {
      const e = entry(rowid);
      return e < 0 ? -1 : legislaturesNow().of[e];
    },
    count: () => n,
    cacheStats: () => slots.stats(),
    scanThreads: () => scan.threads,
    close: () => scan.close(),
    nearest(query, k, f, sessionIds, reference = query) {
      return nearestIn(query, k, mask(f, sessionIds), reference);
    },
    vectors(ids) {
      const out = new Map<number, Float32Array>();
      const where = load(ids);
      ids.forEach((rowid, j) => {
        const i = where[j];
        if (i < 0) return;
        const v = scorer.vector(i);
        out.set(rowid, int8Unit(v, inverseNorm(v)));
      });
      return out;
    },
    similarities,
    politicianIds: (ids) =>
      ids.map((rowid) => {
        const e = entry(rowid);
        return e >= 0 ? columns.politician(e) || null : null;
      }),
    rowMask(f, sessionIds) {
      const m = mask(f, sessionIds);
      if (!m) return null;
      if (!rowids) return new Uint8Array(m.buffer, m.byteOffset - first, maxRowid + 1);
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
