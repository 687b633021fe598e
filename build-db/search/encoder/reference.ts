// Pure-JS reference of the exported graph, in float64: what the ONNX model must compute (tests
// compare the two) and a way to embed without onnxruntime while training and evaluating.
import type { LearnedCard } from '../../../src/core/encoder/card.js';
import { learnedTokenizer } from '../../../src/core/encoder/token-ids.js';

export function referenceEmbed(table: Float32Array, dim: number, ids: number[], weights: number[]): Float32Array {
  const acc = new Float64Array(dim);
  let wsum = 0;
  ids.forEach((id, k) => {
    const w = weights[k];
    wsum += w;
    for (let d = 0, o = id * dim; d < dim; d++) acc[d] += w * table[o + d];
  });
  let norm = 0;
  for (let d = 0; d < dim; d++) {
    acc[d] /= Math.max(wsum, 1e-12);
    norm += acc[d] * acc[d];
  }
  norm = Math.max(Math.sqrt(norm), 1e-12);
  return Float32Array.from(acc, (x) => x / norm);
}

/** Embeds texts with the card's tokenizer and the table, no onnxruntime. */
export function referenceEncoder(table: Float32Array, card: LearnedCard) {
  const tok = learnedTokenizer(card);
  return (text: string) => {
    const { ids, weights } = tok.encode(text);
    return referenceEmbed(table, card.dim, ids, weights);
  };
}
