// One onnxruntime session from model bytes, with the settings every encoder wants: quiet logs,
// a fixed thread count (the server shares 2 cores with SQLite), full graph optimisation.
// onnxruntime-node is loaded on the first session, not at startup: commands that never embed
// (lookup, info, keys...) skip its 45 MB library, which the single binary must first unpack.
import type * as Ort from 'onnxruntime-node';
import { beforeOnnxruntime } from '../natives/native-files.js';

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

/** The settings of every session: `threads` inside a run, quiet logs, full graph optimisation. */
const sessionOptions = (threads: number) => ({
  intraOpNumThreads: threads,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all' as const,
  executionMode: 'sequential' as const,
  logSeverityLevel: 3 as const,
});

/** A model ready to run: its inputs and outputs by name, and a run that is done when it returns. */
export interface ModelSession {
  inputNames: string[];
  outputNames: string[];
  run(feeds: Record<string, Ort.Tensor>): Record<string, Ort.Tensor>;
  release(): void;
}

/** What onnxruntime-node's addon exposes of a session (dist/binding.js; read from its backend.js). */
interface NativeSession {
  loadModel(buffer: ArrayBufferLike, offset: number, length: number, options: object): void;
  run(feeds: Record<string, Ort.Tensor>, fetches: Record<string, null>, options: object): Record<string, Ort.Tensor>;
  inputMetadata: Array<{ name: string }>;
  outputMetadata: Array<{ name: string }>;
  dispose(): void;
}

/**
 * A session of the package's native addon, run in the call. onnxruntime-node's public
 * `InferenceSession.run` returns a promise and defers the run to `setImmediate` (its dist/backend.js),
 * yet the run under it is synchronous, on the calling thread: deferring it only changes the order.
 * In the server that order was the cost. Node parses every request waiting on every socket before
 * any deferred run starts, so under 32 connections each pass found 2 embeddings running and 6
 * waiting and refused the rest with 503 `search_overloaded` (decisions 4). They came straight back:
 * 21,040 refusals beside ~2,100 answers in 10 s. Run in the call, an
 * embedding is over before the next request is read, so the queue's bound holds without refusing a
 * request it could have served. The addon is not the package's documented interface: its version is
 * pinned in package.json, and test/core/encoder/session.test.ts checks that runs give what the
 * public API gives.
 */
export async function createSession(model: Uint8Array, { threads = 2 }: SessionOptions = {}): Promise<ModelSession> {
  await loadOrt();
  const { binding, initOrt } = (await import('onnxruntime-node/dist/binding.js')) as unknown as {
    binding: { InferenceSession: new () => NativeSession };
    initOrt(): void;
  };
  initOrt();
  const session = new binding.InferenceSession();
  session.loadModel(model.buffer, model.byteOffset, model.byteLength, { ...sessionOptions(threads), executionProviders: [] });
  return modelSession(session);
}

/** The session's interface, made outside createSession: JavaScriptCore (Bun) keeps an async
 *  function's whole frame alive for the closures made in it, which held the model's bytes for the
 *  session's life (23 MB for the real file's learned encoder, in the server and in each of the
 *  build's sessions; a WeakRef to them survived full collections). V8 keeps only what the closures
 *  use. The encoders build their closures apart too, for the same reason. */
function modelSession(session: NativeSession): ModelSession {
  const outputNames = session.outputMetadata.map((m) => m.name);
  const fetches = Object.fromEntries(outputNames.map((name) => [name, null]));
  return {
    inputNames: session.inputMetadata.map((m) => m.name),
    outputNames,
    run: (feeds) => session.run(feeds, fetches, {}),
    release: () => session.dispose(),
  };
}

/** The same model through onnxruntime-node's public API (for the test that compares the two). */
export async function createPublicSession(model: Uint8Array, { threads = 2 }: SessionOptions = {}): Promise<Ort.InferenceSession> {
  return (await loadOrt()).InferenceSession.create(model, sessionOptions(threads));
}

/** int64 tensor [rows, cols] from small non-negative ints, written through an Int32 view
 *  (no BigInt per element: the packing is on the build's hot path). */
export function int64Tensor(rows: number, cols: number, fill: (set: (r: number, c: number, v: number) => void) => void): Ort.Tensor {
  const data = new BigInt64Array(rows * cols);
  const lo = new Int32Array(data.buffer);
  fill((r, c, v) => {
    lo[2 * (r * cols + c)] = v;
  });
  return new (loadedOrt().Tensor)('int64', data, [rows, cols]);
}

/** float32 tensor of the given shape over `data`. */
export function float32Tensor(data: Float32Array, dims: number[]): Ort.Tensor {
  return new (loadedOrt().Tensor)('float32', data, dims);
}
