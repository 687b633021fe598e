// The keyword side's exact top 20 settled two ways on one file (issue 17): reading the posting lists
// left whole (`--lookup-cost Infinity`), and looking the last candidates up in those lists
// (src/server/search/keyword-plan.ts settleBest). Per benchmark query and way: postings added to scores,
// chunks looked up, milliseconds; the two ways' top 20 must be the same chunks in the same order.
// Fresh caches for every query and way (a list looked up is read from its blob within the search),
// the two ways alternating which goes first.
//
//   bun bench/keyword-settle.ts --data FILE.db [--rounds 2] [--budget N] [--lookup-cost POSTINGS]
// (--budget: the pool's posting budget, default the server's; a small one makes a small file settle
// as a large one does, to check the two ways agree where they differ in what they read;
// --lookup-cost: postings one lookup of a chunk in a list is reckoned to cost, default
// LOOKUP_COST_POSTINGS.)
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/server/db/search.js';
import { keywordCandidates, type KeywordTally } from '../src/server/search/keyword-plan.js';
import { queryTerms } from '../src/core/text/terms.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    budget: { type: 'string' },
    'lookup-cost': { type: 'string' },
  },
});
const lookupCost = values['lookup-cost'] === undefined ? undefined : Number(values['lookup-cost']);
const budget = values.budget === undefined ? undefined : Number(values.budget);
if (!values.data) {
  console.error('usage: bun bench/keyword-settle.ts --data FILE.db [--rounds 2] [--budget N] [--lookup-cost POSTINGS]');
  process.exit(2);
}
const file = openDataFile(values.data);
const f: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };

type Way = 'lists' | 'lookup';
const run = (q: string, way: Way) => {
  const queries = createSearchQueries(file.db);
  const tally: KeywordTally = { added: 0, lookedUp: 0 };
  const stems = [...new Set(queryTerms(q, f.langs).flatMap((t) => t.stems))];
  const t = performance.now();
  const top = keywordCandidates(queries, stems, {
    f,
    sessionIds: null,
    passing: null,
    limit: 1000,
    budget,
    lookupCost: way === 'lists' ? Infinity : lookupCost,
    tally,
  }).slice(0, 20);
  return { ms: performance.now() - t, tally, top };
};

const ms: Record<Way, number[]> = { lists: [], lookup: [] };
const added: Record<Way, number> = { lists: 0, lookup: 0 };
let lookedUp = 0,
  same = 0,
  n = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [i, { q }] of BENCH_QUERIES.entries()) {
    const order: Way[] = (i + round) % 2 ? ['lists', 'lookup'] : ['lookup', 'lists'];
    const got = Object.fromEntries(order.map((w) => [w, run(q, w)])) as Record<Way, ReturnType<typeof run>>;
    for (const w of order) {
      ms[w].push(got[w].ms);
      added[w] += got[w].tally.added;
    }
    lookedUp += got.lookup.tally.lookedUp;
    n++;
    if (got.lookup.top.length === got.lists.top.length && got.lookup.top.every((r, j) => got.lists.top[j] === r)) same++;
    if (round === 0)
      console.error(
        `keyword-settle: ${q}: lists ${got.lists.ms.toFixed(1)} ms ${got.lists.tally.added} postings; lookup ${got.lookup.ms.toFixed(1)} ms ${got.lookup.tally.added} postings + ${got.lookup.tally.lookedUp} chunks looked up`,
      );
  }
}
const lists = summarize(ms.lists),
  lookup = summarize(ms.lookup);
console.log(
  JSON.stringify({
    queries: n,
    same_top20: same,
    chunks_looked_up: lookedUp,
    lists: {
      p50_ms: +lists.p50.toFixed(1),
      p95_ms: +lists.p95.toFixed(1),
      mean_ms: +(ms.lists.reduce((a, b) => a + b, 0) / n).toFixed(1),
      postings_added: added.lists,
    },
    lookup: {
      p50_ms: +lookup.p50.toFixed(1),
      p95_ms: +lookup.p95.toFixed(1),
      mean_ms: +(ms.lookup.reduce((a, b) => a + b, 0) / n).toFixed(1),
      postings_added: added.lookup,
    },
  }),
);
file.close();
