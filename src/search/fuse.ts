// Reciprocal rank fusion (decisions 6): score = Σ 1 / (k + rank) over the lists a result is in.
export const RRF_K = 60;

export function reciprocalRankFusion(lists: ReadonlyArray<readonly number[]>, k = RRF_K): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return scores;
}
