// Bounded retries with exponential backoff and full jitter, so a flaky publisher is retried a
// few times without a thundering herd, and a broken one fails in bounded time.

export interface RetryPolicy {
  retries: number;
  backoffMs: number;
  maxBackoffMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Statuses worth another try: timeouts, throttling and server errors. Other 4xx are final. */
export const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** Delay before retry number `attempt` (1-based): base·2^(attempt-1), jittered into [½, 1]×. */
export function backoffDelay(attempt: number, { backoffMs, maxBackoffMs = 60_000, random = Math.random }: RetryPolicy): number {
  const ceiling = Math.min(maxBackoffMs, backoffMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `once` until it says done or the retries are spent; returns the last outcome and the attempts made.
 *  `waitMs` (the server's Retry-After) replaces the backoff when it is longer. */
export async function withRetries<T>(
  once: () => Promise<{ value: T; retry: boolean; waitMs?: number }>,
  policy: RetryPolicy,
): Promise<{ value: T; attempts: number }> {
  const sleep = policy.sleep ?? sleepMs;
  for (let attempt = 1; ; attempt++) {
    const { value, retry, waitMs = 0 } = await once();
    if (!retry || attempt > policy.retries) return { value, attempts: attempt };
    await sleep(Math.max(waitMs, backoffDelay(attempt, policy)));
  }
}

/** Retry-After as milliseconds from `now` (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}
