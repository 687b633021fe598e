// The best keyword matches in the order of their exact BM25 scores. The index stores each chunk's
// term weight cut into 16 levels (src/core/data-file/keyword-index.ts) and ties go to the newest
// chunk, so within a level a chunk naming "riding" four times ranks beside one naming it once in
// passing: for a query of one common word or a bill number, most of its best matches share a level.
// Their texts are already kept for snippets and pairs (query-caches.ts), so the head of the list is
// scored from its words as the build scored them (same stems, length and average length).
import type { SearchQueries } from '../db/search.js';
import { idf, termWeight } from '../../core/data-file/keyword-index.js';
import { chunksForTerm } from './term-collection.js';

/** Keyword matches re-scored exactly: the head the fusion and the pins read most. */
export const EXACT_DEPTH = 20;

type Sources = Pick<SearchQueries, 'chunkWordsOf' | 'termLevels' | 'averageLength' | 'totalChunks' | 'matchCount'>;

/** `keyword` (best first) with its first `depth` re-ordered by exact BM25 over `stems` (each at its
 *  idf times its weight, default 1); ties and the rest keep their order. Unchanged when the file
 *  records no average length. */
export function exactHead(
  queries: Sources,
  keyword: readonly number[],
  stems: readonly string[],
  weights: ReadonlyMap<string, number>,
  depth = EXACT_DEPTH,
): number[] {
  const avgdl = queries.averageLength();
  if (avgdl === null || depth < 2 || keyword.length < 2 || !stems.length) return [...keyword];
  const collection = chunksForTerm(queries);
  const weight = new Map<string, number>();
  for (const [s, { docs }] of queries.termLevels([...stems])) if (docs > 0) weight.set(s, idf(collection(s), docs) * (weights.get(s) ?? 1));
  const head = keyword.slice(0, depth);
  const words = queries.chunkWordsOf(head);
  const score = new Map<number, number>();
  for (const r of head) {
    const w = words.get(r);
    if (!w) return [...keyword];
    const tf = new Map<string, number>();
    let length = 0;
    for (const s of w.stems) {
      if (s === null) continue;
      length++;
      if (weight.has(s)) tf.set(s, (tf.get(s) ?? 0) + 1);
    }
    let sum = 0;
    for (const [s, n] of tf) sum += weight.get(s)! * termWeight(n, length, avgdl);
    // Sums of the same terms added in another order must tie (as keyword-plan.ts rounds).
    score.set(r, Math.round(sum * 2 ** 24) / 2 ** 24);
  }
  const at = new Map(head.map((r, i) => [r, i]));
  head.sort((a, b) => score.get(b)! - score.get(a)! || at.get(a)! - at.get(b)!);
  return [...head, ...keyword.slice(depth)];
}
