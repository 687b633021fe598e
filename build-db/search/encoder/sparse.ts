// Compressed sparse rows and the two products randomized SVD needs. Y = A·X walks A's rows and
// gathers rows of X; Aᵀ·X uses A's transpose stored the same way, so both are row-parallel.

export interface Csr {
  rows: number;
  cols: number;
  ptr: Int32Array;
  idx: Int32Array;
  val: Float32Array;
}

/** Y (rows × k) = A · X, X row-major (A.cols × k). */
export function multiply(A: Csr, X: Float32Array, k: number, Y: Float32Array = new Float32Array(A.rows * k)): Float32Array {
  const acc = new Float64Array(k);
  const { ptr, idx, val } = A;
  for (let i = 0; i < A.rows; i++) {
    acc.fill(0);
    for (let p = ptr[i]; p < ptr[i + 1]; p++) {
      const a = val[p],
        o = idx[p] * k;
      for (let d = 0; d < k; d++) acc[d] += a * X[o + d];
    }
    Y.set(acc, i * k);
  }
  return Y;
}

export function transpose(A: Csr): Csr {
  const ptr = new Int32Array(A.cols + 1);
  for (let p = 0; p < A.idx.length; p++) ptr[A.idx[p] + 1]++;
  for (let j = 0; j < A.cols; j++) ptr[j + 1] += ptr[j];
  const next = ptr.slice(0, A.cols);
  const idx = new Int32Array(A.idx.length),
    val = new Float32Array(A.idx.length);
  for (let i = 0; i < A.rows; i++) {
    for (let p = A.ptr[i]; p < A.ptr[i + 1]; p++) {
      const q = next[A.idx[p]]++;
      idx[q] = i;
      val[q] = A.val[p];
    }
  }
  return { rows: A.cols, cols: A.rows, ptr, idx, val };
}
