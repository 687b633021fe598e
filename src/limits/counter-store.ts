// Where bucket counts live: this process's memory (the default) or Redis (shared by processes).
import type { Window } from './window.js';

export interface CounterStore {
  /** Adds one request to `bucket` in `window` and returns the window's count including it. */
  hit(bucket: string, window: Window): Promise<number>;
  close(): Promise<void>;
}
