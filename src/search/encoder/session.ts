// One onnxruntime session from model bytes, with the settings every encoder wants: quiet logs,
// a fixed thread count (the server shares 2 cores with SQLite), full graph optimisation.
import * as ort from 'onnxruntime-node';

export interface SessionOptions {
  /** Threads inside one run; default 2 (the target machine has 2 cores). */
  threads?: number;
}

export async function createSession(model: Uint8Array, { threads = 2 }: SessionOptions = {}): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(model, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    logSeverityLevel: 3,
  });
}

/** int64 tensor [rows, cols] from small non-negative ints, written through an Int32 view
 *  (no BigInt per element: the packing is on the build's hot path). */
export function int64Tensor(rows: number, cols: number, fill: (set: (r: number, c: number, v: number) => void) => void): ort.Tensor {
  const data = new BigInt64Array(rows * cols);
  const lo = new Int32Array(data.buffer);
  fill((r, c, v) => { lo[2 * (r * cols + c)] = v; });
  return new ort.Tensor('int64', data, [rows, cols]);
}

export { ort };
