// Which entries' int8 vectors are kept in the scorer's slots (int8-scorer.ts) between searches, the
// least recently used out first by CLOCK: a hit sets the slot's reference bit; a new entry takes the
// first slot, from the hand on, whose bit is clear, clearing the bits it passes. Searches repeat
// chunks (the best chunks of one query are often those of the next, a query is asked again with
// other filters, pages or groupings), and a kept vector costs a memmove instead of a B-tree seek
// and a bound parameter in the short list's statement (src/search/vectors.ts).
// Bookkeeping: 4 bytes an entry (its slot), 5 a slot.

import type { BoundedCacheStats } from '../bounded-cache.js';

export class Int8Slots {
  private readonly slotOf: Int32Array;
  private readonly entryAt: Int32Array;
  private readonly used: Uint8Array;
  private hand = 0;
  private filled = 0;
  private counts = { hits: 0, misses: 0, evictions: 0 };

  /** `slots` slots for entries numbered 0 … entries - 1; `vectorBytes` only sizes the stats. */
  constructor(readonly entries: number, readonly slots: number, private readonly vectorBytes = 0) {
    this.slotOf = new Int32Array(slots > 0 ? entries : 0).fill(-1);
    this.entryAt = new Int32Array(slots).fill(-1);
    this.used = new Uint8Array(slots);
  }

  /** The slot keeping `entry` (marked used), or -1. */
  find(entry: number): number {
    const s = this.slots > 0 ? this.slotOf[entry] : -1;
    if (s < 0) { this.counts.misses++; return -1; }
    this.counts.hits++;
    this.used[s] = 1;
    return s;
  }

  /** A slot for `entry`, not kept yet (its vector must be written there now); -1 without slots. */
  place(entry: number): number {
    if (this.slots === 0) return -1;
    if (this.slotOf[entry] >= 0) return this.slotOf[entry];
    let s: number;
    if (this.filled < this.slots) s = this.filled++;
    else {
      const used = this.used, n = this.slots;
      let h = this.hand;
      while (used[h]) { used[h] = 0; h = h + 1 === n ? 0 : h + 1; }
      s = h;
      this.hand = h + 1 === n ? 0 : h + 1;
      this.slotOf[this.entryAt[s]] = -1;
      this.counts.evictions++;
    }
    this.entryAt[s] = entry;
    this.slotOf[entry] = s;
    this.used[s] = 0;
    return s;
  }

  stats(): BoundedCacheStats {
    return { entries: this.filled, bytes: this.filled * this.vectorBytes, maxBytes: this.slots * this.vectorBytes, ...this.counts };
  }
}
