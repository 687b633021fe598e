// Where bucket counts live: this process's memory (the default) or Redis (shared by processes).
import type { Window } from './window.js';

export interface CounterStore {
  /** Adds one request to `bucket` in `window` and returns the window's count including it: at once
   *  when the count is in this process (then the request is answered without waiting for a turn of
   *  the microtask queue), or once a shared store (Redis) answers. */
  hit(bucket: string, window: Window): number | Promise<number>;
  close(): Promise<void>;
}
