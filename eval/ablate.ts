// Ablations on the TUNING half only: NDCG@10 per kind (and per query of one kind) of the engine
// with its ranking rules switched on one at a time, from the engine before query analysis (equal
// RRF of the keyword and vector sides, no floor, no pinning, no translation) to the engine now.
// Used to find which rule moves which queries without reading the held-out half.
//   bun eval/ablate.ts [--data data/real.db] [--kind topic-en]
import { parseArgs } from 'node:util';
import type { PoolOptions } from '../src/server/search/candidates.js';
import { FUSION_WEIGHTS, type FusionWeights } from '../src/server/search/fuse.js';
import type { QueryShape } from '../src/core/text/query-analysis.js';
import { mean, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, KINDS, loadQueries } from './queries.js';
import { pairedDifference } from './one-standard-error.js';
import { openRanker } from './rank.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'data/real.db' },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    kind: { type: 'string', default: 'topic-en' },
  },
});
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const tuning = queries.filter((q) => half.get(q.id) === 'tuning');
const ranker = await openRanker(values.data!);

const equal: Record<QueryShape, FusionWeights> = {
  keyword: { keyword: 1, translated: 0, vector: 1 },
  topic: { keyword: 1, translated: 0, vector: 1 },
  prose: { keyword: 1, translated: 0, vector: 1 },
};
// The weights by query shape main had before the one-standard-error rule (src/server/search/fuse.ts).
const oldShapes: Record<QueryShape, FusionWeights> = {
  keyword: { keyword: 1, translated: 0, vector: 0.15 },
  topic: { keyword: 1, translated: 0.3, vector: 0.15 },
  prose: { keyword: 1, translated: 0.3, vector: 1 },
};
const old: PoolOptions = { weights: oldShapes, pinWhenLeads: true, translatedWhenHeld: true, proximity: {} };
export const CONFIGS: Array<[string, PoolOptions]> = [
  ['before-like (RRF 1:1, no floor, pin, translation)', { ...old, weights: equal, translatedLeads: 0, floor: -1, pin: false }],
  ['+ floor 0.4', { ...old, weights: equal, translatedLeads: 0, pin: false }],
  ['+ pin rare words', { ...old, weights: equal, translatedLeads: 0 }],
  ['+ old weights by shape', { ...old, translatedLeads: 0 }],
  ['+ translated lead (= main before this session)', old],
  ['main, plain RRF weights instead', { ...old, weights: equal }],
  ['+ no pin when translation leads', { ...old, weights: equal, pinWhenLeads: false }],
  ['+ no translation when own words held', { weights: equal, proximity: {} }],
  ['+ proximity list, vector 0.15 for keyword questions (= now)', {}],
  ['now without pin', { pin: false }],
  ['now with the old weights by shape', { weights: oldShapes }],
  // What the vector side adds to each query (French topic queries lose by it: eval/method.md).
  [
    'now without the vector side',
    {
      weights: Object.fromEntries(Object.entries(FUSION_WEIGHTS).map(([shape, w]) => [shape, { ...w, vector: 0 }])) as Record<
        QueryShape,
        FusionWeights
      >,
    },
  ],
];

const scores = new Map<string, number[]>();
for (const [name, o] of CONFIGS) {
  const s: number[] = [];
  for (const q of tuning) s.push(ndcgAt(await ranker.rank(q.text, 'hybrid', o), gradesOf(q), 10) ?? NaN);
  scores.set(name, s);
}
const bm25: number[] = [];
for (const q of tuning) bm25.push(ndcgAt(await ranker.rank(q.text, 'bm25'), gradesOf(q), 10) ?? NaN);
const avg = (xs: number[], pick: (i: number) => boolean) => mean(xs.filter((_, i) => pick(i) && !Number.isNaN(xs[i])))!;
console.log(`tuning half, NDCG@10 by kind\n${['config', 'all', ...KINDS].join(' | ')}`);
const row = (name: string, xs: number[]) =>
  console.log(
    [name, avg(xs, () => true), ...KINDS.map((k) => avg(xs, (i) => tuning[i].kind === k))]
      .map((v) => (typeof v === 'number' ? v.toFixed(3) : v))
      .join(' | '),
  );
row('bm25', bm25);
for (const [name] of CONFIGS) row(name, scores.get(name)!);
// Paired differences against the engine now: mean ± one standard error over the tuning queries.
const now = scores.get(CONFIGS.find(([n]) => n.includes('= now'))![0])!;
for (const [name] of CONFIGS) {
  const { mean: m, se } = pairedDifference(
    scores
      .get(name)!
      .map((s, i) => s - now[i])
      .filter((x) => !Number.isNaN(x)),
  );
  console.log(`  ${name}: ${m >= 0 ? '+' : ''}${m.toFixed(3)} ± ${se.toFixed(3)} against now`);
}
console.log(`\nper query, ${values.kind} (tuning): bm25 | ${CONFIGS.map((_, i) => `c${i}`).join(' | ')}`);
tuning.forEach((q, i) => {
  if (q.kind !== values.kind) return;
  console.log(`${q.id} ${bm25[i].toFixed(3)} | ${CONFIGS.map(([n]) => scores.get(n)![i].toFixed(3)).join(' | ')}  ${q.text}`);
});
await ranker.close();
