// Bounded retries with exponential backoff and full jitter, so a flaky publisher is retried a
// few times without a thundering herd, and a broken one fails in bounded time.

export interface RetryPolicy { retries: number; backoffMs: number; maxBackoffMs?: number; random?: () => number; sleep?: (ms: number) => Promise<void> }

/** Statuses worth another try: timeouts, throttling and server errors. Other 4xx are final. */
export const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** Delay before retry number `attempt` (1-based): base·2^(attempt-1), jittered into [½, 1]×. */
export function backoffDelay(attempt: number, { backoffMs, maxBackoffMs = 60_000, random = Math.random }: RetryPolicy): number {
  const ceiling = Math.min(maxBackoffMs, backoffMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `once` until it says done or the retries are spent; returns the last outcome and the attempts made. */
export async function withRetries<T>(once: () => Promise<{ value: T; retry: boolean }>, policy: RetryPolicy): Promise<{ value: T; attempts: number }> {
  const sleep = policy.sleep ?? sleepMs;
  for (let attempt = 1; ; attempt++) {
    const { value, retry } = await once();
    if (!retry || attempt > policy.retries) return { value, attempts: attempt };
    await sleep(backoffDelay(attempt, policy));
  }
}
