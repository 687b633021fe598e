// The stored form of the vector index's in-memory part (schema 11): the chunks' binary codes and
// filter columns in blocks of BLOCK_ENTRIES chunks, one row per block holding one BLOB per column,
// so the server loads a million chunks from ~16 rows instead of a million (read one by one, 1 M
// rows took it to 12.6 s to first answer). The int8 vectors stay in a
// row-per-chunk table (`chunk_int8`) read only for the short list a query re-scores.
//
// Entries are numbered in rowid order across blocks. Numbers are little-endian (typed arrays on an
// x86-64/arm64 host): rowids int32, text columns unsigned codes into `chunk_block_values`, spoken_on
// int32 yyyymmdd, is_presiding uint8, politician_active int8 (-1 unknown).
// Two forms take less room, and the reader tells them by their length, so files written before
// them read the same: a block whose rowids follow one another stores only the first (4 bytes), and
// a text column stores each code in 1, 2 or 4 bytes, the fewest that hold the block's largest. At
// 8 M chunks a block then holds ~46 bytes a chunk instead of ~70: a third less to read at start.
import type Database from 'better-sqlite3';
import { VALUE_COLUMNS, type ValueColumn } from './value-columns.js';

/** Chunks per block: 64 Ki, so a block's codes BLOB is 2 MB at 256-bit codes. */
export const BLOCK_ENTRIES = 65_536;

export const CODE_BLOCKS_SQL = `
CREATE TABLE chunk_int8 (
  rowid INTEGER PRIMARY KEY,                      -- chunks.rowid
  vector_i8 BLOB NOT NULL                         -- the embedding as int8 (src/core/data-file/int8-vectors.ts)
);
CREATE TABLE chunk_blocks (
  block INTEGER PRIMARY KEY,                      -- entries block·${BLOCK_ENTRIES} onwards, in rowid order
  entries INTEGER NOT NULL,
  rowids BLOB NOT NULL,                           -- int32 chunks.rowid per entry, or only the first when they follow one another
  codes BLOB NOT NULL,                            -- sign bits of each embedding (src/core/data-file/binary-code.ts)
  ${VALUE_COLUMNS.map((c) => `${c} BLOB NOT NULL,`).join('\n  ')}  -- codes into chunk_block_values: uint8, uint16 or uint32 (length / entries)
  spoken_on BLOB NOT NULL,                        -- int32 yyyymmdd
  is_presiding BLOB NOT NULL,                     -- uint8
  politician_active BLOB NOT NULL                 -- int8, -1 when unresolved
);
CREATE TABLE chunk_block_values (
  name TEXT NOT NULL,                             -- one of the text columns of chunk_blocks
  code INTEGER NOT NULL,
  value TEXT NOT NULL,                            -- as filters compare it: party lower-cased, '' for none
  PRIMARY KEY (name, code)
) WITHOUT ROWID;`;

/** One block as typed arrays (views on the stored bytes when aligned, copies otherwise). */
export interface CodeBlock {
  block: number;
  entries: number;
  rowids: Int32Array;
  codes: Uint8Array;
  text: Record<ValueColumn, Uint8Array | Uint16Array | Uint32Array>;
  day: Int32Array;
  presiding: Uint8Array;
  active: Int8Array;
}

type Typed<T> = { new (b: ArrayBuffer, off: number, len: number): T; new (len: number): T; BYTES_PER_ELEMENT: number };
function view<T extends ArrayLike<number> & { set(a: ArrayLike<number>): void }>(b: Buffer, Ctor: Typed<T>): T {
  const len = b.byteLength / Ctor.BYTES_PER_ELEMENT;
  if (b.byteOffset % Ctor.BYTES_PER_ELEMENT === 0) return new Ctor(b.buffer as ArrayBuffer, b.byteOffset, len);
  const out = new Ctor(len);
  new Uint8Array((out as unknown as { buffer: ArrayBuffer }).buffer).set(b);
  return out;
}

function blockRowids(b: Buffer, n: number, block: number): Int32Array {
  if (b.byteLength === n * 4) return view(b, Int32Array);
  if (b.byteLength !== 4) throw new Error(`chunk_blocks: block ${block} has ${b.byteLength} bytes of rowids for ${n} entries`);
  const first = b.readInt32LE(0),
    out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = first + i;
  return out;
}

function textCodes(b: Buffer, n: number, block: number, column: string): Uint8Array | Uint16Array | Uint32Array {
  const width = n ? b.byteLength / n : 4;
  if (width === 1) return b;
  if (width === 2) return view(b, Uint16Array);
  if (width === 4) return view(b, Uint32Array);
  throw new Error(`chunk_blocks: block ${block} has ${b.byteLength} bytes of ${column} for ${n} entries`);
}

export function hasCodeBlocks(db: Database.Database): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'chunk_blocks'").get());
}

/** Entries in all blocks, and the code width in bytes (0 when there are none). */
export function codeBlocksSize(db: Database.Database): { entries: number; codeBytes: number } {
  const r = db
    .prepare(
      'SELECT coalesce(sum(entries), 0) AS n, (SELECT length(codes) / entries FROM chunk_blocks WHERE entries > 0 LIMIT 1) AS b FROM chunk_blocks',
    )
    .get() as { n: number; b: number | null };
  return { entries: r.n, codeBytes: r.b ?? 0 };
}

/** The dictionary of each text column, code order. */
export function blockValues(db: Database.Database): Record<ValueColumn, string[]> {
  const out = Object.fromEntries(VALUE_COLUMNS.map((c) => [c, [] as string[]])) as Record<ValueColumn, string[]>;
  for (const [name, code, value] of db
    .prepare('SELECT name, code, value FROM chunk_block_values ORDER BY name, code')
    .raw()
    .iterate() as Iterable<[ValueColumn, number, string]>) {
    out[name][code] = value;
  }
  return out;
}

/** The blocks in entry order, one at a time. */
export function* codeBlocks(db: Database.Database): Generator<CodeBlock> {
  const rows = db.prepare(
    `SELECT block, entries, rowids, codes, ${VALUE_COLUMNS.join(', ')}, spoken_on, is_presiding, politician_active FROM chunk_blocks ORDER BY block`,
  );
  for (const r of rows.iterate() as Iterable<Record<string, Buffer> & { block: number; entries: number }>) {
    const n = r.entries;
    yield {
      block: r.block,
      entries: n,
      rowids: blockRowids(r.rowids, n, r.block),
      codes: r.codes,
      text: Object.fromEntries(VALUE_COLUMNS.map((c) => [c, textCodes(r[c], n, r.block, c)])) as CodeBlock['text'],
      day: view(r.spoken_on, Int32Array),
      presiding: r.is_presiding,
      active: view(r.politician_active, Int8Array),
    };
  }
}
