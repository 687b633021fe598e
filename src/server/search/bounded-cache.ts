// A map capped in bytes (as its caller counts them), the least recently used out first, by CLOCK:
// a hit only sets the entry's reference bit; eviction walks from the oldest entry, giving one that
// was used since the last pass a second chance (moved to the newest end, bit cleared) and dropping
// the first that was not. Promoting on every hit instead (delete and re-insert) leaves deleted
// slots in the Map that V8 walks over until it rehashes (src/server/http/response-cache.ts measured it).
// Search keeps what it derives from the immutable data file here (chunk words, posting lists, stem
// counts), one cache per served file: a reload builds new ones.

import type { CacheStats } from '../http/response-cache.js';

/** The response cache's counters, so /metrics reports both kinds of cache alike. */
export type BoundedCacheStats = CacheStats;

interface Slot<V> {
  value: V;
  bytes: number;
  used: boolean;
}

/** Bookkeeping per entry beyond what the caller counts: the slot object and its Map entry. */
export const SLOT_OVERHEAD = 96;

export class BoundedCache<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  private size = 0;
  private counts = { hits: 0, misses: 0, evictions: 0 };

  constructor(readonly maxBytes: number) {}

  /** The value kept for `key` (marked used), or undefined. */
  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    slot.used = true;
    return slot.value;
  }

  /** Keeps `value` under `key`, `bytes` its cost; a value larger than an eighth of the cap is not kept. */
  set(key: K, value: V, bytes: number): void {
    const cost = bytes + SLOT_OVERHEAD;
    const old = this.slots.get(key);
    if (old) {
      this.size -= old.bytes;
      this.slots.delete(key);
    }
    if (cost > this.maxBytes / 8) return;
    this.evict(this.maxBytes - cost);
    this.slots.set(key, { value, bytes: cost, used: false });
    this.size += cost;
  }

  private evict(room: number): void {
    while (this.size > room) {
      const first = this.slots.entries().next();
      if (first.done) return;
      const [key, slot] = first.value;
      this.slots.delete(key);
      if (slot.used) {
        slot.used = false;
        this.slots.set(key, slot);
        continue;
      }
      this.size -= slot.bytes;
      this.counts.evictions++;
    }
  }

  stats(): BoundedCacheStats {
    return { entries: this.slots.size, bytes: this.size, maxBytes: this.maxBytes, ...this.counts };
  }
}
