// Turns the serve settings into the app's access gate: key lookup, limiter and its counter store.
import { createKeyLookup } from '../../server/auth/key-lookup.js';
import { keyStorePath } from '../../server/auth/key-store-file.js';
import type { AccessOptions } from '../../server/http/access.js';
import { createClientAddress, parseTrustedProxies } from '../../server/limits/client-ip.js';
import type { CounterStore } from '../../server/limits/counter-store.js';
import { createFallbackStore } from '../../server/limits/fallback-store.js';
import { parseTierLimits, type LimitTable } from '../../server/limits/limit-table.js';
import { isAnonymousBucket, createLimiter } from '../../server/limits/limiter.js';
import { createMemoryStore } from '../../server/limits/memory-store.js';
import { createRedisStore } from '../../server/limits/redis-store.js';

export interface AccessSettings {
  data: string;
  keys: string;
  keyPrefix: string;
  keyEnv: string;
  rateLimit: 'on' | 'off';
  limitAnonymous: number;
  /** Client addresses counted one by one per window in this process; beyond, they share a bucket. */
  limitClients: number;
  limitsGeneral: string;
  limitsSemantic: string;
  trustedProxies: string;
  redis: string;
}

export interface AccessSetup {
  access: Omit<AccessOptions, 'prefix' | 'classify'>;
  /** One line for the startup log. */
  summary: string;
  /** The counters held in this process (for the metrics): none with limits off. */
  stats(): { buckets: number; evictions: number };
  /** Waits (boundedly) for Redis, so the first requests are already counted there. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const tiers = (text: string) => {
  const t = parseTierLimits(text);
  if (typeof t === 'string') throw new Error(t); // settings.ts validated it already
  return t;
};

export function setUpAccess(s: AccessSettings, log: (m: string) => void = console.error): AccessSetup {
  const path = keyStorePath(s.keys, s.data);
  const keys = createKeyLookup({ path, labels: { prefix: s.keyPrefix, env: s.keyEnv }, log });
  keys.refresh();
  const limits: LimitTable = { anonymous: s.limitAnonymous, general: tiers(s.limitsGeneral), semantic: tiers(s.limitsSemantic) };
  let store: CounterStore | null = null;
  const redis = s.rateLimit === 'on' && s.redis !== 'none' ? createRedisStore({ url: s.redis }) : null;
  // This process's counters (all of them, or Redis's stand-in while it fails), bounded.
  const local = createMemoryStore({ maxBuckets: s.limitClients, evictable: isAnonymousBucket });
  if (s.rateLimit === 'on') store = redis ? createFallbackStore(redis, { log, local }) : local;
  const limiter = store ? createLimiter({ limits, store }) : null;
  const where = redis ? `in Redis ${s.redis.replace(/\/\/[^@/]*@/, '//***@')}` : 'in this process';
  return {
    access: { keys, limiter, clientAddress: createClientAddress(parseTrustedProxies(s.trustedProxies)) },
    summary: limiter
      ? `keys from ${path} (${keys.size} known); rate limits on, counted ${where}; trusted proxies: ${s.trustedProxies}`
      : `keys from ${path} (${keys.size} known); rate limits OFF`,
    stats: () => ({ buckets: local.size, evictions: local.evictions }),
    ready: async () => {
      if (redis && !(await redis.ready()))
        log(`canpol: Redis at ${where.slice(9)} is not reachable yet; counting in this process until it is`);
    },
    close: async () => {
      await store?.close();
    },
  };
}
