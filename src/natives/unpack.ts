// The single binary's native files: Bun embeds the Node addons it sees (better-sqlite3,
// onnxruntime_binding.node) and unpacks them itself, but the dynamic loader and SQLite need real
// files for the other two, so they are copied out of the binary into a private temporary folder,
// removed at exit. sqlite-vec (160 kB) is copied at start; libonnxruntime (45 MB) only when the
// first encoder session is made.
import { dlopen } from 'bun:ffi';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerUnpackedNatives } from './native-files.js';

export interface EmbeddedNatives {
  /** Paths inside the binary (`/$bunfs/...`) of the embedded files. */
  vec0: string;
  onnxruntime: string;
}

const SIGNAL_CODES = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

// Kept referenced for the life of the process: a closed handle would unload the library.
let onnxruntimeHandle: { close(): void } | null = null;

/** onnxruntime creates an empty `$TMPDIR/mat-debug-<pid>.log` per process; this one is ours. */
function removeEmptyOnnxLog(): void {
  const log = join(tmpdir(), `mat-debug-${process.pid}.log`);
  try {
    if (statSync(log).size === 0) rmSync(log);
  } catch {
    // Not there: nothing to remove.
  }
}

/** Creates the private folder, copies sqlite-vec there and registers both files; returns the folder. */
export function unpackNatives(embedded: EmbeddedNatives): string {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-natives-'));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    if (onnxruntimeHandle) removeEmptyOnnxLog();
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
  const vec0 = join(dir, 'vec0.so');
  writeFileSync(vec0, readFileSync(embedded.vec0));
  let onnxruntimeLoaded: Promise<void> | null = null;
  registerUnpackedNatives({
    vec0,
    loadOnnxruntime: () => (onnxruntimeLoaded ??= (async () => {
      // Named by its soname: the addon Bun unpacks elsewhere asks for libonnxruntime.so.1, and the
      // dynamic loader answers with the library of that name already loaded into the process.
      const lib = join(dir, 'libonnxruntime.so.1');
      // Bun.write copies out of the binary without going through the JS heap: 10-200 ms here,
      // against ~300 ms for readFileSync + writeFileSync of the 45 MB (copyFileSync cannot read
      // the binary's embedded files).
      await Bun.write(lib, Bun.file(embedded.onnxruntime));
      // bun:ffi wants one symbol to bind; OrtGetApiBase is onnxruntime's entry point (not called).
      onnxruntimeHandle = dlopen(lib, { OrtGetApiBase: { args: [], returns: 'ptr' } });
    })()),
  });
  return dir;
}
