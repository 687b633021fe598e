// Chooses the fusion weights on the tuning half only: for each query shape (src/core/text/query-analysis.ts),
// NDCG@10 of hybrid on the tuning queries of that shape under a grid of (translated, vector)
// weights, the keyword list's weight fixed at 1, then the same per language the query is written
// in (a choice the engine does not take: it lost on the held-out half), then of the expanded list's
// weight. Prints the grid; the chosen values go into FUSION_WEIGHTS (src/server/search/fuse.ts) by hand,
// and `make eval` then reports the held-out half.
//   bun eval/tune.ts [--data data/real.db] [--queries eval/queries.jsonl]
import { parseArgs } from 'node:util';
import { analyseQuery, type QueryShape } from '../src/core/text/query-analysis.js';
import { writtenIn } from '../src/core/text/query-language.js';
import { FUSION_WEIGHTS } from '../src/server/search/fuse.js';
import { EXPANSION_WEIGHTS } from '../src/server/search/expansion.js';
import { PROXIMITY_WEIGHT, TRANSLATED_LEADS } from '../src/server/search/candidates.js';
import { mean, ndcgAt } from './metrics.js';
import { fromPlainRrf, oneStandardError } from './one-standard-error.js';
import { gradesOf, halfOf, loadQueries, type EvalQuery } from './queries.js';
import { openRanker } from './rank.js';

const { values } = parseArgs({
  options: { data: { type: 'string', default: 'data/real.db' }, queries: { type: 'string', default: 'eval/queries.jsonl' } },
});
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const tuning = queries.filter((q) => half.get(q.id) === 'tuning');
const ranker = await openRanker(values.data!);
const GRID = [0, 0.15, 0.3, 0.6, 1];
/** A language's share of a shape is tuned on its own only with this many tuning queries: fewer
 *  cannot estimate the error the rule needs (one query has none). */
const MIN_CELL = 5;
interface WeightRow {
  tr: number;
  vec: number;
  ndcg: number;
  per: number[];
}
const PROXIMITY_GRID = [0, 0.3, 0.5, 1, 1.5, 2];
const EXPANSION_GRID = [0, 0.3, 0.6, 1, 1.5, 2, 3];
for (const shape of ['keyword', 'topic', 'prose'] as const) {
  // The shape as the engine decides it needs index statistics for short topical queries; the
  // text-only shape is close enough to group the tuning queries.
  const qs = tuning.filter((q) => analyseQuery(q.text, ['en', 'fr']).shape === shape);
  const pick = await weightGrid(shape, qs, `${shape}: ${qs.length} tuning queries`);
  console.log(
    `  one-standard-error choice: translated ${pick.tr}, vector ${pick.vec} → ${pick.ndcg.toFixed(3)} (now ${FUSION_WEIGHTS[shape].translated}, ${FUSION_WEIGHTS[shape].vector})`,
  );
  // Then the same grid per language the query is written in (writtenIn, src/core/text/query-language.ts),
  // where a language holds enough of the shape's tuning queries to estimate an error.
  for (const lang of ['en', 'fr'] as const) {
    const own = qs.filter((q) => writtenIn(q.text) === lang);
    if (own.length < MIN_CELL) {
      console.log(`  ${lang}: ${own.length} tuning queries, fewer than ${MIN_CELL}: the shape's weights`);
      continue;
    }
    const p = await weightGrid(shape, own, `${shape}, written in ${lang}: ${own.length} tuning queries`, '  ');
    console.log(
      `    one-standard-error choice: translated ${p.tr}, vector ${p.vec} → ${p.ndcg.toFixed(3)} (now the shape's: not adopted, docs/search-quality.md)`,
    );
  }
  // Then the expanded list's weight (src/server/search/expansion.ts), the other weights as chosen.
  const exp: string[] = [];
  for (const w of EXPANSION_GRID) {
    const scores = [];
    for (const q of qs)
      scores.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { expansion: { weight: { [shape]: w } } }), gradesOf(q), 10));
    exp.push(`${w.toFixed(2)} → ${mean(scores)!.toFixed(3)}`);
  }
  console.log(`  expansion weight (now ${EXPANSION_WEIGHTS[shape]}): ${exp.join(', ')}`);
  // Then the proximity list's weight (src/server/search/proximity.ts), prior 0 (no list).
  const prox: Array<{ w: number; ndcg: number; per: number[] }> = [];
  for (const w of PROXIMITY_GRID) {
    const per = [];
    for (const q of qs) per.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { proximity: { [shape]: w } }), gradesOf(q), 10) ?? 0);
    prox.push({ w, ndcg: mean(per)!, per });
  }
  const proxPick = oneStandardError(
    [...prox].sort((a, b) => b.ndcg - a.ndcg),
    (r) => r.w,
  );
  console.log(
    `  proximity weight (now ${PROXIMITY_WEIGHT[shape] ?? 0}): ${prox.map((r) => `${r.w.toFixed(2)} → ${r.ndcg.toFixed(3)}`).join(', ')}; one-standard-error choice ${proxPick.w}`,
  );
}
// The translated list's weight when a query asks across languages (src/server/search/cross-lingual.ts),
// over every tuning query (any shape may ask across languages).
const leads: string[] = [];
for (const w of [0, 1, 2, 3]) {
  const scores = [];
  for (const q of tuning) scores.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { translatedLeads: w }), gradesOf(q), 10));
  leads.push(`${w} → ${mean(scores)!.toFixed(3)}`);
}
console.log(
  `\ntranslated weight when the translation leads (now ${TRANSLATED_LEADS}), all ${tuning.length} tuning queries: ${leads.join(', ')}`,
);
await ranker.close();

/** NDCG@10 of `qs` under every (translated, vector) weight of GRID for their shape, best first,
 *  printed under `title`; returns the one-standard-error choice. */
async function weightGrid(shape: QueryShape, qs: EvalQuery[], title: string, indent = ''): Promise<WeightRow> {
  const rows: WeightRow[] = [];
  const bm25 = mean(await Promise.all(qs.map(async (q) => ndcgAt(await ranker.rank(q.text, 'bm25'), gradesOf(q), 10))))!;
  for (const tr of GRID)
    for (const vec of GRID) {
      const weights = { [shape]: { keyword: 1, translated: tr, vector: vec } };
      const per = [];
      for (const q of qs) per.push(ndcgAt(await ranker.rank(q.text, 'hybrid', { weights }), gradesOf(q), 10) ?? 0);
      rows.push({ tr, vec, ndcg: mean(per)!, per });
    }
  rows.sort((a, b) => b.ndcg - a.ndcg);
  console.log(`\n${indent}${title}, BM25 ${bm25.toFixed(3)}; best first (translated, vector → NDCG@10)`);
  for (const r of rows.slice(0, 8)) console.log(`${indent}  ${r.tr.toFixed(2)} ${r.vec.toFixed(2)} → ${r.ndcg.toFixed(3)}`);
  const plain = rows.find((r) => r.tr === 0 && r.vec === 1)!;
  console.log(`${indent}  plain RRF (0, 1) → ${plain.ndcg.toFixed(3)}`);
  return oneStandardError(rows, fromPlainRrf);
}
