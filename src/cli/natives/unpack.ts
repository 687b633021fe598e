// The single binary's native files (a Node single-executable application, docs/binary.md). They are
// assets of the executable, and the dynamic loader and SQLite need real files, so they are copied
// into a private temporary folder, removed at exit: better-sqlite3's addon and sqlite-vec at start,
// onnxruntime's addon and its 45 MB library only when the first encoder session is made. A worker
// thread uses the folder its process made.
import { getAsset, getRawAsset } from 'node:sea';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSETS } from './assets.js';
import { registerUnpackedNatives } from '../../core/natives/native-files.js';

/** The workerData field that hands a worker thread its process's folder. */
const DIR_FIELD = 'canpolNativesDir';

const SIGNAL_CODES = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/** onnxruntime creates an empty `$TMPDIR/mat-debug-<pid>.log` per process; this one is ours. */
function removeEmptyOnnxLog(): void {
  const log = join(tmpdir(), `mat-debug-${process.pid}.log`);
  try {
    if (statSync(log).size === 0) rmSync(log);
  } catch {
    // Not there: nothing to remove.
  }
}

/** Copies one asset into `dir` unless it is there. Written under a temporary name and renamed, so a
 *  thread copying the same file at the same time never loads half of it. */
function copyOut(dir: string, name: string): string {
  const path = join(dir, name);
  if (existsSync(path)) return path;
  const part = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(part, new Uint8Array(getRawAsset(name)));
  renameSync(part, path);
  return path;
}

/** Registers the folder's files (native-files.ts). */
function register(dir: string): void {
  const addons = new Map<string, unknown>();
  let onnxruntimeCopied = false;
  registerUnpackedNatives({
    vec0: join(dir, ASSETS.vec0),
    loadOnnxruntime: async () => {
      if (onnxruntimeCopied) return;
      copyOut(dir, ASSETS.onnxLibrary);
      copyOut(dir, ASSETS.onnxBinding);
      onnxruntimeCopied = true;
    },
    addon(name) {
      if (!addons.has(name)) {
        const module = { exports: {} as unknown };
        process.dlopen(module, copyOut(dir, name));
        addons.set(name, module.exports);
      }
      return addons.get(name);
    },
    program: () => ({ code: getAsset(ASSETS.program, 'utf8'), workerData: { [DIR_FIELD]: dir } }),
  });
}

/** On the main thread: creates the private folder, copies sqlite-vec and better-sqlite3's addon
 *  there and registers the files; returns the folder. */
export function unpackNatives(): string {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-natives-'));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    removeEmptyOnnxLog();
  };
  process.once('exit', remove);
  // A signal with no other listener would kill the process without an 'exit' event; `serve`
  // installs its own handlers, which end in process.exit and so in `remove`.
  for (const [signal, number] of Object.entries(SIGNAL_CODES)) {
    process.once(signal, () => {
      if (process.listenerCount(signal) > 0) return;
      remove();
      process.exit(128 + number);
    });
  }
  copyOut(dir, ASSETS.vec0);
  copyOut(dir, ASSETS.sqlite);
  register(dir);
  return dir;
}

/** On a worker thread: the folder its process made, from the thread's workerData. */
export function attachNatives(workerData: unknown): void {
  const dir = (workerData as Record<string, unknown> | null)?.[DIR_FIELD];
  if (typeof dir !== 'string') throw new Error('canpol: a worker thread of the binary started without its natives folder');
  register(dir);
}
