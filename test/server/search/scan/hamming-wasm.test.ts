// The hand-assembled Hamming module against a plain popcount, at every code width a module is built
// for: widths of 4-7 words (dims 512-1023) put 64-127 in an i32.const, and 9+ words put memory
// offsets of 128+ in a load; both need multi-byte LEB128s (src/server/search/scan/wasm-encoding.ts).
// With a mask, the entries it drops get `outside(words)`; the histograms count what was written, entry
// i in histogram i % HISTOGRAMS.
import { describe, expect, test } from 'bun:test';
import { HISTOGRAMS, histogramBins, instantiateHamming, outside } from '../../../../src/server/search/scan/hamming-wasm.js';

const popcount = (x: number) => {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
};

describe('instantiateHamming', () => {
  for (const words of [1, 2, 3, 4, 6, 8, 9, 12]) {
    for (const masked of [false, true]) {
      test(`distances equal a plain popcount, and the histogram counts them (${words} words of 16 bytes${masked ? ', a mask' : ''})`, () => {
        const memory = new WebAssembly.Memory({ initial: 4 });
        const hamming = instantiateHamming(memory, words);
        const bytes = words * 16,
          n = 200,
          bins = histogramBins(words);
        const heap = new Uint8Array(memory.buffer);
        let seed = words * 7919;
        const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
        const query = 0,
          codes = bytes,
          out = bytes * (n + 1),
          mask = out + 2 * n,
          hist = mask + n + (4 - ((mask + n) % 4));
        for (let i = 0; i < bytes * (n + 1); i++) heap[i] = next();
        // Runs of kept and dropped entries, as a filter's are, and single ones.
        for (let i = 0; i < n; i++) heap[mask + i] = i % 37 < 20 !== (i % 11 === 0) ? 1 : 0;
        heap.fill(0, hist, hist + HISTOGRAMS * bins * 4);
        hamming(query, codes, n, out, masked ? mask : 0, hist);
        const got = new Uint16Array(memory.buffer, out, n);
        const counts = new Uint32Array(HISTOGRAMS * bins);
        for (let i = 0; i < n; i++) {
          let d = 0;
          for (let b = 0; b < bytes; b++) d += popcount(heap[query + b] ^ heap[codes + i * bytes + b]);
          const want = masked && !heap[mask + i] ? outside(words) : d;
          expect(got[i]).toBe(want);
          counts[(i % HISTOGRAMS) * bins + want]++;
        }
        expect([...new Uint32Array(memory.buffer, hist, HISTOGRAMS * bins)]).toEqual([...counts]);
      });
    }
  }
});
