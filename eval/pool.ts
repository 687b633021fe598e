// Prints the judging pool of a query: the union of the top DEPTH chunks of plain BM25, the
// engine's keyword and vector sides and hybrid, each with its rank in every mode and its text, so a
// person can read and grade them. With --id, the query comes from the query set and chunks it
// already judges are skipped. --kwic shows the text around the query's matched words instead of
// the chunk's opening (for keyword queries, where the match is the question).
//   bun eval/pool.ts --data data/real.db [--depth 20] [--chars 600] [--kwic] (--id Q | "query text")
import { parseArgs } from 'node:util';
import { isStop, stem } from '../src/core/text/terms.js';
import { words } from '../src/core/text/words.js';
import { gradesOf, loadQueries } from './queries.js';
import { MODES, openRanker } from './rank.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', default: 'data/real.db' },
    queries: { type: 'string', default: 'eval/queries.jsonl' },
    depth: { type: 'string', default: '20' },
    chars: { type: 'string', default: '600' },
    id: { type: 'string' },
    kwic: { type: 'boolean', default: false },
  },
});
const depth = Number(values.depth);
const chars = Number(values.chars);
let text = positionals.join(' ');
let judged = new Map<string, number>();
if (values.id) {
  const q = loadQueries(values.queries!).queries.find((x) => x.id === values.id);
  if (!q) throw new Error(`no query ${values.id} in ${values.queries}`);
  text = q.text;
  judged = gradesOf(q);
}
const stems = new Set(words(text).flatMap((w) => (['en', 'fr'] as const).filter((l) => !isStop(w.norm, l)).map((l) => stem(w.norm, l))));

/** Up to three windows of the text around words whose stem is the query's. */
function kwic(body: string, lang: 'en' | 'fr'): string {
  const hits = words(body).filter((w) => !isStop(w.norm, lang) && stems.has(stem(w.norm, lang)));
  const out: string[] = [];
  let last = -1;
  for (const h of hits) {
    if (h.start < last) continue;
    const from = Math.max(0, h.start - chars / 6),
      to = Math.min(body.length, h.end + chars / 6);
    out.push(body.slice(from, to).replace(/\s+/g, ' '));
    last = to;
    if (out.length === 3) break;
  }
  return out.length ? `…${out.join(' … ')}…` : `(no query word) ${body.slice(0, chars / 2).replace(/\s+/g, ' ')}`;
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
  const body = values.kwic ? kwic(c.text, c.language as 'en' | 'fr') : c.text.replace(/\s+/g, ' ').slice(0, chars);
  console.log(`\n## ${key}  [${where}] ${c.language} ${c.spoken_on} ${c.speaker}\n${body}`);
}
await ranker.close();
