// Full collections when the resident set passes a ceiling, in the build and in the server. A
// collector can run late (Bun's JavaScriptCore much later than V8), above all on a long synchronous
// loop: in an 8 M-chunk build under Bun the process held 2.4 GB when the keyword index ended, and one
// full collection brought it to 560 MB. Most of the resident set was garbage, on the main thread and
// on the worker threads, which each collect only their own heap.
// So each thread's batch loop asks its guard after a batch: above the ceiling, it collects.
// In the server, searches leave garbage by the megabyte (posting lists and vectors read from the
// file), and Bun let it grow to about the size of what was alive: at 8 M chunks 1.9 GB resident, of
// which 0.8 GB alive (0.9-1.05 GB with the guard). The app asks after each search.
import type { MiddlewareHandler } from 'hono';
import { collectGarbage } from './collect-garbage.js';

/** Resident bytes above which a batch loop collects: under the build's 2 GB bound, with room for a
 *  batch in flight on each thread. */
export const BUILD_MEMORY_CEILING = 1.25 * 2 ** 30;

/** 900 MiB: the server's default `--memory-ceiling`. */
export const DEFAULT_MEMORY_CEILING = 900 * 2 ** 20;

export interface MemoryGuardOptions {
  /** Resident bytes above which a check collects. */
  ceiling?: number;
  /** When a collection leaves the set above the ceiling, how much more it may grow before the next
   *  (default a quarter of the ceiling). */
  margin?: number;
  /** The resident set now (injected by tests). */
  resident?: () => number;
  /** A full collection (injected by tests). */
  collect?: () => void;
}

export interface MemoryGuard {
  /** Collects when the resident set is above the ceiling; returns whether it did. */
  check(): boolean;
  readonly collections: number;
}

export function createMemoryGuard({
  ceiling = BUILD_MEMORY_CEILING,
  margin = ceiling / 4,
  resident = () => process.memoryUsage.rss(),
  collect = collectGarbage,
}: MemoryGuardOptions = {}): MemoryGuard {
  // When what is alive is itself above the ceiling, collecting after every batch would only cost
  // time: the next check waits until the set has grown by `margin` past that.
  let threshold = ceiling;
  let collections = 0;
  return {
    check() {
      if (resident() <= threshold) return false;
      collect();
      collections++;
      threshold = Math.max(ceiling, resident() + margin);
      return true;
    },
    get collections() {
      return collections;
    },
  };
}

/**
 * The server's guard: a margin of a sixteenth of the ceiling. At 8 M chunks what is alive (~850 MiB)
 * sits just under the server's ceiling, so a quarter let the set reach what was left after a
 * collection plus 256 MiB plus a search's garbage: 1,118-1,122 MiB at the peak with a 1 GiB
 * ceiling. With 900 MiB and a sixteenth the peak was 942-967 MiB in six runs, at p50 57-76 ms
 * against 55 (15-17 collections in 216 searches). The build keeps a
 * quarter: its batch loops would collect far more often, unmeasured at 8 M.
 */
export const serverMemoryGuard = (ceiling: number, injected: Pick<MemoryGuardOptions, 'resident' | 'collect'> = {}): MemoryGuard =>
  createMemoryGuard({ ...injected, ceiling, margin: ceiling / 16 });

/** Milliseconds between two reads of the resident set after searches. Reading it is not free: 20 µs
 *  in a small process, but ~150 µs a read in the server under distinct searches (node --cpu-prof,
 *  data/real.db), 1.6 % of its time when read after every search; at most 50 reads a second cost
 *  0.75 %. At 8 M chunks a search takes ~100 ms, so each is followed by a check. */
export const CHECK_INTERVAL_MS = 20;

/** A middleware that asks `guard` once the answer is built, on the next turn of the event loop (the
 *  collection, if any, then delays the requests after it, not this answer), at most once every
 *  `interval` ms: several searches ending close together ask once. */
export function checkAfterwards(
  guard: MemoryGuard,
  { interval = CHECK_INTERVAL_MS, now = () => performance.now() }: { interval?: number; now?: () => number } = {},
): MiddlewareHandler {
  let pending = false,
    last = -Infinity;
  const check = () => {
    pending = false;
    last = now();
    guard.check();
  };
  return async (_c, next) => {
    await next();
    if (!pending && now() - last >= interval) {
      pending = true;
      setImmediate(check);
    }
  };
}
