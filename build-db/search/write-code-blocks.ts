// Build side of src/core/data-file/code-blocks.ts: the chunks' binary codes and filter columns,
// gathered in rowid order and written one block of BLOCK_ENTRIES chunks per row.
//
// The blocks are staged in a temporary table and copied into chunk_blocks when the last one is
// written. Written as they come, their pages were interleaved with chunk_int8's (both grow during
// the embedding pass): at 8 M chunks the server's start read ~90,000 block pages spread over
// 2.5 GB of the file, scattered reads from a cold page cache. Copied at the end they are one
// contiguous run of pages, read in one sweep.
import type Database from 'better-sqlite3';
import { BLOCK_ENTRIES } from '../../src/core/data-file/code-blocks.js';
import { dayNumber, type FilterRow } from '../../src/core/data-file/filter-row.js';
import { VALUE_COLUMNS, type ValueColumn } from '../../src/core/data-file/value-columns.js';

/** Where the blocks wait until the last is written (the temp schema: a file of its own, not memory). */
const STAGING = 'chunk_blocks_staging';

const bytesOf = (a: ArrayBufferView, n: number, per: number) => Buffer.from(a.buffer, a.byteOffset, n * per);

/** The first `n` codes in the fewest bytes that hold the largest (1, 2 or 4 a code): the reader
 *  takes the width from the length (src/core/data-file/code-blocks.ts). */
function narrowCodes(codes: Uint32Array, n: number): Buffer {
  let max = 0;
  for (let i = 0; i < n; i++) if (codes[i] > max) max = codes[i];
  if (max >= 65_536) return bytesOf(codes, n, 4);
  const out = max < 256 ? Uint8Array.from(codes.subarray(0, n)) : Uint16Array.from(codes.subarray(0, n));
  return bytesOf(out, n, out.BYTES_PER_ELEMENT);
}

/** The first `n` rowids, or only the first of them when they follow one another (a build's chunks do). */
function rowidBytes(rowids: Int32Array, n: number): Buffer {
  return bytesOf(rowids, rowids[n - 1] - rowids[0] === n - 1 ? 1 : n, 4);
}

export class CodeBlockWriter {
  private readonly insert: Database.Statement;
  private readonly dicts = Object.fromEntries(VALUE_COLUMNS.map((c) => [c, new Map<string, number>()])) as Record<
    ValueColumn,
    Map<string, number>
  >;
  private readonly rowids: Int32Array;
  private readonly text: Record<ValueColumn, Uint32Array>;
  private readonly day: Int32Array;
  private readonly presiding: Uint8Array;
  private readonly active: Int8Array;
  private codes: Uint8Array | null = null;
  private codeBytes = 0;
  private filled = 0;
  private block = 0;
  private lastRowid = 0;

  /** `blockEntries`: chunks per block (smaller only in tests, to cover several blocks). */
  constructor(
    private readonly db: Database.Database,
    private readonly blockEntries = BLOCK_ENTRIES,
  ) {
    this.rowids = new Int32Array(blockEntries);
    this.text = Object.fromEntries(VALUE_COLUMNS.map((c) => [c, new Uint32Array(blockEntries)])) as Record<ValueColumn, Uint32Array>;
    this.day = new Int32Array(blockEntries);
    this.presiding = new Uint8Array(blockEntries);
    this.active = new Int8Array(blockEntries);
    db.exec(`DROP TABLE IF EXISTS temp.${STAGING}`);
    db.exec(`CREATE TEMP TABLE ${STAGING} AS SELECT * FROM main.chunk_blocks WHERE 0`);
    this.insert =
      db.prepare(`INSERT INTO temp.${STAGING} (block, entries, rowids, codes, ${VALUE_COLUMNS.join(', ')}, spoken_on, is_presiding, politician_active)
      VALUES (${Array(7 + VALUE_COLUMNS.length)
        .fill('?')
        .join(', ')})`);
  }

  /** The next chunk (rowids ascending); `row.party` already lower-cased, '' or -1 for unknown. */
  add(rowid: number, code: Uint8Array, row: FilterRow) {
    if (rowid <= this.lastRowid) throw new Error(`code blocks: rowid ${rowid} after ${this.lastRowid}`);
    if (!this.codes) {
      this.codeBytes = code.byteLength;
      this.codes = new Uint8Array(this.blockEntries * this.codeBytes);
    }
    if (code.byteLength !== this.codeBytes)
      throw new Error(`code blocks: a ${code.byteLength}-byte code among ${this.codeBytes}-byte ones`);
    const i = this.filled;
    this.rowids[i] = rowid;
    this.codes.set(code, i * this.codeBytes);
    for (const c of VALUE_COLUMNS) {
      const dict = this.dicts[c],
        value = row[c] ?? '';
      let k = dict.get(value);
      if (k === undefined) dict.set(value, (k = dict.size));
      this.text[c][i] = k;
    }
    this.day[i] = dayNumber(row.spoken_on);
    this.presiding[i] = row.is_presiding;
    this.active[i] = row.politician_active;
    this.lastRowid = rowid;
    if (++this.filled === this.blockEntries) this.flush();
  }

  private flush() {
    const n = this.filled;
    if (!n) return;
    this.insert.run(
      this.block++,
      n,
      rowidBytes(this.rowids, n),
      bytesOf(this.codes!, n, this.codeBytes),
      ...VALUE_COLUMNS.map((c) => narrowCodes(this.text[c], n)),
      bytesOf(this.day, n, 4),
      bytesOf(this.presiding, n, 1),
      bytesOf(this.active, n, 1),
    );
    this.filled = 0;
  }

  /** Writes the last, partial block, copies the staged blocks into chunk_blocks in one run of pages,
   *  and writes the text columns' dictionaries. */
  finish() {
    this.flush();
    this.db.exec(`INSERT INTO main.chunk_blocks SELECT * FROM temp.${STAGING} ORDER BY block; DROP TABLE temp.${STAGING}`);
    const ins = this.db.prepare('INSERT INTO chunk_block_values (name, code, value) VALUES (?, ?, ?)');
    for (const c of VALUE_COLUMNS) for (const [value, code] of this.dicts[c]) ins.run(c, code, value);
  }
}
