// A small WebAssembly module, assembled here byte by byte like hamming-wasm.ts, that scores int8
// vectors against a query with 128-bit SIMD: for each vector its inverse norm and its cosine to the
// query, bit for bit what int8Cosine and inverseNorm (int8-vectors.ts) compute in JavaScript. In a
// search these two loops over the short list's ~2,000-3,000 vectors were ~20 % of the CPU on the
// real data file (node --cpu-prof, bench/search-distinct-cpu.ts).
//
// Why the results are the same: the dot product is summed in float64 in four running sums, exactly
// as int8Cosine does (lanes [a, b] and [c, d] of two f64x2 take elements i, i+1 and i+2, i+3 of each
// group of four, in order); every product of a float32 and an int8 is exact in float64, and the
// additions are the same IEEE operations in the same order. The squared norm is an integer sum
// (exact in any order); 1/sqrt of it is rounded to float32 as inverseNorm does.
//
// cosines(query, vectors, n, out, inv): `query` is dim float64s, `vectors` n int32 byte offsets, one
// per vector of dim int8s (anywhere: a batch is gathered from kept vectors and vectors just read
// without copying them together); writes out[i] = cosine (float64) and inv[i] = 1/|v_i| (float64
// holding a float32). Pointers are byte offsets in the imported memory; dim (a multiple of 16) is
// fixed per module.

import { F64, get, I32, i32, leb, name, section, set, simd, tee, V128, vec } from './wasm-encoding.js';

const OP = {
  i32add: 0x6a, i32mul: 0x6c, i32ltU: 0x49, i32gtS: 0x4a, i32eq: 0x46,
  f64add: 0xa0, f64mul: 0xa2, f64div: 0xa3, f64sqrt: 0x9f, f64fromI32: 0xb7, f32fromF64: 0xb6, f64fromF32: 0xbb,
  select: 0x1b,
};
const SIMD = {
  load: 0x00, shuffle: 0x0d, i32x4lane: 0x1b, f64x2lane: 0x21,
  i16x8lowS: 0x87, i16x8highS: 0x88, i32x4lowS: 0xa7, i32x4highS: 0xa8, i32x4add: 0xae, i32x4dot: 0xba,
  f64x2add: 0xf0, f64x2mul: 0xf2, f64x2fromLowI32: 0xfe,
};
const f64const = (x: number) => [0x44, ...new Uint8Array(new Float64Array([x]).buffer)];
const v128zero = [0xfd, ...leb(0x0c), ...Array(16).fill(0)];
/** Lanes 2, 3 of an i32x4 moved to lanes 0, 1 (so convert_low takes them). */
const HIGH_PAIR = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];

