// Query expansion by pseudo-relevance feedback on the keyword side (RM3's idea, simplified): the
// words the best keyword matches share, weighted by how much of each match they make up and how
// rare they are, are searched with the query's own as one more keyword list. It finds the chunks
// that say the same thing in other words, which plain BM25 misses.
import type { SearchQueries } from '../db/search.js';
import type { QueryShape } from '../../core/text/query-analysis.js';
import { idf } from '../../core/data-file/keyword-index.js';
import { indexTerms } from '../../core/text/terms.js';

export interface ExpansionOptions {
  /** How many of the best keyword matches are read. */
  docs?: number;
  /** How many stems are added at most. */
  terms?: number;
  /** A stem is added only when at least this many of the read matches hold it. */
  minDocs?: number;
  /** Stems held by more than this share of the chunks say nothing (and cost long posting lists). */
  maxShare?: number;
}

/** The expanded list's weight in the fusion, by query shape: off. On the evaluation's tuning half
 *  weights 2 (keyword) and 1 (prose) gained 0.016 NDCG@10 (keyword queries 0.865 → 0.910), but the
 *  held-out half lost 0.002 (0.743 → 0.741), and at 1 M chunks the pool's p50 grew by 16%
 *  (docs/search-quality.md "Query expansion"). Kept for `eval/tune.ts` to try again as the query set grows. */
export const EXPANSION_WEIGHTS: Record<QueryShape, number> = { keyword: 0, topic: 0, prose: 0 };

export const EXPANSION = { docs: 5, terms: 10, minDocs: 2, maxShare: 0.05 } as const;

/** Stems to add to `stems`, best first, from the texts of `top` (the best keyword matches, best first). */
export function expansionStems(
  queries: SearchQueries,
  top: readonly number[],
  stems: ReadonlySet<string>,
  o: ExpansionOptions = {},
): string[] {
  const { docs = EXPANSION.docs, terms = EXPANSION.terms, minDocs = EXPANSION.minDocs, maxShare = EXPANSION.maxShare } = o;
  const read = top.slice(0, docs);
  if (read.length < minDocs) return [];
  const texts = queries.texts(read);
  // Σ over the read matches of the stem's share of that match's words: RM3's relevance model with
  // equal document weights (the keyword ranks are close at the top).
  const share = new Map<string, { weight: number; docs: number }>();
  for (const rowid of read) {
    const t = texts.get(rowid);
    if (!t) continue;
    const words = indexTerms(t.text, t.language);
    if (!words.length) continue;
    const tf = new Map<string, number>();
    for (const w of words) if (!stems.has(w) && w.length > 2 && !/^\p{N}+$/u.test(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const [w, n] of tf) {
      const s = share.get(w) ?? { weight: 0, docs: 0 };
      s.weight += n / words.length;
      s.docs += 1;
      share.set(w, s);
    }
  }
  const shared = [...share].filter(([, s]) => s.docs >= minDocs);
  if (!shared.length) return [];
  const n = queries.totalChunks();
  const df = queries.termLevels(shared.map(([w]) => w));
  return shared
    .map(([w, s]) => ({ w, docs: df.get(w)?.docs ?? 0, weight: s.weight }))
    .filter((c) => c.docs > 0 && c.docs <= maxShare * n)
    .map((c) => ({ w: c.w, score: c.weight * idf(n, c.docs) }))
    .sort((a, b) => b.score - a.score || (a.w < b.w ? -1 : 1))
    .slice(0, terms)
    .map((c) => c.w);
}
