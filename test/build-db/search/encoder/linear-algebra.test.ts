// The training's linear algebra against independent computations: Jacobi eigenpairs of a matrix
// with known eigenvalues, Cholesky QR orthonormality, and randomized SVD against the exact
// singular values of a matrix built with known ones.
import { describe, expect, test } from 'bun:test';
import { gram, orthonormalize, symmetricEigen } from '../../../../build-db/search/encoder/dense.js';
import { randomizedSvd } from '../../../../build-db/search/encoder/randomized-svd.js';
import { gaussianMatrix } from '../../../../build-db/search/encoder/random.js';
import { multiply, transpose, type Csr } from '../../../../build-db/search/encoder/sparse.js';

const dense = (A: Csr) => {
  const out = new Float64Array(A.rows * A.cols);
  for (let i = 0; i < A.rows; i++) for (let p = A.ptr[i]; p < A.ptr[i + 1]; p++) out[i * A.cols + A.idx[p]] = A.val[p];
  return out;
};
const csr = (rows: number, cols: number, M: Float64Array): Csr => {
  const ptr = new Int32Array(rows + 1),
    idx: number[] = [],
    val: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++)
      if (M[i * cols + j] !== 0) {
        idx.push(j);
        val.push(M[i * cols + j]);
      }
    ptr[i + 1] = idx.length;
  }
  return { rows, cols, ptr, idx: Int32Array.from(idx), val: Float32Array.from(val) };
};

describe('dense', () => {
  test('Jacobi finds the eigenvalues of [[2,1],[1,2]] (3 and 1) and unit eigenvectors', () => {
    const { values, vectors } = symmetricEigen(Float64Array.of(2, 1, 1, 2), 2);
    expect(values[0]).toBeCloseTo(3, 12);
    expect(values[1]).toBeCloseTo(1, 12);
    expect(Math.abs(vectors[0])).toBeCloseTo(Math.SQRT1_2, 12); // first column ∝ (1, 1)
    expect(vectors[0] * vectors[2]).toBeGreaterThan(0);
  });
  test('Cholesky QR leaves orthonormal columns', () => {
    const n = 500,
      k = 20;
    const Y = gaussianMatrix(n * k, 3);
    orthonormalize(Y, n, k, 2);
    const G = gram(Y, n, k);
    let err = 0;
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) err = Math.max(err, Math.abs(G[a * k + b] - (a === b ? 1 : 0)));
    expect(err).toBeLessThan(1e-5);
  });
});

describe('sparse', () => {
  test('A·X and Aᵀ·X agree with dense products', () => {
    const M = Float64Array.of(1, 0, 2, 0, 3, 0); // 2 × 3
    const A = csr(2, 3, M);
    expect([...dense(transpose(A))]).toEqual([1, 0, 0, 3, 2, 0]);
    expect([...multiply(A, Float32Array.of(1, 2, 3), 1)]).toEqual([7, 6]);
    expect([...multiply(transpose(A), Float32Array.of(1, 2), 1)]).toEqual([1, 6, 2]);
  });
});

describe('randomized SVD', () => {
  test('recovers the singular values of a matrix built as Σ σᵢ·uᵢ·vᵢᵀ', () => {
    // Orthonormal u, v from Cholesky QR of seeded Gaussians; singular values chosen here.
    const n = 300,
      m = 200,
      r = 8;
    const U = gaussianMatrix(n * r, 11),
      V = gaussianMatrix(m * r, 12);
    orthonormalize(U, n, r, 2);
    orthonormalize(V, m, r, 2);
    const sigma = [50, 40, 30, 20, 10, 5, 2, 1];
    const M = new Float64Array(n * m);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < m; j++) {
        let s = 0;
        for (let t = 0; t < r; t++) s += sigma[t] * U[i * r + t] * V[j * r + t];
        M[i * m + j] = s;
      }
    const svd = randomizedSvd(csr(n, m, M), { rank: 5, oversample: 5, powerIterations: 2, seed: 1 });
    sigma.slice(0, 5).forEach((s, t) => expect(svd.S[t]).toBeCloseTo(s, 2));
    // Each left vector matches the built one up to sign.
    for (let t = 0; t < 5; t++) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += svd.U[i * 5 + t] * U[i * r + t];
      expect(Math.abs(dot)).toBeGreaterThan(0.999);
    }
  });
});
