// The in-memory vector scan: the WebAssembly Hamming kernel against a plain popcount, the shortlist
// against a sort, and the filter mask against the conditions it replaces.
import { seededRandom } from '../../../../build-db/search/encoder/random.js';
import { describe, expect, test } from 'bun:test';
import type { SearchFilters } from '../../../../src/server/db/search.js';
import { binaryCode, codeWords } from '../../../../src/core/data-file/binary-code.js';
import { CodeScan } from '../../../../src/server/search/scan/code-scan.js';
import { FilterColumns, type FilterRow } from '../../../../src/server/search/scan/filter-columns.js';

const rng = seededRandom; // deterministic, so a failure reproduces
const popcount = (x: number) => {
  let c = 0;
  for (; x; x >>= 1) c += x & 1;
  return c;
};
const hamming = (a: Uint8Array, b: Uint8Array) => a.reduce((s, x, i) => s + popcount(x ^ b[i]), 0);

describe('binaryCode', () => {
  test('one sign bit per dimension, little-endian within a byte, padded to 16-byte words', () => {
    const v = new Float32Array(130);
    v[0] = 0.5;
    v[9] = 0.1;
    v[129] = 2;
    v[1] = -1;
    const code = binaryCode(v);
    expect(codeWords(130)).toBe(2);
    expect(code.length).toBe(32);
    expect([...code.slice(0, 2)]).toEqual([0b1, 0b10]);
    expect(code[16]).toBe(0b10);
    expect(code.reduce((s, x) => s + popcount(x), 0)).toBe(3);
  });
});

