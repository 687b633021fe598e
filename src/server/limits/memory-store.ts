// Counts in this process's memory. Only the windows still open are kept: when a newer window
// starts, older ones are dropped whole.
//
// Bounded: anyone who can send requests from many addresses (a botnet, or a client behind
// --trusted-proxies writing X-Forwarded-For) could otherwise add a counter per address for the
// whole hour (~130 bytes each, without end). Past `maxBuckets` counters in a window, a new
// `evictable` bucket (an address) takes the place of the one seen least recently, so a newcomer is
// always counted from zero rather than refused with the flood; an evicted address starts again from
// zero if it comes back. Buckets that are not evictable (API keys: as many as the key store holds)
// are always kept.
import type { CounterStore } from './counter-store.js';
import type { Window } from './window.js';

export interface MemoryStoreOptions {
  /** Counters kept in a window; beyond, the least recently seen evictable one makes room. */
  maxBuckets?: number;
  /** Whether a bucket may be evicted to make room; default: never. */
  evictable?: (bucket: string) => boolean;
}

export interface MemoryStore extends CounterStore {
  hit(bucket: string, window: Window): number;
  /** Counters held now, across the windows kept. */
  readonly size: number;
  /** Counters evicted to stay within `maxBuckets`. */
  readonly evictions: number;
}

interface Counts {
  end: number;
  counts: Map<string, number>;
  /** The evictable buckets, least recently seen first (a Map keeps insertion order). */
  recent: Map<string, true>;
}

export function createMemoryStore({ maxBuckets = Infinity, evictable = () => false }: MemoryStoreOptions = {}): MemoryStore {
  const windows = new Map<number, Counts>();
  let evictions = 0;
  return {
    hit(bucket: string, window: Window) {
      let w = windows.get(window.start);
      if (!w) {
        for (const [start, old] of windows) if (old.end <= window.start) windows.delete(start);
        w = { end: window.end, counts: new Map(), recent: new Map() };
        windows.set(window.start, w);
      }
      const n = (w.counts.get(bucket) ?? 0) + 1;
      const mayEvict = evictable(bucket);
      if (n === 1 && mayEvict && w.counts.size >= maxBuckets) {
        const oldest = w.recent.keys().next();
        if (!oldest.done) {
          w.recent.delete(oldest.value);
          w.counts.delete(oldest.value);
          evictions++;
        }
      }
      w.counts.set(bucket, n);
      if (mayEvict) {
        w.recent.delete(bucket); // moved to the most recent end
        w.recent.set(bucket, true);
      }
      return n;
    },
    get size() {
      let n = 0;
      for (const w of windows.values()) n += w.counts.size;
      return n;
    },
    get evictions() {
      return evictions;
    },
    async close() {
      windows.clear();
    },
  };
}
