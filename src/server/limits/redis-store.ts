// Counts in Redis, so several server processes share every bucket (decisions 4). One Lua script
// per hit makes the increment and its expiry atomic: no key can be left without an expiry, and two
// processes can never both see the same count.
import { Redis } from 'ioredis';
import type { CounterStore } from './counter-store.js';
import type { Window } from './window.js';

const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return n`;

export interface RedisStoreOptions {
  url: string;
  /** Key namespace, so one Redis can serve several deployments. */
  prefix?: string;
  /** Bound on each command; past it the hit fails (and the fall-back store counts instead). */
  commandTimeoutMs?: number;
  /** Keeps counters past the window end by this much, for processes whose clocks differ a little. */
  graceMs?: number;
}

type WithHit = Redis & { canpolHit(key: string, expireAt: number): Promise<number> };

export interface RedisStore extends CounterStore {
  client: Redis;
  /** Resolves true once connected, false if not within the connect timeout (it keeps trying). */
  ready(): Promise<boolean>;
}

export function createRedisStore({ url, prefix = 'canpol:rl:', commandTimeoutMs = 250, graceMs = 60_000 }: RedisStoreOptions): RedisStore {
  const connectTimeout = 1000;
  const client = new Redis(url, {
    // Never queue while disconnected: a hit fails at once and is counted locally instead, and no
    // stale increments are replayed when the connection comes back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout,
    // Keep trying to come back, at most every 2 s, for as long as the server runs.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  }) as WithHit;
  client.defineCommand('canpolHit', { numberOfKeys: 1, lua: HIT });
  // Without a listener ioredis reports connection errors as unhandled; the fall-back store logs.
  client.on('error', () => {});
  return {
    client,
    ready: () =>
      new Promise<boolean>((resolve) => {
        if (client.status === 'ready') return resolve(true);
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          resolve(false);
        }, connectTimeout);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        client.once('ready', onReady);
      }),
    async hit(bucket: string, window: Window) {
      return Number(await client.canpolHit(`${prefix}${window.start}:${bucket}`, window.end + graceMs));
    },
    async close() {
      client.disconnect();
    },
  };
}
