// The TUNING half's queries that hybrid ranks below plain BM25, one by one: each mode's NDCG@10, the
// first `--top` results of BM25 and hybrid (grade, language, keyword/vector evidence, the text's
// start), and where each relevant chunk stands in every mode. What a ranking rule is diagnosed on,
// without reading the held-out half (a held-out id is refused).
//   bun eval/losers.ts [--data data/real.db] [--kind common-word] [--id CW03,K05] [--top 10] [--all]
import { parseArgs } from 'node:util';
import { ndcgAt } from './metrics.js';
import { gradesOf, halfOf, judgedSourcesOnly, loadQueries } from './queries.js';
import { MODES, openRanker, type Mode } from './rank.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'data/real.db' },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    kind: { type: 'string' },
    id: { type: 'string' },
    top: { type: 'string', default: '10' },
    /** Every query of the selection, not only those hybrid loses. */
    all: { type: 'boolean', default: false },
  },
});
const { queries } = loadQueries(values.queries!);
const half = halfOf(queries);
const ids = values.id ? new Set(values.id.split(',')) : null;
const heldOut = [...(ids ?? [])].filter((id) => half.get(id) !== 'tuning');
if (heldOut.length) {
  console.error(`losers: ${heldOut.join(', ')} not in the tuning half (only the tuning half is diagnosed)`);
  process.exit(1);
}
const chosen = queries.filter((q) => half.get(q.id) === 'tuning' && (!values.kind || q.kind === values.kind) && (!ids || ids.has(q.id)));
const top = Number(values.top);
const ranker = await openRanker(values.data!);
// As eval/run.ts: results from sources nobody judged are set aside after ranking.
const judgedOnly = judgedSourcesOnly(queries);

for (const q of chosen) {
  const grades = gradesOf(q);
  const ranked = {} as Record<Mode, string[]>;
  for (const m of MODES) ranked[m] = judgedOnly(await ranker.rank(q.text, m));
  const score = (m: Mode) => ndcgAt(ranked[m], grades, 10) ?? 0;
  if (!values.all && score('hybrid') >= score('bm25')) continue;
  console.log(`\n## ${q.id} ${q.kind} "${q.text}"  ${MODES.map((m) => `${m} ${score(m).toFixed(3)}`).join('  ')}`);
  const at = (m: Mode, key: string) => {
    const i = ranked[m].indexOf(key);
    return i < 0 ? '-' : String(i + 1);
  };
  for (const m of ['bm25', 'hybrid'] as const) {
    console.log(`  ${m}:`);
    ranked[m].slice(0, top).forEach((key, i) => {
      const c = ranker.chunk(key)!;
      const g = grades.get(key);
      const where = `kw ${at('keyword', key)} vec ${at('vector', key)} bm25 ${at('bm25', key)}`;
      console.log(
        `   ${String(i + 1).padStart(2)} g${g ?? '?'} ${c.language} ${key.padEnd(34)} ${where.padEnd(28)} ${c.text.slice(0, 90).replace(/\s+/g, ' ')}`,
      );
    });
  }
  const relevant = [...grades].filter(([, g]) => g > 0).sort((a, b) => b[1] - a[1]);
  console.log(
    `  relevant (${relevant.length}), rank in ${MODES.join('/')}: ${relevant
      .slice(0, 12)
      .map(([key, g]) => `g${g} ${MODES.map((m) => at(m, key)).join('/')}`)
      .join(', ')}${relevant.length > 12 ? ' …' : ''}`,
  );
}
await ranker.close();
