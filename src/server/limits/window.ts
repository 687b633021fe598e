// Fixed one-hour windows aligned to the clock hour (decisions 4): every process that agrees on the
// time agrees on the window, so counters can be shared by key alone, with no coordination.

export const WINDOW_MS = 3_600_000;

export interface Window {
  /** Milliseconds since the epoch, inclusive. */
  start: number;
  /** Exclusive. */
  end: number;
}

export function windowAt(nowMs: number, size = WINDOW_MS): Window {
  const start = Math.floor(nowMs / size) * size;
  return { start, end: start + size };
}

/** Whole seconds until the window ends, at least 1 (a client told 0 would retry at once). */
export const secondsLeft = (w: Window, nowMs: number) => Math.max(1, Math.ceil((w.end - nowMs) / 1000));
