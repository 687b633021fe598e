// Positive pointwise mutual information with context-distribution smoothing (Levy, Goldberg &
// Dagan 2015): PMI(w,c) = log n(w,c) − log n(w) − log Pα(c), Pα(c) = n(c)^α / Σ n(c')^α, α = 0.75,
// which stops rare contexts from getting huge PMI. Negative values are dropped: the matrix stays sparse.
import type { PairCounts } from './pair-counts.js';
import type { Csr } from './sparse.js';

export function ppmiMatrix(counts: PairCounts, size: number, alpha = 0.75): Csr {
  const rowSum = new Float64Array(size),
    colSum = new Float64Array(size);
  counts.forEach((r, c, v) => {
    rowSum[r] += v;
    colSum[c] += v;
  });
  let z = 0;
  for (let c = 0; c < size; c++) z += colSum[c] ** alpha;
  const logRow = Float64Array.from(rowSum, (x) => Math.log(x));
  const logCtx = Float64Array.from(colSum, (x) => alpha * Math.log(x) - Math.log(z));
  // First pass sizes the rows, second fills them.
  const ptr = new Int32Array(size + 1);
  counts.forEach((r, c, v) => {
    if (Math.log(v) - logRow[r] - logCtx[c] > 0) ptr[r + 1]++;
  });
  for (let i = 0; i < size; i++) ptr[i + 1] += ptr[i];
  const next = ptr.slice(0, size);
  const idx = new Int32Array(ptr[size]),
    val = new Float32Array(ptr[size]);
  counts.forEach((r, c, v) => {
    const pmi = Math.log(v) - logRow[r] - logCtx[c];
    if (pmi > 0) {
      const q = next[r]++;
      idx[q] = c;
      val[q] = pmi;
    }
  });
  return { rows: size, cols: size, ptr, idx, val };
}
