// What each optional candidate list of the fusion costs: the candidate pool (src/server/search/candidates.ts
// hybridPool, the whole of a hybrid search but the response shaping) for the benchmark queries,
// as configured, without the check whether the query asks across languages (src/server/search/cross-lingual.ts),
// and with the expanded list on (src/server/search/expansion.ts, the weights the tuning half chose: keyword
// 2, prose 1), and with the earlier rules (the grid-maximum weights, translated list and pinning
// always, no proximity list), alternating query by query so all see the same machine state.
// Prints p50/p95 of each and their ratio.
//
//   flock /tmp/canpol-bench.lock bun bench/search-fusion.ts --data /tmp/canpol-scale-1000000.db [--rounds 3]
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { createSearchQueries, type SearchFilters } from '../src/server/db/search.js';
import { hybridPool, type PoolOptions } from '../src/server/search/candidates.js';
import { loadEncoder, loadLexicon } from '../src/core/data-file/encoder-store.js';
import { createVectorIndex, hasVectorTable } from '../src/server/search/vectors.js';
import { BENCH_QUERIES } from './search-queries.js';
import { summarize } from './stats.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
if (!values.data) {
  console.error('usage: bun bench/search-fusion.ts --data FILE.db [--rounds N]');
  process.exit(2);
}
const file = openDataFile(values.data);
const encoder = await loadEncoder(file.db);
const queries = createSearchQueries(file.db);
const t0 = performance.now();
const vectors = hasVectorTable(file.db) ? createVectorIndex(file.db) : null;
vectors?.count();
const embedded = new Map<string, Float32Array>();
// Embeddings are computed once up front: the comparison is of the pool, not the encoder.
for (const { q } of BENCH_QUERIES)
  if (encoder) embedded.set(q, await (encoder.embedQuery ? encoder.embedQuery(q) : encoder.embed([q]).then((v) => v[0])));
const src = {
  queries,
  vectors,
  lexicon: loadLexicon(file.db),
  embed: encoder ? async (t: string) => embedded.get(t)! : null,
  knows: encoder?.knowsAnyWord ? (t: string) => encoder.knowsAnyWord!(t) : null,
};
console.log(
  `${queries.totalChunks().toLocaleString('en')} chunks, lexicon ${src.lexicon ? 'yes' : 'no'}, vectors ${vectors ? 'yes' : 'no'}; loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const VARIANTS: Record<string, PoolOptions> = {
  'as configured': {},
  'no translation lead': { translatedLeads: 0 },
  'expansion on': { expansion: { weight: { keyword: 2, topic: 0, prose: 1 } } },
  // The rules before the one-standard-error rule and the proximity list (main at c7e4458).
  'earlier rules': {
    weights: {
      keyword: { keyword: 1, translated: 0, vector: 0.15 },
      topic: { keyword: 1, translated: 0.3, vector: 0.15 },
      prose: { keyword: 1, translated: 0.3, vector: 1 },
    },
    pinWhenLeads: true,
    translatedWhenHeld: true,
    proximity: {},
  },
};
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(VARIANTS).map((k) => [k, []]));
for (let round = 0; round <= Number(values.rounds); round++) {
  for (const { q, lang } of BENCH_QUERIES) {
    const f: SearchFilters = { langs: [lang], exclude_presiding: false };
    for (const [name, o] of Object.entries(VARIANTS)) {
      const t = performance.now();
      await hybridPool(src, q, f, undefined, o);
      // Round 0 warms the page cache and the statement cache.
      if (round > 0) samples[name].push(performance.now() - t);
    }
  }
  if (round > 0) console.log(`round ${round}/${values.rounds} done`);
}
const base = summarize(samples['as configured']);
for (const [name, s] of Object.entries(samples)) {
  const x = summarize(s);
  console.log(
    `${name.padEnd(20)} n=${x.n} p50 ${x.p50.toFixed(2)} ms  p95 ${x.p95.toFixed(2)} ms  (p50 ${(x.p50 / base.p50).toFixed(2)}×, p95 ${(x.p95 / base.p95).toFixed(2)}× of as configured)`,
  );
}
await encoder?.close();
file.close();
