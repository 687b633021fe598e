// Words of English or French text with their offsets: the one tokenizer behind keyword indexing,
// query parsing and snippet marking, so all three agree on what a word is.
import { fold } from '../../domain/text.js';

export interface Word { /** folded, elision removed */ norm: string; start: number; end: number }

// Letters (any script) and digits, with inner apostrophes/hyphens kept so "l'État" and "bien-être"
// arrive as one piece before elision and hyphen handling.
const WORD = /[\p{L}\p{N}]+(?:['’‑-][\p{L}\p{N}]+)*/gu;
// French elided articles and pronouns: l'État → état, qu'il → il, aujourd'hui stays whole.
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’]/;

export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    let at = m.index!;
    const folded = fold(raw).replace(/’/g, "'");
    if (folded === "aujourd'hui") { out.push({ norm: 'aujourdhui', start: at, end: at + raw.length }); continue; }
    const el = ELISION.exec(folded);
    let rest = raw;
    if (el && folded.length > el[0].length) { rest = raw.slice(el[0].length); at += el[0].length; }
    // Hyphenated compounds are indexed as their parts ("bien-être" → bien, etre). Parts are folded
    // one by one so offsets stay those of the original text.
    for (const part of rest.split(/['’‑-]/)) {
      if (part) out.push({ norm: fold(part), start: at, end: at + part.length });
      at += part.length + 1;
    }
  }
  return out;
}

/** Token count used by the chunker: words and numbers. */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}
