// One request against its bucket (decisions 4): anonymous clients per address, keys per tier with
// one general bucket across routes and one semantic bucket; fixed one-hour windows. Returns the
// X-RateLimit-* headers for every answer, and whether this request is over the limit.
import type { Tier } from '../auth/tiers.js';
import { addressBucket } from './address-bucket.js';
import type { CounterStore } from './counter-store.js';
import type { BucketClass, LimitTable } from './limit-table.js';
import { secondsLeft, windowAt, WINDOW_MS } from './window.js';

export type Caller = { kind: 'anonymous'; address: string } | { kind: 'key'; id: string; tier: Tier };

export interface Verdict {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds until the window resets; the Retry-After of a refusal. */
  retryAfter: number;
}

export interface LimiterOptions {
  limits: LimitTable;
  store: CounterStore;
  now?: () => number;
  windowMs?: number;
}

const ANONYMOUS = 'anon:';

/** An anonymous client's counter, which may be evicted once the store holds --limit-clients of them.
 *  Key buckets never are (their number is the key store's, and an address flood must not reset them). */
export const isAnonymousBucket = (bucket: string): boolean => bucket.startsWith(ANONYMOUS);

export function createLimiter({ limits, store, now = Date.now, windowMs = WINDOW_MS }: LimiterOptions) {
  function bucketOf(caller: Caller, cls: BucketClass): { bucket: string; limit: number } {
    // Anonymous callers have one bucket for everything, semantic routes included.
    if (caller.kind === 'anonymous') return { bucket: `${ANONYMOUS}${addressBucket(caller.address)}`, limit: limits.anonymous };
    return { bucket: `${cls}:${caller.id}`, limit: limits[cls][caller.tier] };
  }

  return {
    /** The verdict at once when the store counts in this process, else once it has answered. */
    check(caller: Caller, cls: BucketClass): Verdict | Promise<Verdict> {
      const t = now();
      const window = windowAt(t, windowMs);
      const { bucket, limit } = bucketOf(caller, cls);
      const retryAfter = secondsLeft(window, t);
      const verdict = (count: number): Verdict => ({
        allowed: count <= limit,
        retryAfter,
        headers: {
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
          'X-RateLimit-Reset': String(retryAfter),
        },
      });
      const count = store.hit(bucket, window);
      return typeof count === 'number' ? verdict(count) : count.then(verdict);
    },
    close: () => store.close(),
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
