// The rule eval/tune.ts chooses fusion weights by, on invented per-query scores.
import { describe, expect, test } from 'bun:test';
import { fromPlainRrf, oneStandardError, pairedDifference } from '../../eval/one-standard-error.js';

const row = (tr: number, vec: number, per: number[]) => ({ tr, vec, per, ndcg: per.reduce((a, b) => a + b, 0) / per.length });

describe('oneStandardError', () => {
  test('keeps plain RRF when the best beats it by less than one standard error of the paired differences', () => {
    // Best − plain per query: 0.2, −0.1, 0.1, −0.1: mean 0.025, error 0.075.
    const best = row(0.3, 0.6, [0.9, 0.5, 0.7, 0.4]);
    const plain = row(0, 1, [0.7, 0.6, 0.6, 0.5]);
    expect(oneStandardError([best, plain], fromPlainRrf)).toBe(plain);
  });

  test('takes, of the settings within one error of the best, the one nearest plain RRF', () => {
    // Best − plain 0.2 on every query (no error): plain is out. Best − near 0.1, 0, 0.1, 0: mean
    // 0.05, error 0.029: out too. Best − close: 0.02, 0, 0.02, 0 (mean 0.01, error 0.006): out;
    // best − within: 0.01, −0.01, 0.01, −0.01 (mean 0, error 0.006): within, nearer than the best.
    const best = row(1, 0.3, [0.9, 0.8, 0.9, 0.8]);
    const plain = row(0, 1, [0.7, 0.6, 0.7, 0.6]);
    const within = row(0.6, 0.3, [0.89, 0.81, 0.89, 0.81]);
    const far = row(1, 0, [0.9, 0.8, 0.9, 0.8]);
    expect(oneStandardError([best, far, within, plain], fromPlainRrf)).toBe(within);
  });

  test('on a tie of distance, the better mean', () => {
    const a = row(0, 0.6, [0.8, 0.8]);
    const b = row(0.4, 1, [0.79, 0.81]);
    expect(oneStandardError([a, b], fromPlainRrf)).toBe(a);
  });
});

describe('pairedDifference', () => {
  test('the mean and its standard error (sample deviation over the square root of n)', () => {
    // 0.2, -0.1, 0.1, -0.1: mean 0.025; deviations 0.175, -0.125, 0.075, -0.125; sum of squares 0.0675;
    // sd sqrt(0.0675 / 3) = 0.15; error 0.15 / 2 = 0.075.
    const { mean, se } = pairedDifference([0.2, -0.1, 0.1, -0.1]);
    expect(mean).toBeCloseTo(0.025, 12);
    expect(se).toBeCloseTo(0.075, 12);
  });
});
