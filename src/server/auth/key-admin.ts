// What `canpol keys` does to the key store: mint, list, revoke. The plaintext key exists only in
// the return value of createKey; the store keeps its hash.
import { createHash, randomBytes } from 'node:crypto';
import { CHECKSUM_LENGTH, mintKey, type KeyLabels } from './key-format.js';
import { readKeyStore, writeKeyStore, type KeyRecord } from './key-store-file.js';
import { KeyStoreLockError, withKeyStoreLock } from './key-store-lock.js';
import type { Tier } from './tiers.js';

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const isoSecond = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class KeyStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyStoreError';
  }
}

/** The store's records; refuses to go on over a damaged file rather than overwrite it. */
function loadForChange(path: string): KeyRecord[] {
  const read = readKeyStore(path);
  if (read.problems.length) throw new KeyStoreError(`the key store has problems; fix or move it first:\n  ${read.problems.join('\n  ')}`);
  return read.keys;
}

/** A read-modify-write of the store under its lock: what is read is what the write replaces. */
function changing<T>(path: string, change: (keys: KeyRecord[], write: (keys: KeyRecord[]) => void) => T): T {
  try {
    return withKeyStoreLock(path, (lock) => change(loadForChange(path), (keys) => writeKeyStore(path, keys, lock.check)));
  } catch (err) {
    if (err instanceof KeyStoreLockError) throw new KeyStoreError(err.message);
    throw err;
  }
}

export function createKey(
  path: string,
  o: { name: string; tier: Tier; labels: KeyLabels; now?: Date },
): { key: string; record: KeyRecord } {
  return changing(path, (keys, write) => {
    const key = mintKey(o.labels);
    const record: KeyRecord = {
      id: randomBytes(6).toString('hex'),
      name: o.name,
      tier: o.tier,
      sha256: hashKey(key),
      hint: key.slice(-CHECKSUM_LENGTH),
      created_at: isoSecond(o.now ?? new Date()),
      revoked_at: null,
    };
    write([...keys, record]);
    return { key, record };
  });
}

export function listKeys(path: string): KeyRecord[] {
  return loadForChange(path);
}

/** The revoked record; revoking twice keeps the first revocation time. */
export function revokeKey(path: string, id: string, now = new Date()): KeyRecord {
  return changing(path, (keys, write) => {
    const found = keys.find((k) => k.id === id);
    if (!found) throw new KeyStoreError(`no key with id ${JSON.stringify(id)} in ${path}`);
    found.revoked_at ??= isoSecond(now);
    write(keys);
    return found;
  });
}
