// The scale corpus's model, fitted to real Hansard (the speeches of an imported bundle, e.g.
// data/real from ../shared/datasets): per language, the real paragraphs (templates: their lengths,
// punctuation and which words occur together), the real word frequencies, and the rate and Zipf
// exponent of never-seen words (names, places, numbers, bill codes, typos) chosen so that the
// generated vocabulary grows as Heaps' law fitted on the real text predicts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexTerms } from '../../src/core/text/terms.js';
import { empiricalVocabulary, tailVocabulary, VocabularyCurve, type HeapsFit } from './heaps.js';

export type Lang = 'en' | 'fr';
export interface Speech {
  key: string;
  language: Lang;
  text: string;
  level: string;
  session_key?: string | null;
  spoken_at: string;
  [k: string]: unknown;
}

export interface LanguageModel {
  /** Real paragraphs, each split into [separator, word, separator, word, …, separator]. */
  paragraphs: string[][];
  /** Every real word as written, in order: a uniform pick is a draw from the real frequencies. */
  tokens: string[];
  heaps: HeapsFit;
  /** Share of words replaced by a fresh draw, and of those the share drawn from the tail. */
  replace: number;
  tailShare: number;
  /** Exponent of the tail's Zipf law. */
  tailExponent: number;
  /** Distinct index terms of the real text, and its length in index terms. */
  distinct: number;
  terms: number;
}

export interface CorpusModel {
  speeches: Speech[];
  languages: Record<Lang, LanguageModel>;
  billCodes: string[];
}

const PIECES = /([\p{L}\p{N}]+(?:['’‑-][\p{L}\p{N}]+)*)/u;
/** The tail's commonest word is its rank TAIL_OFFSET: about (a-1)/1000 of tail words, as rare as a
 *  busy witness's name, where rank 1 would take a fifth of them and outrank "government". */
export const TAIL_OFFSET = 1000;
/** Share of a template's words replaced by fresh draws: no two chunks read alike, yet each keeps its topic. */
export const REPLACE = 0.3;

const readJsonl = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

export function readSpeeches(bundle: string): Speech[] {
  return readdirSync(bundle)
    .filter((n) => /^speeches(\..+)?\.jsonl$/.test(n))
    .sort()
    .flatMap((n) => readJsonl(join(bundle, n)) as Speech[]);
}

export function fitModel(bundle: string): CorpusModel {
  const speeches = readSpeeches(bundle);
  if (!speeches.length) throw new Error(`${bundle} has no speeches to fit the scale corpus to`);
  const billCodes = readdirSync(bundle)
    .filter((n) => /^bills(\..+)?\.jsonl$/.test(n))
    .flatMap((n) => (readJsonl(join(bundle, n)) as Array<{ bill_number?: string }>).map((b) => b.bill_number ?? '').filter(Boolean));
  const languages = {} as Record<Lang, LanguageModel>;
  for (const lang of ['en', 'fr'] as const) {
    const paragraphs: string[][] = [];
    const tokens: string[] = [];
    const curve = new VocabularyCurve();
    const counts = new Map<string, number>();
    let surface = 0;
    for (const s of speeches) {
      if (s.language !== lang) continue;
      for (const p of s.text.split(/\n\s*\n/)) {
        const pieces = p.trim().split(PIECES);
        if (pieces.length < 3) continue;
        paragraphs.push(pieces);
        for (let i = 1; i < pieces.length; i += 2) {
          tokens.push(pieces[i]);
          surface++;
          for (const t of indexTerms(pieces[i], lang)) {
            curve.add(t);
            counts.set(t, (counts.get(t) ?? 0) + 1);
          }
        }
      }
    }
    const heaps = curve.fit();
    // Fitted in index terms (stems of the words that are not stop words: what the keyword index
    // holds); a tail word is one index term, an average real word curve.terms / surface of one.
    const tail = fitTail([...counts.values()], curve.terms, heaps);
    const tailShare = Math.min(1, (tail.rate * curve.terms) / surface / REPLACE);
    languages[lang] = {
      paragraphs,
      tokens,
      heaps,
      replace: REPLACE,
      tailShare,
      tailExponent: tail.exponent,
      distinct: curve.distinct,
      terms: curve.terms,
    };
  }
  return { speeches, languages, billCodes };
}

/** The tail's share of the index terms and Zipf exponent: least squares, in log space, between the
 *  generated vocabulary and Heaps' law's prediction at 3 to 1,000 times the real text's length (a
 *  million chunks is about 200 times the samples). Below that the real words alone reproduce the
 *  samples' vocabulary. */
function fitTail(counts: number[], total: number, heaps: HeapsFit): { rate: number; exponent: number } {
  const points = [3, 10, 30, 100, 300, 1000].map((x) => {
    const n = total * x;
    return { n, real: x <= 4 ? empiricalVocabulary(counts, total, n) : counts.length, want: heaps.K * n ** heaps.beta };
  });
  let best = { rate: 0.01, exponent: 1 / heaps.beta, error: Infinity };
  for (let a = 1.05; a <= 3; a += 0.01) {
    for (let rate = 1e-4; rate <= REPLACE; rate *= 1.1) {
      let error = 0;
      for (const p of points) error += Math.log((p.real + tailVocabulary(p.n * rate, a, TAIL_OFFSET)) / p.want) ** 2;
      if (error < best.error) best = { rate, exponent: a, error };
    }
  }
  return best;
}
