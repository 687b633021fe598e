// A shared store that may fail (Redis), backed by this process's memory. The documented choice
// (docs/keys-and-limits.md): when Redis does not answer in time, requests are neither refused nor
// let through uncounted; each process counts them on its own until Redis is back. Limits then hold
// per process (a client could get up to N times its limit across N processes), the server never
// fails a request or waits longer than the command timeout because of Redis. After a failure the
// shared store is left alone for `pauseMs`, so a hanging Redis delays one request per pause, not all.
import type { CounterStore } from './counter-store.js';
import { createMemoryStore, type MemoryStore } from './memory-store.js';
import type { Window } from './window.js';

export interface FallbackOptions {
  log?: (message: string) => void;
  now?: () => number;
  /** At most one log line per this many ms while the shared store keeps failing. */
  logEveryMs?: number;
  pauseMs?: number;
  /** Where hits are counted while the shared store fails (bounded as the operator set it). */
  local?: MemoryStore;
}

export function createFallbackStore(
  shared: CounterStore,
  { log = console.error, now = Date.now, logEveryMs = 60_000, pauseMs = 1000, local = createMemoryStore() }: FallbackOptions = {},
): CounterStore & { readonly failures: number; readonly localHits: number } {
  let failures = 0;
  let localHits = 0;
  let loggedAt = -Infinity;
  let pausedUntil = -Infinity;
  let degraded = false;
  return {
    async hit(bucket: string, window: Window) {
      if (now() < pausedUntil) {
        localHits++;
        return local.hit(bucket, window);
      }
      try {
        const n = await shared.hit(bucket, window);
        if (degraded) {
          degraded = false;
          log('canpol: rate-limit store is answering again; counters are shared again');
        }
        return n;
      } catch (err) {
        failures++;
        localHits++;
        degraded = true;
        pausedUntil = now() + pauseMs;
        if (now() - loggedAt >= logEveryMs) {
          loggedAt = now();
          log(`canpol: rate-limit store failed (${(err as Error).message}); counting in this process until it is back`);
        }
        return local.hit(bucket, window);
      }
    },
    /** Calls to the shared store that failed. */
    get failures() {
      return failures;
    },
    /** Hits counted in this process because the shared store failed or was paused. */
    get localHits() {
      return localHits;
    },
    async close() {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}
