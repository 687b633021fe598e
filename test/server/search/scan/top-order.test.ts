// The short list's order, best first with ties by position, against the comparator sort it replaces,
// on random values, many ties (equal values and values one ulp apart), zeros of both signs, and
// lengths at the edges of the position bits.
import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../build-db/search/encoder/random.js';
import { comparatorOrder, topOrder } from '../../../../src/server/search/scan/top-order.js';

const reference = (values: Float64Array, k: number) => {
  const at = Array.from({ length: values.length }, (_, i) => ({ i, v: values[i] }));
  at.sort((a, b) => b.v - a.v || a.i - b.i);
  return at.slice(0, k).map((x) => x.i);
};
const nextUp = (x: number) => {
  const f = new Float64Array([x]),
    u = new BigInt64Array(f.buffer);
  u[0] += x >= 0 ? 1n : -1n;
  return f[0];
};

describe('topOrder', () => {
  const random = seededRandom(5);
  const kinds: Record<string, (n: number) => Float64Array> = {
    uniform: (n) => Float64Array.from({ length: n }, () => random() * 2 - 1),
    'few values (ties)': (n) => Float64Array.from({ length: n }, () => Math.floor(random() * 5) / 4 - 0.5),
    'one ulp apart': (n) => {
      const base = random() - 0.5;
      return Float64Array.from({ length: n }, () => {
        let x = base;
        for (let s = Math.floor(random() * 4); s > 0; s--) x = nextUp(x);
        return x;
      });
    },
    'zeros of both signs, tiny and huge': (n) =>
      Float64Array.from({ length: n }, () => [0, -0, 5e-324, -5e-324, 1e-310, 1e308, -1e308, 0.25][Math.floor(random() * 8)]),
  };
  for (const [kind, make] of Object.entries(kinds)) {
    test(`the comparator's order, ${kind}`, () => {
      for (const n of [0, 1, 2, 3, 7, 8, 9, 255, 256, 257, 1000, 2000, 4096, 4097]) {
        const values = make(n);
        for (const k of [n, Math.ceil(n / 2), 1, n + 3]) {
          const want = reference(values, k);
          expect([...topOrder(values, k)]).toEqual(want);
          expect([...comparatorOrder(values, k)]).toEqual(want);
        }
      }
    });
  }
  test('values that are not finite take the comparator', () => {
    const values = Float64Array.from([0.5, Infinity, -Infinity, 0.5, -1]);
    expect([...topOrder(values, 5)]).toEqual(reference(values, 5));
  });
});
