// The int8 batch scorer: its WebAssembly SIMD kernel and its JavaScript fallback against int8Cosine
// and inverseNorm, bit for bit (search results must not move by a rounding), on vectors with the
// extremes of int8 and an all-zero vector, and across loads of different sizes.
import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../build-db/search/encoder/random.js';
import { Int8Scorer } from '../../../src/search/scan/int8-scorer.js';
import { int8Cosine, inverseNorm, quantizeInt8 } from '../../../src/search/scan/int8-vectors.js';

function unitQuery(dim: number, random: () => number): Float32Array {
  const q = Float32Array.from({ length: dim }, () => random() - 0.5);
  const norm = Math.sqrt(q.reduce((s, x) => s + x * x, 0));
  return q.map((x) => x / norm);
}

function batch(dim: number, n: number, random: () => number): Int8Array {
  const out = new Int8Array(n * dim);
  for (let i = 0; i < n; i++) out.set(quantizeInt8(Float32Array.from({ length: dim }, () => random() * 2 - 1)), i * dim);
  out.fill(0, 3 * dim, 4 * dim); // a zero vector: inverse norm 0, cosine 0
  out[5 * dim] = -128; out[5 * dim + 1] = 127;
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
          let same = 0;
          for (let i = 0; i < n; i++) {
            const v = vs.subarray(i * dim, (i + 1) * dim);
            const inv = inverseNorm(v);
            if (Object.is(inverseNorms[i], inv) && Object.is(cosines[i], int8Cosine(q, v, inv))) same++;
            expect([...scorer.vector(i)]).toEqual([...v]);
          }
          expect(same).toBe(n);
          if (n > 3) expect(inverseNorms[3]).toBe(0);
        }
      }
    });
  }

  test('a batch of the wrong length is refused', () => {
    expect(() => new Int8Scorer(16).load(new Uint8Array(17), 1)).toThrow(/17 bytes/);
  });
});
