// The keyword side at scale: the plain FTS5 query (any stem, bm25 over every match) against the
// keyword plan (src/search/keyword-plan.ts), per query: matches, time, and overlap@20 / overlap@1000
// of the plan's candidates with the plain query's.
//
//   bun bench/search-keyword.ts --data /tmp/canpol-scale-1000000.db [--lang en]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/db/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/db/search.js';
import { POOL } from '../src/search/candidates.js';
import { ftsMatch, keywordCandidates } from '../src/search/keyword-plan.js';
import { queryTerms } from '../src/search/text/terms.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, lang: { type: 'string' } } });
if (!values.data) {
  console.error('usage: bun bench/search-keyword.ts --data FILE.db [--lang en|fr]');
  process.exit(2);
}
const file = openDataFile(values.data);
const queries = createSearchQueries(file.db);
const f: SearchFilters = { langs: values.lang ? [values.lang as 'en' | 'fr'] : ['en', 'fr'], exclude_presiding: false };
const overlap = (a: number[], b: number[], at: number) => {
  const want = new Set(a.slice(0, at));
  return want.size ? b.slice(0, at).filter((x) => want.has(x)).length / want.size : 1;
};

const plain: number[] = [], plan: number[] = [];
let o20 = 0, o1000 = 0;
console.log(`${values.data}: load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}${values.lang ? `, lang=${values.lang}` : ''}`);
console.log('| query | chunks matching a stem | plain ms | plan ms | overlap@20 | overlap@1000 |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const { q } of BENCH_QUERIES) {
  const stems = [...new Set(queryTerms(q, f.langs).flatMap((t) => t.stems))];
  const docs = queries.termDocs(stems);
  const matching = docs ? [...docs.values()].reduce((a, b) => a + b, 0) : NaN;
  let t = performance.now();
  const a = queries.keyword(ftsMatch(stems)!, f, POOL);
  plain.push(performance.now() - t);
  t = performance.now();
  const b = keywordCandidates(queries, stems, f, POOL);
  plan.push(performance.now() - t);
  o20 += overlap(a, b, 20);
  o1000 += overlap(a, b, 1000);
  console.log(`| ${q} | ${matching} | ${plain.at(-1)!.toFixed(1)} | ${plan.at(-1)!.toFixed(1)} | ${overlap(a, b, 20).toFixed(2)} | ${overlap(a, b, 1000).toFixed(2)} |`);
}
const [p, k] = [summarize(plain), summarize(plan)];
console.log(`\nplain: p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms; plan: p50 ${k.p50.toFixed(1)} ms, p95 ${k.p95.toFixed(1)} ms; ` +
  `mean overlap@20 ${(o20 / BENCH_QUERIES.length).toFixed(3)}, overlap@1000 ${(o1000 / BENCH_QUERIES.length).toFixed(3)}`);
file.close();
