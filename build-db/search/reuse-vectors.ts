// `--reuse`: the stored vectors of a previous data file, for the chunks of this build whose text it
// embedded (same text, same language, same encoder: the content hash says so).
//
// A nightly rebuild changes few chunks, and an unchanged one none: each chunk sits at the rowid it
// had. So a batch is first matched rowid for rowid against one range read of the previous file (its
// chunks' content hashes and int8 vectors, in rowid order: a sequential read), and only the chunks
// that moved or changed are looked up by content hash. At 8 M chunks the lookups by hash alone were
// 8 M random reads of an index and of `chunk_int8`: 345 s of a 1,403 s unchanged rebuild.
import type Database from 'better-sqlite3';
import { codeBlocks, codeBlocksSize, hasCodeBlocks } from '../../src/core/data-file/code-blocks.js';
import { floatsOf } from '../../src/core/data-file/vector-rows.js';
import { storedVector, type ReuseVectors, type StoredVector } from './write-vectors.js';

type Row = { rowid: number; content_hash: string };

const int8Of = (b: Buffer) => new Int8Array(b.buffer, b.byteOffset, b.byteLength);

/** Stored vectors of a previous data file: its codes and int8 forms as they are (schema ≥ 11: codes
 *  from its blocks, int8 from `chunk_int8`; schema 10: both from `chunk_codes`), or, from a file of
 *  schema ≤ 9, its float vectors (`chunk_vectors`) turned into them as a fresh embedding would be. */
export function reusedVectors(previous: Database.Database): ReuseVectors {
  const has = (name: string) => Boolean(previous.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(name));
  // One chunk of that text is enough: the same text gives the same vector. BigInt rowids also read
  // a schema-3 file, whose vectors were in a vec0 table.
  const rowidOf = previous.prepare('SELECT rowid FROM chunks WHERE content_hash = ? LIMIT 1').pluck();
  const byHash =
    (one: (hash: string) => StoredVector | undefined): ReuseVectors =>
    (rows) =>
      rows.map((r) => one(r.content_hash));
  if (has('chunk_vectors')) {
    const vectorOf = previous.prepare('SELECT embedding FROM chunk_vectors WHERE rowid = ?').pluck();
    return byHash((hash) => {
      const rowid = rowidOf.get(hash) as number | undefined;
      const buf = rowid === undefined ? undefined : (vectorOf.get(BigInt(rowid)) as Buffer | undefined);
      return buf && storedVector(floatsOf(buf));
    });
  }
  if (hasCodeBlocks(previous)) return fromCodeBlocks(previous, rowidOf);
  if (!has('chunk_codes')) return () => [];
  const codesOf = previous.prepare('SELECT code, vector_i8 FROM chunk_codes WHERE rowid = ?');
  return byHash((hash) => {
    const rowid = rowidOf.get(hash) as number | undefined;
    const row = rowid === undefined ? undefined : (codesOf.get(rowid) as { code: Buffer; vector_i8: Buffer } | undefined);
    return row && { code: row.code, int8: int8Of(row.vector_i8) };
  });
}

/** Schema ≥ 11. The codes are only in blocks: held in memory for the build (32 MB per million
 *  chunks), with their rowids, which blocks hold in ascending order (CodeBlockWriter refuses any
 *  other): an entry is found by bisection. A Map from rowid to entry held 446 MB more at 8 M entries
 *  (56 bytes an entry, measured under Bun), within the build's 2 GB. */
function fromCodeBlocks(previous: Database.Database, rowidOf: Database.Statement): ReuseVectors {
  const { entries, codeBytes } = codeBlocksSize(previous);
  const codes = new Uint8Array(entries * codeBytes),
    rowids = new Int32Array(entries);
  let filled = 0;
  for (const b of codeBlocks(previous)) {
    codes.set(b.codes, filled * codeBytes);
    rowids.set(b.rowids, filled);
    filled += b.entries;
  }
  const codeOf = (rowid: number) => {
    const e = entryOf(rowids, rowid);
    return e === undefined ? undefined : codes.slice(e * codeBytes, (e + 1) * codeBytes);
  };
  const range = previous.prepare(`SELECT c.rowid AS rowid, c.content_hash AS hash, i.vector_i8 AS int8
    FROM chunk_rows c JOIN chunk_int8 i ON i.rowid = c.rowid WHERE c.rowid BETWEEN ? AND ?`);
  const vectorOf = previous.prepare('SELECT vector_i8 FROM chunk_int8 WHERE rowid = ?').pluck();
  const stored = (rowid: number, int8: Buffer | undefined): StoredVector | undefined => {
    const code = int8 && codeOf(rowid);
    return code && { code, int8: int8Of(int8) };
  };
  return (rows) => {
    if (!rows.length) return [];
    const same = new Map<number, { hash: string; int8: Buffer }>();
    for (const p of range.iterate(rows[0].rowid, rows[rows.length - 1].rowid) as Iterable<{ rowid: number; hash: string; int8: Buffer }>)
      same.set(p.rowid, p);
    return rows.map((r: Row) => {
      const p = same.get(r.rowid);
      if (p && p.hash === r.content_hash) return stored(r.rowid, p.int8);
      const rowid = rowidOf.get(r.content_hash) as number | undefined;
      return rowid === undefined ? undefined : stored(rowid, vectorOf.get(rowid) as Buffer | undefined);
    });
  };
}

/** The index of `rowid` in ascending `rowids`, or undefined. */
export function entryOf(rowids: Int32Array, rowid: number): number | undefined {
  let lo = 0,
    hi = rowids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1,
      r = rowids[mid];
    if (r === rowid) return mid;
    if (r < rowid) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
