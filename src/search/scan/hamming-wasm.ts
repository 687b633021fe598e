// A 200-byte WebAssembly module, assembled here byte by byte (no toolchain), that computes the
// Hamming distance between one binary code and every code of a block with 128-bit SIMD
// (xor + i8x16.popcnt). JavaScript has no popcount, and this scan is the hot loop of vector search:
// 1 M codes of 256 bits take a few milliseconds instead of ~60 ms in plain JS.
//
// hamming(query, codes, n, out): for i < n, out[i] (u16) = popcount(query ^ codes[i]), each code
// being `words` 16-byte words. Every pointer is a byte offset in the imported memory.

import { get, I32, i32, leb, name, section, set, simd, simdMem, tee, V128, vec } from './wasm-encoding.js';

const add = 0x6a, mul = 0x6c, ltU = 0x49;


// Assembled per code width: the query's words sit in v128 locals and the per-code loop is unrolled.
// Params: 0 query, 1 codes, 2 n, 3 out. Locals: 4 i, 5 p (codes cursor), 6 acc, 7.. query words.
function moduleFor(words: number): Uint8Array {
  const q = (w: number) => 7 + w;
  const perCode: number[] = [];
  for (let w = 0; w < words; w++) {
    perCode.push(...get(5), ...simdMem(0x00, 0, w * 16), ...get(q(w)), ...simd(0x51), ...simd(0x62)); // load, xor, popcnt
    if (w) perCode.push(...simd(0x6e)); // i8x16.add
  }
  const body = [
    ...vec([[2, I32], [1 + words, V128]]),
    ...Array.from({ length: words }, (_, w) => [...get(0), ...simdMem(0x00, 0, w * 16), ...set(q(w))]).flat(),
    ...i32(0), ...set(4),
    ...get(1), ...set(5),
    ...get(2), ...i32(0), 0x46 /* i32.eq */, 0x04, 0x40 /* if */, 0x0f /* return */, 0x0b,
    0x03, 0x40, // loop over codes
    ...perCode,
    // Horizontal sum: u8 lanes → u16 → u32, then the four u32 lanes.
    ...simd(0x7d), ...simd(0x7f), ...set(6),
    ...get(3), ...get(4), ...i32(2), mul, add,
    ...get(6), ...simd(0x1b, 0), ...get(6), ...simd(0x1b, 1), add, ...get(6), ...simd(0x1b, 2), add, ...get(6), ...simd(0x1b, 3), add,
    0x3b, 1, 0, // i32.store16 align 2
    ...get(5), ...i32(words * 16), add, ...set(5),
    ...get(4), ...i32(1), add, ...tee(4), ...get(2), ltU, 0x0d, 0, // br_if i < n
    0x0b,
    0x0b,
  ];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32]]), 0]])),
    ...section(2, vec([[...name('m'), ...name('memory'), 0x02, 0x00, 0x01]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('hamming'), 0x00, 0]])),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
}

export type HammingFn = (query: number, codes: number, n: number, out: number) => void;

/** The scanner for codes of `words` 16-byte words, bound to `memory`; throws without WebAssembly SIMD. */
export function instantiateHamming(memory: WebAssembly.Memory, words: number): HammingFn {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleFor(words)), { m: { memory } });
  return instance.exports.hamming as HammingFn;
}
