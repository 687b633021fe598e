// Benchmark and quality report of the learned encoder on the real datasets (never copied here).
//
//   node_modules/.bin/bun bench/encoder/run.ts [--datasets DIR] [--out FILE.md] [--quick]
//
// Trains on the Hansard samples' paragraphs + parallel texts (bill titles minus a held-out fifth,
// the two editions of sitting 42-1-2), with and without the bilingual step; reports training time
// and memory, FR→EN recall on held-out bill titles, nearest words, model size, chunks embedded per
// second at several batch sizes (~200-word chunks) and query latency. Writes Markdown to --out.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exportEncoderOnnx } from '../../build-db/search/encoder/export-onnx.js';
import { referenceEncoder } from '../../build-db/search/encoder/reference.js';
import { trainEncoder, type TrainOptions } from '../../build-db/search/encoder/train.js';
import { createEncoder } from '../../src/core/encoder/create-encoder.js';
import { ngramBuckets } from '../../src/core/encoder/ngrams.js';
import { billTitlePairs, chunksOf, hansardFiles, hansardParagraphs, parallelParagraphs } from './corpus.js';
import { crossLingualRecall, nearestWords, subwordAgreement } from './quality.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: join(ROOT, '../shared/datasets') },
    out: { type: 'string', default: '/tmp/encoder-bench.md' },
    quick: { type: 'boolean', default: false },
  },
});
const D = args.datasets!;
const lines: string[] = [];
const say = (s = '') => {
  lines.push(s);
  console.log(s);
};
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

const paras = hansardFiles(D).flatMap((f) => (f.includes('42-1-2') ? [] : hansardParagraphs(f).map((p) => p.text)));
const titles = billTitlePairs(D);
const parallel = parallelParagraphs(D);
const held = titles.filter((t) => t.held);
const trainPairs: Array<[string, string]> = [...parallel, ...titles.filter((t) => !t.held).map((t) => [t.en, t.fr] as [string, string])];

say(
  `# Learned encoder benchmark (${new Date().toISOString().slice(0, 10)}, ${process.versions.bun ? `bun ${process.versions.bun}` : `node ${process.version}`})`,
);
say();
say(
  `Corpus: ${paras.length} Hansard paragraphs (13 files, 42-1-2 excluded), ${parallel.length} parallel paragraph pairs (42-1-2 EN/FR), ${titles.length - held.length} training title pairs; ${held.length} held-out title pairs.`,
);
say();

function timed(opts: TrainOptions) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const t = performance.now();
  const r = trainEncoder(
    { texts: paras, pairs: trainPairs },
    {
      ...opts,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    },
  );
  return {
    r,
    seconds: (performance.now() - t) / 1000,
    beforeMb: Math.round(before / 1e6),
    peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1e6),
  };
}

say('## Training and cross-lingual retrieval (FR bill title → its EN title among all held-out EN titles)');
say();
say(
  '| model | train s | RSS MB before → peak (sampled between stages; the corpus is loaded before) | vocab | tokens | PPMI non-zeros | recall@1 | recall@10 |',
);
say('|---|---|---|---|---|---|---|---|');
const variants: Array<[string, TrainOptions]> = [
  ['no bilingual step (crossWeight 0)', { crossWeight: 0 }],
  ['bilingual step (default crossWeight 5)', {}],
];
let best: ReturnType<typeof timed> | null = null;
for (const [name, opts] of variants) {
  const run = timed(opts);
  const rec = crossLingualRecall(held, referenceEncoder(run.r.table, run.r.card));
  say(
    `| ${name} | ${run.seconds.toFixed(1)} | ${run.beforeMb} → ${run.peakMb} | ${run.r.stats.vocabulary} | ${run.r.stats.tokens} | ${run.r.stats.nonZeros} | ${pct(rec.at1)} (${rec.queries} queries, ${rec.candidates} candidates) | ${pct(rec.at10)} |`,
  );
  best = run;
}
const { r } = best!;
say();
say(`Stage times of the last run (s): ${JSON.stringify(r.stats.seconds)}`);
say();
say('## Nearest vocabulary words (bilingual model)');
say();
for (const w of ['budget', 'health', 'sante', 'veterans', 'combattants', 'housing', 'logement', 'climate', 'climatique'])
  say(`- **${w}**: ${nearestWords(r.table, r.card, w, 8).join(', ')}`);
say();
say(
  `Sub-word agreement (mean cosine of a vocabulary word's learned row and its n-gram-only vector, every 10th word): ${subwordAgreement(r.table, r.card, 10, (w) => ngramBuckets(w, r.card.ngrams)).toFixed(3)}`,
);
say();

say('## Model size and embedding speed');
say();
const card = JSON.stringify(r.card);
const chunks = chunksOf(paras, 200);
const queries = titles.slice(0, 500).map((t) => t.fr.split(' ').slice(0, 6).join(' '));
say(
  `Card JSON: ${(card.length / 1e6).toFixed(2)} MB. Chunks: ${chunks.length} of ~200 words (paragraphs joined), embedded ${args.quick ? 1 : 3}× per setting.`,
);
say();
say('| precision | model MB | batch | chunks/s | query p50 ms | query p95 ms |');
say('|---|---|---|---|---|---|');
for (const precision of ['float32', 'float16'] as const) {
  const model = exportEncoderOnnx(r.table, r.card.dim, { precision });
  for (const batchSize of args.quick ? [64] : [16, 64, 256]) {
    const enc = await createEncoder({ model, card, batchSize });
    await enc.embed(chunks.slice(0, 300)); // warm-up
    const reps = args.quick ? 1 : 3;
    const t = performance.now();
    for (let k = 0; k < reps; k++) await enc.embed(chunks);
    const rate = (reps * chunks.length) / ((performance.now() - t) / 1000);
    const lat: number[] = [];
    for (const q of queries) {
      const s = performance.now();
      await enc.embedQuery(q);
      lat.push(performance.now() - s);
    }
    lat.sort((a, b) => a - b);
    say(
      `| ${precision} | ${(model.length / 1e6).toFixed(1)} | ${batchSize} | ${Math.round(rate)} | ${lat[lat.length >> 1].toFixed(3)} | ${lat[Math.floor(lat.length * 0.95)].toFixed(3)} |`,
    );
    await enc.close();
  }
}
writeFileSync(args.out!, `${lines.join('\n')}\n`);
console.log(`\nwritten to ${args.out}`);
