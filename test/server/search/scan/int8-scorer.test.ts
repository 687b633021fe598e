// The int8 batch scorer: its WebAssembly SIMD kernel and its JavaScript fallback against int8Cosine
// and inverseNorm, bit for bit (search results must not move by a rounding), on vectors with the
// extremes of int8 and an all-zero vector, and across loads of different sizes.
import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../build-db/search/encoder/random.js';
import { Int8Scorer } from '../../../../src/server/search/scan/int8-scorer.js';
import { int8Cosine, inverseNorm, quantizeInt8, query16, query16Error } from '../../../../src/core/data-file/int8-vectors.js';

function unitQuery(dim: number, random: () => number): Float32Array {
  const q = Float32Array.from({ length: dim }, () => random() - 0.5);
  const norm = Math.sqrt(q.reduce((s, x) => s + x * x, 0));
  return q.map((x) => x / norm);
}

function batch(dim: number, n: number, random: () => number): Int8Array {
  const out = new Int8Array(n * dim);
  for (let i = 0; i < n; i++) out.set(quantizeInt8(Float32Array.from({ length: dim }, () => random() * 2 - 1)), i * dim);
  out.fill(0, 3 * dim, 4 * dim); // a zero vector: inverse norm 0, cosine 0
  out[5 * dim] = -128;
  out[5 * dim + 1] = 127;
  return out;
}

