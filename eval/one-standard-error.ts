// The one-standard-error rule (Breiman et al. 1984; Hastie, Tibshirani & Friedman §7.10), by which
// eval/tune.ts chooses every fusion weight on the tuning half: of the candidates whose mean is
// within one standard error of the best (the error of the paired per-query differences), the one
// nearest the prior, then the best of those. A half of 79 queries cannot tell apart weights that
// differ by less than that; the prior is kept there.

/** A candidate setting: its mean NDCG@10 and its per-query scores, in the same query order for all. */
export interface Scored {
  ndcg: number;
  per: readonly number[];
}

/** The mean of paired per-query differences and its standard error. */
export function pairedDifference(d: readonly number[]): { mean: number; se: number } {
  const n = d.length;
  const mean = d.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  return { mean, se: sd / Math.sqrt(n) };
}

/** `rows` best first (highest ndcg); `distance` from the prior (0 at the prior). */
export function oneStandardError<T extends Scored>(rows: readonly T[], distance: (r: T) => number): T {
  const best = rows[0];
  const within = rows.filter((r) => {
    const { mean, se } = pairedDifference(r.per.map((s, i) => best.per[i] - s));
    return mean <= se;
  });
  return within.sort((a, b) => distance(a) - distance(b) || b.ndcg - a.ndcg)[0];
}

/** A (translated, vector) weight's distance from plain RRF of the query's words and the vector
 *  side (translated 0, vector 1: the engine before weights). */
export const fromPlainRrf = (r: { tr: number; vec: number }) => Math.abs(r.tr) + Math.abs(r.vec - 1);
