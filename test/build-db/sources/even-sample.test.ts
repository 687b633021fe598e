// The first pass's sample of the speeches (build-db/sources/even-sample.ts): spread evenly over a
// stream of unknown length, the same every time, and never more than twice its target.
import { describe, expect, test } from 'bun:test';
import { evenSample } from '../../../build-db/sources/even-sample.js';

const sampleOf = (n: number, target: number) => {
  const s = evenSample<number>(target);
  for (let i = 0; i < n; i++) s.add(i);
  return s.items();
};

describe('evenSample', () => {
  test('a stream no longer than twice the target is kept whole', () => {
    expect(sampleOf(0, 4)).toEqual([]);
    expect(sampleOf(8, 4)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test('a longer stream keeps every stride-th item from the first, the stride a power of two', () => {
    expect(sampleOf(9, 4)).toEqual([0, 2, 4, 6, 8]);
    expect(sampleOf(100, 4)).toEqual([0, 16, 32, 48, 64, 80, 96]);
    for (const n of [1_000, 4_097, 100_000]) {
      const kept = sampleOf(n, 512);
      expect(kept.length).toBeGreaterThanOrEqual(512);
      expect(kept.length).toBeLessThanOrEqual(1024);
      const stride = kept[1] - kept[0];
      expect(Math.log2(stride) % 1).toBe(0);
      expect(kept.every((x, i) => x === i * stride)).toBe(true);
      // The last kept item lies within one stride of the stream's end: the whole stream is covered.
      expect(n - 1 - kept[kept.length - 1]).toBeLessThan(stride);
    }
  });
});
