// One onnxruntime session from model bytes, with the settings every encoder wants: quiet logs,
// a fixed thread count (the server shares 2 cores with SQLite), full graph optimisation.
// onnxruntime-node is loaded on the first session, not at startup: commands that never embed
// (lookup, info, keys...) skip its 45 MB library, which the single binary must first unpack.
import type * as Ort from 'onnxruntime-node';
import { beforeOnnxruntime } from '../../natives/native-files.js';

export interface SessionOptions {
  /** Threads inside one run; default 2 (the target machine has 2 cores). */
  threads?: number;
}

let ort: typeof Ort | null = null;

async function loadOrt(): Promise<typeof Ort> {
  if (!ort) {
    await beforeOnnxruntime();
    ort = await import('onnxruntime-node');
  }
  return ort;
}

/** The module, once a session has loaded it (tensors are only made for a session's run). */
function loadedOrt(): typeof Ort {
  if (!ort) throw new Error('onnxruntime: a tensor was made before any session was created');
  return ort;
}

export async function createSession(model: Uint8Array, { threads = 2 }: SessionOptions = {}): Promise<Ort.InferenceSession> {
  return (await loadOrt()).InferenceSession.create(model, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    logSeverityLevel: 3,
  });
}

/** int64 tensor [rows, cols] from small non-negative ints, written through an Int32 view
 *  (no BigInt per element: the packing is on the build's hot path). */
export function int64Tensor(rows: number, cols: number, fill: (set: (r: number, c: number, v: number) => void) => void): Ort.Tensor {
  const data = new BigInt64Array(rows * cols);
  const lo = new Int32Array(data.buffer);
  fill((r, c, v) => { lo[2 * (r * cols + c)] = v; });
  return new (loadedOrt().Tensor)('int64', data, [rows, cols]);
}

/** float32 tensor of the given shape over `data`. */
export function float32Tensor(data: Float32Array, dims: number[]): Ort.Tensor {
  return new (loadedOrt().Tensor)('float32', data, dims);
}
