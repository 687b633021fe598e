// Text statistics of a bundle's speeches, for setting the scale corpus beside real Hansard: distinct
// index terms (the stems the keyword index holds) as chunks grow, Heaps' law fitted on them, the
// commonest stems' shares, paragraph lengths, the French share and the years spoken. Streams the
// speeches, so it reads a million-chunk corpus in bounded memory.
//
//   bun bench/scale-stats.ts --from data/real [--json OUT.json]
import { createReadStream, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { indexTerms } from '../src/core/text/terms.js';
import { countWords } from '../src/core/text/words.js';
import { VocabularyCurve } from './scale/heaps.js';
import { percentile } from './stats.js';

const { values } = parseArgs({ options: { from: { type: 'string' }, json: { type: 'string' } } });
if (!values.from) {
  console.error('usage: bun bench/scale-stats.ts --from BUNDLE_DIR [--json OUT.json]');
  process.exit(2);
}

const curve = new VocabularyCurve();
const freq = new Map<string, number>();
const paragraphWords: number[] = [];
const byChunks: Array<[number, number]> = [];
let speeches = 0,
  french = 0,
  minYear = 9999,
  maxYear = 0;
for (const name of readdirSync(values.from)
  .filter((n) => /^speeches(\..+)?\.jsonl$/.test(n))
  .sort()) {
  for await (const line of createInterface({ input: createReadStream(join(values.from, name)) })) {
    if (!line.trim()) continue;
    const s = JSON.parse(line) as { text: string; language: 'en' | 'fr'; spoken_at: string };
    speeches++;
    if (s.language === 'fr') french++;
    const year = Number(s.spoken_at.slice(0, 4));
    minYear = Math.min(minYear, year);
    maxYear = Math.max(maxYear, year);
    for (const p of s.text.split(/\n\s*\n/)) if (paragraphWords.length < 200_000) paragraphWords.push(countWords(p));
    for (const t of indexTerms(s.text, s.language)) {
      curve.add(t);
      freq.set(t, (freq.get(t) ?? 0) + 1);
    }
    if ((speeches & (speeches - 1)) === 0 || speeches % 100_000 === 0) byChunks.push([speeches, curve.distinct]);
  }
}
byChunks.push([speeches, curve.distinct]);
const top = [...freq]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 10)
  .map(([t, n]) => ({ term: t, share: n / curve.terms }));
const lengths = paragraphWords.sort((a, b) => a - b);
const hapax = [...freq.values()].filter((n) => n === 1).length;
const stats = {
  speeches,
  terms: curve.terms,
  distinct_terms: curve.distinct,
  hapax_share: hapax / curve.distinct,
  heaps: curve.fit(),
  distinct_by_speeches: byChunks,
  top_terms: top,
  french_share: french / speeches,
  years: [minYear, maxYear],
  paragraph_words: {
    p10: percentile(lengths, 10),
    p50: percentile(lengths, 50),
    p90: percentile(lengths, 90),
    mean: lengths.reduce((a, b) => a + b, 0) / lengths.length,
  },
};
console.log(JSON.stringify(stats));
if (values.json) writeFileSync(values.json, JSON.stringify(stats, null, 2));
