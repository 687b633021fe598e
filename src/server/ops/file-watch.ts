// Notices that the file at a path was replaced (a new build renamed over it): its inode, size or
// mtime changed. Polled with one stat per interval, which works on every file system (bind mounts
// and network shares included, where inotify does not), and reported only once the new identity
// has held for one whole interval, so a file still being written in place is not picked up midway.
import { statSync } from 'node:fs';

export function fileIdentity(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** The decision, apart from the timer: fed one identity per poll, says when to reload. */
export function createReplacementDetector(served: string | null) {
  let known = served;
  let candidate: string | null = null;
  return {
    /** True when `now` differs from the served file and was also seen at the previous poll. */
    poll(now: string | null): boolean {
      if (now === null || now === known) {
        candidate = null; // absent (between an unlink and a rename), or unchanged
        return false;
      }
      if (now !== candidate) {
        candidate = now; // changed (or still changing): wait one interval to see it settle
        return false;
      }
      known = now;
      candidate = null;
      return true;
    },
    /** The identity now served (after a reload for another reason, so it is not reloaded again). */
    set served(id: string | null) {
      known = id;
      candidate = null;
    },
  };
}

export interface FileWatchOptions {
  path: string;
  /** The identity of the file being served (taken before it was opened). */
  served: string | null;
  intervalMs: number;
  onReplaced(): void;
}

export function watchFileReplacement({ path, served, intervalMs, onReplaced }: FileWatchOptions) {
  const detector = createReplacementDetector(served);
  const timer = setInterval(() => {
    if (detector.poll(fileIdentity(path))) onReplaced();
  }, intervalMs);
  timer.unref();
  return {
    set served(id: string | null) {
      detector.served = id;
    },
    stop: () => clearInterval(timer),
  };
}
