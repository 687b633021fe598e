// Truncated SVD of a sparse matrix by random projection (Halko, Martinsson & Tropp 2011):
// Q = orth((A·Aᵀ)^q · A·Ω), then the small problem B = Qᵀ·A is solved through B·Bᵀ (l × l).
// Only the left singular vectors and singular values are needed for word vectors.
import { multiplySmall, orthonormalize, gram, symmetricEigen } from './dense.js';
import { gaussianMatrix } from './random.js';
import { multiply, transpose, type Csr } from './sparse.js';

export interface SvdOptions {
  rank: number;
  oversample?: number;
  powerIterations?: number;
  seed?: number;
}
export interface Svd {
  U: Float32Array;
  S: Float64Array;
  rank: number;
}

export function randomizedSvd(A: Csr, { rank, oversample = 16, powerIterations = 2, seed = 1 }: SvdOptions): Svd {
  const At = transpose(A);
  const l = Math.min(rank + oversample, A.rows, A.cols);
  const k = Math.min(rank, l);
  const omega = gaussianMatrix(A.cols * l, seed);
  const Q = multiply(A, omega, l);
  orthonormalize(Q, A.rows, l, 2);
  const Z = new Float32Array(A.cols * l);
  for (let it = 0; it < powerIterations; it++) {
    multiply(At, Q, l, Z);
    orthonormalize(Z, A.cols, l);
    multiply(A, Z, l, Q);
    orthonormalize(Q, A.rows, l, it === powerIterations - 1 ? 2 : 1);
  }
  // Bᵀ = Aᵀ·Q; B·Bᵀ = (Bᵀ)ᵀ·Bᵀ = W·diag(σ²)·Wᵀ; U = Q·W.
  multiply(At, Q, l, Z);
  const { values, vectors } = symmetricEigen(gram(Z, A.cols, l), l);
  const W = new Float64Array(l * k);
  for (let a = 0; a < l; a++) for (let b = 0; b < k; b++) W[a * k + b] = vectors[a * l + b];
  const U = multiplySmall(Q, A.rows, l, W, k);
  const S = Float64Array.from(values.subarray(0, k), (x) => Math.sqrt(Math.max(x, 0)));
  return { U, S, rank: k };
}
