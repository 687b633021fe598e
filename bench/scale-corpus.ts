// A realistic scale corpus for the search benchmarks (issue 17): a source bundle of N speeches, one
// chunk each, generated from a model fitted to the real speeches of an imported bundle (bench/scale/
// fit.ts: paragraph shapes, word frequencies, Heaps' law vocabulary growth, EN/FR mix), seeded and
// deterministic. Everything a search build reads besides the speeches is copied from the bundle.
//
//   bun bench/scale-corpus.ts --from data/real --chunks 100000 --out /tmp/canpol-scale-100k [--seed 1]
import { copyFileSync, createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fitModel } from './scale/fit.js';
import { generateSpeeches, type Session } from './scale/generate.js';

const { values } = parseArgs({
  options: { from: { type: 'string' }, chunks: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } },
});
const count = Number(values.chunks);
if (!values.from || !values.out || !Number.isInteger(count) || count < 1) {
  console.error('usage: bun bench/scale-corpus.ts --from BUNDLE_DIR --chunks N --out DIR [--seed N]');
  process.exit(2);
}
const model = fitModel(values.from);
for (const [lang, m] of Object.entries(model.languages)) {
  console.error(
    `scale corpus: ${lang}: ${m.paragraphs.length} real paragraphs, ${m.terms} words, ${m.distinct} distinct; Heaps K=${m.heaps.K.toFixed(2)} β=${m.heaps.beta.toFixed(3)}; tail ${(m.replace * m.tailShare * 100).toFixed(2)}% of words, Zipf exponent ${m.tailExponent.toFixed(2)}`,
  );
}
rmSync(values.out, { recursive: true, force: true });
mkdirSync(values.out, { recursive: true });
// What speeches refer to or search reads; boundaries, bills and votes would only slow the build.
const LEAN = /^(manifest\.json|(jurisdictions|parties|sessions|politicians|offices|socials|parallel_texts)(\..+)?\.jsonl)$/;
const sessions: Session[] = [];
for (const name of readdirSync(values.from)) {
  if (!LEAN.test(name)) continue;
  copyFileSync(join(values.from, name), join(values.out, name));
  if (name.startsWith('sessions'))
    for (const l of readFileSync(join(values.from, name), 'utf8').split('\n')) if (l.trim()) sessions.push(JSON.parse(l));
}
const out = createWriteStream(join(values.out, 'speeches.jsonl'));
let done = 0;
for (const speech of generateSpeeches(model, sessions, count, Number(values.seed))) {
  if (!out.write(`${JSON.stringify(speech)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  if (++done % 100_000 === 0) console.error(`scale corpus: ${done}/${count} speeches`);
}
out.end();
await new Promise<void>((r) => out.once('finish', () => r()));
console.error(`scale corpus: wrote ${count} speeches (one chunk each) into ${values.out}`);
