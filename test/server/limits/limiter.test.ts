import { describe, expect, test } from 'bun:test';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limit-table.js';
import { createLimiter, isAnonymousBucket, type Caller } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { secondsLeft, windowAt } from '../../../src/server/limits/window.js';

const HOUR = 3_600_000;
// 2026-11-02T10:15:00Z: 15 minutes into an hour window.
const T0 = Date.parse('2026-11-02T10:15:00Z');

function setup() {
  const clock = { t: T0 };
  const store = createMemoryStore();
  const limiter = createLimiter({ limits: DEFAULT_LIMITS, store, now: () => clock.t });
  return { clock, store, limiter };
}

const anon = (address: string): Caller => ({ kind: 'anonymous', address });
const key = (id: string, tier: 'free' | 'dev' | 'pro'): Caller => ({ kind: 'key', id, tier });

async function drain(limiter: ReturnType<typeof setup>['limiter'], caller: Caller, cls: 'general' | 'semantic', n: number) {
  let last;
  for (let i = 0; i < n; i++) last = await limiter.check(caller, cls);
  return last!;
}

describe('windows', () => {
  test('fixed one-hour windows aligned to the clock hour', () => {
    expect(windowAt(T0)).toEqual({ start: Date.parse('2026-11-02T10:00:00Z'), end: Date.parse('2026-11-02T11:00:00Z') });
    expect(secondsLeft(windowAt(T0), T0)).toBe(45 * 60);
    expect(secondsLeft(windowAt(T0), Date.parse('2026-11-02T10:59:59.900Z'))).toBe(1);
  });
});

