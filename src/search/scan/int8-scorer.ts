// Scores a batch of int8 vectors (a search's short list, read from the file in one statement)
// against a query: each vector's cosine and inverse norm, with WebAssembly SIMD (int8-wasm.ts) or,
// where that is missing or the dimension is not a multiple of 16, with the JavaScript of
// int8-vectors.ts. Both give the same numbers bit for bit (test/search/scan/int8-scorer.test.ts).
// The batch stays loaded until the next `load`, so one search can score it against two vectors.
import { instantiateCosines, type CosinesFn } from './int8-wasm.js';
import { int8Cosine, inverseNorm } from './int8-vectors.js';

const PAGE = 65_536;

export class Int8Scorer {
  private readonly memory: WebAssembly.Memory | null = null;
  private readonly cosinesFn: CosinesFn | null = null;
  private capacity = 0;
  private count = 0;
  // Byte offsets in the memory: query (dim float64s), cosines and inverse norms (capacity float64s
  // each), then the vectors (capacity × dim bytes).
  private outAt = 0;
  private invAt = 0;
  private vectorsAt = 0;
  private vectorsJs = new Int8Array(0);
  private outJs = new Float64Array(0);
  private invJs = new Float64Array(0);

  constructor(readonly dim: number) {
    if (dim > 0 && dim % 16 === 0) {
      try {
        const memory = new WebAssembly.Memory({ initial: 1 });
        this.cosinesFn = instantiateCosines(memory, dim);
        this.memory = memory;
      } catch {
        this.cosinesFn = null;
        this.memory = null;
      }
    }
  }

  get simd() { return this.cosinesFn !== null; }

  /** Loads `count` vectors stored one after another in `bytes` (count × dim bytes). */
  load(bytes: Uint8Array, count: number) {
    if (bytes.byteLength !== count * this.dim) throw new Error(`int8 scorer: ${bytes.byteLength} bytes for ${count} vectors of ${this.dim}`);
    this.reserve(count);
    this.count = count;
    if (this.memory) new Uint8Array(this.memory.buffer, this.vectorsAt, bytes.byteLength).set(bytes);
    else this.vectorsJs.set(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** Vector `i` of the batch (a view: valid until the next `load`). */
  vector(i: number): Int8Array {
    const from = i * this.dim;
    return this.memory ? new Int8Array(this.memory.buffer, this.vectorsAt + from, this.dim) : this.vectorsJs.subarray(from, from + this.dim);
  }

  /** Cosine of unit vector `query` to each vector of the batch, and each one's inverse norm (views,
   *  overwritten by the next call). */
  score(query: Float32Array): { cosines: Float64Array; inverseNorms: Float64Array } {
    const n = this.count, dim = this.dim;
    if (this.memory && this.cosinesFn) {
      new Float64Array(this.memory.buffer, 0, dim).set(query);
      this.cosinesFn(0, this.vectorsAt, n, this.outAt, this.invAt);
      return { cosines: new Float64Array(this.memory.buffer, this.outAt, n), inverseNorms: new Float64Array(this.memory.buffer, this.invAt, n) };
    }
    for (let i = 0; i < n; i++) {
      const v = this.vectorsJs.subarray(i * dim, (i + 1) * dim);
      const inv = inverseNorm(v);
      this.invJs[i] = inv;
      this.outJs[i] = int8Cosine(query, v, inv);
    }
    return { cosines: this.outJs.subarray(0, n), inverseNorms: this.invJs.subarray(0, n) };
  }

  private reserve(count: number) {
    if (count <= this.capacity) return;
    const capacity = Math.max(count, 2 * this.capacity, 1024);
    const dim = this.dim;
    if (this.memory) {
      this.outAt = dim * 8;
      this.invAt = this.outAt + capacity * 8;
      this.vectorsAt = this.invAt + capacity * 8;
      const need = Math.ceil((this.vectorsAt + capacity * dim) / PAGE) - this.memory.buffer.byteLength / PAGE;
      if (need > 0) this.memory.grow(need);
    } else {
      this.vectorsJs = new Int8Array(capacity * dim);
      this.outJs = new Float64Array(capacity);
      this.invJs = new Float64Array(capacity);
    }
    this.capacity = capacity;
  }
}
