// Which words get a learned vector: those seen at least `minCount` times (rarer ones have too few
// contexts to place; they fall back to n-gram vectors like unseen words), most frequent first,
// ties broken by spelling so the order, and so the model bytes, depend only on the corpus.
import type { TokenStream } from './token-stream.js';

export interface Vocabulary {
  words: string[];
  counts: Float64Array;
  /** Stream word number → vocabulary row, or -1. */
  rowOf: Int32Array;
  /** All tokens in the corpus, in or out of the vocabulary. */
  totalTokens: number;
}

export function chooseVocabulary(s: TokenStream, { minCount = 3, maxSize = 100_000 } = {}): Vocabulary {
  const order = s.words.map((_, i) => i).filter((i) => s.counts[i] >= minCount);
  order.sort((a, b) => s.counts[b] - s.counts[a] || (s.words[a] < s.words[b] ? -1 : s.words[a] > s.words[b] ? 1 : 0));
  order.length = Math.min(order.length, maxSize);
  const rowOf = new Int32Array(s.words.length).fill(-1);
  order.forEach((w, r) => {
    rowOf[w] = r;
  });
  return {
    words: order.map((i) => s.words[i]),
    counts: Float64Array.from(order, (i) => s.counts[i]),
    rowOf,
    totalTokens: s.counts.reduce((a, b) => a + b, 0),
  };
}
