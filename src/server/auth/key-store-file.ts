// The key store: a JSON file beside the data file (never inside it: the data file is read-only and
// shared). It holds only SHA-256 hashes of keys. Writes go to a temporary file renamed over the old
// one, so a server reloading it never sees half a file; writers take its lock (key-store-lock.ts).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { isTier, type Tier } from './tiers.js';

export interface KeyRecord {
  /** Short public id, for `keys revoke` and logs; not derived from the key. */
  id: string;
  name: string;
  tier: Tier;
  /** Hex SHA-256 of the whole key text. */
  sha256: string;
  /** The key's checksum part, so an operator can tell which key a client means without the secret. */
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

export interface KeyStoreContent {
  format: 1;
  keys: KeyRecord[];
}

export interface KeyStoreRead {
  keys: KeyRecord[];
  /** One line per record or file problem; records with a problem are left out. */
  problems: string[];
  /** False when there is no file yet (an empty store). */
  exists: boolean;
}

/** `<data>` in the setting stands for the data file's path without its extension. */
export function keyStorePath(setting: string, dataPath: string): string {
  const stem = join(dirname(dataPath), basename(dataPath, extname(dataPath)));
  return setting.replaceAll('<data>', stem);
}

const HEX64 = /^[0-9a-f]{64}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function recordProblem(r: Record<string, unknown>): string | null {
  if (typeof r.id !== 'string' || !/^[0-9a-f]{12}$/.test(r.id)) return 'id must be 12 hex characters';
  if (typeof r.name !== 'string') return 'name must be a string';
  if (!isTier(r.tier)) return 'tier must be free, dev or pro';
  if (typeof r.sha256 !== 'string' || !HEX64.test(r.sha256)) return 'sha256 must be 64 hex characters';
  if (typeof r.hint !== 'string') return 'hint must be a string';
  if (typeof r.created_at !== 'string' || !ISO.test(r.created_at)) return 'created_at must be an ISO timestamp';
  if (r.revoked_at !== null && (typeof r.revoked_at !== 'string' || !ISO.test(r.revoked_at)))
    return 'revoked_at must be null or an ISO timestamp';
  return null;
}

export function parseKeyStore(text: string, path: string): Omit<KeyStoreRead, 'exists'> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { keys: [], problems: [`${path}: not JSON (${(err as Error).message})`] };
  }
  const d = doc as Partial<KeyStoreContent> | null;
  if (!d || typeof d !== 'object' || d.format !== 1 || !Array.isArray(d.keys)) {
    return { keys: [], problems: [`${path}: expected {"format": 1, "keys": [...]}`] };
  }
  const keys: KeyRecord[] = [];
  const problems: string[] = [];
  d.keys.forEach((r, i) => {
    const problem = r && typeof r === 'object' ? recordProblem(r as unknown as Record<string, unknown>) : 'not an object';
    if (problem) problems.push(`${path}: keys[${i}]: ${problem}`);
    else keys.push(r);
  });
  return { keys, problems };
}

export function readKeyStore(path: string): KeyStoreRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { keys: [], problems: [], exists: false };
    return { keys: [], problems: [`${path}: ${(err as Error).message}`], exists: true };
  }
  return { ...parseKeyStore(text, path), exists: true };
}

/** Writes the store whole. The temporary file has a random name and is created with O_EXCL (and
 *  O_NOFOLLOW), so a file or symlink planted at a guessable name cannot redirect the write.
 *  `beforeRename` may refuse the write at the last moment (the lock's check). */
export function writeKeyStore(path: string, keys: KeyRecord[], beforeRename?: () => void): void {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
  const content: KeyStoreContent = { format: 1, keys };
  // 0600: hashes are not keys, but there is no reason for other users to read them.
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    try {
      writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    beforeRename?.();
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
