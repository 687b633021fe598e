// Chooses the fusion weights on the tuning half only: for each query shape (src/search/query-analysis.ts),
// NDCG@10 of hybrid on the tuning queries of that shape under a grid of (translated, vector)
// weights, the keyword list's weight fixed at 1, then of the expanded list's weight. Prints the grid; the chosen values go into
// FUSION_WEIGHTS (src/search/fuse.ts) by hand, and `make eval` then reports the held-out half.
//   bun eval/tune.ts [--data data/real.db] [--queries eval/queries.jsonl]
import { parseArgs } from 'node:util';
import { analyseQuery } from '../src/search/query-analysis.js';
import { FUSION_WEIGHTS } from '../src/search/fuse.js';
import { EXPANSION_WEIGHTS } from '../src/search/expansion.js';
import { TRANSLATED_LEADS } from '../src/search/candidates.js';
import { mean, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, loadQueries } from './queries.js';
import { openRanker } from './rank.js';

const { values } = parseArgs({ options: { data: { type: 'string', default: 'data/real.db' }, queries: { type: 'string', default: 'eval/queries.jsonl' } } });
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const tuning = queries.filter((q) => half.get(q.id) === 'tuning');
const ranker = await openRanker(values.data!);
const GRID = [0, 0.15, 0.3, 0.6, 1];
const EXPANSION_GRID = [0, 0.3, 0.6, 1, 1.5, 2, 3];
for (const shape of ['keyword', 'topic', 'prose'] as const) {
  // The shape as the engine decides it needs index statistics for short topical queries; the
  // text-only shape is close enough to group the tuning queries.
  const qs = tuning.filter((q) => analyseQuery(q.text, ['en', 'fr']).shape === shape);
  const rows: Array<{ tr: number; vec: number; ndcg: number; bm25: number }> = [];
  const bm25 = mean(await Promise.all(qs.map(async (q) => ndcgAt(await ranker.rank(q.text, 'bm25'), gradesOf(q), 10))))!;
  for (const tr of GRID) for (const vec of GRID) {
    const weights = { ...FUSION_WEIGHTS, [shape]: { keyword: 1, translated: tr, vector: vec } };
    const scores = [];
    for (const q of qs) scores.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { weights }), gradesOf(q), 10));
    rows.push({ tr, vec, ndcg: mean(scores)!, bm25 });
  }
  rows.sort((a, b) => b.ndcg - a.ndcg);
  console.log(`\n${shape}: ${qs.length} tuning queries, BM25 ${rows[0]?.bm25.toFixed(3)}; best first (translated, vector → NDCG@10)`);
  for (const r of rows.slice(0, 8)) console.log(`  ${r.tr.toFixed(2)} ${r.vec.toFixed(2)} → ${r.ndcg.toFixed(3)}`);
  // Then the expanded list's weight (src/search/expansion.ts), the other weights as chosen.
  const exp: string[] = [];
  for (const w of EXPANSION_GRID) {
    const scores = [];
    for (const q of qs) scores.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { expansion: { weight: { [shape]: w } } }), gradesOf(q), 10));
    exp.push(`${w.toFixed(2)} → ${mean(scores)!.toFixed(3)}`);
  }
  console.log(`  expansion weight (now ${EXPANSION_WEIGHTS[shape]}): ${exp.join(', ')}`);
}
// The translated list's weight when a query asks across languages (src/search/cross-lingual.ts),
// over every tuning query (any shape may ask across languages).
const leads: string[] = [];
for (const w of [0, 1, 2, 3]) {
  const scores = [];
  for (const q of tuning) scores.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { translatedLeads: w }), gradesOf(q), 10));
  leads.push(`${w} → ${mean(scores)!.toFixed(3)}`);
}
console.log(`\ntranslated weight when the translation leads (now ${TRANSLATED_LEADS}), all ${tuning.length} tuning queries: ${leads.join(', ')}`);
await ranker.close();
