// Chooses the fusion weights on the tuning half only: for each query shape (src/search/query-analysis.ts),
// NDCG@10 of hybrid on the tuning queries of that shape under a grid of (translated, vector)
// weights, the keyword list's weight fixed at 1, then of the expanded list's weight. Prints the grid; the chosen values go into
// FUSION_WEIGHTS (src/search/fuse.ts) by hand, and `make eval` then reports the held-out half.
//   bun eval/tune.ts [--data data/real.db] [--queries eval/queries.jsonl]
import { parseArgs } from 'node:util';
import { analyseQuery } from '../src/search/query-analysis.js';
import { FUSION_WEIGHTS } from '../src/search/fuse.js';
import { EXPANSION_WEIGHTS } from '../src/search/expansion.js';
import { PROXIMITY_WEIGHT, TRANSLATED_LEADS } from '../src/search/candidates.js';
import { mean, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, loadQueries } from './queries.js';
import { openRanker } from './rank.js';

const { values } = parseArgs({ options: { data: { type: 'string', default: 'data/real.db' }, queries: { type: 'string', default: 'eval/queries.jsonl' } } });
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const tuning = queries.filter((q) => half.get(q.id) === 'tuning');
const ranker = await openRanker(values.data!);
const GRID = [0, 0.15, 0.3, 0.6, 1];
const PROXIMITY_GRID = [0, 0.3, 0.5, 1, 1.5, 2];
const EXPANSION_GRID = [0, 0.3, 0.6, 1, 1.5, 2, 3];
for (const shape of ['keyword', 'topic', 'prose'] as const) {
  // The shape as the engine decides it needs index statistics for short topical queries; the
  // text-only shape is close enough to group the tuning queries.
  const qs = tuning.filter((q) => analyseQuery(q.text, ['en', 'fr']).shape === shape);
  const rows: Array<{ tr: number; vec: number; ndcg: number; bm25: number; per: number[] }> = [];
  const bm25 = mean(await Promise.all(qs.map(async (q) => ndcgAt(await ranker.rank(q.text, 'bm25'), gradesOf(q), 10))))!;
  for (const tr of GRID) for (const vec of GRID) {
    const weights = { ...FUSION_WEIGHTS, [shape]: { keyword: 1, translated: tr, vector: vec } };
    const per = [];
    for (const q of qs) per.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { weights }), gradesOf(q), 10) ?? 0);
    rows.push({ tr, vec, ndcg: mean(per)!, bm25, per });
  }
  rows.sort((a, b) => b.ndcg - a.ndcg);
  console.log(`\n${shape}: ${qs.length} tuning queries, BM25 ${rows[0]?.bm25.toFixed(3)}; best first (translated, vector → NDCG@10)`);
  for (const r of rows.slice(0, 8)) console.log(`  ${r.tr.toFixed(2)} ${r.vec.toFixed(2)} → ${r.ndcg.toFixed(3)}`);
  const pick = oneStandardError(rows);
  console.log(`  one-standard-error choice: translated ${pick.tr}, vector ${pick.vec} → ${pick.ndcg.toFixed(3)} (now ${FUSION_WEIGHTS[shape].translated}, ${FUSION_WEIGHTS[shape].vector})`);
  // Then the expanded list's weight (src/search/expansion.ts), the other weights as chosen.
  const exp: string[] = [];
  for (const w of EXPANSION_GRID) {
    const scores = [];
    for (const q of qs) scores.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { expansion: { weight: { [shape]: w } } }), gradesOf(q), 10));
    exp.push(`${w.toFixed(2)} → ${mean(scores)!.toFixed(3)}`);
  }
  console.log(`  expansion weight (now ${EXPANSION_WEIGHTS[shape]}): ${exp.join(', ')}`);
  // Then the proximity list's weight (src/search/proximity.ts), prior 0 (no list).
  const prox: Array<{ w: number; ndcg: number; per: number[] }> = [];
  for (const w of PROXIMITY_GRID) {
    const per = [];
    for (const q of qs) per.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { proximity: { [shape]: w } }), gradesOf(q), 10) ?? 0);
    prox.push({ w, ndcg: mean(per)!, per });
  }
  const proxPick = oneStandardError([...prox].sort((a, b) => b.ndcg - a.ndcg), (r) => r.w);
  console.log(`  proximity weight (now ${PROXIMITY_WEIGHT[shape] ?? 0}): ${prox.map((r) => `${r.w.toFixed(2)} → ${r.ndcg.toFixed(3)}`).join(', ')}; one-standard-error choice ${proxPick.w}`);
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

/** The one-standard-error rule (Breiman et al. 1984; Hastie, Tibshirani & Friedman §7.10): of the
 *  grid points whose mean is within one standard error of the best (the error of the paired
 *  per-query differences), the one nearest plain RRF of the query's words and the vector side
 *  (translated 0, vector 1, the engine before weights), then the best of those. A half of 79
 *  queries cannot tell apart weights that differ by less than that; the prior is kept there. */
function oneStandardError<T extends { ndcg: number; per: number[] }>(rows: T[], distance: (r: T) => number = (r) => Math.abs((r as unknown as { tr: number }).tr) + Math.abs((r as unknown as { vec: number }).vec - 1)): T {
  const best = rows[0];
  const n = best.per.length;
  const within = rows.filter((r) => {
    const d = r.per.map((s, i) => best.per[i] - s);
    const m = d.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(d.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, n - 1));
    return m <= sd / Math.sqrt(n);
  });
  return within.sort((a, b) => distance(a) - distance(b) || b.ndcg - a.ndcg)[0];
}
