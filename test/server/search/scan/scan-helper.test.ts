// The code scan's helper thread (src/server/search/scan/scan-helper.ts): a call offered is run by the
// helper or, when it cannot take it, on the calling thread; it never waits forever.
import { describe, expect, test } from 'bun:test';
import { hammingModule, histogramBins, HISTOGRAMS } from '../../../../src/server/search/scan/hamming-wasm.js';
import { CONTROL_BYTES, startScanHelper, type HammingCall } from '../../../../src/server/search/scan/scan-helper.js';

const popcount = (x: number) => {
  let c = 0;
  for (; x; x >>= 1) c += x & 1;
  return c;
};

// One memory: 100 codes of one 16-byte word, the query, the distances, the histograms, the hand-over.
function setUp() {
  const n = 100,
    codesAt = 0,
    queryAt = n * 16,
    outAt = queryAt + 16,
    histAt = outAt + n * 2,
    controlAt = histAt + HISTOGRAMS * histogramBins(1) * 4;
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
  const u8 = new Uint8Array(memory.buffer);
  for (let i = 0; i < n; i++) u8[codesAt + i * 16] = i; // code i: the byte i, then zeros
  u8[queryAt] = 0xff;
  const call: HammingCall = [queryAt, codesAt, n, outAt, 0, histAt];
  const want = Array.from({ length: n }, (_, i) => popcount(i ^ 0xff));
  const distances = () => [...new Uint16Array(memory.buffer, outAt, n)];
  const clear = () => new Uint16Array(memory.buffer, outAt, n).fill(0xffff);
  return { memory, call, want, distances, clear, controlAt };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('startScanHelper', () => {
  test('the helper thread runs the calls it is offered, in the shared memory', async () => {
    const { memory, call, want, distances, clear, controlAt } = setUp();
    const helper = startScanHelper({ memory, module: hammingModule(1, true), controlAt })!;
    try {
      expect(helper.alive).toBe(true);
      let here = 0;
      for (let tries = 0; helper.helped === 0 && tries < 250; tries++) {
        clear();
        helper.offer(call);
        await sleep(20); // the helper takes it meanwhile (once started)
        helper.finish(() => {
          here++;
        });
        if (helper.helped) expect(distances()).toEqual(want);
      }
      expect(helper.helped).toBe(1);
      // Taken by the helper, or back by this thread before the helper woke: either way it ran once.
      const runs = helper.helped + here;
      clear();
      helper.offer(call);
      helper.finish(() => {
        here++;
        new Uint16Array(memory.buffer, call[3], call[2]).set(want);
      });
      expect(helper.helped + here).toBe(runs + 1);
      expect(distances()).toEqual(want);
    } finally {
      helper.close();
    }
    expect(helper.alive).toBe(false);
  });

  test('a helper that cannot start takes nothing: every call runs on the calling thread', async () => {
    const { memory, call, controlAt } = setUp();
    const helper = startScanHelper({ memory, module: new Uint8Array([0, 1, 2]), controlAt })!; // not WebAssembly
    try {
      await sleep(300); // its thread has failed by now
      expect(helper.alive).toBe(false);
      let here = 0;
      helper.offer(call);
      helper.finish(() => {
        here++;
      });
      expect([here, helper.helped]).toEqual([1, 0]);
    } finally {
      helper.close();
    }
  });

  test('a call the helper took and never finished is given up after the timeout and run here', () => {
    const { memory, call, want, distances, clear, controlAt } = setUp();
    const helper = startScanHelper({ memory, module: hammingModule(1, true), controlAt, timeoutMs: 50 })!;
    try {
      clear();
      // As if the helper had taken the call and stopped: the state says TAKEN (2), nobody runs it.
      Atomics.store(new Int32Array(memory.buffer, controlAt, CONTROL_BYTES / 4), 0, 2);
      const started = performance.now();
      helper.finish(() => new Uint16Array(memory.buffer, call[3], call[2]).set(want));
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
      expect(distances()).toEqual(want);
      expect(helper.alive).toBe(false);
    } finally {
      helper.close();
    }
  });

  test('no helper without a shared memory', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    expect(startScanHelper({ memory, module: hammingModule(1, true), controlAt: 0 })).toBeNull();
  });
});