// Params: 0 query, 1 vectors (offsets), 2 n, 3 out, 4 inv. Locals: 5 i, 6 p (vector cursor), 7 qp (query
// cursor), 8 end of the vector, 9 squared norm, 10 ab, 11 cd, 12 squares (i32x4), 13 bytes, 14 x16,
// 15 x32, 16 dot, 17 scale.
function moduleFor(dim: number): Uint8Array {
  const [Q, V, N, OUT, INV, I, P, QP, END, SS, AB, CD, SQ, BYTES, X16, X32, DOT, SCALE] = Array.from({ length: 18 }, (_, k) => k);
  const chunk: number[] = [...get(P), ...simd(SIMD.load, 0, 0), ...set(BYTES)];
  for (const [half, widen16] of [[0, SIMD.i16x8lowS], [1, SIMD.i16x8highS]]) {
    chunk.push(...get(BYTES), ...simd(widen16), ...tee(X16), ...get(X16), ...simd(SIMD.i32x4dot), ...get(SQ), ...simd(SIMD.i32x4add), ...set(SQ));
    for (const [quarter, widen32] of [[0, SIMD.i32x4lowS], [1, SIMD.i32x4highS]]) {
      const at = (half * 8 + quarter * 4) * 8; // byte offset of the group's first float64 in the query
      chunk.push(...get(X16), ...simd(widen32), ...set(X32));
      // ab += [v_i, v_i+1] · [q_i, q_i+1]; cd += [v_i+2, v_i+3] · [q_i+2, q_i+3]
      chunk.push(...get(AB), ...get(X32), ...simd(SIMD.f64x2fromLowI32), ...get(QP), ...simd(SIMD.load, 3, ...leb(at)), ...simd(SIMD.f64x2mul), ...simd(SIMD.f64x2add), ...set(AB));
      chunk.push(...get(CD), ...get(X32), ...get(X32), ...simd(SIMD.shuffle, ...HIGH_PAIR), ...simd(SIMD.f64x2fromLowI32), ...get(QP), ...simd(SIMD.load, 3, ...leb(at + 16)), ...simd(SIMD.f64x2mul), ...simd(SIMD.f64x2add), ...set(CD));
    }
  }
  const body = [
    ...vec([[5, I32], [6, V128], [2, F64]]),
    ...get(N), ...i32(0), OP.i32eq, 0x04, 0x40, 0x0f, 0x0b, // if n == 0 return
    ...i32(0), ...set(I),
    0x03, 0x40, // loop over vectors
    ...get(V), ...get(I), ...i32(4), OP.i32mul, OP.i32add, 0x28, 2, 0, ...set(P), // p = vectors[i] (i32.load)
    ...v128zero, ...set(AB), ...v128zero, ...set(CD), ...v128zero, ...set(SQ),
    ...get(Q), ...set(QP),
    ...get(P), ...i32(dim), OP.i32add, ...set(END),
    0x03, 0x40, // loop over the vector's 16-byte chunks
    ...chunk,
    ...get(P), ...i32(16), OP.i32add, ...set(P),
    ...get(QP), ...i32(128), OP.i32add, ...set(QP),
    ...get(P), ...get(END), OP.i32ltU, 0x0d, 0, // br_if p < end
    0x0b,
    // dot = ((a + b) + c) + d
    ...get(AB), ...simd(SIMD.f64x2lane, 0), ...get(AB), ...simd(SIMD.f64x2lane, 1), OP.f64add,
    ...get(CD), ...simd(SIMD.f64x2lane, 0), OP.f64add, ...get(CD), ...simd(SIMD.f64x2lane, 1), OP.f64add, ...set(DOT),
    // scale = squares > 0 ? fround(1 / sqrt(squares)) : 0
    ...f64const(1),
    ...get(SQ), ...simd(SIMD.i32x4lane, 0), ...get(SQ), ...simd(SIMD.i32x4lane, 1), OP.i32add,
    ...get(SQ), ...simd(SIMD.i32x4lane, 2), OP.i32add, ...get(SQ), ...simd(SIMD.i32x4lane, 3), OP.i32add, ...tee(SS),
    OP.f64fromI32, OP.f64sqrt, OP.f64div, OP.f32fromF64, OP.f64fromF32,
    ...f64const(0),
    ...get(SS), ...i32(0), OP.i32gtS, OP.select, ...set(SCALE),
    ...get(OUT), ...get(I), ...i32(8), OP.i32mul, OP.i32add, ...get(DOT), ...get(SCALE), OP.f64mul, 0x39, 3, 0, // f64.store
    ...get(INV), ...get(I), ...i32(8), OP.i32mul, OP.i32add, ...get(SCALE), 0x39, 3, 0,
    ...get(I), ...i32(1), OP.i32add, ...tee(I), ...get(N), OP.i32ltU, 0x0d, 0, // br_if i < n
    0x0b,
    0x0b,
  ];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 0]])),
    ...section(2, vec([[...name('m'), ...name('memory'), 0x02, 0x00, 0x01]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('cosines'), 0x00, 0]])),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
}

export type CosinesFn = (query: number, vectors: number, n: number, out: number, inv: number) => void;

/** The scorer of int8 vectors of `dim` components (a multiple of 16) in `memory`; throws without
 *  WebAssembly SIMD or for another dim. */
export function instantiateCosines(memory: WebAssembly.Memory, dim: number): CosinesFn {
  if (dim <= 0 || dim % 16) throw new Error(`int8 scorer: dim ${dim} is not a multiple of 16`);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleFor(dim)), { m: { memory } });
  return instance.exports.cosines as CosinesFn;
}
