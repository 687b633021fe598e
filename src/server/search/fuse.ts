// Reciprocal rank fusion (decisions 6): score = Σ w / (k + rank) over the lists a result is in,
// each list with its weight (1 for plain RRF). The weights come from what the query is
// (src/core/text/query-analysis.ts and fusionWeights below).
import type { QueryShape } from '../../core/text/query-analysis.js';

export const RRF_K = 60;

export function reciprocalRankFusion(lists: ReadonlyArray<readonly number[]>, k = RRF_K, weights?: readonly number[]): Map<number, number> {
  const scores = new Map<number, number>();
  lists.forEach((list, l) => {
    const w = weights?.[l] ?? 1;
    if (w <= 0) return;
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + w / (k + i + 1)));
  });
  return scores;
}

/** Weights of the three candidate lists: the query's own keywords, its keywords translated into
 *  the other language (src/core/text/translate.ts), and the vector side. */
export interface FusionWeights {
  keyword: number;
  translated: number;
  vector: number;
}

/** Chosen on the evaluation's tuning half by the one-standard-error rule (eval/tune.ts;
 *  docs/search-quality.md "Fusion weights"): of the grid points within one standard error (of the
 *  paired per-query differences) of the best, the one nearest plain RRF of the query's words and
 *  the vector side. For topic and prose queries no weighting beat plain RRF by more than that, so
 *  plain RRF is kept (an earlier choice, vector 0.15 and translated 0.3 for topics, was the tuning
 *  half's best by 0.01 and cost English topic queries most of their vector side). Keyword
 *  questions (a name, a bill, a phrase, a rare term), with the proximity list beside them, trust
 *  their words: vector 0.15 (tuning 0.855 at 1 → 0.911). The translated list gets its weight when
 *  the query asks across languages (TRANSLATED_LEADS, src/server/search/candidates.ts). */
export const FUSION_WEIGHTS: Record<QueryShape, FusionWeights> = {
  keyword: { keyword: 1, translated: 0, vector: 0.15 },
  topic: { keyword: 1, translated: 0, vector: 1 },
  prose: { keyword: 1, translated: 0, vector: 1 },
};

/**
 * Moves every chunk of `pinned` (a sub-list of the keyword list, in its order) up to at least its
 * position in the keyword list, keeping everything else in fused order: a chunk holding every rare
 * query term ranks at least where keyword search puts it. `keywordRank` is 0-based.
 */
export function pinToKeywordRanks(fused: readonly number[], pinned: ReadonlyArray<{ id: number; keywordRank: number }>): number[] {
  if (!pinned.length) return [...fused];
  const isPinned = new Set(pinned.map((p) => p.id));
  const rest = fused.filter((id) => !isPinned.has(id));
  const fusedAt = new Map(fused.map((id, i) => [id, i]));
  const out: number[] = [];
  let p = 0,
    r = 0;
  const placed = new Set<number>();
  while (p < pinned.length || r < rest.length) {
    const next = pinned[p];
    // A pinned chunk goes here when its keyword rank is due, or when fusion already put it ahead
    // of the next unpinned chunk.
    const due =
      next &&
      (out.length >= next.keywordRank || r >= rest.length || (fusedAt.get(next.id) ?? Infinity) < (fusedAt.get(rest[r]) ?? Infinity));
    if (due) {
      if (!placed.has(next.id)) {
        out.push(next.id);
        placed.add(next.id);
      }
      p++;
    } else {
      out.push(rest[r++]);
    }
  }
  return out;
}
