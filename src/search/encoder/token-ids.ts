// Text → (row ids, weights) for the learned encoder: the one tokenizer shared by training, the
// build's chunk embedding and the server's query embedding. The ONNX model only does the
// arithmetic (weighted mean of table rows), so agreeing on these ids is agreeing on the vectors.
import type { LearnedCard } from './card.js';
import { ngramBuckets } from './ngrams.js';
import { encoderWords } from './words.js';

export interface TokenWeights { ids: number[]; weights: number[] }

export interface LearnedTokenizer {
  /** Repeated ids are merged (weights summed): the weighted mean is the same, the tensors shorter. */
  encode(text: string): TokenWeights;
  vocabSize: number;
}

export function learnedTokenizer(card: LearnedCard): LearnedTokenizer {
  const index = new Map<string, number>();
  card.vocab.forEach((w, i) => index.set(w, i));
  const offset = card.vocab.length;
  // Unknown words recur (names, typos); their n-gram split is the expensive part.
  const unknown = new Map<string, number[]>();
  const bucketsOf = (w: string) => {
    let b = unknown.get(w);
    if (!b) {
      b = ngramBuckets(w, card.ngrams).map((x) => x + offset);
      if (unknown.size > 100_000) unknown.clear();
      unknown.set(w, b);
    }
    return b;
  };
  return {
    vocabSize: offset,
    encode(text) {
      const acc = new Map<number, number>();
      const add = (id: number, w: number) => acc.set(id, (acc.get(id) ?? 0) + w);
      for (const w of encoderWords(text)) {
        const id = index.get(w);
        if (id !== undefined) { add(id, card.weights[id]); continue; }
        const b = bucketsOf(w);
        const share = card.unknownWeight / b.length;
        for (const x of b) add(x, share);
      }
      return { ids: [...acc.keys()], weights: [...acc.values()] };
    },
  };
}