describe('CodeScan', () => {
  for (const words of [1, 2, 3]) {
    test(`the SIMD kernel equals a plain popcount (${words * 128}-bit codes)`, () => {
      const random = rng(words);
      const n = 1000;
      const codes = Array.from({ length: n }, () => Uint8Array.from({ length: words * 16 }, () => Math.floor(random() * 256)));
      const scan = new CodeScan(n, words);
      expect(scan.simd).toBe(true);
      for (const c of codes) scan.push(c);
      const q = codes[17].map((x, i) => (i === 0 ? x ^ 0b100 : x)); // one bit away from code 17
      // Every code: the shortlist of all n, ordered by entry, carries each code once.
      const all = scan.shortlist(q, n, null);
      expect(all.length).toBe(n);
      // The nearest 50 by the kernel are the nearest 50 by a reference sort (ties in entry order).
      const ref = codes
        .map((c, i) => ({ i, d: hamming(q, c) }))
        .sort((a, b) => a.d - b.d || a.i - b.i)
        .slice(0, 50)
        .map((x) => x.i);
      expect([...scan.shortlist(q, 50, null)].sort((a, b) => a - b)).toEqual(ref.sort((a, b) => a - b));
      expect(scan.shortlist(q, 1, null)[0]).toBe(17);
    });
  }

  test('with a mask, the r nearest kept entries, ties at the cut in entry order, against a sort (random masks, many ties)', () => {
    const random = rng(9);
    const n = 3000;
    // One 16-byte word with only its first byte random: distances 0..8, so most entries tie.
    const codes = Array.from({ length: n }, () => Uint8Array.from({ length: 16 }, (_, b) => (b ? 0 : Math.floor(random() * 256))));
    const scan = new CodeScan(n, 1);
    for (const c of codes) scan.push(c);
    for (const share of [0, 0.1, 0.5, 0.88, 1]) {
      const mask = Uint8Array.from({ length: n }, () => (random() < share ? 1 : 0));
      for (const r of [1, 17, 250, 2000, 5000]) {
        const q = Uint8Array.from({ length: 16 }, (_, b) => (b ? 0 : Math.floor(random() * 256)));
        const want = codes
          .map((c, i) => ({ i, d: hamming(q, c) }))
          .filter((x) => mask[x.i])
          .sort((a, b) => a.d - b.d || a.i - b.i)
          .slice(0, r)
          .map((x) => x.i)
          .sort((a, b) => a - b);
        expect([...scan.shortlist(q, r, mask)]).toEqual(want);
      }
    }
  });

  for (const words of [1, 2])
    test(`on two threads, the same entries as on one (${words * 128}-bit codes; the helper scans the second half; masks, ties, r at the edges)`, async () => {
      const random = rng(33 + words);
      // Past the size from which a scan is split; codes of 2 random bits, so most entries tie.
      const n = 70_001;
      const codes = Array.from({ length: n }, () => Uint8Array.from({ length: words * 16 }, (_, b) => (b ? 0 : Math.floor(random() * 4))));
      const one = new CodeScan(n, words),
        two = new CodeScan(n, words, { threads: 2 });
      for (const c of codes) {
        one.push(c);
        two.push(c);
      }
      try {
        expect(two.threads).toBe(2);
        // The helper thread starts in the background: scans before it runs are whole on this thread.
        for (let waited = 0; two.helped === 0 && waited < 5000; waited += 20) {
          two.shortlist(codes[0], 10, null);
          await new Promise((done) => setTimeout(done, 20));
        }
        const before = two.helped;
        expect(before).toBeGreaterThan(0);
        for (const share of [null, 0, 0.02, 0.5, 1]) {
          const mask = share === null ? null : Uint8Array.from({ length: n }, (_, i) => (i > n / 3 && random() < share ? 1 : 0));
          for (const r of [1, 5, 8192, n]) {
            const q = codes[Math.floor(random() * n)];
            expect([...two.shortlist(q, r, mask)]).toEqual([...one.shortlist(q, r, mask)]);
          }
        }
        // The helper ran a part of them (a scan of 35 k codes is over in ~50 µs, about the time the
        // helper takes to wake: the scanning thread takes the half back when it has not begun).
        expect(two.helped).toBeGreaterThan(before);
        // Closed, it scans on one thread, with the same answers.
        two.close();
        expect(two.threads).toBe(1);
        const q = codes[5];
        expect([...two.shortlist(q, 300, null)]).toEqual([...one.shortlist(q, 300, null)]);
      } finally {
        two.close();
      }
    });

  test('the WebAssembly passes and the JavaScript ones choose the same entries (random codes and masks, r at the edges)', () => {
    const random = rng(21);
    for (const [n, words] of [
      [1, 1],
      [700, 1],
      [5000, 2],
      [2048, 3],
    ]) {
      const codes = Array.from({ length: n }, () =>
        Uint8Array.from({ length: words * 16 }, () => (random() < 0.5 ? Math.floor(random() * 256) : 0)),
      );
      const wasm = new CodeScan(n, words),
        js = new CodeScan(n, words, { wasm: false });
      expect([wasm.simd, js.simd]).toEqual([true, false]);
      for (const c of codes) {
        wasm.push(c);
        js.push(c);
      }
      for (const share of [null, 0, 0.03, 0.5, 1]) {
        const mask = share === null ? null : Uint8Array.from({ length: n }, () => (random() < share ? 1 : 0));
        for (const r of [0, 1, 2, 63, 1000, n - 1, n, n + 5]) {
          const q = codes[Math.floor(random() * n)].map((x) => (random() < 0.1 ? x ^ 1 : x));
          expect([...wasm.shortlist(q, r, mask)]).toEqual([...js.shortlist(q, r, mask)]);
        }
      }
    }
  });

  test('a scan sized for short lists of at most maxShortlist answers those as the full-sized one does, and refuses longer ones', () => {
    const random = rng(33);
    const n = 4000;
    const codes = Array.from({ length: n }, () => Uint8Array.from({ length: 16 }, () => Math.floor(random() * 256)));
    const full = new CodeScan(n, 1),
      small = new CodeScan(n, 1, { maxShortlist: 64 });
    for (const c of codes) {
      full.push(c);
      small.push(c);
    }
    for (const share of [null, 0.02, 0.6]) {
      const mask = share === null ? null : Uint8Array.from({ length: n }, () => (random() < share ? 1 : 0));
      for (const r of [1, 63, 64]) expect([...small.shortlist(codes[r], r, mask)]).toEqual([...full.shortlist(codes[r], r, mask)]);
    }
    expect(() => small.shortlist(codes[0], 65, null)).toThrow(RangeError);
    // Fewer entries than asked for: every entry, as without the bound.
    const few = new CodeScan(10, 1, { maxShortlist: 4 });
    for (let i = 0; i < 3; i++) few.push(codes[i]);
    expect(few.shortlist(codes[0], 8, null).length).toBe(3);
  });

  test('a mask keeps only its entries; an all-zero mask gives nothing; r beyond n gives every kept entry', () => {
    const scan = new CodeScan(6, 1);
    // Entry i has i bits set in every byte: its distance from the zero code grows with i.
    for (let i = 0; i < 6; i++) scan.push(new Uint8Array(16).fill((1 << i) - 1));
    const mask = Uint8Array.from([0, 1, 0, 1, 1, 0]);
    expect([...scan.shortlist(new Uint8Array(16), 2, mask)]).toEqual([1, 3]);
    expect([...scan.shortlist(new Uint8Array(16), 10, mask)]).toEqual([1, 3, 4]);
    expect(scan.shortlist(new Uint8Array(16), 10, new Uint8Array(6)).length).toBe(0);
  });
});

