// Ranking metrics of the search evaluation: NDCG@k with graded judgments and Recall@k.
// A ranking is a list of chunk keys (best first); judgments map a key to its grade (0, 1, 2).
// Unjudged chunks count as grade 0, the usual convention for pooled judgments.

export type Grades = ReadonlyMap<string, number>;

/** Gain of a grade: 2^g − 1, so a grade-2 chunk is worth three grade-1 chunks. */
export const gain = (grade: number) => 2 ** grade - 1;

/** Discounted cumulative gain of the first k grades: Σ gain(g_i) / log2(i + 1), i from 1. */
export function dcg(grades: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, grades.length); i++) sum += gain(grades[i]) / Math.log2(i + 2);
  return sum;
}

/** DCG of the ranking over the DCG of the ideal ordering of every judged chunk; null when the
 *  query has no relevant judgment (it cannot be scored, and is left out of averages). */
export function ndcgAt(ranking: readonly string[], judged: Grades, k: number): number | null {
  const ideal = dcg(
    [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return null;
  return (
    dcg(
      ranking.slice(0, k).map((key) => judged.get(key) ?? 0),
      k,
    ) / ideal
  );
}

/** NDCG@k on the condensed list (Sakai 2007): every chunk without a judgment for the query removed
 *  before scoring, which tells the order of the judged chunks apart from unjudged ones taking places. */
export const condensedNdcgAt = (ranking: readonly string[], judged: Grades, k: number): number | null =>
  ndcgAt(
    ranking.filter((key) => judged.has(key)),
    judged,
    k,
  );

/** Share of the relevant chunks (grade ≥ 1) found in the first k; null without relevant chunks. */
export function recallAt(ranking: readonly string[], judged: Grades, k: number): number | null {
  const relevant = [...judged].filter(([, g]) => g > 0).map(([key]) => key);
  if (!relevant.length) return null;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((key) => top.has(key)).length / relevant.length;
}

/** Mean of the defined values; null when there are none. */
export function mean(values: ReadonlyArray<number | null>): number | null {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}
