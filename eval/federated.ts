// Each legislature's places filled by its own search (src/server/search/federated.ts), against the
// whole-file ranking the API uses: NDCG@10 raw / condensed (chunks without a judgment for the query
// removed before scoring: Sakai 2007), results from unjudged sources set aside as `make eval` does.
// --house keeps the queries judged on House chunks alone and sets every other source aside: what is
// left is then exactly the House's own search. --bare switches off the translated list, expansion and
// word families, leaving the keyword side's own words.
//   bun eval/federated.ts --data data/real.db [--data with-ontario.db] [--half tuning] [--mode hybrid] [--house] [--bare]
import { parseArgs } from 'node:util';
import type { PoolOptions } from '../src/server/search/candidates.js';
import { condensedNdcgAt, mean, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, houseOnly, judgedOnHouseAlone, judgedSourcesOnly, KINDS, loadQueries } from './queries.js';
import { MODES, OWN_WORDS_ONLY, openRanker, type Mode } from './rank.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: ['data/real.db'] },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    half: { type: 'string', default: 'tuning' },
    mode: { type: 'string', default: 'hybrid' },
    house: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
  },
});
const mode = values.mode as Mode;
if (mode === 'bm25' || !MODES.includes(mode) || !['tuning', 'held-out'].includes(values.half!)) {
  console.error(
    'usage: bun eval/federated.ts --data FILE [--data FILE] [--half tuning|held-out] [--mode keyword|vector|hybrid] [--house] [--bare]',
  );
  process.exit(1);
}
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const chosen = queries.filter((q) => half.get(q.id) === values.half && (!values.house || judgedOnHouseAlone(q)));
const judgedOnly = values.house ? houseOnly : judgedSourcesOnly(queries);
const bare: PoolOptions = values.bare ? OWN_WORDS_ONLY : {};
const VARIANTS: Array<[string, PoolOptions]> = [
  ['whole file', {}],
  ['federated', { federate: true, ownStatistics: false }],
  ['federated, own statistics', { federate: true, ownStatistics: true }],
];

for (const path of values.data!) {
  const ranker = await openRanker(path);
  for (const [label, options] of VARIANTS) {
    const raw: Record<string, number[]> = {};
    const condensed: Record<string, number[]> = {};
    const started = performance.now();
    for (const q of chosen) {
      const grades = gradesOf(q);
      const keys = judgedOnly(await ranker.rank(q.text, mode, { ...bare, ...options }));
      for (const kind of ['all', q.kind]) {
        (raw[kind] ??= []).push(ndcgAt(keys, grades, 10) ?? 0);
        (condensed[kind] ??= []).push(condensedNdcgAt(keys, grades, 10) ?? 0);
      }
    }
    const ms = (performance.now() - started) / chosen.length;
    const cells = ['all', ...KINDS].filter((k) => raw[k]).map((k) => `${k} ${mean(raw[k])!.toFixed(3)}/${mean(condensed[k])!.toFixed(3)}`);
    console.log(`${path}, ${values.half} (${chosen.length} queries), ${mode}, ${label} (${ms.toFixed(0)} ms a query): ${cells.join('  ')}`);
  }
  await ranker.close();
}
