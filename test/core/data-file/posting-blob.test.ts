// The posting-list blob: rowids newest first, gaps as LEB128 varints.
import { describe, expect, test } from 'bun:test';
import { decodePostings, encodePostings } from '../../../src/core/data-file/posting-blob.js';

/** Strictly decreasing rowids with gaps from 1 to `maxGap`, from a seeded generator. */
function list(n: number, maxGap: number, seed: number): number[] {
  let s = seed;
  const rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const gaps = Array.from({ length: n }, () => 1 + Math.floor(rand() * maxGap));
  let r = gaps.reduce((a, b) => a + b, 0);
  return gaps.map((g) => (r -= g) + g);
}

describe('posting blobs', () => {
  test('a list decodes to itself, for small and large gaps, and a cut-short read gives its newest', () => {
    for (const [n, gap] of [
      [1, 1],
      [10, 1],
      [1000, 3],
      [5000, 200],
      [300, 2_000_000],
    ] as const) {
      const rowids = list(n, gap, n + gap);
      const blob = encodePostings(rowids);
      expect([...decodePostings(blob)]).toEqual(rowids);
      expect([...decodePostings(blob, 7)]).toEqual(rowids.slice(0, 7));
      expect(decodePostings(blob, 7)).toHaveLength(Math.min(7, n));
      // With the count known (chunk_postings.docs), the same rowids in an array of that length.
      const counted = decodePostings(blob, Infinity, n);
      expect([...counted]).toEqual(rowids);
      expect(counted.buffer.byteLength).toBe(4 * n);
      expect([...decodePostings(blob, 7, n)]).toEqual(rowids.slice(0, 7));
    }
  });

  test('a posting is its gap in groups of 7 bits, low first, the high bit saying more follow; the first is the rowid itself', () => {
    expect([...encodePostings([5, 4, 2])]).toEqual([5, 1, 2]);
    expect([...encodePostings([300, 1])]).toEqual([0xac, 0x02, 0xab, 0x02]);
    expect([...encodePostings([])]).toEqual([]);
    expect([...decodePostings(new Uint8Array(0))]).toEqual([]);
    // The largest rowid an Int32Array holds, and 0.
    expect([...decodePostings(encodePostings([0x7fff_ffff, 0]))]).toEqual([0x7fff_ffff, 0]);
  });

  test('rowids out of order, repeated, negative or past 31 bits are refused when encoding', () => {
    expect(() => encodePostings([1, 2])).toThrow(/does not follow 1 downwards/);
    expect(() => encodePostings([3, 3])).toThrow(/does not follow 3 downwards/);
    expect(() => encodePostings([-1])).toThrow(/not a rowid/);
    expect(() => encodePostings([2 ** 31])).toThrow(/not a rowid/);
    expect(() => encodePostings([1.5])).toThrow(/not a rowid/);
  });

  test('a damaged blob is an error, not wrong rowids', () => {
    expect(() => decodePostings(Uint8Array.of(0x85))).toThrow(/cut short/);
    expect(() => decodePostings(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x7f))).toThrow(/longer than 31 bits/);
    expect(() => decodePostings(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0x01))).toThrow(/longer than 31 bits|cut short/);
    // A gap past the first rowid (below 0), and a zero gap (a repeat).
    expect(() => decodePostings(Uint8Array.of(3, 4))).toThrow(/downwards/);
    expect(() => decodePostings(Uint8Array.of(3, 0))).toThrow(/downwards/);
  });
});
