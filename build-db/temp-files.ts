// The build's temporary data file, beside the output so that the final rename is atomic. It must
// never outlive the build: removed when the build fails or ends, when the process is interrupted
// (SIGINT, SIGTERM, SIGHUP), and, for a build killed outright (SIGKILL, a crash, a power cut), by
// the next build into the same folder, which removes the temporary files of builds whose process
// is gone. SQLite's own files beside it (-journal, -wal, -shm) go with it.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, dirname, join } from 'node:path';

export interface TempFile {
  path: string;
  /** Removes the file and SQLite's files beside it; safe to call more than once. */
  remove(): void;
}

const SIDECARS = ['', '-journal', '-wal', '-shm'];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const prefixOf = (out: string) => `.${basename(out)}.tmp-`;

function removeWithSidecars(path: string): void {
  for (const suffix of SIDECARS) rmSync(`${path}${suffix}`, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // someone else's process: alive
  }
}

/** Removes the temporary files left beside `out` by builds whose process no longer runs. */
export function removeStaleTempFiles(out: string): string[] {
  const dir = dirname(out);
  const prefix = prefixOf(out);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^(\d+)-[0-9a-f]+(-journal|-wal|-shm)?$/.exec(name.slice(prefix.length)) : null;
    if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes this process's own temporary files beside `out` (a build stopped by a signal while its
 *  thread was busy, whose own handlers could not run). */
export function removeOwnTempFiles(out: string): void {
  const prefix = `${prefixOf(out)}${process.pid}-`;
  let names: string[];
  try {
    names = readdirSync(dirname(out));
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith(prefix)) rmSync(join(dirname(out), name), { force: true });
}

/** A new temporary file name beside `out`, removed whatever way the build ends. */
export function claimTempFile(out: string, onProgress: (msg: string) => void = () => {}): TempFile {
  const stale = removeStaleTempFiles(out);
  if (stale.length) onProgress(`removed ${stale.length} temporary file(s) left beside ${out} by an interrupted build: ${stale.join(', ')}`);
  const path = join(dirname(out), `${prefixOf(out)}${process.pid}-${randomBytes(4).toString('hex')}`);
  let removed = false;
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    // Exit as the signal would have, unless someone else handles it (their handler then decides);
    // process.exit lets 'exit' handlers (the single binary's unpacked libraries) clean up too.
    if (process.listenerCount(signal) === 0) process.exit(128 + constants.signals[signal]);
  };
  const onExit = () => removeWithSidecars(path);
  function remove(): void {
    if (removed) return;
    removed = true;
    removeWithSidecars(path);
    for (const s of SIGNALS) process.off(s, onSignal);
    process.off('exit', onExit);
  }
  for (const s of SIGNALS) process.on(s, onSignal);
  process.on('exit', onExit);
  return { path, remove };
}
