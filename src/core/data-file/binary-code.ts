// Binary codes of embeddings: one sign bit per dimension, padded to whole 16-byte words so the
// SIMD scan reads aligned words. Hamming distance between codes approximates the angle between
// vectors (sign random-projection), good enough to shortlist candidates that are then re-scored
// with the exact float vectors.

/** 16-byte words per code for vectors of `dim` dimensions. */
export const codeWords = (dim: number) => Math.max(1, Math.ceil(dim / 128));

export function binaryCode(vec: Float32Array, words = codeWords(vec.length), out = new Uint8Array(words * 16)): Uint8Array {
  out.fill(0);
  for (let i = 0; i < vec.length; i++) if (vec[i] > 0) out[i >> 3] |= 1 << (i & 7);
  return out;
}
