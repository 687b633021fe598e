// Word vectors from the SVD: U·Σ^p (p = 0.5 weighs dimensions between plain U and U·Σ, the usual
// best choice for PPMI-SVD), each row scaled to unit length so a sentence's mean depends on the
// SIF weights, not on how often a word happened to occur. Then the common component (the weighted
// mean direction every sentence shares) is removed, as in SIF: done on the table it costs nothing
// at query time, because removing a fixed direction commutes with the weighted sum.
import type { Svd } from './randomized-svd.js';

export function wordVectors({ U, S, rank }: Svd, rows: number, { power = 0.5 } = {}): Float32Array {
  const out = new Float32Array(rows * rank);
  const scale = Float64Array.from(S, (s) => s ** power);
  for (let i = 0; i < rows; i++) {
    let norm = 0;
    for (let d = 0; d < rank; d++) norm += (U[i * rank + d] * scale[d]) ** 2;
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < rank; d++) out[i * rank + d] = U[i * rank + d] * scale[d] * inv;
  }
  return out;
}

/** Removes from every row its projection on the `mass`-weighted mean direction; returns that direction. */
export function removeCommonComponent(vectors: Float32Array, dim: number, mass: Float64Array): Float64Array {
  const rows = mass.length;
  const u = new Float64Array(dim);
  for (let i = 0; i < rows; i++) for (let d = 0; d < dim; d++) u[d] += mass[i] * vectors[i * dim + d];
  const n = Math.hypot(...u);
  if (n === 0) return u;
  for (let d = 0; d < dim; d++) u[d] /= n;
  for (let i = 0; i < rows; i++) {
    let dot = 0;
    for (let d = 0; d < dim; d++) dot += vectors[i * dim + d] * u[d];
    for (let d = 0; d < dim; d++) vectors[i * dim + d] -= dot * u[d];
  }
  return u;
}
