// Where the native libraries that are not Node addons live: sqlite-vec's loadable extension and
// onnxruntime's shared library. Run from source or from dist/canpol.mjs, they are the files in
// node_modules, found exactly as the packages find them; the single binary (src/binary-entry.ts)
// carries them inside itself and registers here, before any command runs, how to get them out.
import type Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';

export interface UnpackedNatives {
  /** sqlite-vec's vec0.so, copied out of the binary. */
  vec0: string;
  /** Copies libonnxruntime out of the binary and loads it; idempotent. */
  loadOnnxruntime(): Promise<void>;
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

/** Called right before onnxruntime-node is imported: its addon needs libonnxruntime loaded
 *  already when it comes from the binary. From node_modules the addon finds it by itself. */
export async function beforeOnnxruntime(): Promise<void> {
  await unpacked?.loadOnnxruntime();
}
