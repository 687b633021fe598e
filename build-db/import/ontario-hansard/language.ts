// English or French, per paragraph: Ontario's Hansard is not translated, so a member who speaks
// French is printed in French in the English record. The two languages are told apart by the stop
// words only one of them has (the @orama lists the keyword index already uses); a paragraph with
// too few of either takes its neighbour's language.
import { stopwords as stopEn } from '@orama/stopwords/english';
import { stopwords as stopFr } from '@orama/stopwords/french';
import { fold } from '../../../src/core/domain/text.js';

const en = new Set(stopEn.map(fold));
const fr = new Set(stopFr.map(fold));
// One-letter words are left out: elided French ("l’", "d’") and English possessives ("’s") split
// into the same letters.
const ONLY_EN = new Set([...en].filter((w) => w.length > 1 && !fr.has(w)));
const ONLY_FR = new Set([...fr].filter((w) => w.length > 1 && !en.has(w)));

/** 'en' or 'fr' when the paragraph says so clearly (three distinctive words, twice the other's), else null. */
export function paragraphLanguage(text: string): 'en' | 'fr' | null {
  let e = 0;
  let f = 0;
  for (const w of fold(text).split(/[^a-z]+/)) {
    if (ONLY_EN.has(w)) e++;
    else if (ONLY_FR.has(w)) f++;
  }
  if (f >= 2 && f > 2 * e) return 'fr';
  if (e >= 2 && e > 2 * f) return 'en';
  return null;
}

/** Languages of a turn's paragraphs: an unclear one takes the previous paragraph's (else the next clear one's, else English). */
export function paragraphLanguages(paragraphs: readonly string[]): Array<'en' | 'fr'> {
  const read = paragraphs.map(paragraphLanguage);
  const firstClear = read.find((l) => l !== null) ?? 'en';
  let last: 'en' | 'fr' = firstClear;
  return read.map((l) => (last = l ?? last));
}
