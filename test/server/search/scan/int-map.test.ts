// IntMap against a Map on random operations: sets, overwrites, deletes that shift runs back,
// clears, and growth, with keys that collide (multiples of the table size) and negative ones;
// DenseIntMap against a Map on its own domain (keys 0 … size - 1, values ≥ 0).
import { describe, expect, test } from 'bun:test';
import { DenseIntMap, IntMap } from '../../../../src/server/search/scan/int-map.js';

/** A seeded generator (mulberry32), so that a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('IntMap', () => {
  test('agrees with a Map over 200,000 random operations', () => {
    const rnd = random(7);
    const map = new IntMap(4),
      want = new Map<number, number>();
    // Small key ranges make long probe runs; keys 1024 apart start at few homes.
    const keyOf = () => (rnd() < 0.5 ? Math.floor(rnd() * 300) - 50 : Math.floor(rnd() * 64) * 1024);
    for (let step = 0; step < 200_000; step++) {
      const op = rnd(),
        k = keyOf();
      if (op < 0.5) {
        const v = Math.floor(rnd() * 1e6) - 5;
        map.set(k, v);
        want.set(k, v);
      } else if (op < 0.9) expect(map.delete(k)).toBe(want.delete(k));
      else if (op < 0.9005) {
        map.clear();
        want.clear();
      } else expect(map.has(k)).toBe(want.has(k));
      if (step % 997 === 0) {
        expect(map.size).toBe(want.size);
        for (let key = -50; key < 250; key++) expect(map.get(key, -99)).toBe(want.get(key) ?? -99);
        for (let b = 0; b < 64; b++) expect(map.get(b * 1024, -99)).toBe(want.get(b * 1024) ?? -99);
      }
    }
  });

  test('get answers `absent` (default -1) for a missing key; clear empties it at once', () => {
    const m = new IntMap();
    m.set(5, -2);
    expect(m.get(5)).toBe(-2);
    expect(m.get(6)).toBe(-1);
    expect(m.get(6, 42)).toBe(42);
    for (let i = 0; i < 1000; i++) m.set(i * 7, i);
    expect(m.size).toBe(1001); // and 5
    m.clear();
    expect(m.size).toBe(0);
    expect(m.has(0)).toBe(false);
    expect(m.get(7 * 999)).toBe(-1);
    m.set(7, 3);
    expect(m.get(7)).toBe(3);
  });
});

describe('DenseIntMap', () => {
  test('agrees with a Map over 50,000 random operations on keys 0 … 299', () => {
    const rnd = random(9);
    const map = new DenseIntMap(300),
      want = new Map<number, number>();
    for (let step = 0; step < 50_000; step++) {
      const op = rnd(),
        k = Math.floor(rnd() * 300);
      if (op < 0.5) {
        const v = Math.floor(rnd() * 1e6);
        map.set(k, v);
        want.set(k, v);
      } else if (op < 0.9) expect(map.delete(k)).toBe(want.delete(k));
      else expect(map.has(k)).toBe(want.has(k));
      if (step % 997 === 0) for (let key = 0; key < 300; key++) expect(map.get(key, -99)).toBe(want.get(key) ?? -99);
    }
  });

  test('a key outside the range is absent, and cannot be set; neither can a negative value', () => {
    const m = new DenseIntMap(10);
    expect(m.get(-1)).toBe(-1);
    expect(m.get(10, 7)).toBe(7);
    expect(m.has(10)).toBe(false);
    expect(m.delete(12)).toBe(false);
    expect(() => m.set(10, 1)).toThrow(RangeError);
    expect(() => m.set(-1, 1)).toThrow(RangeError);
    expect(() => m.set(3, -1)).toThrow(RangeError);
    m.set(0, 0);
    expect(m.get(0)).toBe(0);
  });
});
