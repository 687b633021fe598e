// Embeddings held in memory as 8-bit integers, one scale per vector: a quarter of the float size
// (256 MB per million chunks at dim 256), scored in JavaScript against a float query. Cosine
// similarity needs no scale: cos(q, s·v) = q·v / |v| for a unit query q, so only 1/|v| is kept.
// Measured against the float vectors on the real corpus (docs/api-notes.md "Search"): similarities
// differ by 0.0006 on average, at most 0.007.

/** The int8 form of a vector: each component times 127 / max |component|, rounded. */
export function quantizeInt8(vec: Float32Array, out = new Int8Array(vec.length)): Int8Array {
  let max = 0;
  for (let i = 0; i < vec.length; i++) max = Math.max(max, Math.abs(vec[i]));
  const scale = max > 0 ? 127 / max : 0;
  for (let i = 0; i < vec.length; i++) out[i] = Math.round(vec[i] * scale);
  return out;
}

export class Int8Vectors {
  private readonly values: Int8Array;
  private readonly inverseNorm: Float32Array;
  private filled = 0;

  /** Room for `n` vectors of `dim` components. */
  constructor(readonly n: number, readonly dim: number) {
    this.values = new Int8Array(n * dim);
    this.inverseNorm = new Float32Array(n);
  }

  /** Appends the next vector (entries are numbered in the order they are added). */
  push(v: Int8Array) {
    const at = this.filled * this.dim;
    this.values.set(v.subarray(0, this.dim), at);
    let sum = 0;
    for (let i = 0; i < this.dim; i++) sum += this.values[at + i] * this.values[at + i];
    this.inverseNorm[this.filled++] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  }

  /** Cosine similarity of unit vector `q` to entry `e`. */
  cosine(q: Float32Array, e: number): number {
    const v = this.values, dim = this.dim;
    // Four sums: measured 1.1-1.5x faster than one (3,000 vectors of 256: ~0.7 ms).
    let a = 0, b = 0, c = 0, d = 0, i = 0;
    for (let p = e * dim; i + 3 < dim; i += 4, p += 4) {
      a += q[i] * v[p]; b += q[i + 1] * v[p + 1]; c += q[i + 2] * v[p + 2]; d += q[i + 3] * v[p + 3];
    }
    for (let p = e * dim + i; i < dim; i++, p++) a += q[i] * v[p];
    return (a + b + c + d) * this.inverseNorm[e];
  }

  /** Entry `e` as a unit float vector. */
  unit(e: number): Float32Array {
    const out = new Float32Array(this.dim), s = this.inverseNorm[e];
    for (let i = 0, p = e * this.dim; i < this.dim; i++, p++) out[i] = this.values[p] * s;
    return out;
  }
}
