// The keyword side's exact top 20 settled two ways on one file (issue 17): reading posting lists
// whole, and scoring the last candidates from their text (src/search/keyword-plan.ts, which needs
// the file's recorded average chunk length: bench/record-average-length.ts adds it to an older
// file). Per benchmark query and way: postings read, chunks scored from text, milliseconds; the
// two ways' top 20 must be the same chunks in the same order. Fresh caches for every query and
// way, the two ways alternating which goes first.
//
//   bun bench/keyword-settle.ts --data FILE.db [--rounds 2] [--budget N] [--text-cost POSTINGS]
// (--budget: the pool's posting budget, default the server's; a small one makes a small file settle
// as a large one does, to check the two ways agree where they differ in what they read; --text-cost:
// postings a chunk scored from its text is reckoned to cost, default TEXT_COST_POSTINGS.)
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/db/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/db/search.js';
import { keywordCandidates } from '../src/search/keyword-plan.js';
import { queryTerms } from '../src/search/text/terms.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, rounds: { type: 'string', default: '2' }, budget: { type: 'string' }, 'text-cost': { type: 'string' } } });
const textCost = values['text-cost'] === undefined ? undefined : Number(values['text-cost']);
const budget = values.budget === undefined ? undefined : Number(values.budget);
if (!values.data) {
  console.error('usage: bun bench/keyword-settle.ts --data FILE.db [--rounds 2] [--budget N] [--text-cost POSTINGS]');
  process.exit(2);
}
const file = openDataFile(values.data);
const f: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
if (createSearchQueries(file.db).averageLength() === null) {
  console.error(`keyword-settle: ${values.data} records no average chunk length; run bench/record-average-length.ts on it first`);
  process.exit(1);
}

type Way = 'lists' | 'text';
const run = (q: string, way: Way) => {
  const queries = createSearchQueries(file.db);
  let postings = 0, fromText = 0;
  const sources = {
    totalChunks: queries.totalChunks, maxRowid: queries.maxRowid, matchCount: queries.matchCount, yearSpan: queries.yearSpan, termLevels: queries.termLevels,
    postings: (match: string, limit: number) => { const r = queries.postings(match, limit); postings += r.length; return r; },
    ...(way === 'text' && { averageLength: queries.averageLength, chunkTexts: (ids: number[]) => { fromText += ids.length; return queries.chunkTexts(ids); } }),
  };
  const stems = [...new Set(queryTerms(q, f.langs).flatMap((t) => t.stems))];
  const t = performance.now();
  const top = keywordCandidates(sources, stems, { f, sessionIds: null, passing: null, limit: 1000, budget, textCost }).slice(0, 20);
  return { ms: performance.now() - t, postings, fromText, top };
};

const ms: Record<Way, number[]> = { lists: [], text: [] };
const postings: Record<Way, number> = { lists: 0, text: 0 };
let fromText = 0, same = 0, n = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [i, { q }] of BENCH_QUERIES.entries()) {
    const order: Way[] = (i + round) % 2 ? ['lists', 'text'] : ['text', 'lists'];
    const got = Object.fromEntries(order.map((w) => [w, run(q, w)])) as Record<Way, ReturnType<typeof run>>;
    for (const w of order) { ms[w].push(got[w].ms); postings[w] += got[w].postings; }
    fromText += got.text.fromText;
    n++;
    if (got.text.top.length === got.lists.top.length && got.text.top.every((r, j) => got.lists.top[j] === r)) same++;
    if (round === 0) console.error(`keyword-settle: ${q}: lists ${got.lists.ms.toFixed(1)} ms ${got.lists.postings} postings; text ${got.text.ms.toFixed(1)} ms ${got.text.postings} postings + ${got.text.fromText} chunks`);
  }
}
const lists = summarize(ms.lists), text = summarize(ms.text);
console.log(JSON.stringify({
  queries: n, same_top20: same, chunks_scored_from_text: fromText,
  lists: { p50_ms: +lists.p50.toFixed(1), p95_ms: +lists.p95.toFixed(1), postings: postings.lists },
  text: { p50_ms: +text.p50.toFixed(1), p95_ms: +text.p95.toFixed(1), postings: postings.text },
}));
file.close();
