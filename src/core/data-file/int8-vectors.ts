// Embeddings stored as 8-bit integers, one scale per vector: a quarter of the float size (256 B a
// chunk at dim 256), scored against a query scaled to 16-bit integers (query16). Cosine
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

/** 1 / |v|, rounded to float32 as the index always kept it (results stay bit for bit the same). */
export function inverseNorm(v: Int8Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  return sum > 0 ? Math.fround(1 / Math.sqrt(sum)) : 0;
}

/** The largest magnitude of a query component once scaled to integers (query16): 32,767, or less
 *  where the dimension is so large that a dot product could pass 2^31 (|v_i| ≤ 128). */
const queryStepsFor = (dim: number) => Math.max(1, Math.min(32_767, Math.floor((2 ** 31 - 1) / (128 * Math.max(1, dim)))));

/**
 * A float query scaled to 16-bit integers: each component times steps / max |component| (steps =
 * queryStepsFor(dim)), rounded, written to `out`; returns the float one integer step stands for.
 * Scored against int8 vectors, the dot product is then a sum of integers, exact in any order and
 * within an int32, so SIMD and JavaScript agree bit for bit while SIMD takes eight products an
 * instruction instead of the two a float64 sum allowed.
 * The rounding moves a cosine by at most query16Error (0.00024 at dim 256 for a unit query),
 * in practice ~1e-6: the int8 vectors themselves are ~0.0006 from the floats they stand for.
 */
export function query16(q: Float32Array, out: Int16Array): number {
  let max = 0;
  for (let i = 0; i < q.length; i++) max = Math.max(max, Math.abs(q[i]));
  if (!(max > 0) || !Number.isFinite(max)) {
    out.fill(0, 0, q.length);
    return 0;
  }
  const steps = queryStepsFor(q.length),
    scale = steps / max;
  for (let i = 0; i < q.length; i++) out[i] = Math.round(q[i] * scale);
  return max / steps;
}

/** How far a cosine scored from query16's integers can be from the float query's: half a step on
 *  every component, at most 0.5 · step · √dim for a unit vector (Cauchy-Schwarz). */
export const query16Error = (step: number, dim: number) => 0.5 * step * Math.sqrt(dim);

/** Cosine similarity of a query to int8 vector `v` whose inverse norm is `inv`: the query as
 *  query16 gave it (`q16`, and `step`, the float of one integer step). */
export function int8Cosine(q16: Int16Array, step: number, v: Int8Array, inv: number): number {
  let dot = 0;
  for (let i = 0; i < v.length; i++) dot += q16[i] * v[i];
  return dot * step * inv;
}

/** `v` as a unit float vector. */
export function int8Unit(v: Int8Array, inv: number): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i] * inv;
  return out;
}
