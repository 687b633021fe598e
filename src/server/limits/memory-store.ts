// Counts in this process's memory. Only the windows still open are kept: when a newer window
// starts, older ones are dropped whole.
//
// Bounded: anyone who can send requests from many addresses (a botnet, or a client behind
// --trusted-proxies writing X-Forwarded-For) could otherwise add a counter per address for the
// whole hour (~130 bytes each, without end). Past `maxBuckets` counters in a window, a new bucket
// that `overflowOf` names a shared bucket for is counted in that one bucket instead (it fills
// quickly: newcomers during a flood are refused, the clients already counted are not affected).
// Buckets without a shared bucket (API keys: as many as the key store holds) are always kept.
import type { CounterStore } from './counter-store.js';
import type { Window } from './window.js';

export interface MemoryStoreOptions {
  /** Counters kept one by one in a window; beyond, overflowing buckets share one. */
  maxBuckets?: number;
  /** The shared bucket a bucket is counted in once the store is full; null: never shared. */
  overflowOf?: (bucket: string) => string | null;
}

export interface MemoryStore extends CounterStore {
  hit(bucket: string, window: Window): number;
  /** Counters held now, across the windows kept. */
  readonly size: number;
  /** Hits counted in a shared bucket because the store was full. */
  readonly overflow: number;
}

export function createMemoryStore({ maxBuckets = Infinity, overflowOf = () => null }: MemoryStoreOptions = {}): MemoryStore {
  const windows = new Map<number, { end: number; counts: Map<string, number> }>();
  let overflow = 0;
  return {
    hit(bucket: string, window: Window) {
      let w = windows.get(window.start);
      if (!w) {
        for (const [start, old] of windows) if (old.end <= window.start) windows.delete(start);
        w = { end: window.end, counts: new Map() };
        windows.set(window.start, w);
      }
      let n = w.counts.get(bucket);
      if (n === undefined && w.counts.size >= maxBuckets) {
        const shared = overflowOf(bucket);
        if (shared !== null) {
          overflow++;
          bucket = shared;
          n = w.counts.get(bucket);
        }
      }
      n = (n ?? 0) + 1;
      w.counts.set(bucket, n);
      return n;
    },
    get size() {
      let n = 0;
      for (const w of windows.values()) n += w.counts.size;
      return n;
    },
    get overflow() { return overflow; },
    async close() { windows.clear(); },
  };
}
