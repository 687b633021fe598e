// The cross-lingual queries plain keyword search gets nothing right for: BM25 (eval/bm25.ts, the
// baseline, independent of the engine) has no relevant chunk in its top 10. Their relevant chunks
// share no informative word with the query, so a ratio to BM25 is undefined there (0 / 0 or
// x / 0); the hybrid's own NDCG@10 on them measures what the engine adds across languages
// (docs/search-quality.md, the cross-lingual target restated).
import { ndcgAt } from './metrics.js';
import { gradesOf, type EvalQuery } from './queries.js';

export const BM25_NOTHING = 'cross-lingual, BM25 finds nothing';

export async function bm25NothingIds(queries: readonly EvalQuery[], bm25: (q: string) => Promise<string[]>): Promise<Set<string>> {
  const out = new Set<string>();
  for (const q of queries) if (q.kind === 'cross-lingual' && ndcgAt(await bm25(q.text), gradesOf(q), 10) === 0) out.add(q.id);
  return out;
}
