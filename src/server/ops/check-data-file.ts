// Opens a data file for serving, at start and on reload, refusing one that is unsound with a
// message that says why: a cheap header check always (a truncated or half-copied file), the schema
// version and build record through openDataFile, then, unless turned off, the checks of
// `canpol verify` on the very handle that will serve: `quick` (the default: the schema, the stored
// blobs such as the encoder model, and the build record against the checksums the build recorded)
// or `full` (also SQLite's integrity check, row counts and every table's checksum: one read of the
// whole file).
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { DataFileError, openDataFile, type DataFile } from '../../core/data-file/open-data-file.js';
import { newVerifyResult, verifyOpenFile, type VerifyDepth } from '../../core/data-file/verify-data-file.js';

export interface CheckOptions {
  mmapSize: number;
  /** How much of `canpol verify` to run before serving the file (docs/operations.md). */
  verify: VerifyDepth | 'off';
}

const MAGIC = 'SQLite format 3\u0000';

/** Only a regular file is served: reading a FIFO blocks the whole process (a reload included), and
 *  a device is no data file. */
function notRegular(s: Stats): string | null {
  if (s.isFile()) return null;
  if (s.isDirectory()) return 'it is a directory; give the data file inside it';
  const kind = s.isFIFO()
    ? 'a FIFO (named pipe)'
    : s.isSocket()
      ? 'a socket'
      : s.isCharacterDevice() || s.isBlockDevice()
        ? 'a device'
        : 'not a regular file';
  return `it is ${kind}, not a regular file`;
}

/** Null when the first 100 bytes describe a SQLite file of exactly this size, else the problem. */
export function headerProblem(path: string): string | null {
  let fd: number;
  try {
    const kind = notRegular(statSync(path));
    if (kind) return kind;
    // Non-blocking: a FIFO put there since the stat must not hang the server (a reload with it); the
    // descriptor's own fstat is then what decides.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') return `it cannot be read (${code}: permission denied)`;
    return null; // openDataFile says it is missing, with its own message
  }
  const kind = notRegular(fstatSync(fd));
  if (kind) {
    closeSync(fd);
    return kind;
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
    const size = fstatSync(fd).size;
    if (size < pages * pageSize)
      return `it is ${size} bytes but its header says ${pages} pages of ${pageSize} (${pages * pageSize} bytes): truncated or still being copied`;
    return null;
  } finally {
    closeSync(fd);
  }
}

export function openCheckedDataFile(path: string, { mmapSize, verify }: CheckOptions): DataFile {
  const header = headerProblem(path);
  if (header) throw new DataFileError(`data file ${path} refused: ${header}`);
  const file = openDataFile(path, { mmapSize });
  if (verify === 'off') return file;
  const result = newVerifyResult(path, verify);
  try {
    verifyOpenFile(file, result);
  } catch (err) {
    file.close();
    throw err;
  }
  if (!result.ok) {
    file.close();
    throw new DataFileError(`data file ${path} refused: ${result.problems.join('; ')} (canpol verify ${path} shows every check)`);
  }
  return file;
}
