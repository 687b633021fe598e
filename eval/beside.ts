// Why federal figures move when another legislature's Hansard is added beside them: one half (the
// tuning half unless --half held-out) ranked on two data files (without and with the added chunks),
// each twice: as `make eval` ranks (lang=any, results from unjudged sources set aside after ranking)
// and under level=federal (the pools hold federal chunks only), the latter on the queries judged on
// federal chunks alone. The
// filtered pair isolates what the added chunks change in the corpus's statistics (idf, rare words,
// the encoder, word families); filtered against unfiltered on the same file, what they change by
// sharing the candidate lists. NDCG@10 per mode and kind, and the queries that move most.
//   bun eval/beside.ts --without data/real-without.db --with data/real.db [--modes keyword,vector,hybrid] [--half held-out]
import { parseArgs } from 'node:util';
import { condensedNdcgAt, mean, ndcgAt } from './metrics.js';
import { gradesOf, halfOf, judgedOnHouseAlone, judgedSourcesOnly, KINDS, loadQueries, type EvalQuery } from './queries.js';
import { openRanker, type Mode } from './rank.js';

const { values } = parseArgs({
  options: {
    without: { type: 'string' },
    with: { type: 'string' },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    modes: { type: 'string', default: 'keyword,vector,hybrid' },
    moved: { type: 'string', default: '12' },
    half: { type: 'string', default: 'tuning' },
  },
});
if (!values.without || !values.with || !['tuning', 'held-out'].includes(values.half!)) {
  console.error('usage: bun eval/beside.ts --without FILE --with FILE [--half tuning|held-out]');
  process.exit(1);
}
const modes = values.modes!.split(',') as Mode[];
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const chosen = queries.filter((q) => half.get(q.id) === values.half);
const judgedOnly = judgedSourcesOnly(queries);
const federalOnly = new Set(chosen.filter(judgedOnHouseAlone).map((q) => q.id));

type Scores = Map<string, Record<string, number | null>>;
async function scoresOf(path: string, filtered: boolean): Promise<Scores> {
  const ranker = await openRanker(path, filtered ? { langs: ['en', 'fr'], exclude_presiding: false, level: 'federal' } : undefined);
  const out: Scores = new Map();
  for (const q of chosen) {
    if (filtered && !federalOnly.has(q.id)) continue;
    const grades = gradesOf(q);
    const row: Record<string, number | null> = {};
    for (const m of modes) {
      const keys = judgedOnly(await ranker.rank(q.text, m));
      row[m] = ndcgAt(keys, grades, 10);
      // Condensed (Sakai 2007): the chunks without a judgment for the query removed before scoring.
      row[`${m}:condensed`] = condensedNdcgAt(keys, grades, 10);
    }
    out.set(q.id, row);
  }
  await ranker.close();
  return out;
}

const runs: Array<[string, Scores]> = [];
for (const [label, path, filtered] of [
  ['without, any', values.without, false],
  ['with, any', values.with, false],
  ['without, federal', values.without, true],
  ['with, federal', values.with, true],
] as const) {
  const started = performance.now();
  runs.push([label, await scoresOf(path, filtered)]);
  console.error(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const kindOf = new Map(queries.map((q) => [q.id, q.kind]));
const cell = (s: Scores, m: string, ids: (id: string) => boolean) =>
  mean([...s].filter(([id]) => ids(id)).map(([, r]) => r[m]))?.toFixed(3) ?? '    -';
for (const m of modes) {
  console.log(
    `\n${m}, ${values.half} half, NDCG@10 (federal rows: the ${federalOnly.size} queries judged on federal chunks only; cond: all, on condensed lists)`,
  );
  console.log(['run'.padEnd(18), 'all', 'cond', 'fed-q', ...KINDS.map((k) => k.slice(0, 8))].join('\t'));
  for (const [label, s] of runs)
    console.log(
      [
        label.padEnd(18),
        cell(s, m, () => true),
        cell(s, `${m}:condensed`, () => true),
        cell(s, m, (id) => federalOnly.has(id)),
        ...KINDS.map((k) => cell(s, m, (id) => kindOf.get(id) === k)),
      ].join('\t'),
    );
}
const moved = (a: Scores, b: Scores, m: string) =>
  [...b]
    .filter(([id]) => a.has(id))
    .map(([id, r]) => [id, a.get(id)![m] ?? 0, r[m] ?? 0] as const)
    .filter(([, x, y]) => x !== y)
    .sort((p, q) => Math.abs(q[2] - q[1]) - Math.abs(p[2] - p[1]))
    .slice(0, Number(values.moved))
    .map(([id, x, y]) => `${id} ${x.toFixed(2)}→${y.toFixed(2)}`)
    .join('  ');
const [wa, wi, wf, wif] = runs.map(([, s]) => s);
for (const m of modes) {
  console.log(`\n${m}: moved by adding (any): ${moved(wa, wi, m)}`);
  console.log(`${m}: moved by adding (federal): ${moved(wf, wif, m)}`);
  console.log(`${m}: with, federal → any: ${moved(wif, wi, m)}`);
}
export type { EvalQuery };
