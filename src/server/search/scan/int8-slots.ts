// Which entries' int8 vectors are kept in the scorer's slots (int8-scorer.ts) between searches, the
// least recently used out first by CLOCK: a hit sets the slot's reference bit; a new entry takes the
// first slot, from the hand on, whose bit is clear, clearing the bits it passes. Searches repeat
// chunks (the best chunks of one query are often those of the next, a query is asked again with
// other filters, pages or groupings), and a kept vector costs a memmove instead of a B-tree seek
// and a bound parameter in the short list's statement (src/server/search/vectors.ts).
// The scorer reads a batch's kept vectors in their slots, so a slot found since the batch began is
// pinned: no placement in the same batch takes it (when every slot is pinned, nothing is kept).
// Bookkeeping: 9 bytes a slot, and a map from kept entry to slot: an array over every entry while
// it takes at most `denseBytes` (8 MiB: 2 M chunks), a hash map beyond (the array took 32 MB at 8 M
// to find the ~130,000 kept; there a search takes ~200 ms, and the hash lookups' ~0.15 ms is noise).

import type { BoundedCacheStats } from '../bounded-cache.js';
import { DenseIntMap, IntMap } from './int-map.js';

/** Largest array over every entry kept to find a slot (int-map.ts DenseIntMap). */
export const DENSE_BYTES = 8 * 2 ** 20;

export class Int8Slots {
  private readonly slotOf: IntMap | DenseIntMap;
  private readonly entryAt: Int32Array;
  private readonly used: Uint8Array;
  private readonly pinned: Uint32Array;
  private batch = 1;
  private hand = 0;
  private filled = 0;
  private counts = { hits: 0, misses: 0, evictions: 0 };

  /** `slots` slots for entries numbered 0 … entries - 1; `vectorBytes` only sizes the stats. */
  constructor(
    readonly entries: number,
    readonly slots: number,
    private readonly vectorBytes = 0,
    { denseBytes = DENSE_BYTES } = {},
  ) {
    this.slotOf = entries * 4 <= denseBytes ? new DenseIntMap(entries) : new IntMap(slots);
    this.entryAt = new Int32Array(slots).fill(-1);
    this.used = new Uint8Array(slots);
    this.pinned = new Uint32Array(slots);
  }

  /** A new batch: the slots found for the last one may be taken again. */
  begin() {
    this.batch++;
  }

  /** The slot keeping `entry` (marked used), or -1. */
  find(entry: number): number {
    const s = this.slotOf.get(entry);
    if (s < 0) {
      this.counts.misses++;
      return -1;
    }
    this.counts.hits++;
    this.used[s] = 1;
    this.pinned[s] = this.batch;
    return s;
  }

  /** A slot for `entry` (its vector must be written there now); -1 when it is kept already, without
   *  slots, or when every slot is pinned by this batch. */
  place(entry: number): number {
    if (this.slots === 0 || this.slotOf.has(entry)) return -1;
    let s: number;
    if (this.filled < this.slots) s = this.filled++;
    else {
      const { used, pinned, batch } = this,
        n = this.slots;
      let h = this.hand;
      // Two turns at most: the first clears every reference bit it passes.
      for (let steps = 0; used[h] || pinned[h] === batch; steps++) {
        if (steps >= 2 * n) return -1;
        used[h] = 0;
        h = h + 1 === n ? 0 : h + 1;
      }
      s = h;
      this.hand = h + 1 === n ? 0 : h + 1;
      this.slotOf.delete(this.entryAt[s]);
      this.counts.evictions++;
    }
    this.entryAt[s] = entry;
    this.slotOf.set(entry, s);
    this.used[s] = 0;
    return s;
  }

  stats(): BoundedCacheStats {
    return { entries: this.filled, bytes: this.filled * this.vectorBytes, maxBytes: this.slots * this.vectorBytes, ...this.counts };
  }
}
