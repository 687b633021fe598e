// Scale corpora for the search benchmarks: a source bundle whose speeches are resampled from the
// paragraphs of real Hansard speeches (an imported bundle), so the text statistics are real while
// the corpus reaches 100 k or 1 M chunks. Everything but the speeches is copied from the source
// bundle, and the new speeches keep its politicians, sessions and parties.
//
//   bun bench/search-corpus.ts --from data/real --chunks 100000 --out /tmp/canpol-100k [--seed 1] [--lean]
//
// --lean copies only what speeches refer to or search reads (jurisdictions, parties, sessions,
// politicians and their offices and socials, the English/French pairs), so a search benchmark's
// build does not spend a minute on boundaries, postcodes, bills and votes it never queries.
import { copyFileSync, createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    chunks: { type: 'string' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    lean: { type: 'boolean', default: false },
  },
});
if (!values.from || !values.chunks || !values.out) {
  console.error('usage: bun bench/search-corpus.ts --from BUNDLE_DIR --chunks N --out DIR [--seed N]');
  process.exit(2);
}
const target = Number(values.chunks);

// A small deterministic generator (mulberry32): the same seed gives the same corpus.
let state = Number(values.seed) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];

interface Speech {
  key: string;
  language: 'en' | 'fr';
  text: string;
  [k: string]: unknown;
}
const readJsonl = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

rmSync(values.out, { recursive: true, force: true });
mkdirSync(values.out, { recursive: true });
const names = readdirSync(values.from);
const LEAN = /^(manifest\.json|(jurisdictions|parties|sessions|politicians|offices|socials|parallel_texts)(\..+)?\.jsonl)$/;
const speeches: Speech[] = [];
for (const name of names) {
  if (/^speeches(\..+)?\.jsonl$/.test(name)) speeches.push(...readJsonl(join(values.from, name)));
  else if (values.lean && !LEAN.test(name)) continue;
  else if (name.endsWith('.jsonl') || name === 'manifest.json') copyFileSync(join(values.from, name), join(values.out, name));
}
if (!speeches.length) {
  console.error(`${values.from} has no speeches to resample`);
  process.exit(1);
}
const paragraphs = { en: [] as string[], fr: [] as string[] };
for (const s of speeches) for (const p of s.text.split(/\n\s*\n/)) if (p.split(/\s+/).length >= 8) paragraphs[s.language].push(p.trim());

// One chunk per generated speech: 1-4 paragraphs, kept under the chunker's 480 words.
const out = createWriteStream(join(values.out, 'speeches.jsonl'));
for (let i = 0; i < target; i++) {
  const model = pick(speeches);
  const lang = paragraphs[model.language].length ? model.language : 'en';
  const parts: string[] = [];
  let words = 0;
  for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
    const p = pick(paragraphs[lang]);
    const w = p.split(/\s+/).length;
    if (parts.length && words + w > 470) break;
    parts.push(w > 470 ? p.split(/\s+/).slice(0, 470).join(' ') : p);
    words += Math.min(w, 470);
  }
  const day = new Date(Date.UTC(2011, 0, 1) + Math.floor(random() * 14 * 365) * 86_400_000 + 14 * 3_600_000);
  const speech = {
    ...model,
    key: `scale/${i}`,
    language: lang,
    text: parts.join('\n\n'),
    spoken_at: day.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    source_anchor: null,
    meeting_url:
      model.speech_type === 'committee'
        ? `${model.meeting_url ?? 'https://example.org/committee'}#scale-${i % 500}`
        : (model.meeting_url ?? null),
  };
  if (!out.write(`${JSON.stringify(speech)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
}
out.end();
await new Promise<void>((r) => out.once('finish', () => r()));
console.error(
  `wrote ${target} speeches (one chunk each) resampled from ${paragraphs.en.length} English and ${paragraphs.fr.length} French paragraphs into ${values.out}`,
);
