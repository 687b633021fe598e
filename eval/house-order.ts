// The House's own keyword search on two data files (say without and with Ontario's Hansard beside it),
// query by query: the tuning queries judged on House chunks alone, the keyword side with its own words
// only and the House's own statistics (eval/federated.ts --house --bare, federated with own
// statistics). Prints each query whose House list differs: both lists' lengths, how long a prefix
// they share, NDCG@10 raw and condensed on each, and the judged chunks the second list lacks.
//   bun eval/house-order.ts --a default.db --b with-ontario.db [--no-proximity]
import { parseArgs } from 'node:util';
import type { PoolOptions } from '../src/server/search/candidates.js';
import { condensedNdcgAt, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, houseOnly, judgedOnHouseAlone, loadQueries } from './queries.js';
import { OWN_WORDS_ONLY, openRanker } from './rank.js';

const { values } = parseArgs({
  options: { a: { type: 'string' }, b: { type: 'string' }, 'no-proximity': { type: 'boolean', default: false } },
});
if (!values.a || !values.b) {
  console.error('usage: bun eval/house-order.ts --a FILE --b FILE [--no-proximity]');
  process.exit(1);
}
const { queries } = loadQueries('eval/queries.jsonl');
const half = halfOf(queries);
const chosen = queries.filter((q) => half.get(q.id) === 'tuning' && judgedOnHouseAlone(q));
const options: PoolOptions = {
  ...OWN_WORDS_ONLY,
  federate: true,
  ownStatistics: true,
  ...(values['no-proximity'] ? { proximity: { keyword: 0, topic: 0, prose: 0 } } : {}),
};
const [a, b] = [await openRanker(values.a), await openRanker(values.b)];
let differ = 0;
for (const q of chosen) {
  const g = gradesOf(q);
  const house = async (r: typeof a) => houseOnly(await r.rank(q.text, 'keyword', options));
  const [la, lb] = [await house(a), await house(b)];
  let same = 0;
  while (same < Math.min(la.length, lb.length) && la[same] === lb[same]) same++;
  if (same === la.length && same === lb.length) continue;
  differ++;
  const cond = (l: string[]) => (condensedNdcgAt(l, g, 10) ?? 0).toFixed(3);
  const raw = (l: string[]) => (ndcgAt(l, g, 10) ?? 0).toFixed(3);
  const lacks = [...g.keys()].filter((k) => la.includes(k) && !lb.includes(k)).length;
  console.log(
    `${q.id}\t${q.kind}\tlength ${la.length}/${lb.length}\tshared prefix ${same}\traw ${raw(la)}/${raw(lb)}\tcondensed ${cond(la)}/${cond(lb)}\tjudged chunks b lacks ${lacks}`,
  );
}
console.log(`${differ} of ${chosen.length} queries with a different House list`);
await a.close();
await b.close();
