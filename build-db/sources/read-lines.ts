// Lines of a file read a megabyte at a time, synchronously (the build writes inside one SQLite
// transaction, so it cannot await): a million-speech bundle is never one string in memory.
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** Each line with its 1-based number; `onBytes` sees every byte read (for the file's digest). */
export function* readLines(path: string, onBytes?: (bytes: Buffer) => void, size = 1 << 20): Generator<{ line: number; text: string }> {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(size);
    const decoder = new StringDecoder('utf8');
    let rest = '',
      line = 0;
    for (let n; (n = readSync(fd, buf, 0, size, null)) > 0; ) {
      onBytes?.(buf.subarray(0, n));
      const text = rest + decoder.write(buf.subarray(0, n));
      let start = 0;
      for (let end; (end = text.indexOf('\n', start)) !== -1; start = end + 1) yield { line: ++line, text: text.slice(start, end) };
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest) yield { line: ++line, text: rest };
  } finally {
    closeSync(fd);
  }
}
