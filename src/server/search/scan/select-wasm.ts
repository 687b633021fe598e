// The code scan's selection (code-scan.ts) as a small WebAssembly module assembled here byte by
// byte like hamming-wasm.ts. After the SIMD distances, this pass over every entry was JavaScript: at
// 1 M chunks ~8 % of a search's time with the histogram (node --cpu-prof of bench/search-slowest.ts).
// The histogram and the mask are now part of the distance pass (hamming-wasm.ts).
//
// select(dist, n, t, ties, out, cap): in entry order, writes to out (i32) each i whose distance is
// below t, and the first `ties` at t, until cap are written; returns how many were. dist is u16 per
// entry; pointers are byte offsets in the imported memory.

import { get, I32, i32, isShared, leb, memoryImport, name, section, set, simd, simdMem, tee, V128, vec } from './wasm-encoding.js';

const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  brIf: 0x0d,
  load16u: 0x2f,
  store: 0x36,
  eqz: 0x45,
  ltU: 0x49,
  gtS: 0x4a,
  leU: 0x4d,
  geU: 0x4f,
  add: 0x6a,
  sub: 0x6b,
  and: 0x71,
  shl: 0x74,
};
const VOID = 0x40;

// Eight entries at a time: one 128-bit load of their distances, compared with t (i16x8.le_u) and
// tested at once (v128.any_true). Almost no entry is within t (r of millions), so the entries are
// looked at one by one only in the groups that hold one: at 8 M entries ~9 ms one by one,
// 1.4-2.1 ms with the groups.
function selectBody(): number[] {
  const [DIST, N, T, TIES, OUT, CAP, I, J, D, END, TV] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  // out[j] = i; j++
  const write = [...get(OUT), ...get(J), ...i32(2), OP.shl, OP.add, ...get(I), OP.store, 2, 0, ...get(J), ...i32(1), OP.add, ...set(J)];
  // Entry i: written when below t, or at t while ties remain; then out of the block `depth` levels
  // up (the function's outer block) once cap are written; i moves on.
  const entry = (depth: number) => [
    ...get(DIST),
    ...get(I),
    ...i32(1),
    OP.shl,
    OP.add,
    OP.load16u,
    1,
    0,
    ...tee(D),
    ...get(T),
    OP.leU,
    OP.if,
    VOID,
    ...get(D),
    ...get(T),
    OP.ltU,
    OP.if,
    VOID,
    ...write,
    OP.else,
    ...get(TIES),
    ...i32(0),
    OP.gtS,
    OP.if,
    VOID,
    ...get(TIES),
    ...i32(1),
    OP.sub,
    ...set(TIES),
    ...write,
    OP.end,
    OP.end,
    ...get(J),
    ...get(CAP),
    OP.geU,
    OP.brIf,
    depth + 1,
    OP.end,
    ...get(I),
    ...i32(1),
    OP.add,
    ...set(I),
  ];
  return [
    ...vec([
      [4, I32],
      [1, V128],
    ]),
    OP.block,
    VOID, // the way out: cap written, or every entry seen
    ...get(N),
    OP.eqz,
    OP.brIf,
    0,
    ...get(CAP),
    OP.eqz,
    OP.brIf,
    0,
    ...get(T),
    ...simd(0x10),
    ...set(TV), // i16x8.splat
    ...get(N),
    ...i32(-8),
    OP.and,
    ...set(END),
    // the groups of eight, while a whole group is left
    ...get(END),
    OP.eqz,
    OP.eqz,
    OP.if,
    VOID,
    OP.loop,
    VOID,
    // v128.load of the group's distances, i16x8.le_u with t, v128.any_true
    ...get(DIST),
    ...get(I),
    ...i32(1),
    OP.shl,
    OP.add,
    ...simdMem(0x00, 0, 0),
    ...get(TV),
    ...simd(0x34),
    ...simd(0x53),
    OP.if,
    VOID,
    OP.loop,
    VOID,
    ...entry(4),
    ...get(I),
    ...i32(7),
    OP.and,
    OP.brIf,
    0,
    OP.end, // one by one to the group's end
    OP.else,
    ...get(I),
    ...i32(8),
    OP.add,
    ...set(I),
    OP.end,
    ...get(I),
    ...get(END),
    OP.ltU,
    OP.brIf,
    0,
    OP.end,
    OP.end,
    // the last n % 8 one by one
    ...get(I),
    ...get(N),
    OP.ltU,
    OP.if,
    VOID,
    OP.loop,
    VOID,
    ...entry(2),
    ...get(I),
    ...get(N),
    OP.ltU,
    OP.brIf,
    0,
    OP.end,
    OP.end,
    OP.end,
    ...get(J),
    OP.end,
  ];
}

function module(shared: boolean): Uint8Array {
  const body = selectBody();
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec([[0x60, ...vec(Array.from({ length: 6 }, () => [I32])), 1, I32]])),
    ...memoryImport(shared),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('select'), 0x00, 0]])),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
}

export interface SelectFns {
  select(dist: number, n: number, t: number, ties: number, out: number, cap: number): number;
}

/** The pass bound to `memory` (shared or not); throws where WebAssembly is missing. */
export function instantiateSelect(memory: WebAssembly.Memory): SelectFns {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(module(isShared(memory))), { m: { memory } });
  return instance.exports as unknown as SelectFns;
}
