// Training texts → one stream of word numbers (documents separated by -1) and word counts, in a
// single pass so the input may be a one-shot iterable. Parallel pairs are stored as spans of the
// stream so the bilingual step can pair their words.
import { encoderWords } from '../../../src/core/encoder/words.js';
import { ownString } from '../../../src/core/domain/text.js';

export interface TokenStream {
  /** Word numbers in first-seen order; -1 ends a document. */
  tokens: Int32Array;
  words: string[];
  counts: number[];
  /** [startA, endA, startB, endB] spans of `tokens` for each parallel pair. */
  pairs: Int32Array;
  documents: number;
  /** Texts left unread because `maxTokens` was reached. */
  skippedTexts: number;
}

class IntList {
  data = new Int32Array(1 << 16);
  length = 0;
  push(v: number) {
    if (this.length === this.data.length) {
      const d = new Int32Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = v;
  }
  done() {
    return this.data.slice(0, this.length);
  }
}

/** `maxTokens` caps the monolingual texts read (memory grows with tokens and distinct pairs); the
 *  parallel pairs are always read. Callers with a larger corpus should pass a spread-out sample. */
export function tokenStream(texts: Iterable<string>, pairs: Iterable<readonly [string, string]> = [], maxTokens = Infinity): TokenStream {
  const index = new Map<string, number>();
  const words: string[] = [];
  const counts: number[] = [];
  const tokens = new IntList();
  const spans = new IntList();
  let documents = 0,
    skippedTexts = 0;
  const add = (text: string) => {
    for (const w of encoderWords(text)) {
      let id = index.get(w);
      if (id === undefined) {
        // A copy: the word may be a view into the whole text (ownString).
        const own = ownString(w);
        id = words.length;
        index.set(own, id);
        words.push(own);
        counts.push(0);
      }
      counts[id]++;
      tokens.push(id);
    }
    tokens.push(-1);
    documents++;
  };
  for (const t of texts) {
    if (tokens.length - documents < maxTokens) add(t);
    else skippedTexts++;
  }
  for (const [a, b] of pairs) {
    const s = tokens.length;
    add(a);
    const m = tokens.length;
    add(b);
    spans.push(s);
    spans.push(m - 1);
    spans.push(m);
    spans.push(tokens.length - 1);
  }
  return { tokens: tokens.done(), words, counts, pairs: spans.done(), documents, skippedTexts };
}
