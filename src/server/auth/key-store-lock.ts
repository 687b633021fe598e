// One writer of the key store at a time: `canpol keys create|revoke` hold `<store>.lock`, created
// with O_EXCL, for their read-modify-write, so a concurrent create can neither drop a key nor undo a
// revocation by writing an older copy. Node has no flock(2); an O_EXCL file is the portable lock.
//
// A lock left by a process that died (kill -9, power loss) is stale: its pid is gone on this host,
// or it is older than STALE_MS (a change takes milliseconds). Breaking one moves it aside under a
// random name first and checks it is still the stale one, and the holder re-reads its own token
// before renaming its write into place, so a lock broken by mistake fails a write instead of
// losing one.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** A lock older than this is stale whoever holds it. */
const STALE_MS = 60_000;
/** How long to wait for another writer before giving up. */
const WAIT_MS = 10_000;
const RETRY_MS = 5;

export class KeyStoreLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyStoreLockError';
  }
}

export interface HeldLock {
  /** Throws unless this process still holds the lock (checked just before the store is replaced). */
  check(): void;
}

interface Owner {
  pid: number;
  host: string;
  token: string;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function readOwner(path: string): { owner: Owner | null; text: string } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const o = JSON.parse(text) as Owner;
    return { owner: typeof o.pid === 'number' && typeof o.token === 'string' ? o : null, text };
  } catch {
    return { owner: null, text }; // a holder between creating and writing it, or garbage
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, another user's
  }
}

function isStale(lockPath: string, owner: Owner | null): boolean {
  let age: number;
  try {
    age = Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return false; // gone already: the next attempt takes it
  }
  if (age > STALE_MS) return true;
  // Unreadable content younger than a second may be a holder that has not written it yet.
  if (!owner) return age > 1000;
  return owner.host === hostname() && !alive(owner.pid);
}

/** Removes a stale lock. Renamed aside first, so two processes breaking the same lock cannot both
 *  remove it; if what was moved is not what was judged stale (another process broke it and took a
 *  fresh one in between), that holder's check() fails and its write with it, rather than both writing. */
function breakStale(lockPath: string): void {
  const aside = `${lockPath}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // someone else moved it
  }
  unlinkSync(aside);
}

/** Runs `change` holding the store's lock; waits up to 10 s for another writer to finish. */
export function withKeyStoreLock<T>(storePath: string, change: (lock: HeldLock) => T, { waitMs = WAIT_MS } = {}): T {
  const lockPath = `${storePath}.lock`;
  const owner: Owner = { pid: process.pid, host: hostname(), token: randomBytes(12).toString('hex') };
  const text = JSON.stringify(owner);
  const deadline = Date.now() + waitMs;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(lockPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = readOwner(lockPath);
      if (held && isStale(lockPath, held.owner)) {
        breakStale(lockPath);
        continue;
      }
      if (Date.now() > deadline) {
        const who = held?.owner ? ` (pid ${held.owner.pid} on ${held.owner.host})` : '';
        throw new KeyStoreLockError(
          `another canpol keys is changing the key store: ${lockPath} is held${who}; remove it if no such process runs`,
        );
      }
      sleepSync(RETRY_MS + Math.random() * RETRY_MS);
      continue;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    break;
  }
  const lock: HeldLock = {
    check() {
      if (readOwner(lockPath)?.text !== text)
        throw new KeyStoreLockError(
          `the key store's lock ${lockPath} was taken over while this change was being made; nothing was written, try again`,
        );
    },
  };
  try {
    return change(lock);
  } finally {
    // Only our own lock: one broken and retaken by another is theirs now.
    if (readOwner(lockPath)?.text === text) unlinkSync(lockPath);
  }
}