describe('buckets (decisions 4)', () => {
  test('anonymous: 30 per hour per address, then refused until the window resets', async () => {
    const { clock, limiter } = setup();
    const v30 = await drain(limiter, anon('203.0.113.7'), 'general', 30);
    expect(v30).toEqual({
      allowed: true,
      retryAfter: 2700,
      headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '2700' },
    });
    const v31 = await limiter.check(anon('203.0.113.7'), 'general');
    expect(v31.allowed).toBe(false);
    expect(v31.headers['X-RateLimit-Remaining']).toBe('0');
    // The anonymous bucket covers semantic routes too.
    expect((await limiter.check(anon('203.0.113.7'), 'semantic')).allowed).toBe(false);
    clock.t = Date.parse('2026-11-02T10:59:59Z');
    expect((await limiter.check(anon('203.0.113.7'), 'general')).allowed).toBe(false);
    clock.t = Date.parse('2026-11-02T11:00:00Z');
    const fresh = await limiter.check(anon('203.0.113.7'), 'general');
    expect(fresh.allowed).toBe(true);
    expect(fresh.headers).toEqual({ 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29', 'X-RateLimit-Reset': '3600' });
  });

  test('addresses are independent; an IPv6 /64 is one client', async () => {
    const { limiter } = setup();
    await drain(limiter, anon('203.0.113.7'), 'general', 30);
    expect((await limiter.check(anon('203.0.113.8'), 'general')).headers['X-RateLimit-Remaining']).toBe('29');
    await limiter.check(anon('2001:db8:1:2::1'), 'general');
    expect((await limiter.check(anon('2001:db8:1:2:ffff::9'), 'general')).headers['X-RateLimit-Remaining']).toBe('28');
    expect((await limiter.check(anon('2001:db8:1:3::1'), 'general')).headers['X-RateLimit-Remaining']).toBe('29');
  });

  test('tiers: general free 60 / dev 1000 / pro 10000', async () => {
    const { limiter } = setup();
    for (const [tier, limit] of [
      ['free', 60],
      ['dev', 1000],
      ['pro', 10000],
    ] as const) {
      const last = await drain(limiter, key(`k-${tier}`, tier), 'general', limit);
      expect(last.allowed).toBe(true);
      expect(last.headers['X-RateLimit-Limit']).toBe(String(limit));
      expect((await limiter.check(key(`k-${tier}`, tier), 'general')).allowed).toBe(false);
    }
  });

  test('tiers: semantic free 5 / dev 100 / pro 10000, separate from general', async () => {
    const { limiter } = setup();
    for (const [tier, limit] of [
      ['free', 5],
      ['dev', 100],
      ['pro', 10000],
    ] as const) {
      await drain(limiter, key(`k-${tier}`, tier), 'semantic', limit);
      const over = await limiter.check(key(`k-${tier}`, tier), 'semantic');
      expect(over.allowed).toBe(false);
      expect(over.headers['X-RateLimit-Limit']).toBe(String(limit));
      // The general bucket of the same key is untouched.
      expect((await limiter.check(key(`k-${tier}`, tier), 'general')).headers['X-RateLimit-Remaining']).toBe(
        String({ free: 60, dev: 1000, pro: 10000 }[tier] - 1),
      );
    }
  });

  test('two keys of one tier do not share a bucket', async () => {
    const { limiter } = setup();
    await drain(limiter, key('a', 'free'), 'general', 61);
    expect((await limiter.check(key('b', 'free'), 'general')).allowed).toBe(true);
  });

  test('memory holds only the open window', async () => {
    const { clock, store, limiter } = setup();
    for (let i = 0; i < 50; i++) await limiter.check(anon(`198.51.100.${i}`), 'general');
    expect(store.size).toBe(50);
    clock.t += HOUR;
    await limiter.check(anon('198.51.100.1'), 'general');
    expect(store.size).toBe(1);
  });
});

describe('bounded counters (--limit-clients)', () => {
  test('past the cap, a new address takes the place of the one seen least recently and is counted from zero; keys are never evicted', async () => {
    const clock = { t: T0 };
    const store = createMemoryStore({ maxBuckets: 3, evictable: isAnonymousBucket });
    const limiter = createLimiter({ limits: { ...DEFAULT_LIMITS, anonymous: 5 }, store, now: () => clock.t });
    const remaining = async (a: string) => (await limiter.check(anon(a), 'general')).headers['X-RateLimit-Remaining'];
    for (const a of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await remaining(a);
    expect(await remaining('198.51.100.1')).toBe('3'); // .1 seen again: .2 is now the least recent
    expect(store.size).toBe(3);
    expect(store.evictions).toBe(0);
    // Newcomers are each counted from zero, never refused for the table being full.
    const newcomers = [];
    for (let i = 4; i <= 9; i++) newcomers.push(await remaining(`198.51.100.${i}`));
    expect(newcomers).toEqual(['4', '4', '4', '4', '4', '4']);
    expect(store.size).toBe(3);
    expect(store.evictions).toBe(6);
    // The most recent ones keep their counts; an evicted address starts again.
    expect(await remaining('198.51.100.9')).toBe('3');
    expect(await remaining('198.51.100.1')).toBe('4');
    // Keys never are evicted: their number is the key store's, and an address flood must not reset them.
    expect((await limiter.check(key('k1', 'free'), 'general')).headers).toMatchObject({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
    });
    for (let i = 10; i <= 20; i++) await remaining(`198.51.100.${i}`);
    expect((await limiter.check(key('k1', 'free'), 'general')).headers['X-RateLimit-Remaining']).toBe('58');
    expect(store.size).toBe(4);
    // The next window starts empty.
    clock.t += HOUR;
    expect((await limiter.check(anon('198.51.100.9'), 'general')).headers['X-RateLimit-Remaining']).toBe('4');
    expect(store.size).toBe(1);
  });
});

describe('counts in this process are answered at once', () => {
  test('with the memory store the verdict is no promise (a kept answer is then written in the same turn), with a store that answers later it is one, and both count alike', async () => {
    const { limiter } = setup();
    const now = limiter.check(anon('203.0.113.9'), 'general');
    expect(now).not.toBeInstanceOf(Promise);
    expect((now as Awaited<typeof now>).headers['X-RateLimit-Remaining']).toBe(String(DEFAULT_LIMITS.anonymous - 1));
    const memory = createMemoryStore();
    const later = createLimiter({
      limits: DEFAULT_LIMITS,
      store: { hit: (b, w) => Promise.resolve(memory.hit(b, w)), close: () => memory.close() },
      now: () => T0,
    });
    const pending = later.check(anon('203.0.113.9'), 'general');
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending).headers).toEqual((now as Awaited<typeof now>).headers);
    expect((await later.check(anon('203.0.113.9'), 'general')).headers['X-RateLimit-Remaining']).toBe(String(DEFAULT_LIMITS.anonymous - 2));
  });
});
