// Text → (row ids, weights) for the learned encoder: the one tokenizer shared by training, the
// build's chunk embedding and the server's query embedding. The ONNX model only does the
// arithmetic (weighted mean of table rows), so agreeing on these ids is agreeing on the vectors.
import type { LearnedCard } from './card.js';
import { ngramBuckets } from './ngrams.js';
import { encoderWords } from './words.js';

export interface TokenWeights {
  ids: number[];
  weights: number[];
}

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
  // The weights summed per row in an array over every row (8 bytes a row: ~360 KB for the real
  // file's 45,361, against its 23 MB model), with the rows in the order first met, instead of a Map
  // per text. With normalizeText on `fold`, encode went from 67-74 to 56-60 µs a chunk of the
  // real file. The sums are the same float64 additions in
  // the same order, so the weights are the same too.
  const sums = new Float64Array(offset + card.ngrams.buckets);
  const met = new Uint8Array(sums.length);
  return {
    vocabSize: offset,
    encode(text) {
      const ids: number[] = [];
      const add = (id: number, w: number) => {
        if (met[id]) sums[id] += w;
        else {
          met[id] = 1;
          sums[id] = w;
          ids.push(id);
        }
      };
      for (const w of encoderWords(text)) {
        const id = index.get(w);
        if (id !== undefined) {
          add(id, card.weights[id]);
          continue;
        }
        const b = bucketsOf(w);
        const share = card.unknownWeight / b.length;
        for (const x of b) add(x, share);
      }
      for (const id of ids) met[id] = 0;
      return { ids, weights: ids.map((id) => sums[id]) };
    },
  };
}
