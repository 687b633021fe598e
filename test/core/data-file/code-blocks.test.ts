// The stored blocks of the vector index's in-memory part (src/core/data-file/code-blocks.ts): the writer's
// narrow forms (rowids that follow one another as the first only, text codes in 1, 2 or 4 bytes) read
// back as the values written, and the wide form files were written in before reads the same; the
// blocks' pages are one contiguous run even when written beside chunk_int8 (a cold start reads them in
// one sweep).
import { afterAll, describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeBlockWriter } from '../../../build-db/search/write-code-blocks.js';
import { blockValues, CODE_BLOCKS_SQL, codeBlocks } from '../../../src/core/data-file/code-blocks.js';
import type { FilterRow } from '../../../src/core/data-file/filter-row.js';
import { VALUE_COLUMNS } from '../../../src/core/data-file/value-columns.js';

const dir = mkdtempSync(join(tmpdir(), 'canpol-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = () => {
  const db = new Database(join(dir, `${files++}.db`));
  db.exec(CODE_BLOCKS_SQL);
  return db;
};
const row = (politician: string, i: number): FilterRow => ({
  language: i % 2 ? 'fr' : 'en',
  level: 'federal',
  province_territory: i % 3 ? 'BC' : '',
  speech_type: 'floor',
  spoken_on: `20${String(10 + (i % 10)).padStart(2, '0')}-01-0${1 + (i % 9)}`,
  is_presiding: i % 7 ? 0 : 1,
  politician_active: (i % 3) - 1,
  politician_id: politician,
  party: 'ndp',
  session_id: `s${i % 4}`,
});
const code = (i: number) => Uint8Array.from({ length: 16 }, (_, b) => (i * 31 + b) & 255);

/** Every block's values as the reader gives them, decoded through the dictionaries. */
function readBack(db: Database.Database) {
  const dict = blockValues(db);
  const out: Array<{
    rowid: number;
    code: number[];
    politician: string;
    language: string;
    day: number;
    presiding: number;
    active: number;
  }> = [];
  const widths: Record<string, number[]> = {};
  for (const b of codeBlocks(db)) {
    const stored = db
      .prepare(
        `SELECT length(rowids) AS rowids, ${VALUE_COLUMNS.map((c) => `length(${c}) AS ${c}`).join(', ')} FROM chunk_blocks WHERE block = ?`,
      )
      .get(b.block) as Record<string, number>;
    for (const [k, v] of Object.entries(stored)) (widths[k] ??= []).push(v / b.entries);
    for (let i = 0; i < b.entries; i++) {
      out.push({
        rowid: b.rowids[i],
        code: [...b.codes.subarray(i * 16, i * 16 + 16)],
        politician: dict.politician_id[b.text.politician_id[i]],
        language: dict.language[b.text.language[i]],
        day: b.day[i],
        presiding: b.presiding[i],
        active: b.active[i],
      });
    }
  }
  return { out, widths };
}

describe('code blocks', () => {
  test('rowids that follow one another are stored as the first; with gaps, every one; both read back as written', () => {
    const db = fresh();
    const w = new CodeBlockWriter(db, 8);
    const rowids = [1, 2, 3, 4, 5, 6, 7, 8, /* block 2: a gap */ 9, 10, 12, 13, 14, 15, 16, 17, /* block 3: partial */ 18, 19, 20];
    rowids.forEach((r, i) => w.add(r, code(i), row(`p${i % 3}`, i)));
    w.finish();
    const { out, widths } = readBack(db);
    expect(out.map((o) => o.rowid)).toEqual(rowids);
    expect(widths.rowids).toEqual([0.5, 4, 4 / 3]); // 4 bytes for 8, 32 for 8, 4 for 3
    rowids.forEach((_, i) => {
      const r = row(`p${i % 3}`, i);
      expect(out[i]).toEqual({
        rowid: rowids[i],
        code: [...code(i)],
        politician: r.politician_id,
        language: r.language,
        day: Number(r.spoken_on.replaceAll('-', '')),
        presiding: r.is_presiding,
        active: r.politician_active,
      });
    });
  });

  test('text codes take 1, 2 or 4 bytes by the largest in the block, and read back as the values written', () => {
    const db = fresh();
    // 70,000 chunks in one block, each with its own speaker: codes past 65,535 need 4 bytes; the
    // next block has 300 distinct speakers (2 bytes, codes below 65,536 though the dictionary is
    // larger: only the first 300 return) and one language (1 byte).
    db.transaction(() => {
      const w = new CodeBlockWriter(db, 70_000);
      for (let i = 0; i < 70_000; i++) w.add(i + 1, code(i), row(`a${i}`, i));
      for (let i = 0; i < 1_000; i++) w.add(70_001 + i, code(i), row(`a${i % 300}`, i));
      w.finish();
    })();
    const { out, widths } = readBack(db);
    expect(widths.politician_id).toEqual([4, 2]);
    expect(widths.language).toEqual([1, 1]);
    expect(out.length).toBe(71_000);
    for (let i = 0; i < 70_000; i += 997) expect(out[i].politician).toBe(`a${i}`);
    for (let i = 0; i < 1_000; i++) expect(out[70_000 + i].politician).toBe(`a${i % 300}`);
  });

  test('a block in the wide form (every rowid, 4-byte codes: files written before the narrow forms) reads the same', () => {
    const narrow = fresh();
    const w = new CodeBlockWriter(narrow, 16);
    for (let i = 0; i < 40; i++) w.add(100 + i, code(i), row(`p${i % 5}`, i));
    w.finish();
    // The same blocks widened by hand: rowids listed, every text column as uint32.
    const wide = fresh();
    for (const r of narrow.prepare('SELECT * FROM chunk_blocks ORDER BY block').all() as Array<Record<string, Buffer | number>>) {
      const n = r.entries as number,
        first = (r.rowids as Buffer).readInt32LE(0);
      r.rowids = Buffer.from(Int32Array.from({ length: n }, (_, i) => first + i).buffer);
      for (const c of VALUE_COLUMNS) {
        const b = r[c] as Buffer;
        expect(b.byteLength).toBe(n); // narrow: one byte a code here
        r[c] = Buffer.from(Uint32Array.from(b).buffer);
      }
      const cols = Object.keys(r);
      wide
        .prepare(`INSERT INTO chunk_blocks (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
        .run(...cols.map((c) => r[c]));
    }
    for (const v of narrow.prepare('SELECT name, code, value FROM chunk_block_values').raw().all() as unknown[][])
      wide.prepare('INSERT INTO chunk_block_values VALUES (?, ?, ?)').run(...v);
    expect(readBack(wide).out).toEqual(readBack(narrow).out);
    expect(readBack(wide).widths.politician_id).toEqual([4, 4, 4]);
  });

  test('a block whose column lengths fit no form fails naming the block and the column', () => {
    const db = fresh();
    const w = new CodeBlockWriter(db, 4);
    for (let i = 0; i < 4; i++) w.add(i + 1, code(i), row('p', i));
    w.finish();
    db.prepare('UPDATE chunk_blocks SET party = zeroblob(12) WHERE block = 0').run();
    expect(() => [...codeBlocks(db)]).toThrow('chunk_blocks: block 0 has 12 bytes of party for 4 entries');
    db.prepare('UPDATE chunk_blocks SET party = zeroblob(4), rowids = zeroblob(8) WHERE block = 0').run();
    expect(() => [...codeBlocks(db)]).toThrow('chunk_blocks: block 0 has 8 bytes of rowids for 4 entries');
  });

  test('blocks written between int8 rows, as the embedding pass writes them, take one contiguous run of pages', () => {
    const db = fresh();
    const int8 = db.prepare('INSERT INTO chunk_int8 (rowid, vector_i8) VALUES (?, ?)');
    const big = (i: number) => Uint8Array.from({ length: 256 }, (_, b) => (i + b) & 255);
    db.transaction(() => {
      const w = new CodeBlockWriter(db, 64);
      for (let i = 0; i < 20_000; i++) {
        int8.run(i + 1, Buffer.from(big(i)));
        w.add(
          i + 1,
          Uint8Array.from({ length: 64 }, (_, b) => (i * 7 + b) & 255),
          row(`p${i % 50}`, i),
        );
      }
      w.finish();
    })();
    // Every page but the table's root, which was made with the schema before any row.
    const pages = db
      .prepare(`SELECT count(*) AS n, min(pageno) AS lo, max(pageno) AS hi FROM dbstat WHERE name = 'chunk_blocks'
      AND pageno <> (SELECT rootpage FROM sqlite_schema WHERE name = 'chunk_blocks')`)
      .get() as { n: number; lo: number; hi: number };
    expect(pages.n).toBeGreaterThan(300); // 313 blocks of 64, each with overflow pages
    expect(pages.hi - pages.lo + 1).toBe(pages.n);
    expect(readBack(db).out.length).toBe(20_000);
    expect(db.prepare("SELECT count(*) FROM temp.sqlite_schema WHERE name = 'chunk_blocks_staging'").pluck().get()).toBe(0);
  });
});
