import { afterEach, beforeEach, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKey, revokeKey } from '../../../src/server/auth/key-admin.js';
import { createKeyLookup } from '../../../src/server/auth/key-lookup.js';
import { tempDir } from '../../helpers/fixture.js';

const labels = { prefix: 'cpd', env: 'live' };
let dir: string;
let path: string;
let clock: number;
const logs: string[] = [];
const lookup = () => createKeyLookup({ path, labels, now: () => clock, recheckMs: 1000, log: (m) => logs.push(m) });

beforeEach(() => {
  dir = tempDir('canpol-lookup-');
  path = join(dir, 'k.json');
  clock = 0;
  logs.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a stored key is found with its tier; unknown and malformed keys are told apart', () => {
  const { key, record } = createKey(path, { name: 'a', tier: 'pro', labels });
  const keys = lookup();
  expect(keys.check(key)).toEqual({ ok: true, key: record });
  // A well-formed key with a valid checksum that was never minted here.
  expect(keys.check('cpd_live_0000000000000000000000_2Ff7uY')).toEqual({ ok: false, reason: 'unknown' });
  expect(keys.check(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toEqual({ ok: false, reason: 'checksum' });
  expect(keys.check('nope')).toEqual({ ok: false, reason: 'format' });
});

test('changes are picked up without a restart, at most one file check per second', () => {
  const keys = lookup();
  expect(keys.check('cpd_live_0000000000000000000000_2Ff7uY').ok).toBe(false); // first file check, t=0
  const { key, record } = createKey(path, { name: 'a', tier: 'free', labels });
  // Created after the check at t=0 and within the same second: not seen yet.
  expect(keys.check(key)).toEqual({ ok: false, reason: 'unknown' });
  clock = 1000;
  expect(keys.check(key).ok).toBe(true);
  revokeKey(path, record.id);
  clock = 1500;
  expect(keys.check(key).ok).toBe(true);
  clock = 2000;
  expect(keys.check(key)).toEqual({ ok: false, reason: 'revoked' });
  rmSync(path);
  clock = 3000;
  expect(keys.check(key)).toEqual({ ok: false, reason: 'unknown' });
});

test('a store damaged as a whole keeps the last good keys, and says so once', () => {
  const { key } = createKey(path, { name: 'a', tier: 'free', labels });
  const keys = lookup();
  expect(keys.check(key).ok).toBe(true);
  writeFileSync(path, '{ half a file');
  for (clock = 1000; clock < 5000; clock += 1000) expect(keys.check(key).ok).toBe(true);
  expect(logs.length).toBe(1);
  expect(logs[0]).toContain('not JSON');
});