describe('Int8Scorer', () => {
  // 64-127 need a two-byte constant in the module (a signed LEB128; dim 64 once gave every cosine 0).
  for (const dim of [256, 48, 20, 16, 64, 80, 112, 128]) {
    test(`cosines and inverse norms equal int8Cosine and inverseNorm bit for bit (dim ${dim})`, () => {
      const random = seededRandom(dim);
      const scorer = new Int8Scorer(dim);
      expect(scorer.simd).toBe(dim % 16 === 0);
      for (const n of [7, 3000, 1200, 0]) {
        const vs = batch(dim, n, random);
        scorer.load(new Uint8Array(vs.buffer), n);
        for (const q of [unitQuery(dim, random), unitQuery(dim, random)]) {
          const { cosines, inverseNorms } = scorer.score(q);
          expect(cosines.length).toBe(n);
          const q16 = new Int16Array(dim),
            step = query16(q, q16);
          let same = 0;
          for (let i = 0; i < n; i++) {
            const v = vs.subarray(i * dim, (i + 1) * dim);
            const inv = inverseNorm(v);
            if (Object.is(inverseNorms[i], inv) && Object.is(cosines[i], int8Cosine(q16, step, v, inv))) same++;
            expect([...scorer.vector(i)]).toEqual([...v]);
          }
          expect(same).toBe(n);
          if (n > 3) expect(inverseNorms[3]).toBe(0);
        }
      }
    });
  }

  // The query is scored as 16-bit integers (query16): every cosine stays within the stated bound
  // (0.5 · step · √dim) of the float64 cosine, also at the largest dimensions, where the integer
  // steps are fewer so that no dot product passes an int32 (vectors of ±127 and ±128, the query
  // pointing the same way: the largest sums there are).
  for (const dim of [256, 768, 1024, 48]) {
    test(`cosines are within 0.5 · step · √dim of the float cosine, and the largest sums do not overflow (dim ${dim})`, () => {
      const random = seededRandom(500 + dim);
      const scorer = new Int8Scorer(dim);
      const n = 400;
      const vs = batch(dim, n, random);
      const q = unitQuery(dim, random);
      const signs = Float32Array.from(q, (x) => (x < 0 ? -1 : 1));
      const norm = Math.sqrt(dim);
      const extreme = signs.map((x) => x / norm); // a unit query pointing at the ±127 corner
      for (let c = 0; c < dim; c++) {
        vs[10 * dim + c] = 127 * signs[c];
        vs[11 * dim + c] = signs[c] < 0 ? -128 : 127;
      }
      scorer.load(new Uint8Array(vs.buffer), n);
      for (const query of [q, extreme]) {
        const { cosines, inverseNorms } = scorer.score(query);
        const bound = query16Error(query16(query, new Int16Array(dim)), dim);
        let worst = 0;
        for (let i = 0; i < n; i++) {
          const v = vs.subarray(i * dim, (i + 1) * dim);
          let exact = 0;
          for (let c = 0; c < dim; c++) exact += query[c] * v[c];
          worst = Math.max(worst, Math.abs(cosines[i] - exact * inverseNorms[i]));
        }
        expect(worst).toBeLessThanOrEqual(bound);
        if (query === extreme) expect([cosines[10], cosines[11]].map((x) => Math.round(x * 1e3) / 1e3)).toEqual([1, 1]);
      }
    });
  }

  for (const dim of [256, 48, 20]) {
    test(`a batch of kept vectors and vectors appended scores as the same batch loaded whole (dim ${dim})`, () => {
      const random = seededRandom(100 + dim);
      const slots = 5;
      const scorer = new Int8Scorer(dim, slots);
      const first = batch(dim, 8, random);
      scorer.load(new Uint8Array(first.buffer), 8);
      // Keep vectors 0, 3, 5, 6 and 7 of the first batch in slots 4, 0, 1, 2, 3.
      const kept = [
        [0, 4],
        [3, 0],
        [5, 1],
        [6, 2],
        [7, 3],
      ];
      for (const [i, slot] of kept) scorer.keep(i, slot);
      expect(() => scorer.keep(0, slots)).toThrow(RangeError);
      // A larger batch (the memory grows) mixing kept vectors and new ones.
      const fresh = batch(dim, 3000, random);
      const want = new Int8Array((3000 + 3) * dim);
      scorer.begin(3000 + 3);
      expect(scorer.appendKept(1)).toBe(0);
      want.set(first.subarray(5 * dim, 6 * dim), 0);
      expect(scorer.append(new Uint8Array(fresh.buffer), 3000)).toBe(1);
      want.set(fresh, dim);
      expect(scorer.appendKept(4)).toBe(3001);
      want.set(first.subarray(0, dim), 3001 * dim);
      expect(scorer.appendKept(0)).toBe(3002);
      want.set(first.subarray(3 * dim, 4 * dim), 3002 * dim);
      expect(scorer.size).toBe(3003);
      expect(() => scorer.appendKept(2)).toThrow(/full/);
      const whole = new Int8Scorer(dim);
      whole.load(new Uint8Array(want.buffer), 3003);
      for (const q of [unitQuery(dim, random), unitQuery(dim, random)]) {
        const a = scorer.score(q),
          b = whole.score(q);
        const sameCos = a.cosines.every((c, i) => Object.is(c, b.cosines[i])),
          sameInv = a.inverseNorms.every((x, i) => Object.is(x, b.inverseNorms[i]));
        expect([a.cosines.length, sameCos, sameInv]).toEqual([3003, true, true]);
      }
      expect([...scorer.vector(3002)]).toEqual([...first.subarray(3 * dim, 4 * dim)]);
      // A part of the batch, in any order: the same numbers as the whole batch's.
      const some = [3002, 0, 17, 3001, 17, 2999];
      const q = unitQuery(dim, random);
      const all = scorer.score(q);
      const allCos = [...all.cosines],
        allInv = [...all.inverseNorms];
      const part = scorer.scoreSome(q, some);
      expect(part.cosines.every((c, j) => Object.is(c, allCos[some[j]]))).toBe(true);
      expect(part.inverseNorms.every((x, j) => Object.is(x, allInv[some[j]]))).toBe(true);
      expect(() => scorer.scoreSome(q, [3003])).toThrow(RangeError);
      // The slots outlive batches: the vector kept in slot 2 (vector 6 of the first batch).
      scorer.begin(1);
      scorer.appendKept(2);
      expect([...scorer.vector(0)]).toEqual([...first.subarray(6 * dim, 7 * dim)]);
    });
  }

  test('a batch of the wrong length is refused', () => {
    expect(() => new Int8Scorer(16).load(new Uint8Array(17), 1)).toThrow(/17 bytes/);
  });
});
