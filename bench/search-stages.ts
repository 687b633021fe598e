// Where a hybrid search spends its time: each stage of the candidate pool timed separately over the
// fixed benchmark queries, per filter scenario, median and p95 over the queries.
//
//   bun bench/search-stages.ts --data /tmp/canpol-scale-1000000.db [--filters '{"province_territory":"BC"}'] [--rounds 2]
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/server/db/search.js';
import { loadEncoder } from '../src/core/data-file/encoder-store.js';
import { feedbackProbe } from '../src/server/search/feedback.js';
import { keywordCandidates } from '../src/server/search/keyword-plan.js';
import { POOL } from '../src/server/search/candidates.js';
import { queryTerms } from '../src/core/text/terms.js';
import { createVectorIndex } from '../src/server/search/vectors.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: { data: { type: 'string' }, filters: { type: 'string', default: '{}' }, rounds: { type: 'string', default: '2' } },
});
const file = openDataFile(values.data!);
const t0 = performance.now();
const vectors = createVectorIndex(file.db);
console.log(`index load ${(performance.now() - t0).toFixed(0)} ms, ${vectors.count()} vectors`);
const queries = createSearchQueries(file.db);
const encoder = (await loadEncoder(file.db))!;
const f: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false, ...JSON.parse(values.filters!) };
const stages: Record<string, number[]> = {};
const time = <T>(name: string, fn: () => T): T => {
  const t = performance.now();
  const out = fn();
  (stages[name] ??= []).push(performance.now() - t);
  return out;
};
for (let r = 0; r < Number(values.rounds); r++) {
  for (const { q } of BENCH_QUERIES) {
    const t = performance.now();
    const stems = [...new Set(queryTerms(q, f.langs).flatMap((x) => x.stems))];
    const sessionIds = queries.sessionIdsFor(f.parliament_number, f.session_number);
    const keyword = time('keyword', () =>
      keywordCandidates(queries, stems, { f, sessionIds, mask: vectors.rowMask(f, sessionIds), passing: null, limit: POOL }),
    );
    const t1 = performance.now();
    const qvec = await (encoder.embedQuery ? encoder.embedQuery(q) : encoder.embed([q]).then((v) => v[0]));
    (stages.embed ??= []).push(performance.now() - t1);
    const best = keyword.length ? vectors.vectors([keyword[0]]).get(keyword[0]) : undefined;
    const near = time('nearest', () =>
      vectors.nearest(feedbackProbe(qvec, best), POOL, f, queries.sessionIdsFor(f.parliament_number, f.session_number), qvec),
    );
    const have = new Set(near.map((n) => n.rowid));
    time('kw similarities', () =>
      vectors.similarities(
        qvec,
        keyword.filter((k) => !have.has(k)),
      ),
    );
    if (r > 0) (stages.total ??= []).push(performance.now() - t);
  }
  if (r === 0) for (const k of Object.keys(stages)) stages[k] = [];
}
for (const [name, xs] of Object.entries(stages)) {
  const s = summarize(xs);
  console.log(`${name.padEnd(16)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms`);
}
