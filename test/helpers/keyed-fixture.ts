// The fixture data file with a key store beside it: one key per tier and one revoked key, for tests
// that send the same requests as different callers (test/server/http/fast-path.test.ts,
// node-fast-path.test.ts).
import { join } from 'node:path';
import { createKey, revokeKey } from '../../src/server/auth/key-admin.js';
import { buildFixture, type Fixture } from './fixture.js';

export const KEY_LABELS = { prefix: 'cpd', env: 'live' };

export interface KeyedFixture {
  f: Fixture;
  keyPath: string;
  /** A key of each tier, and `revoked`. */
  keys: Record<'free' | 'dev' | 'pro' | 'revoked', string>;
}

export function buildKeyedFixture(): KeyedFixture {
  const f = buildFixture();
  const keyPath = join(f.dir, 'canpol.keys.json');
  const key = (tier: 'free' | 'dev' | 'pro') => createKey(keyPath, { name: tier, tier, labels: KEY_LABELS }).key;
  const keys = { free: key('free'), dev: key('dev'), pro: key('pro') };
  const revoked = createKey(keyPath, { name: 'gone', tier: 'pro', labels: KEY_LABELS });
  revokeKey(keyPath, revoked.record.id);
  return { f, keyPath, keys: { ...keys, revoked: revoked.key } };
}
