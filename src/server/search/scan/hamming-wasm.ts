// A small WebAssembly module, assembled here byte by byte (no toolchain), that computes the Hamming
// distance between one binary code and every code of a block with 128-bit SIMD (xor +
// i8x16.popcnt), and counts the distances in a histogram in the same pass. JavaScript has no
// popcount, and this scan is the hot loop of vector search: 1 M codes of 256 bits take a few
// milliseconds instead of ~60 ms in plain JS.
//
// hamming(query, codes, n, out, mask, hist): for i < n, out[i] (u16) = popcount(query ^ codes[i]),
// each code being `words` 16-byte words, and the count of out[i] in histogram i % HISTOGRAMS
// (u32 counts, histogramBins(words) of them a histogram) += 1. With a mask (not 0), an entry
// whose mask byte is 0 is not read: its distance is `outside(words)`, one more than any code can be
// apart, so the selection (code-scan.ts) never reaches it. Every pointer is a byte offset in the
// imported memory.
//
// Why one pass: at 8 M chunks the codes are 256 MB, read at about this machine's memory bandwidth
// (~24 ms), and the histogram and the mask were two more passes over every entry (~12 ms without a
// filter, ~35 ms with one). A filter's entries are mostly in
// runs (a province, a year, a speaker's chunks lie together in rowid order), so skipping the codes
// it drops saves their reading, and the branch is well predicted.

import { get, I32, i32, isShared, leb, memoryImport, name, section, set, simd, simdMem, tee, V128, vec } from './wasm-encoding.js';

const add = 0x6a,
  mul = 0x6c,
  ltU = 0x49,
  eqz = 0x45,
  load8u = 0x2d,
  load = 0x28,
  store = 0x36,
  and = 0x71;

/** The distance given to an entry its mask drops: past every real distance (0..words·128). */
export const outside = (words: number) => words * 128 + 1;
/** Counts in one histogram: every distance and `outside`. */
export const histogramBins = (words: number) => words * 128 + 2;
/** Histograms the pass counts into, in turn by entry (u32 each, one after another). */
export const HISTOGRAMS = 4;

// Assembled per code width: the query's words sit in v128 locals and the per-code loop is unrolled.
// Params: 0 query, 1 codes, 2 n, 3 out, 4 mask, 5 hist. Locals: 6 i, 7 p (codes cursor), 8 d,
// 9 acc, 10.. query words. A `shared` module imports a shared memory (scan-helper.ts).
export function hammingModule(words: number, shared = false): Uint8Array {
  const [QUERY, N, OUT, MASK, HIST, I, P, D, ACC] = [0, 2, 3, 4, 5, 6, 7, 8, 9];
  const q = (w: number) => 10 + w;
  const perCode: number[] = [];
  for (let w = 0; w < words; w++) {
    perCode.push(...get(P), ...simdMem(0x00, 0, w * 16), ...get(q(w)), ...simd(0x51), ...simd(0x62)); // load, xor, popcnt
    if (w) perCode.push(...simd(0x6e)); // i8x16.add
  }
  // Horizontal sum: u8 lanes → u16 → u32, then the four u32 lanes, left on the stack.
  const distance = [
    ...perCode,
    ...simd(0x7d),
    ...simd(0x7f),
    ...set(ACC),
    ...get(ACC),
    ...simd(0x1b, 0),
    ...get(ACC),
    ...simd(0x1b, 1),
    add,
    ...get(ACC),
    ...simd(0x1b, 2),
    add,
    ...get(ACC),
    ...simd(0x1b, 3),
    add,
  ];
  // The loop over the codes, with or without the mask (two loops: the test costs the plain scan ~10 %).
  const loop = (masked: boolean) => [
    0x03,
    0x40,
    ...(masked
      ? // read the code only when its mask byte is set
        [...get(MASK), ...get(I), add, load8u, 0, 0, 0x04, I32, ...distance, 0x05, ...i32(outside(words)), 0x0b]
      : distance),
    ...set(D),
    ...get(OUT),
    ...get(I),
    ...i32(2),
    mul,
    add,
    ...get(D),
    0x3b,
    1,
    0, // i32.store16 align 2
    // hist[(i & 3) · bins + d] += 1: four histograms in turn, so that equal distances in a row do
    // not each wait for the previous count's store (the caller adds the four up)
    ...get(HIST),
    ...get(I),
    ...i32(HISTOGRAMS - 1),
    and,
    ...i32(histogramBins(words) * 4),
    mul,
    add,
    ...get(D),
    ...i32(4),
    mul,
    add,
    ...tee(D),
    ...get(D),
    load,
    2,
    0,
    ...i32(1),
    add,
    store,
    2,
    0,
    ...get(P),
    ...i32(words * 16),
    add,
    ...set(P),
    ...get(I),
    ...i32(1),
    add,
    ...tee(I),
    ...get(N),
    ltU,
    0x0d,
    0, // br_if i < n
    0x0b,
  ];
  const body = [
    ...vec([
      [3, I32],
      [1 + words, V128],
    ]),
    ...Array.from({ length: words }, (_, w) => [...get(QUERY), ...simdMem(0x00, 0, w * 16), ...set(q(w))]).flat(),
    ...i32(0),
    ...set(I),
    ...get(1),
    ...set(P),
    ...get(N),
    ...i32(0),
    0x46 /* i32.eq */,
    0x04,
    0x40 /* if */,
    0x0f /* return */,
    0x0b,
    ...get(MASK),
    eqz,
    0x04,
    0x40,
    ...loop(false),
    0x05,
    ...loop(true),
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
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32]]), 0]])),
    ...memoryImport(shared),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('hamming'), 0x00, 0]])),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
}

export type HammingFn = (query: number, codes: number, n: number, out: number, mask: number, hist: number) => void;

/** The scanner for codes of `words` 16-byte words, bound to `memory` (shared or not); throws
 *  without WebAssembly SIMD. */
export function instantiateHamming(memory: WebAssembly.Memory, words: number): HammingFn {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(hammingModule(words, isShared(memory))), { m: { memory } });
  return instance.exports.hamming as HammingFn;
}
