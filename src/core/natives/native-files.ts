// Where the native files live. Run from source or from dist/canpol.mjs, they are the files in
// node_modules, found exactly as the packages find them. The single binary (src/cli/binary-entry.ts)
// carries them inside itself and registers here, before any command runs, how to get them out:
// the Node addons (better-sqlite3's, onnxruntime's), sqlite-vec's loadable extension, and the
// program's own code for its worker threads, which have no file to start from.
import type Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';

export interface UnpackedNatives {
  /** sqlite-vec's vec0.so, copied out of the binary. */
  vec0: string;
  /** Copies onnxruntime's addon and libonnxruntime out of the binary; idempotent. */
  loadOnnxruntime(): Promise<void>;
  /** A Node addon by its file name (`better_sqlite3.node`), loaded from the copied files. */
  addon(name: string): unknown;
  /** How a worker thread starts this program: its code, and what the thread needs to find the
   *  copied files (merged into its workerData). Read when the first thread starts. */
  program(): EmbeddedProgram;
}

export interface EmbeddedProgram {
  code: string;
  workerData: Record<string, unknown>;
}

let unpacked: UnpackedNatives | null = null;

/** Called once by the binary's entry; nothing else calls it. */
export function registerUnpackedNatives(natives: UnpackedNatives): void {
  unpacked = natives;
}

/** Path of sqlite-vec's loadable extension for this process. */
export function sqliteVecPath(): string {
  return unpacked?.vec0 ?? sqliteVec.getLoadablePath();
}

/** Loads sqlite-vec into one connection (the `chunk_vectors` virtual table needs it). */
export function loadSqliteVec(db: Database.Database): void {
  db.loadExtension(sqliteVecPath());
}

/** Called right before onnxruntime-node is imported: in the binary its addon is copied out then
 *  (45 MB, so only by the commands that embed text). From node_modules it is found by itself. */
export async function beforeOnnxruntime(): Promise<void> {
  await unpacked?.loadOnnxruntime();
}

/** A Node addon of the binary. The binary's bundle requires this in place of each `.node` file
 *  (src/cli/natives/sea-bundle.ts); nothing else calls it. */
export function embeddedAddon(name: string): unknown {
  if (!unpacked) throw new Error(`canpol: native addon ${name} asked for outside the single binary`);
  return unpacked.addon(name);
}

/** The program a worker thread runs when this process is the single binary; null otherwise, where
 *  the thread starts from a file. */
export function embeddedProgram(): EmbeddedProgram | null {
  return unpacked?.program() ?? null;
}
