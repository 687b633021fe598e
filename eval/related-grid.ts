// The related-families test and weight (src/search/related-families.ts) on the TUNING half only:
// NDCG@10 per kind of hybrid for a grid of (lift, chunks in common, untested below, weight), and
// each point's paired difference against the engine's constants. What they were chosen on.
//   bun eval/related-grid.ts [--data data/real.db]
import { parseArgs } from 'node:util';
import type { PoolOptions } from '../src/server/search/candidates.js';
import { mean, ndcgAt } from './metrics.js';
import { pairedDifference } from './one-standard-error.js';
import { gradesOf, halfOf, KINDS, loadQueries } from './queries.js';
import { openRanker } from './rank.js';

const { values } = parseArgs({
  options: { data: { type: 'string', default: 'data/real.db' }, queries: { type: 'string', default: 'eval/queries.jsonl' } },
});
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const tuning = queries.filter((q) => half.get(q.id) === 'tuning');
const ranker = await openRanker(values.data!);

const grid: Array<[string, PoolOptions]> = [
  ['engine now', {}],
  ['no related families', { relatedWeight: 0 }],
];
for (const minLift of [2, 3, 5])
  for (const minBoth of [1, 2])
    for (const untested of [0, 0.5, 1])
      for (const relatedWeight of [0.25, 0.5, 1]) {
        grid.push([
          `lift ${minLift} both ${minBoth} untested<${untested} w ${relatedWeight}`,
          { related: { minLift, minBoth, untested }, relatedWeight },
        ]);
      }
const scores = new Map<string, number[]>();
for (const [name, o] of grid) {
  const s: number[] = [];
  for (const q of tuning) s.push(ndcgAt(await ranker.rank(q.text, 'hybrid', o), gradesOf(q), 10) ?? NaN);
  scores.set(name, s);
}
const avg = (xs: number[], pick: (i: number) => boolean) => mean(xs.filter((_, i) => pick(i) && !Number.isNaN(xs[i])))!;
const now = scores.get('engine now')!;
console.log(['tuning half', 'all', ...KINDS, 'paired vs now'].join(' | '));
for (const [name] of grid) {
  const xs = scores.get(name)!;
  const { mean: m, se } = pairedDifference(xs.map((s, i) => s - now[i]).filter((x) => !Number.isNaN(x)));
  console.log(
    `${[name, avg(xs, () => true), ...KINDS.map((k) => avg(xs, (i) => tuning[i].kind === k))].map((v) => (typeof v === 'number' ? v.toFixed(3) : v)).join(' | ')} | ${m >= 0 ? '+' : ''}${m.toFixed(3)} ± ${se.toFixed(3)}`,
  );
}
await ranker.close();
