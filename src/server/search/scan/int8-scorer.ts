// Scores a batch of int8 vectors (a search's short list) against a query: each vector's cosine and
// inverse norm, with WebAssembly SIMD (int8-wasm.ts) or, where that is missing or the dimension is
// not a multiple of 16, with the JavaScript of int8-vectors.ts. Both give the same numbers bit for
// bit (test/server/search/scan/int8-scorer.test.ts). The batch stays loaded until the next one begins, so
// one search can score it against two vectors, or a part of it against the second.
// Beside the batch, the same memory holds `slots` vectors kept between searches (int8-slots.ts
// decides which). A batch is a list of byte offsets, each to a kept vector or to one just read from
// the file, so a kept vector is scored where it lies: no SQL, no copy. A slot found for a batch must
// not be overwritten until the next batch begins (Int8Slots pins it).
import { instantiateCosines, type CosinesFn } from './int8-wasm.js';
import { int8Cosine, inverseNorm, query16 } from '../../../core/data-file/int8-vectors.js';

const PAGE = 65_536;

export class Int8Scorer {
  private readonly memory: WebAssembly.Memory | null = null;
  private readonly cosinesFn: CosinesFn | null = null;
  private capacity = 0;
  private count = 0;
  // Byte offsets: the query (dim int16s), the kept vectors (slots × dim bytes), then per batch
  // entry a cosine and an inverse norm (float64s), the vector's offset and a second list of offsets
  // (scoreSome), and room for vectors read from the file (dim bytes each). The kept vectors come
  // first so that a larger batch grows the memory at its end only.
  private readonly slotsAt: number;
  private outAt = 0;
  private invAt = 0;
  private offsetsAt = 0;
  private pickAt = 0;
  private readAt = 0;
  /** Every byte: the WebAssembly memory, or (without SIMD) a plain buffer laid out the same way. */
  private u8 = new Uint8Array(0);
  private i8 = new Int8Array(0);
  private offsets = new Int32Array(0);
  private pick = new Int32Array(0);

  constructor(
    readonly dim: number,
    readonly slots = 0,
  ) {
    this.slotsAt = Math.ceil((dim * 2) / 16) * 16;
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
    this.reserve(0);
  }

  get simd() {
    return this.cosinesFn !== null;
  }

  /** Loads `count` vectors stored one after another in `bytes` (count × dim bytes). */
  load(bytes: Uint8Array, count: number) {
    this.begin(count);
    this.append(bytes, count);
  }

  /** Starts an empty batch with room for `count` vectors. */
  begin(count: number) {
    this.reserve(count);
    this.count = 0;
  }

  /** Appends `n` vectors stored one after another in `bytes`; the batch index of the first. */
  append(bytes: Uint8Array, n: number): number {
    const dim = this.dim;
    if (bytes.byteLength !== n * dim) throw new Error(`int8 scorer: ${bytes.byteLength} bytes for ${n} vectors of ${dim}`);
    if (this.count + n > this.capacity) throw new Error(`int8 scorer: batch of ${this.capacity} full`);
    const first = this.count,
      at = this.readAt + first * dim;
    this.u8.set(bytes, at);
    for (let j = 0; j < n; j++) this.offsets[first + j] = at + j * dim;
    this.count += n;
    return first;
  }

  /** Appends the vector kept in `slot`; its batch index. */
  appendKept(slot: number): number {
    if (this.count >= this.capacity) throw new Error(`int8 scorer: batch of ${this.capacity} full`);
    this.offsets[this.count] = this.slotsAt + slot * this.dim;
    return this.count++;
  }

  /** Keeps vector `i` of the batch in `slot` (overwriting what the slot held). */
  keep(i: number, slot: number) {
    if (slot < 0 || slot >= this.slots) throw new RangeError(`int8 scorer: slot ${slot} of ${this.slots}`);
    const from = this.offsets[i];
    this.u8.copyWithin(this.slotsAt + slot * this.dim, from, from + this.dim);
  }

  /** Vectors in the batch. */
  get size() {
    return this.count;
  }

  /** Vector `i` of the batch (a view: valid until the next batch). */
  vector(i: number): Int8Array {
    const from = this.offsets[i];
    return this.i8.subarray(from, from + this.dim);
  }

  /** Cosine of unit vector `query` to each vector of the batch, and each one's inverse norm (views,
   *  overwritten by the next call). */
  score(query: Float32Array): { cosines: Float64Array; inverseNorms: Float64Array } {
    return this.run(query, this.offsetsAt, this.count);
  }

  /** The same for the batch's vectors `indices` only: entry j is vector indices[j]'s. */
  scoreSome(query: Float32Array, indices: ArrayLike<number>): { cosines: Float64Array; inverseNorms: Float64Array } {
    const n = indices.length;
    if (n > this.capacity) throw new Error(`int8 scorer: ${n} of a batch of ${this.capacity}`);
    for (let j = 0; j < n; j++) {
      const i = indices[j];
      if (!(i >= 0 && i < this.count)) throw new RangeError(`int8 scorer: vector ${i} of ${this.count}`);
      this.pick[j] = this.offsets[i];
    }
    return this.run(query, this.pickAt, n);
  }

  private run(query: Float32Array, offsetsAt: number, n: number) {
    const dim = this.dim,
      buffer = this.u8.buffer;
    if (query.length !== dim) throw new Error(`int8 scorer: a query of ${query.length} for vectors of ${dim}`);
    const cosines = new Float64Array(buffer, this.outAt, n),
      inverseNorms = new Float64Array(buffer, this.invAt, n);
    const q16 = new Int16Array(buffer, 0, dim);
    const step = query16(query, q16);
    if (this.cosinesFn) {
      this.cosinesFn(0, offsetsAt, n, this.outAt, this.invAt, step);
      return { cosines, inverseNorms };
    }
    const offsets = new Int32Array(buffer, offsetsAt, n);
    for (let i = 0; i < n; i++) {
      const v = this.i8.subarray(offsets[i], offsets[i] + dim);
      const inv = inverseNorm(v);
      inverseNorms[i] = inv;
      cosines[i] = int8Cosine(q16, step, v, inv);
    }
    return { cosines, inverseNorms };
  }

  private reserve(count: number) {
    if (count <= this.capacity && this.u8.byteLength) return;
    const capacity = Math.max(count, 2 * this.capacity, 1024);
    const dim = this.dim;
    const outAt = this.slotsAt + Math.ceil((this.slots * dim) / 8) * 8,
      invAt = outAt + capacity * 8;
    const offsetsAt = invAt + capacity * 8,
      pickAt = offsetsAt + capacity * 4,
      readAt = pickAt + capacity * 4;
    const bytes = readAt + capacity * dim;
    if (this.memory) {
      const need = Math.ceil(bytes / PAGE) - this.memory.buffer.byteLength / PAGE;
      if (need > 0) this.memory.grow(need);
      this.u8 = new Uint8Array(this.memory.buffer);
    } else {
      // The kept vectors (the only bytes that outlive a batch) move to the new buffer.
      const u8 = new Uint8Array(bytes);
      u8.set(this.u8.subarray(0, Math.min(this.u8.byteLength, outAt)));
      this.u8 = u8;
    }
    this.i8 = new Int8Array(this.u8.buffer, 0, this.u8.byteLength);
    this.offsets = new Int32Array(this.u8.buffer, offsetsAt, capacity);
    this.pick = new Int32Array(this.u8.buffer, pickAt, capacity);
    this.outAt = outAt;
    this.invAt = invAt;
    this.offsetsAt = offsetsAt;
    this.pickAt = pickAt;
    this.readAt = readAt;
    this.capacity = capacity;
  }
}
