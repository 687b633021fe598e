// Counts in this process's memory. Only the windows still open are kept: when a newer window
// starts, older ones are dropped whole, so memory is bounded by one hour's distinct clients.
import type { CounterStore } from './counter-store.js';
import type { Window } from './window.js';

export function createMemoryStore(): CounterStore & { readonly size: number } {
  const windows = new Map<number, { end: number; counts: Map<string, number> }>();
  return {
    async hit(bucket: string, window: Window) {
      let w = windows.get(window.start);
      if (!w) {
        for (const [start, old] of windows) if (old.end <= window.start) windows.delete(start);
        w = { end: window.end, counts: new Map() };
        windows.set(window.start, w);
      }
      const n = (w.counts.get(bucket) ?? 0) + 1;
      w.counts.set(bucket, n);
      return n;
    },
    get size() {
      let n = 0;
      for (const w of windows.values()) n += w.counts.size;
      return n;
    },
    async close() { windows.clear(); },
  };
}