describe('FilterColumns', () => {
  const rows: FilterRow[] = [
    {
      language: 'en',
      level: 'federal',
      province_territory: '',
      speech_type: 'floor',
      spoken_on: '2015-03-01',
      is_presiding: 0,
      politician_active: 1,
      politician_id: 'a',
      party: 'liberal',
      session_id: 's1',
    },
    {
      language: 'fr',
      level: 'federal',
      province_territory: '',
      speech_type: 'committee',
      spoken_on: '2016-01-31',
      is_presiding: 1,
      politician_active: -1,
      politician_id: '',
      party: '',
      session_id: 's2',
    },
    {
      language: 'en',
      level: 'provincial',
      province_territory: 'BC',
      speech_type: 'floor',
      spoken_on: '2016-02-01',
      is_presiding: 0,
      politician_active: 0,
      politician_id: 'b',
      party: 'ndp',
      session_id: 's3',
    },
  ];
  const cols = new FilterColumns(rows.length);
  rows.forEach((r, i) => cols.set(i, r));
  const base: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
  const kept = (f: Partial<SearchFilters>, sessions: string[] | null = null) => {
    const m = cols.mask({ ...base, ...f }, sessions);
    return m ? [...m].flatMap((x, i) => (x ? [i] : [])) : 'all';
  };

  test('no filter: no mask', () => expect(kept({})).toBe('all'));
  test('each condition', () => {
    expect(kept({ langs: ['fr'] })).toEqual([1]);
    expect(kept({ level: 'provincial', province_territory: 'BC' })).toEqual([2]);
    expect(kept({ politician_ids: ['a', 'b', 'zzz'] })).toEqual([0, 2]);
    expect(kept({ party: 'NDP' })).toEqual([2]);
    expect(kept({ from: '2016-01-31', to: '2016-01-31' })).toEqual([1]);
    expect(kept({ from: '2016-01-01' })).toEqual([1, 2]);
    expect(kept({ exclude_presiding: true })).toEqual([0, 2]);
    expect(kept({ politician_active: 'inactive' })).toEqual([2]);
    expect(kept({ speech_type: ['committee', 'floor'] })).toEqual([0, 1, 2]);
    expect(kept({ session_id: 's2' })).toEqual([1]);
    expect(kept({}, ['s1', 's3'])).toEqual([0, 2]);
  });
  test('a value nobody has, or an empty session list, matches nothing', () => {
    expect(kept({ province_territory: 'ON' })).toEqual([]);
    expect(kept({}, [])).toEqual([]);
    expect(kept({ langs: ['en'], politician_ids: ['b'] })).toEqual([2]);
  });
});
