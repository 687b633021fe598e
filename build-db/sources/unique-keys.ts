// Duplicate keys among streamed records (speeches: 8 M of them would not fit as a Map of keys, which
// held ~0.8 GB at 8 M). One pass keeps a 53-bit hash of each key, 8 bytes a record (64 MB at 8 M,
// against ~100 B a key in a Map), sorted at the end: equal hashes are the only possible duplicates.
// When there are any, a second pass over the records compares the keys themselves, only those with
// such a hash, so a hash collision is never reported and the report is the Map's: every later
// record with the key, and where the first one is.

export type Located = { file: string; line: number };
export type KeyHash = (key: string) => number;

/** A 53-bit hash (an exact double): two 32-bit multiplicative hashes of the UTF-16 units. */
export const keyHash: KeyHash = (key) => {
  let a = 0x811c9dc5,
    b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return (a >>> 0) * 2 ** 21 + ((b ^ (b >>> 16)) >>> 11);
};

/** Takes every record's key in turn (add), then names the duplicates (duplicates). */
export class UniqueKeys {
  private hashes: Float64Array;
  private count = 0;

  /** `expected`: how many keys will come (the array grows beyond it if more do). */
  constructor(
    expected: number,
    private readonly hash: KeyHash = keyHash,
  ) {
    this.hashes = new Float64Array(Math.max(16, expected));
  }

  add(key: string): void {
    if (this.count === this.hashes.length) {
      const grown = new Float64Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.count++] = this.hash(key);
  }

  /** The second and later records of each key, with the first record of it: `records` must be the
   *  same records, in the same order, as were added (a streamed kind reads its files again). */
  duplicates<T extends Located>(records: Iterable<T>, keyOf: (row: T) => string): Array<{ row: T; key: string; first: Located }> {
    const sorted = this.hashes.subarray(0, this.count).sort();
    const shared = new Set<number>();
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) shared.add(sorted[i]);
    this.hashes = new Float64Array(0);
    this.count = 0;
    if (!shared.size) return [];
    const seen = new Map<string, Located>();
    const out: Array<{ row: T; key: string; first: Located }> = [];
    for (const row of records) {
      const key = keyOf(row);
      if (!shared.has(this.hash(key))) continue;
      const first = seen.get(key);
      if (first) out.push({ row, key, first });
      else seen.set(key, { file: row.file, line: row.line });
    }
    return out;
  }
}
