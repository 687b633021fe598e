// A second thread for the code scan (code-scan.ts). At 8 M chunks the scan reads 256 MB of codes,
// and one thread reads memory at ~5 GB/s here: ~24-35 ms of a ~100 ms search. Two threads, each
// over half of the codes, took 0.50-0.66 of one thread's time. The helper shares the scan's
// WebAssembly memory (a SharedArrayBuffer) and runs the
// same Hamming module over the half it is handed; the search stays synchronous, on its own thread.
//
// The hand-over is a few words of that memory, changed only with Atomics:
//   IDLE → OFFERED (the search thread wrote the call's arguments) → TAKEN (the helper began) → DONE.
// The search thread scans its own half meanwhile, then either finds the call still OFFERED and takes
// it back (the helper not started yet, busy, or gone: the scan never depends on it), or waits for
// DONE. A helper that took a call and never finished it (it cannot fail on valid offsets, so this
// is a thread the system stopped) is given up after `timeoutMs`: the call runs on the search thread
// and the helper is not offered another.
//
// The worker's source is the small script below, run with `eval`: it loads nothing of the program,
// starts in milliseconds, and runs the same under Node, Bun and the single binary.
import { Worker } from 'node:worker_threads';
import { isShared } from './wasm-encoding.js';

const IDLE = 0,
  OFFERED = 1,
  TAKEN = 2,
  DONE = 3,
  QUIT = 4;
/** Bytes of the shared memory the hand-over uses: the state and the call's six arguments (i32 each). */
export const CONTROL_BYTES = 32;

// (No name `module` in it: Bun's eval worker declares one.)
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { memory, bytes, at } = workerData;
const hamming = new WebAssembly.Instance(new WebAssembly.Module(bytes), { m: { memory } }).exports.hamming;
const c = new Int32Array(memory.buffer, at, ${CONTROL_BYTES / 4});
for (;;) {
  const s = Atomics.load(c, 0);
  if (s === ${QUIT}) break;
  if (s === ${OFFERED} && Atomics.compareExchange(c, 0, ${OFFERED}, ${TAKEN}) === ${OFFERED}) {
    hamming(c[1], c[2], c[3], c[4], c[5], c[6]);
    Atomics.store(c, 0, ${DONE});
    Atomics.notify(c, 0);
    continue;
  }
  Atomics.wait(c, 0, s);
}`;

/** The arguments of one call of the Hamming module (hamming-wasm.ts): query, codes, n, out, mask, hist. */
export type HammingCall = [number, number, number, number, number, number];

export interface ScanHelper {
  /** Hands the helper one call; `finish` follows before the next `offer`. */
  offer(call: HammingCall): void;
  /** Returns once the offered call is done: by the helper, or by `runHere` on this thread when the
   *  helper had not taken it. */
  finish(runHere: () => void): void;
  /** Whether calls are still offered (false once closed or given up). */
  readonly alive: boolean;
  /** Calls the helper thread ran (not taken back). */
  readonly helped: number;
  /** Stops the thread (it does not keep the process alive meanwhile). */
  close(): void;
}

export interface ScanHelperOptions {
  /** The shared memory the Hamming module works in. */
  memory: WebAssembly.Memory;
  /** The Hamming module's bytes, built for a shared memory (hammingModule(words, true)). */
  module: Uint8Array;
  /** Byte offset of CONTROL_BYTES of `memory`, 4-aligned, used by nothing else. */
  controlAt: number;
  /** How long to wait for a call the helper took before giving it up (milliseconds). */
  timeoutMs?: number;
}

/** Whether this thread may block in Atomics.wait (a browser's main thread may not). */
function canWait(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the helper thread; null where shared memory, blocking waits or worker threads are missing. */
export function startScanHelper({ memory, module, controlAt, timeoutMs = 10_000 }: ScanHelperOptions): ScanHelper | null {
  if (!isShared(memory) || !canWait()) return null;
  const c = new Int32Array(memory.buffer, controlAt, CONTROL_BYTES / 4);
  c.fill(0);
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { memory, bytes: module, at: controlAt } });
  } catch {
    return null;
  }
  let alive = true,
    helped = 0;
  const stop = () => {
    if (!alive) return;
    alive = false;
    Atomics.store(c, 0, QUIT);
    Atomics.notify(c, 0);
    worker.terminate().catch(() => {});
  };
  // A thread that fails to start, or stops, takes no call: each one offered is taken back.
  worker.on('error', () => {
    alive = false;
  });
  worker.on('exit', () => {
    alive = false;
  });
  worker.unref();
  return {
    get alive() {
      return alive;
    },
    get helped() {
      return helped;
    },
    offer(call) {
      for (let i = 0; i < 6; i++) c[1 + i] = call[i];
      Atomics.store(c, 0, OFFERED);
      Atomics.notify(c, 0);
    },
    finish(runHere) {
      if (Atomics.compareExchange(c, 0, OFFERED, IDLE) === OFFERED) {
        runHere();
        return;
      }
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const s = Atomics.load(c, 0);
        if (s === DONE) {
          Atomics.store(c, 0, IDLE);
          helped++;
          return;
        }
        const left = deadline - performance.now();
        if (s !== TAKEN || left <= 0) break;
        Atomics.wait(c, 0, TAKEN, left);
      }
      stop();
      runHere();
    },
    close: stop,
  };
}
