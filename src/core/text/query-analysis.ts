// What a search query is, read from its text alone: quoted phrases (honoured as phrases), bill
// numbers, capitalised names, and how many content words it has. The fusion (src/server/search/fuse.ts)
// weighs the keyword and vector sides by it: a bill number, a quoted phrase or a short query of
// names is a keyword question, where the words themselves are the intent; a long sentence is
// prose, where meaning matters more than the words. Which stems are rare needs the index's
// statistics and is decided in src/server/search/candidates.ts.
import { isStop, stem, type Lang } from './terms.js';
import { words } from './words.js';
import { findBillNumbers, mentionsBill } from './bill-number.js';

export type QueryShape = 'keyword' | 'topic' | 'prose';

/** A quoted phrase: the stems of its words that are not stop words, in order, per language. */
export interface Phrase {
  text: string;
  stems: Record<Lang, string[]>;
}

/** A bill number as written in Hansard: C-36, S-15 (federal), Bill 14 / projet de loi 14 (provincial). */
export interface BillNumber {
  text: string;
  pattern: RegExp;
}

export interface QueryAnalysis {
  phrases: Phrase[];
  bills: BillNumber[];
  /** Words written with a capital letter other than the query's first word (names, places, acronyms). */
  names: string[];
  /** Words that are not stop words in every searched language. */
  contentWords: number;
  shape: QueryShape;
}

// Straight, curly and French quotes; a phrase is at least two words (one quoted word is a word).
const QUOTED = /"([^"]+)"|“([^”]+)”|«\s*([^»]+?)\s*»/g;
/** Stems of a text in one language, without stop words, in order: the phrase as the index sees it. */
export function phraseStems(text: string, lang: Lang): string[] {
  return words(text)
    .filter((w) => !isStop(w.norm, lang))
    .map((w) => stem(w.norm, lang));
}

function billPattern(letter: string, digits: string, suffix: string): RegExp {
  // Hansard writes C-36, C‑36 (non-breaking hyphen), C 36 and, rarely, C36.
  return new RegExp(`(?<![\\p{L}\\p{N}])${letter}[-‑\\s]?${digits}${suffix}(?![\\p{L}\\p{N}])`, 'iu');
}

export function analyseQuery(q: string, langs: readonly Lang[]): QueryAnalysis {
  const phrases: Phrase[] = [];
  for (const m of q.matchAll(QUOTED)) {
    const text = (m[1] ?? m[2] ?? m[3]).trim();
    const stems = { en: phraseStems(text, 'en'), fr: phraseStems(text, 'fr') };
    if (langs.some((l) => stems[l].length >= 2)) phrases.push({ text, stems });
  }
  const bills: BillNumber[] = [];
  const seen = new Set<string>();
  // The grammar is the one /bills?q= reads too (bill-number.ts).
  for (const b of findBillNumbers(q)) {
    if (b.letter) {
      // "C 36" alone is too loose to call a bill number unless the query says bill / projet de loi.
      if (b.spaced && !mentionsBill(q)) continue;
      const text = `${b.letter.toUpperCase()}-${b.digits}${b.suffix.toUpperCase()}`;
      if (!seen.has(text)) {
        seen.add(text);
        bills.push({ text, pattern: billPattern(b.letter, b.digits, b.suffix) });
      }
    } else {
      const text = `Bill ${b.digits.toUpperCase()}`;
      if (!seen.has(text)) {
        seen.add(text);
        bills.push({ text, pattern: new RegExp(`\\b(?:bill|projet de loi)\\s+${b.digits}\\b`, 'iu') });
      }
    }
  }
  const all = words(q);
  const content = all.filter((w) => !langs.every((l) => isStop(w.norm, l)));
  const names = all
    .slice(1)
    .filter((w) => /^\p{Lu}/u.test(q.slice(w.start, w.end)) && !langs.some((l) => isStop(w.norm, l)))
    .map((w) => q.slice(w.start, w.end));
  const contentWords = content.length;
  let shape: QueryShape = 'topic';
  if (phrases.length || bills.length) shape = 'keyword';
  else if (contentWords <= 3 && (names.length > 0 || contentWords === 1)) shape = 'keyword';
  else if (contentWords >= 7) shape = 'prose';
  return { phrases, bills, names, contentWords, shape };
}

/** A query of at least this many words, none quoted, is also read as a passage: a chunk holding it
 *  verbatim is what was asked for (someone pasting a sentence of the record). */
export const PASSAGE_WORDS = 12;

/** The whole query as a phrase when it is long enough to be a quotation, else null. */
export function passageOf(q: string, langs: readonly Lang[]): Phrase | null {
  if (words(q).length < PASSAGE_WORDS || !q.matchAll(QUOTED).next().done) return null;
  const stems = { en: phraseStems(q, 'en'), fr: phraseStems(q, 'fr') };
  return langs.some((l) => stems[l].length >= 2) ? { text: q, stems } : null;
}

/** Whether `text` (in `lang`) holds the phrase: its stems consecutive, stop words between them ignored. */
export function holdsPhrase(text: string, lang: Lang, p: Phrase): boolean {
  const want = p.stems[lang];
  if (!want.length) return false;
  const have = phraseStems(text, lang);
  outer: for (let i = 0; i + want.length <= have.length; i++) {
    for (let j = 0; j < want.length; j++) if (have[i + j] !== want[j]) continue outer;
    return true;
  }
  return false;
}
