// Full collections when the build's resident set passes a ceiling. Bun's collector (JavaScriptCore)
// runs late on a long synchronous loop: in the 8 M-chunk build the process held 2.4 GB when the
// keyword index ended, and the one full collection before the encoder's learning brought it to
// 560 MB (docs/benchmarks.md, "8 M, the first complete build"). Most of the resident set was
// garbage, on the main thread and on the worker threads, which each collect only their own heap.
// So each thread's batch loop asks its guard after a batch: above the ceiling, it collects.
import { collectGarbage } from './collect-garbage.js';

/** Resident bytes above which a batch loop collects: under issue 17's 2 GB bound, with room for a
 *  batch in flight on each thread. */
export const BUILD_MEMORY_CEILING = 1.25 * 2 ** 30;

export interface MemoryGuardOptions {
  /** Resident bytes above which a check collects. */
  ceiling?: number;
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

export function createMemoryGuard({ ceiling = BUILD_MEMORY_CEILING, resident = () => process.memoryUsage.rss(), collect = collectGarbage }: MemoryGuardOptions = {}): MemoryGuard {
  // When what is alive is itself above the ceiling, collecting after every batch would only cost
  // time: the next check waits until the set has grown by a quarter of the ceiling past that.
  let threshold = ceiling;
  let collections = 0;
  return {
    check() {
      if (resident() <= threshold) return false;
      collect();
      collections++;
      threshold = Math.max(ceiling, resident() + ceiling / 4);
      return true;
    },
    get collections() { return collections; },
  };
}
