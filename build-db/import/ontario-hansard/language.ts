// English or French, per paragraph: Ontario's Hansard is not translated, so a member who speaks
// French is printed in French in the English record. The two languages are told apart by the stop
// words only one of them has (the @orama lists the keyword index already uses); a paragraph with
// too few of either takes its neighbour's language.
import { stopwords as stopEn } from '@orama/stopwords/english';
import { stopwords as stopFr } from '@orama/stopwords/french';
import { fold } from '../../../src/core/domain/text.js';
import { SENTENCE } from '../../../src/core/text/sentences.js';

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

/** Languages of a turn's passages: an unclear one (null) takes the previous passage's (else the
 *  first clear one's, else English). */
export function clearOrNeighbour(read: ReadonlyArray<'en' | 'fr' | null>): Array<'en' | 'fr'> {
  const firstClear = read.find((l) => l !== null) ?? 'en';
  let last: 'en' | 'fr' = firstClear;
  return read.map((l) => (last = l ?? last));
}

const ABBREVIATION = /(?:^|[\s(«“"])(?:M|MM|Mme|Mmes|Mlle|Mr|Mrs|Ms|Dr|St|Ste|Hon|Jr|Sr|No|art|p)\.\s*$/u;

/** A paragraph's runs of one language, sentence by sentence: members switch within a paragraph ("Ma
 *  question est pour le ministre du Logement. There are presently 1,577 households…"), and a
 *  paragraph read whole took its majority's language, so its French sentence was searched with
 *  English stems and listed as English. A sentence that does not say clearly takes its neighbour's
 *  language; a paragraph of one language is one run, its text as printed. */
export function sentenceRuns(paragraph: string): Array<{ lang: 'en' | 'fr' | null; text: string }> {
  const sentences: string[] = [];
  for (const [s] of paragraph.matchAll(SENTENCE)) {
    if (!s.trim()) continue;
    // "MM. Éric Desrochers", "St. Lawrence": a title's period does not end the sentence.
    if (sentences.length && ABBREVIATION.test(sentences.at(-1)!)) sentences[sentences.length - 1] += s;
    else sentences.push(s);
  }
  const read = sentences.map(paragraphLanguage);
  if (new Set(read.filter((l) => l !== null)).size < 2) return [{ lang: paragraphLanguage(paragraph), text: paragraph }];
  const runs: Array<{ lang: 'en' | 'fr'; text: string }> = [];
  clearOrNeighbour(read).forEach((lang, i) => {
    const run = runs.at(-1);
    if (run && run.lang === lang) run.text += sentences[i];
    else runs.push({ lang, text: sentences[i] });
  });
  return runs.map((r) => ({ lang: r.lang, text: r.text.trim() }));
}
