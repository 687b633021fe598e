// A small WebAssembly module, assembled here byte by byte like hamming-wasm.ts, that scores int8
// vectors against a query with 128-bit SIMD: for each vector its inverse norm and its cosine to the
// query, bit for bit what int8Cosine and inverseNorm (int8-vectors.ts) compute in JavaScript. In a
// search these loops over the short list's ~2,000-3,000 vectors were ~20 % of the CPU on the real
// data file (node --cpu-prof, bench/search-distinct-cpu.ts).
//
// Why the results are the same: the query comes as 16-bit integers (query16 in int8-vectors.ts), so
// the dot product and the squared norm are sums of integer products, exact in any order;
// i32x4.dot_i16x8_s takes eight products an instruction. Only the last steps are floating point, the
// same IEEE operations in the same order as in JavaScript: dot · step · (1/sqrt of the squared norm,
// rounded to float32 as inverseNorm does).
//
// cosines(query, vectors, n, out, inv, step): `query` is dim int16s, `vectors` n int32 byte offsets,
// one per vector of dim int8s (anywhere: a batch is gathered from kept vectors and vectors just read
// without copying them together); writes out[i] = cosine (float64) and inv[i] = 1/|v_i| (float64
// holding a float32). Pointers are byte offsets in the imported memory; dim (a multiple of 16) is
// fixed per module; `step` is the float one query integer stands for.

import { F64, get, I32, i32, leb, name, section, set, simd, simdMem, tee, V128, vec } from './wasm-encoding.js';

const OP = {
  i32add: 0x6a,
  i32mul: 0x6c,
  i32ltU: 0x49,
  i32gtS: 0x4a,
  i32eq: 0x46,
  f64mul: 0xa2,
  f64div: 0xa3,
  f64sqrt: 0x9f,
  f64fromI32: 0xb7,
  f32fromF64: 0xb6,
  f64fromF32: 0xbb,
  select: 0x1b,
};
const SIMD = { load: 0x00, i32x4lane: 0x1b, i16x8lowS: 0x87, i16x8highS: 0x88, i32x4add: 0xae, i32x4dot: 0xba };
const f64const = (x: number) => [0x44, ...new Uint8Array(new Float64Array([x]).buffer)];
const v128zero = [0xfd, ...leb(0x0c), ...Array(16).fill(0)];
/** The sum of an i32x4's four lanes (on the stack: the vector; left: the sum). */
const lanesSum = (local: number) => [
  ...get(local),
  ...simd(SIMD.i32x4lane, 0),
  ...get(local),
  ...simd(SIMD.i32x4lane, 1),
  OP.i32add,
  ...get(local),
  ...simd(SIMD.i32x4lane, 2),
  OP.i32add,
  ...get(local),
  ...simd(SIMD.i32x4lane, 3),
  OP.i32add,
];

// Params: 0 query, 1 vectors (offsets), 2 n, 3 out, 4 inv, 5 step. Locals: 6 i, 7 p (vector cursor),
// 8 qp (query cursor), 9 end of the vector, 10 squared norm, 11 dot products (i32x4), 12 squares
// (i32x4), 13 bytes, 14 x16, 15 scale.
function moduleFor(dim: number): Uint8Array {
  const [Q, V, N, OUT, INV, STEP, I, P, QP, END, SS, ACC, SQ, BYTES, X16, SCALE] = Array.from({ length: 16 }, (_, k) => k);
  const chunk: number[] = [...get(P), ...simdMem(SIMD.load, 0, 0), ...set(BYTES)];
  for (const [half, widen] of [
    [0, SIMD.i16x8lowS],
    [1, SIMD.i16x8highS],
  ]) {
    // squares += x16 · x16; acc += x16 · the query's 8 int16s of this half
    chunk.push(
      ...get(BYTES),
      ...simd(widen),
      ...tee(X16),
      ...get(X16),
      ...simd(SIMD.i32x4dot),
      ...get(SQ),
      ...simd(SIMD.i32x4add),
      ...set(SQ),
    );
    chunk.push(
      ...get(ACC),
      ...get(X16),
      ...get(QP),
      ...simdMem(SIMD.load, 0, half * 16),
      ...simd(SIMD.i32x4dot),
      ...simd(SIMD.i32x4add),
      ...set(ACC),
    );
  }
  const body = [
    ...vec([
      [5, I32],
      [4, V128],
      [1, F64],
    ]),
    ...get(N),
    ...i32(0),
    OP.i32eq,
    0x04,
    0x40,
    0x0f,
    0x0b, // if n == 0 return
    ...i32(0),
    ...set(I),
    0x03,
    0x40, // loop over vectors
    ...get(V),
    ...get(I),
    ...i32(4),
    OP.i32mul,
    OP.i32add,
    0x28,
    2,
    0,
    ...set(P), // p = vectors[i] (i32.load)
    ...v128zero,
    ...set(ACC),
    ...v128zero,
    ...set(SQ),
    ...get(Q),
    ...set(QP),
    ...get(P),
    ...i32(dim),
    OP.i32add,
    ...set(END),
    0x03,
    0x40, // loop over the vector's 16-byte chunks
    ...chunk,
    ...get(P),
    ...i32(16),
    OP.i32add,
    ...set(P),
    ...get(QP),
    ...i32(32),
    OP.i32add,
    ...set(QP),
    ...get(P),
    ...get(END),
    OP.i32ltU,
    0x0d,
    0, // br_if p < end
    0x0b,
    // scale = squares > 0 ? fround(1 / sqrt(squares)) : 0
    ...f64const(1),
    ...lanesSum(SQ),
    ...tee(SS),
    OP.f64fromI32,
    OP.f64sqrt,
    OP.f64div,
    OP.f32fromF64,
    OP.f64fromF32,
    ...f64const(0),
    ...get(SS),
    ...i32(0),
    OP.i32gtS,
    OP.select,
    ...set(SCALE),
    // out[i] = dot · step · scale
    ...get(OUT),
    ...get(I),
    ...i32(8),
    OP.i32mul,
    OP.i32add,
    ...lanesSum(ACC),
    OP.f64fromI32,
    ...get(STEP),
    OP.f64mul,
    ...get(SCALE),
    OP.f64mul,
    0x39,
    3,
    0, // f64.store
    ...get(INV),
    ...get(I),
    ...i32(8),
    OP.i32mul,
    OP.i32add,
    ...get(SCALE),
    0x39,
    3,
    0,
    ...get(I),
    ...i32(1),
    OP.i32add,
    ...tee(I),
    ...get(N),
    OP.i32ltU,
    0x0d,
    0, // br_if i < n
    0x0b,
    0x0b,
  ];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [F64]]), 0]])),
    ...section(2, vec([[...name('m'), ...name('memory'), 0x02, 0x00, 0x01]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('cosines'), 0x00, 0]])),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
}

export type CosinesFn = (query: number, vectors: number, n: number, out: number, inv: number, step: number) => void;

/** The scorer of int8 vectors of `dim` components (a multiple of 16) in `memory`; throws without
 *  WebAssembly SIMD or for another dim. */
export function instantiateCosines(memory: WebAssembly.Memory, dim: number): CosinesFn {
  if (dim <= 0 || dim % 16) throw new Error(`int8 scorer: dim ${dim} is not a multiple of 16`);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleFor(dim)), { m: { memory } });
  return instance.exports.cosines as CosinesFn;
}
