// Index terms: words without stop words, each as its family in its language. A chunk is indexed
// with the terms of its own language; a query is read in the language(s) searched. English: the
// word without its inflection (english-family.ts), so "houses" finds "house" but "housing" does not
// find "House". French: Snowball's French stemmer (via @orama/stemmers), so "logements" finds
// "logement", and the term carries FRENCH_MARK, so a French term never meets an English one
// ("logement" and "logging" were both "log"): English text is reached from French words only by
// the query's translation (translate.ts) and its vector. Numbers are the same term in both.
import { stemmer as stemFr } from '@orama/stemmers/french';
import { stopwords as stopEn } from '@orama/stopwords/english';
import { stopwords as stopFr } from '@orama/stopwords/french';
import { fold, ownString } from '../domain/text.js';
import { englishFamily } from './english-family.js';
import { eachWord, words, type Word } from './words.js';

export type Lang = 'en' | 'fr';

const STOP: Record<Lang, Set<string>> = {
  // Hansard's own filler is as uninformative as "the": forms of address and procedure words.
  en: new Set([...stopEn.map(fold), 'mr', 'mrs', 'ms', 'hon', 'speaker', 'madam']),
  fr: new Set([...stopFr.map(fold), 'monsieur', 'madame', 'president', 'presidente', 'hon', 'honorable']),
};
/** Ends every French term: a character no word holds, one of the keyword index's token characters
 *  (src/search/keyword-index.ts). */
export const FRENCH_MARK = '\u00b7';
const STEM: Record<Lang, (w: string) => string> = { en: englishFamily, fr: (w) => `${stemFr(w)}${FRENCH_MARK}` };

// Stemming is the cost of indexing; corpora repeat words, so remember each word's stem. The cache is
// per thread and per language, emptied when full: at 500,000 words it held ~55 MB a language on
// each of the build's tokenizing threads at 8 M chunks; 100,000 tokenized 400,000 chunks of the 1 M
// scale corpus in the same CPU time (74.1-74.9 s against 73.9-76.1 s, alternating), since the
// words that repeat are few and the rest miss at any size.
const cache: Record<Lang, Map<string, string>> = { en: new Map(), fr: new Map() };
const MAX_CACHE = 100_000;

export function stem(word: string, lang: Lang): string {
  const c = cache[lang];
  let s = c.get(word);
  if (s === undefined) {
    // Both are kept as copies (ownString): the word and its stem can be views into the text they
    // were read from, and the cache would hold up to 200,000 whole texts alive through them.
    s = ownString(/^\p{N}+$/u.test(word) ? word : STEM[lang](word));
    if (c.size >= MAX_CACHE) c.clear();
    c.set(ownString(word), s);
  }
  return s;
}

export const isStop = (norm: string, lang: Lang) => STOP[lang].has(norm);

/** The first letters of `stems`. The English family and Snowball's French rules rewrite only a word's
 *  ending (and a number is its own stem), so a stem starts with its word's first letter: a word whose first
 *  letter is not among these cannot stem to any of `stems` and need not be stemmed. Search reads
 *  whole chunk texts for a few stems this way (snippets, cross-lingual coverage); the property is
 *  checked on the real data's every word (test/core/text/text.test.ts). */
export const stemInitials = (stems: Iterable<string>): Set<string> => new Set(Array.from(stems, (s) => s[0]));

/** Counts a text's index terms and how many of them are each of `stems`, as indexTerms would,
 *  stemming only the words whose first letter one of `stems` has (stemInitials): a search scores a
 *  chunk from its text this way (src/server/search/keyword-plan.ts), at a fraction of stemming every word. */
export function termCounter(stems: readonly string[]): (text: string, lang: Lang) => { length: number; tf: Int32Array } {
  const at = new Map(stems.map((s, i) => [s, i]));
  const initials = stemInitials(stems);
  return (text, lang) => {
    const tf = new Int32Array(stems.length);
    let length = 0;
    eachWord(text, (w) => {
      if (isStop(w.norm, lang)) return;
      length++;
      if (!initials.has(w.norm[0])) return;
      const i = at.get(stem(w.norm, lang));
      if (i !== undefined) tf[i]++;
    });
    return { length, tf };
  };
}

/** Terms of a text in its language, in order: what the keyword index stores. */
export function indexTerms(text: string, lang: Lang): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!isStop(w.norm, lang)) out.push(stem(w.norm, lang));
  return out;
}

/** The query's words with their stems in each searched language. A word that is a stop word in
 *  any searched language is dropped: "the" must not become a search for French "thé". */
export function queryTerms(q: string, langs: readonly Lang[]): Array<{ word: Word; stems: string[] }> {
  const out: Array<{ word: Word; stems: string[] }> = [];
  for (const w of words(q)) {
    if (langs.some((l) => isStop(w.norm, l))) continue;
    out.push({ word: w, stems: [...new Set(langs.map((l) => stem(w.norm, l)))] });
  }
  return out;
}
