// `make eval`: ranks every query of eval/queries.jsonl with plain BM25, the engine's two sides and
// hybrid on the real data file, prints the held-out summary and writes docs/search-quality.md
// (its method section is eval/method.md). With `--half tuning` it prints the tuning half's table
// only and writes nothing: what a change is chosen on, without reading the held-out half.
//   bun eval/run.ts [--data data/real.db] [--queries eval/queries.jsonl] [--out docs/search-quality.md]
//                   [--before eval/before.json] [--save-before FILE --engine "description"] [--half tuning]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { evaluate } from './evaluate.js';
import { loadQueries } from './queries.js';
import { openRanker } from './rank.js';
import { bm25NothingIds, BM25_NOTHING } from './bm25-nothing.js';
import { renderReport, summaryTable, targetTable, type Before } from './report.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'data/real.db' },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    out: { type: 'string', default: 'docs/search-quality.md' },
    method: { type: 'string', default: 'eval/method.md' },
    before: { type: 'string', default: 'eval/before.json' },
    'save-before': { type: 'string' },
    engine: { type: 'string', default: 'the engine' },
    half: { type: 'string' },
    'all-sources': { type: 'boolean', default: false },
  },
});
if (values.half !== undefined && values.half !== 'tuning') {
  console.error(`eval: --half takes only "tuning" (the held-out half is read by the full run)`);
  process.exit(1);
}
if (!existsSync(values.data!)) {
  console.error(`eval: ${values.data} not found; build it first with: make data-real`);
  process.exit(1);
}
const { queries, problems } = loadQueries(values.queries!);
if (problems.length) {
  console.error(`eval: ${values.queries} has problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const ranker = await openRanker(values.data!);
const unknown = queries.flatMap((q) =>
  q.judgments.filter((j) => !ranker.chunk(`${j.speech_key}#${j.chunk_index}`)).map((j) => `${q.id}: ${j.speech_key}#${j.chunk_index}`),
);
if (unknown.length)
  console.error(
    `eval: ${unknown.length} judged chunks are not in ${values.data} (counted as missed):\n  ${unknown.slice(0, 10).join('\n  ')}`,
  );
// The judgments cover the sources their chunks come from (a speech key's first part: ca-hoc, bc).
// Results from sources nobody judged (Ontario's and Québec's Hansard, added later) would count as
// misses whatever they say, so by default they are set aside after ranking: the engine still ranks
// over the whole file, with them beside the judged ones, and the figures are those of the judged
// sources' results in that order. --all-sources keeps them (every unjudged result a miss).
const judgedSources = new Set(queries.flatMap((q) => q.judgments.map((j) => j.speech_key.split('/')[0])));
const judgedOnly = (keys: string[]) => (values['all-sources'] ? keys : keys.filter((k) => judgedSources.has(k.split('/')[0])));
const asideChunks = ranker.chunkCount - ranker.chunksOf(judgedSources);
const rankJudged = async (q: string, mode: Parameters<typeof ranker.rank>[1]) => judgedOnly(await ranker.rank(q, mode));
const started = performance.now();
const subsets = [{ label: BM25_NOTHING, ids: await bm25NothingIds(queries, (q) => rankJudged(q, 'bm25')) }];
const result = await evaluate(queries, rankJudged, undefined, subsets);
const seconds = (performance.now() - started) / 1000;
await ranker.close();
if (values.half === 'tuning') {
  console.log(
    `${summaryTable(result.halves.tuning)}\n\n${queries.length} queries ranked, tuning half shown, ${seconds.toFixed(1)} s; nothing written`,
  );
  process.exit(0);
}
if (values['save-before']) {
  const before: Before = { engine: values.engine!, halves: result.halves };
  writeFileSync(values['save-before'], `${JSON.stringify(before, null, 1)}\n`);
  console.log(`wrote ${values['save-before']}`);
}
const before = existsSync(values.before!) ? (JSON.parse(readFileSync(values.before!, 'utf8')) as Before) : null;
const method = readFileSync(values.method!, 'utf8').trim();
const scope =
  values['all-sources'] || asideChunks === 0
    ? values.data!
    : `${values.data!}, results from sources without judgments set aside after ranking (${asideChunks.toLocaleString('en')} of its chunks; the judged sources: ${[...judgedSources].join(', ')})`;
writeFileSync(values.out!, renderReport(result, { data: scope, chunks: ranker.chunkCount, queries, before, method }));
console.log(
  `${summaryTable(result.halves['held-out'])}\n\n${targetTable(result.halves['held-out'])}\n\n${summaryTable(result.halves.tuning)}`,
);
console.log(
  `\n${queries.length} queries, ${ranker.chunkCount} chunks (${asideChunks} from sources without judgments${values['all-sources'] ? ', counted as misses' : ', set aside'}), ${seconds.toFixed(1)} s; wrote ${values.out}`,
);
