// The Redis counter store against a real redis-server started by this file (skipped without one):
// atomic shared counts, expiry, two app instances sharing buckets, and Redis going away mid-run.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../../src/server/http/app.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { createFallbackStore } from '../../../src/server/limits/fallback-store.js';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limit-table.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createRedisStore, type RedisStoreOptions } from '../../../src/server/limits/redis-store.js';
import { windowAt } from '../../../src/server/limits/window.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';
import { REDIS_BINARY, startRedis, type RedisServer } from '../../helpers/redis-server.js';

// Real time: Redis expires keys by its own clock, so a window in the past would vanish at once.
const T0 = Date.now();
const W = windowAt(T0);
let redis: RedisServer;
const opened: Array<{ close(): Promise<void> }> = [];
const open = <T extends { close(): Promise<void> }>(s: T) => {
  opened.push(s);
  return s;
};

beforeAll(async () => {
  if (REDIS_BINARY) redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await redis?.cleanup();
});

/** A connected store (tests that start counting before the connection is up would count locally). */
async function connected(o: Omit<RedisStoreOptions, 'url'>) {
  const store = open(createRedisStore({ url: redis.url, ...o }));
  expect(await store.ready()).toBe(true);
  return store;
}

async function until(check: () => Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe.skipIf(!REDIS_BINARY)('Redis counter store', () => {
  test('two clients counting one bucket at once never see the same count; the key expires after the window', async () => {
    const a = await connected({ prefix: 't1:' });
    const b = await connected({ prefix: 't1:' });
    const counts = await Promise.all(Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).hit('anon:ip:203.0.113.7', W)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const key = `t1:${W.start}:anon:ip:203.0.113.7`;
    // Expires at the window end plus one minute of grace for clock skew between processes.
    expect(await a.client.pexpiretime(key)).toBe(W.end + 60_000);
    // Another bucket and another window are separate keys.
    expect(await a.hit('anon:ip:203.0.113.8', W)).toBe(1);
    expect(await a.hit('anon:ip:203.0.113.7', windowAt(W.end))).toBe(1);
  });

  test('two app instances with their own stores share the buckets', async () => {
    const f: Fixture = buildFixture();
    try {
      const clock = () => T0;
      const stores = [await connected({ prefix: 't2:' }), await connected({ prefix: 't2:' })];
      const apps = stores.map((shared) =>
        createApp({
          data: f.data,
          logError: (err) => {
            throw err;
          },
          access: {
            keys: null,
            clientAddress: createClientAddress(parseTrustedProxies('none')),
            limiter: createLimiter({ limits: DEFAULT_LIMITS, now: clock, store: createFallbackStore(shared) }),
          },
        }),
      );
      const env = { incoming: { socket: { remoteAddress: '203.0.113.7' } } };
      const remaining: string[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await apps[i % 2].request('/api/public/v1/bills', {}, env);
        expect(res.status).toBe(200);
        remaining.push(res.headers.get('X-RateLimit-Remaining')!);
      }
      expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => String(29 - i)));
      expect((await apps[0].request('/api/public/v1/bills', {}, env)).status).toBe(429);
      expect((await apps[1].request('/api/public/v1/bills', {}, env)).status).toBe(429);
    } finally {
      f.cleanup();
    }
  });

  test('Redis killed mid-run: no crash, no hang, counting goes on in each process; shared again when it is back', async () => {
    const logs: string[] = [];
    const store = createFallbackStore(await connected({ prefix: 't3:' }), { log: (m) => logs.push(m) });
    for (let i = 1; i <= 3; i++) expect(await store.hit('b', W)).toBe(i);
    await redis.stop();
    const started = Date.now();
    // Redis restarts empty, so the process-local count takes over from 1.
    for (let i = 1; i <= 5; i++) expect(await store.hit('b', W)).toBe(i);
    expect(Date.now() - started).toBeLessThan(1500);
    // One failed call; then Redis is left alone for a second (the pause) instead of failing each request.
    expect([store.failures, store.localHits]).toEqual([1, 5]);
    expect(logs.length).toBe(1); // one line, not one per request
    expect(logs[0]).toContain('counting in this process');
    await redis.start();
    await until(async () => (await store.hit('b', W)) === 1); // the new, empty Redis answers
    expect(await store.hit('b', W)).toBe(2);
    expect(logs.at(-1)).toContain('answering again');
  }, 20_000);

  test('Redis hanging (stopped with SIGSTOP): each request waits at most the command timeout', async () => {
    const store = createFallbackStore(await connected({ prefix: 't4:', commandTimeoutMs: 200 }), { log: () => {} });
    redis.pause();
    try {
      const started = Date.now();
      const counts = await Promise.all([store.hit('c', W), store.hit('c', W), store.hit('c', W)]);
      expect(counts.sort()).toEqual([1, 2, 3]);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(store.failures).toBe(3);
    } finally {
      redis.resume();
    }
  }, 20_000);

  test('no Redis at all at start: the server still answers', async () => {
    const down = open(createRedisStore({ url: 'redis://127.0.0.1:1', prefix: 't5:' }));
    const store = createFallbackStore(down, { log: () => {} });
    const started = Date.now();
    expect(await down.ready()).toBe(false);
    expect(await store.hit('x', W)).toBe(1);
    expect(await store.hit('x', W)).toBe(2);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(store.localHits).toBe(2);
  });
});
