// The similarity floor of search results (SIMILARITY_FLOOR, src/server/search/candidates.ts): a chunk
// with no keyword evidence is a result only when its cosine similarity to the query is at least the
// floor. Prints how many results nonsense queries get, the similarities of the judged relevant chunks
// that only the vector side found (what a floor loses), and for each candidate floor NDCG@10 on the
// tuning half and how many matches by similarity alone a query gets (what `total` counts).
//   bun eval/floor.ts [--data data/real.db] [--queries eval/queries.jsonl]
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createSearchQueries } from '../src/server/db/search.js';
import { hybridPool } from '../src/server/search/candidates.js';
import { loadEncoder, loadLexicon } from '../src/core/data-file/encoder-store.js';
import { createVectorIndex } from '../src/server/search/vectors.js';
import { mean, ndcgAt } from './metrics.js';
import { chunkKey, gradesOf, halfOf, loadQueries } from './queries.js';

/** Strings no Hansard speaker said: letters in no English or French word, made-up words. */
export const NONSENSE = [
  'xyzzyplugh',
  'qwzxv',
  'blorftangle snirp',
  'zzkqj wvvx',
  'glorpnax',
  'fnordian quazzle',
  'xkcdzq',
  'ploovenschtik',
  'mxyzptlk',
  'grbblx frumious',
];

const { values } = parseArgs({
  options: { data: { type: 'string', default: 'data/real.db' }, queries: { type: 'string', default: 'eval/queries.jsonl' } },
});
const file = openDataFile(values.data!);
const encoder = (await loadEncoder(file.db))!;
const queries = createSearchQueries(file.db);
const src = {
  queries,
  vectors: createVectorIndex(file.db),
  embed: (t: string) => encoder.embedQuery(t),
  lexicon: loadLexicon(file.db),
  knows: (t: string) => encoder.knowsAnyWord?.(t) ?? true,
};
const keyOf = new Map(
  (
    file.db.prepare('SELECT c.rowid, s.key, c.chunk_index FROM chunks c JOIN speeches s ON s.id = c.speech_id').all() as Array<{
      rowid: number;
      key: string;
      chunk_index: number;
    }>
  ).map((r) => [r.rowid, chunkKey(r.key, r.chunk_index)]),
);
const ANY = { langs: ['en', 'fr'] as Array<'en' | 'fr'>, exclude_presiding: false };

const all = loadQueries(values.queries!).queries;
const half = halfOf(all);
// Every candidate of every query once, without a floor; a floor then keeps a prefix of each.
const pools = [];
for (const q of all) pools.push({ q, grades: gradesOf(q), pool: await hybridPool(src, q.text, ANY, undefined, { floor: -1 }) });
const vectorOnly = pools.flatMap(({ grades, pool }) =>
  pool.candidates.filter((c) => !c.keyword && (grades.get(keyOf.get(c.rowid)!) ?? 0) > 0).map((c) => c.similarity ?? -1),
);
let nonsenseResults = 0;
for (const n of NONSENSE) nonsenseResults += (await hybridPool(src, n, ANY, undefined)).candidates.length;
const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(`nonsense queries (${NONSENSE.join(', ')}): ${nonsenseResults} results in all (the encoder knows none of their words)`);
console.log(
  `relevant chunks only the vector side found: ${vectorOnly.length}; similarity 10/25/50/75/90%: ${[0.1, 0.25, 0.5, 0.75, 0.9].map((p) => at(vectorOnly, p).toFixed(3)).join(' / ')}`,
);
console.log(
  '\n| floor | NDCG@10 tuning half | relevant vector-only chunks kept | vector-only matches per query (mean) |\n|---:|---:|---:|---:|',
);
for (const floor of [-1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
  const ndcg: Array<number | null> = [];
  let extra = 0;
  for (const { q, grades, pool } of pools) {
    const kept = pool.candidates.filter((c) => c.keyword || (c.similarity ?? -2) >= floor);
    extra += kept.filter((c) => !c.keyword).length;
    if (half.get(q.id) === 'tuning')
      ndcg.push(
        ndcgAt(
          kept.map((c) => keyOf.get(c.rowid)!),
          grades,
          10,
        ),
      );
  }
  console.log(
    `| ${floor === -1 ? 'none' : floor.toFixed(2)} | ${mean(ndcg)!.toFixed(3)} | ${((vectorOnly.filter((s) => s >= floor).length / Math.max(1, vectorOnly.length)) * 100).toFixed(0)}% | ${(extra / pools.length).toFixed(0)} |`,
  );
}
await encoder.close();
file.close();
