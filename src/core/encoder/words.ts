// The learned encoder's word splitter. It is part of the encoder's format (the card's `version`):
// build and query must split text identically for years, so it does not share code with the
// keyword tokenizer (src/search/text/words.ts), which may evolve with the FTS index. It does share
// `fold` (case and accents), which the data file's folded columns already bind to the same promise.
import { fold } from '../domain/text.js';

// Ligatures have no Unicode decomposition; fold them so "cœur" and "coeur" are one word.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ﬁ: 'fi', ﬂ: 'fl' };
// Letters and digits, with inner apostrophes kept so the elision rule sees "l'etat" whole.
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
// French elided articles, pronouns and conjunctions.
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)'/;

/** Lower case, accents removed, ligatures expanded, every apostrophe form made ASCII. `fold` is the
 *  whole text's NFD with its marks removed, lower-cased, decomposing only its non-ASCII runs (an
 *  ASCII text is only lower-cased). */
export function normalizeText(text: string): string {
  return fold(text)
    .replace(/[’‘ʼ`´]/g, "'")
    .replace(/[œæßﬁﬂ]/g, (ch) => LIGATURES[ch]);
}

/**
 * Words of English or French text: "L'État d'aujourd'hui" → etat, aujourd, hui. After an elision
 * the rest of a word is split at apostrophes; one-letter pieces after an apostrophe are English
 * clitics ("canada's", "don't") and are dropped.
 */
export function encoderWords(text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text).matchAll(WORD)) {
    let w = m[0];
    if (w.indexOf("'") < 0) {
      out.push(w);
      continue;
    }
    const el = ELISION.exec(w);
    if (el && w.length > el[0].length) w = w.slice(el[0].length);
    const parts = w.split("'");
    parts.forEach((p, i) => {
      if (p && (i === 0 || p.length > 1)) out.push(p);
    });
  }
  return out;
}
