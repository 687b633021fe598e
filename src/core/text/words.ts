// Words of English or French text with their offsets: the one tokenizer behind keyword indexing,
// query parsing and snippet marking, so all three agree on what a word is.
import { fold } from '../domain/text.js';

export interface Word {
  /** folded, elision removed */ norm: string;
  start: number;
  end: number;
}

// Letters (any script) and digits, with inner apostrophes/hyphens kept so "l'État" and "bien-être"
// arrive as one piece before elision and hyphen handling.
const WORD = /[\p{L}\p{N}]+(?:['’‑-][\p{L}\p{N}]+)*/gu;
// French elided articles and pronouns: l'État → état, qu'il → il, aujourd'hui stays whole.
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’]/;

export function words(text: string): Word[] {
  const out: Word[] = [];
  eachWord(text, (w) => {
    out.push(w);
  });
  return out;
}

/** The words of `text` in order, to `visit`, until it returns false (a caller that needs only the
 *  first few, such as the snippet, stops reading there). */
export function eachWord(text: string, visit: (w: Word) => boolean | void): void {
  const re = new RegExp(WORD);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const raw = m[0];
    let at = m.index;
    // A piece without an apostrophe or hyphen is one word: folded once.
    if (!SEPARATOR.test(raw)) {
      if (visit({ norm: fold(raw), start: at, end: at + raw.length }) === false) return;
      continue;
    }
    const folded = fold(raw).replace(/’/g, "'");
    if (folded === "aujourd'hui") {
      if (visit({ norm: 'aujourdhui', start: at, end: at + raw.length }) === false) return;
      continue;
    }
    const el = ELISION.exec(folded);
    let rest = raw;
    if (el && folded.length > el[0].length) {
      rest = raw.slice(el[0].length);
      at += el[0].length;
    }
    // Hyphenated compounds are indexed as their parts ("bien-être" → bien, etre). Parts are folded
    // one by one so offsets stay those of the original text.
    for (const part of rest.split(/['’‑-]/)) {
      if (part && visit({ norm: fold(part), start: at, end: at + part.length }) === false) return;
      at += part.length + 1;
    }
  }
}

const SEPARATOR = /['’‑-]/;

/** Token count used by the chunker: words and numbers. */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}
