// A chunk's words as search reads them after the keyword side: each word's offsets and its stem in
// the chunk's language (null for a stop word), from the one tokenizer (words.ts) and stemmer
// (terms.ts) the index was built with. Snippets mark the words whose stem the query has, and the
// cross-lingual check asks which query stems a chunk holds; both used to tokenize the chunk's text
// anew for every query, and the same chunks come back query after query, so the search keeps these
// per served file (src/server/search/query-caches.ts).
import { isStop, stem, type Lang } from './terms.js';
import { eachWord } from './words.js';

export interface ChunkWords {
  /** The chunk's language, which its words were stemmed in. */
  language: Lang;
  /** Per word, its stem, or null for a stop word (it never matches). */
  stems: ReadonlyArray<string | null>;
  /** Per word, its start and end offsets in the text: [start0, end0, start1, end1, ...]. */
  offsets: Int32Array;
}

export function chunkWords(text: string, lang: Lang): ChunkWords {
  const stems: Array<string | null> = [];
  const offsets: number[] = [];
  eachWord(text, (w) => {
    stems.push(isStop(w.norm, lang) ? null : stem(w.norm, lang));
    offsets.push(w.start, w.end);
  });
  return { language: lang, stems, offsets: Int32Array.from(offsets) };
}

/** What one entry costs in memory, roughly: a pointer per stem (the stem strings themselves are
 *  shared with the stemmer's cache), the offsets, and the two objects. */
export const chunkWordsBytes = (w: ChunkWords) => 8 * w.stems.length + w.offsets.byteLength + 160;

/** Which of `wanted` the chunk holds. */
export function stemsHeld(w: ChunkWords, wanted: ReadonlySet<string>): Set<string> {
  const held = new Set<string>();
  for (const s of w.stems) if (s !== null && wanted.has(s)) held.add(s);
  return held;
}
