// The keyword side at scale: the budgeted plan (src/server/search/keyword-plan.ts, POSTING_BUDGET postings)
// against the same BM25 with no budget (every posting of every stem read), per query: postings,
// time, and overlap@20 / overlap@1000 of the plan's candidates with the full reading's.
//
//   bun bench/search-keyword.ts --data /tmp/canpol-scale-1000000.db [--lang en] [--budget N]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/server/db/search.js';
import { POOL } from '../src/server/search/candidates.js';
import { keywordCandidates, POSTING_BUDGET } from '../src/server/search/keyword-plan.js';
import { queryTerms } from '../src/core/text/terms.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, lang: { type: 'string' }, budget: { type: 'string' } } });
if (!values.data) {
  console.error('usage: bun bench/search-keyword.ts --data FILE.db [--lang en|fr] [--budget N]');
  process.exit(2);
}
const budget = values.budget ? Number(values.budget) : POSTING_BUDGET;
const file = openDataFile(values.data);
const queries = createSearchQueries(file.db);
const f: SearchFilters = { langs: values.lang ? [values.lang as 'en' | 'fr'] : ['en', 'fr'], exclude_presiding: false };
const overlap = (a: number[], b: number[], at: number) => {
  const want = new Set(a.slice(0, at));
  return want.size ? b.slice(0, at).filter((x) => want.has(x)).length / want.size : 1;
};
const run = (stems: string[], n: number) =>
  keywordCandidates(queries, stems, { f, sessionIds: null, passing: null, limit: POOL, budget: n });

const full: number[] = [],
  plan: number[] = [];
let o20 = 0,
  o1000 = 0;
console.log(
  `${values.data}: budget ${budget}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}${values.lang ? `, lang=${values.lang}` : ''}`,
);
console.log('| query | postings of its stems | full ms | plan ms | overlap@20 | overlap@1000 |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const { q } of BENCH_QUERIES) {
  const stems = [...new Set(queryTerms(q, f.langs).flatMap((t) => t.stems))];
  const postings = [...queries.termLevels(stems).values()].reduce((a, b) => a + b.docs, 0);
  let t = performance.now();
  const a = run(stems, Number.MAX_SAFE_INTEGER);
  full.push(performance.now() - t);
  t = performance.now();
  const b = run(stems, budget);
  plan.push(performance.now() - t);
  o20 += overlap(a, b, 20);
  o1000 += overlap(a, b, 1000);
  console.log(
    `| ${q} | ${postings} | ${full.at(-1)!.toFixed(1)} | ${plan.at(-1)!.toFixed(1)} | ${overlap(a, b, 20).toFixed(2)} | ${overlap(a, b, 1000).toFixed(2)} |`,
  );
}
const [p, k] = [summarize(full), summarize(plan)];
console.log(
  `\nfull: p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms; plan: p50 ${k.p50.toFixed(1)} ms, p95 ${k.p95.toFixed(1)} ms; ` +
    `mean overlap@20 ${(o20 / BENCH_QUERIES.length).toFixed(3)}, overlap@1000 ${(o1000 / BENCH_QUERIES.length).toFixed(3)}`,
);
file.close();
