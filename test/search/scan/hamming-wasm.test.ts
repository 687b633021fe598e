// The hand-assembled Hamming module against a plain popcount, at every code width a module is built
// for: widths of 4-7 words (dims 512-1023) put 64-127 in an i32.const, and 9+ words put memory
// offsets of 128+ in a load; both need multi-byte LEB128s (src/search/scan/wasm-encoding.ts).
import { describe, expect, test } from 'bun:test';
import { instantiateHamming } from '../../../src/search/scan/hamming-wasm.js';

const popcount = (x: number) => { let c = 0; for (; x; x &= x - 1) c++; return c; };

describe('instantiateHamming', () => {
  for (const words of [1, 2, 3, 4, 6, 8, 9, 12]) {
    test(`distances equal a plain popcount (${words} words of 16 bytes)`, () => {
      const memory = new WebAssembly.Memory({ initial: 4 });
      const hamming = instantiateHamming(memory, words);
      const bytes = words * 16, n = 200;
      const heap = new Uint8Array(memory.buffer);
      let seed = words * 7919;
      const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
      const query = 0, codes = bytes, out = bytes * (n + 1);
      for (let i = 0; i < bytes * (n + 1); i++) heap[i] = next();
      hamming(query, codes, n, out);
      const got = new Uint16Array(memory.buffer, out, n);
      for (let i = 0; i < n; i++) {
        let d = 0;
        for (let b = 0; b < bytes; b++) d += popcount(heap[query + b] ^ heap[codes + i * bytes + b]);
        expect(got[i]).toBe(d);
      }
    });
  }
});
