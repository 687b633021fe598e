// The embedding queue (decisions 4): at most `concurrency` jobs run and `maxWaiting` wait, across
// every semantic route; one more is refused with 503 `search_overloaded` and a Retry-After. A slot
// is always given back: when the job ends (resolved, rejected or thrown), and a waiting job whose
// request is aborted (the client went away) leaves the line without ever taking one. A job that
// already runs keeps its slot until it really ends, since its CPU is spent either way.
import { ApiError } from '../../core/errors.js';

export interface WorkQueueOptions {
  concurrency?: number;
  maxWaiting?: number;
  now?: () => number;
}

interface Waiter {
  grant(): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

// One error a Retry-After value, made once: under overload most semantic requests are refused, and
// making an Error (its stack trace) was ~20 µs of each refusal (a CPU profile at 32 connections).
// It is only read once thrown (src/server/http/respond.ts renders it).
const refusals = new Map<number, ApiError>();
export const overloaded = (retryAfter: number) => {
  let err = refusals.get(retryAfter);
  if (!err) {
    err = new ApiError(
      'search_overloaded',
      `search is busy (every embedding slot and queue place is taken); retry in ${retryAfter} s`,
      undefined,
      { retryAfter },
    );
    if (refusals.size < 64) refusals.set(retryAfter, err);
  }
  return err;
};

export function createWorkQueue({ concurrency = 2, maxWaiting = 6, now = Date.now }: WorkQueueOptions = {}) {
  let running = 0;
  const waiting: Waiter[] = [];
  // Recent job duration (exponential moving average), for an honest Retry-After.
  let averageMs = 0;

  function retryAfter(): number {
    return Math.max(1, Math.ceil((averageMs * (waiting.length + running)) / concurrency / 1000));
  }

  function release(): void {
    const next = waiting.shift();
    if (!next) {
      running--;
      return;
    }
    next.signal?.removeEventListener('abort', next.onAbort!);
    next.grant(); // the slot passes straight to the next job: `running` is unchanged
  }

  function acquire(signal?: AbortSignal): Promise<void> {
    if (running < concurrency) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= maxWaiting) return Promise.reject(overloaded(retryAfter()));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = waiting.indexOf(waiter);
          if (i >= 0) waiting.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      waiting.push(waiter);
    });
  }

  return {
    async run<T>(work: () => Promise<T> | T, signal?: AbortSignal): Promise<T> {
      signal?.throwIfAborted();
      await acquire(signal);
      const started = now();
      try {
        signal?.throwIfAborted(); // aborted between the grant and now: do not start
        return await work();
      } finally {
        const took = now() - started;
        averageMs = averageMs === 0 ? took : averageMs * 0.8 + took * 0.2;
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
