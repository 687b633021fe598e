// How the candidate pool is drawn when one legislature's Hansard outnumbers the judged ones: the
// TUNING half ranked on one data file (lang=any, results from unjudged sources set aside after
// ranking, as `make eval`) under each way of drawing the vector side's candidates. NDCG@10 per kind,
// raw and on condensed lists (every chunk without a judgment for the query removed before scoring,
// Sakai 2007: what the order of the judged chunks alone scores, whatever unjudged results came up).
//   bun eval/pool-grid.ts --data data/real.db [--configs global,merged,lists] [--modes vector,hybrid]
import { parseArgs } from 'node:util';
import { condensedNdcgAt, mean, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, judgedSourcesOnly, KINDS, loadQueries } from './queries.js';
import { openRanker, type Mode } from './rank.js';
import type { PoolOptions } from '../src/server/search/candidates.js';

const CONFIGS: Record<string, PoolOptions> = {
  global: {},
  grow4096: { vectorK: 4096 },
  merged: { vectorPool: 'merged' },
  lists: { vectorPool: 'lists' },
  'own-merged': { vectorPool: 'own-merged' },
  'own-lists': { vectorPool: 'own-lists' },
  'lists+keyword': { vectorPool: 'lists', keywordPerLegislature: true },
  exact1000: { exactTop: 1000 },
  kw4000: { keywordLimit: 4000 },
  'kw4000+merged': { keywordLimit: 4000, vectorPool: 'merged' },
  'kw4000+b240k': { keywordLimit: 4000, postingBudget: 240_000 },
  'kw4000+b240k+merged': { keywordLimit: 4000, postingBudget: 240_000, vectorPool: 'merged' },
  'exact1000+merged': { exactTop: 1000, vectorPool: 'merged' },
  'exact1000+grow': { exactTop: 1000, vectorK: 4096 },
};

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'data/real.db' },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    configs: { type: 'string', default: Object.keys(CONFIGS).join(',') },
    modes: { type: 'string', default: 'keyword,vector,hybrid' },
    per: { type: 'string' },
    rescore: { type: 'string', default: '2' },
  },
});
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const tuning = queries.filter((q) => half.get(q.id) === 'tuning');
const judgedOnly = judgedSourcesOnly(queries);
const ranker = await openRanker(values.data!, undefined, { rescore: Number(values.rescore) });
const kindOf = new Map(queries.map((q) => [q.id, q.kind]));
const fmt = (x: number | null) => (x === null ? '    -' : x.toFixed(3));
console.log(['config'.padEnd(24), 'all', 'cond', ...KINDS.map((k) => k.slice(0, 8))].join('\t'));
const perQuery = new Map<string, Map<string, number | null>>();
for (const name of values.configs!.split(',')) {
  for (const mode of values.modes!.split(',') as Mode[]) {
    const raw = new Map<string, number | null>();
    const condensed = new Map<string, number | null>();
    for (const q of tuning) {
      const grades = gradesOf(q);
      const keys = judgedOnly(await ranker.rank(q.text, mode, CONFIGS[name]));
      raw.set(q.id, ndcgAt(keys, grades, 10));
      condensed.set(q.id, condensedNdcgAt(keys, grades, 10));
    }
    perQuery.set(`${name}/${mode}`, raw);
    const m = (s: Map<string, number | null>, ok: (id: string) => boolean) => mean([...s].filter(([id]) => ok(id)).map(([, v]) => v));
    console.log(
      [
        `${name}/${mode}`.padEnd(24),
        fmt(m(raw, () => true)),
        fmt(m(condensed, () => true)),
        ...KINDS.map((k) => fmt(m(raw, (id) => kindOf.get(id) === k))),
      ].join('\t'),
    );
  }
}
if (values.per) {
  const [a, b] = values.per.split(':');
  const x = perQuery.get(a)!,
    y = perQuery.get(b)!;
  const moved = [...x]
    .map(([id, v]) => [id, v ?? 0, y.get(id) ?? 0] as const)
    .filter(([, p, q]) => p !== q)
    .sort((p, q) => Math.abs(q[2] - q[1]) - Math.abs(p[2] - p[1]));
  console.log(`\n${a} → ${b}: ${moved.map(([id, p, q]) => `${id} ${p.toFixed(2)}→${q.toFixed(2)}`).join('  ')}`);
}
await ranker.close();
