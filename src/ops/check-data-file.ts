// Opens a data file for serving, at start and on reload, refusing one that is unsound with a
// message that says why: a cheap header check always (a truncated or half-copied file), then, unless
// turned off, the checks of `canpol verify` (SQLite integrity, row counts against the build record),
// then the schema version and build record through openDataFile.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { DataFileError, openDataFile, type DataFile } from '../db/open-data-file.js';
import { verifyDataFile } from '../db/verify-data-file.js';

export interface CheckOptions {
  mmapSize: number;
  /** Run `canpol verify`'s checks (they read the whole file: ~0.3 s on the real data). */
  verify: boolean;
}

const MAGIC = 'SQLite format 3\u0000';

/** Null when the first 100 bytes describe a SQLite file of exactly this size, else the problem. */
export function headerProblem(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null; // openDataFile says it is missing, with its own message
  }
  try {
    const head = Buffer.alloc(100);
    const n = readSync(fd, head, 0, 100, 0);
    if (n < 100 || head.toString('latin1', 0, 16) !== MAGIC) return 'it is not a SQLite database (bad header)';
    const raw = head.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    // The in-header page count is valid when its "version valid for" matches the change counter.
    if (head.readUInt32BE(92) !== head.readUInt32BE(24)) return null;
    const pages = head.readUInt32BE(28);
    const size = statSync(path).size;
    if (size < pages * pageSize) return `it is ${size} bytes but its header says ${pages} pages of ${pageSize} (${pages * pageSize} bytes): truncated or still being copied`;
    return null;
  } finally {
    closeSync(fd);
  }
}

export function openCheckedDataFile(path: string, { mmapSize, verify }: CheckOptions): DataFile {
  const header = headerProblem(path);
  if (header) throw new DataFileError(`data file ${path} refused: ${header}`);
  let verifiedBuild: string | null = null;
  if (verify) {
    const result = verifyDataFile(path);
    if (!result.ok) throw new DataFileError(`data file ${path} refused: ${result.problems.join('; ')} (canpol verify ${path} shows every check)`);
    verifiedBuild = result.build_id;
  }
  const file = openDataFile(path, { mmapSize });
  // Replaced again between the check and the open: refuse rather than serve an unchecked file.
  if (verify && file.build.id !== verifiedBuild) {
    file.close();
    throw new DataFileError(`data file ${path} changed while it was being checked; try again`);
  }
  return file;
}
