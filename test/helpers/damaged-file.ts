// Damaged copies of a data file, for the tests of what refuses one (verify, serve at start, reload).
import { closeSync, copyFileSync, openSync, readFileSync, writeSync } from 'node:fs';

/** Copies `from` to `to` and overwrites page `page` (0-based; page 0 holds the header and the
 *  schema, so the default, 2, leaves the file openable and only the integrity check catches it). */
export function scribbledCopy(from: string, to: string, page = 2): string {
  copyFileSync(from, to);
  const pageSize = readFileSync(to).readUInt16BE(16);
  const fd = openSync(to, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, pageSize * page);
  } finally {
    closeSync(fd);
  }
  return to;
}
