// The byte encodings shared by the WebAssembly modules this folder assembles by hand
// (hamming-wasm.ts, int8-wasm.ts): LEB128 numbers, vectors, sections, names, and the instructions
// whose immediates are easy to get wrong.

/** Unsigned LEB128: counts, sizes, indexes, memory offsets. */
export const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};

/** Signed LEB128, what i32.const takes: 64-127 need a second byte, or bit 6 reads as the sign. */
export const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
};

export const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
export const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
export const name = (s: string) => [...leb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

export const I32 = 0x7f,
  F64 = 0x7c,
  V128 = 0x7b;
export const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
/** A SIMD memory instruction (v128.load …): alignment, then the offset as an unsigned LEB128. */
export const simdMem = (op: number, align: number, offset: number) => simd(op, align, ...leb(offset));
export const get = (i: number) => [0x20, i],
  set = (i: number) => [0x21, i],
  tee = (i: number) => [0x22, i];
export const i32 = (n: number) => [0x41, ...sleb(n)];

/** The import section's one entry, `m.memory`: a memory of at least one page, or a shared one (two
 *  threads on one memory: scan-helper.ts), which must declare a maximum; the largest a 32-bit memory can be. */
export const memoryImport = (shared: boolean) =>
  section(2, vec([[...name('m'), ...name('memory'), 0x02, ...(shared ? [0x03, 0x01, ...leb(65_536)] : [0x00, 0x01])]]));

/** Whether `memory` can be shared between threads (made with `shared: true`). */
export const isShared = (memory: WebAssembly.Memory) =>
  typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
