// Prints the judging pool of a query: the union of the top DEPTH chunks of keyword-only,
// vector-only and hybrid, each with its rank in every mode and its text, so a person can read and
// grade them. With --id, the query comes from the query set and chunks it already judges are skipped.
//   bun eval/pool.ts --data data/real.db [--depth 20] [--chars 600] (--id Q | "query text")
import { parseArgs } from 'node:util';
import { loadQueries, gradesOf } from './queries.js';
import { MODES, openRanker } from './rank.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { data: { type: 'string', default: 'data/real.db' }, queries: { type: 'string', default: 'eval/queries.jsonl' }, depth: { type: 'string', default: '20' }, chars: { type: 'string', default: '600' }, id: { type: 'string' } },
});
const depth = Number(values.depth);
let text = positionals.join(' ');
let judged = new Map<string, number>();
if (values.id) {
  const q = loadQueries(values.queries!).queries.find((x) => x.id === values.id);
  if (!q) throw new Error(`no query ${values.id} in ${values.queries}`);
  text = q.text;
  judged = gradesOf(q);
}
const ranker = await openRanker(values.data!);
const ranks = new Map<string, Record<string, number>>();
for (const mode of MODES) {
  (await ranker.rank(text, mode)).slice(0, depth).forEach((key, i) => ranks.set(key, { ...ranks.get(key), [mode]: i + 1 }));
}
console.log(`# ${text}  (${ranks.size} chunks pooled, ${[...ranks.keys()].filter((k) => judged.has(k)).length} already judged)`);
for (const [key, r] of ranks) {
  if (judged.has(key)) continue;
  const c = ranker.chunk(key)!;
  const where = MODES.map((m) => `${m[0]}${r[m] ?? '-'}`).join(' ');
  console.log(`\n## ${key}  [${where}] ${c.language} ${c.spoken_on} ${c.speaker}\n${c.text.replace(/\s+/g, ' ').slice(0, Number(values.chars))}`);
}
await ranker.close();
