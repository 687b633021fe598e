import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKey, hashKey, KeyStoreError, listKeys, revokeKey } from '../../../src/server/auth/key-admin.js';
import { keyProblem } from '../../../src/server/auth/key-format.js';
import { keyStorePath, readKeyStore } from '../../../src/server/auth/key-store-file.js';
import { tempDir } from '../../helpers/fixture.js';

const labels = { prefix: 'cpd', env: 'live' };
let dir: string;
let path: string;
beforeEach(() => {
  dir = tempDir('canpol-keys-');
  path = join(dir, 'canpol.keys.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the default path sits beside the data file', () => {
  expect(keyStorePath('<data>.keys.json', '/srv/canpol/canpol.db')).toBe('/srv/canpol/canpol.keys.json');
  expect(keyStorePath('<data>.keys.json', 'data/real.db')).toBe('data/real.keys.json');
  expect(keyStorePath('/etc/canpol/keys.json', '/srv/x.db')).toBe('/etc/canpol/keys.json');
});

describe('create, list, revoke', () => {
  test('only the hash is stored; the plaintext is returned once', () => {
    const { key, record } = createKey(path, { name: 'Alice research', tier: 'dev', labels, now: new Date('2026-11-02T10:00:00.123Z') });
    expect(keyProblem(key)).toBeNull();
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(9, 31)); // not even the random part
    expect(record).toEqual({
      id: record.id,
      name: 'Alice research',
      tier: 'dev',
      sha256: hashKey(key),
      hint: key.slice(-6),
      created_at: '2026-11-02T10:00:00Z',
      revoked_at: null,
    });
    expect(record.id).toMatch(/^[0-9a-f]{12}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  test('list shows every key; revoke stamps the first revocation time only', () => {
    const a = createKey(path, { name: 'a', tier: 'free', labels }).record;
    const b = createKey(path, { name: 'b', tier: 'pro', labels }).record;
    expect(listKeys(path).map((k) => k.name)).toEqual(['a', 'b']);
    expect(revokeKey(path, a.id, new Date('2026-11-03T00:00:00Z')).revoked_at).toBe('2026-11-03T00:00:00Z');
    expect(revokeKey(path, a.id, new Date('2026-11-04T00:00:00Z')).revoked_at).toBe('2026-11-03T00:00:00Z');
    expect(listKeys(path).find((k) => k.id === b.id)!.revoked_at).toBeNull();
    expect(() => revokeKey(path, 'ffffffffffff')).toThrow(KeyStoreError);
  });

  test('no file is an empty store', () => {
    expect(listKeys(path)).toEqual([]);
    expect(readKeyStore(path)).toEqual({ keys: [], problems: [], exists: false });
  });

  test('a damaged store is reported and never overwritten', () => {
    writeFileSync(path, '{"format": 1, "keys": [');
    expect(() => createKey(path, { name: 'x', tier: 'free', labels })).toThrow(/not JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{"format": 1, "keys": [');
    writeFileSync(path, JSON.stringify({ format: 1, keys: [{ id: 'nothex', name: 'x' }] }));
    expect(readKeyStore(path).problems).toEqual([`${path}: keys[0]: id must be 12 hex characters`]);
    expect(() => revokeKey(path, 'nothex')).toThrow(KeyStoreError);
  });
});
