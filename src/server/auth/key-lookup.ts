// The server's view of the key store: verifies a presented key against the stored hashes and picks
// up `canpol keys` changes without a restart. The file is stat'ed at most once per `recheckMs`, so
// a busy server pays one stat per second, not one per request.
import { statSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import { hashKey } from './key-admin.js';
import { keyProblem, type KeyLabels, type KeyProblem } from './key-format.js';
import { readKeyStore, type KeyRecord } from './key-store-file.js';

export type KeyCheck = { ok: true; key: KeyRecord } | { ok: false; reason: KeyProblem | 'unknown' | 'revoked' };

export interface KeyLookupOptions {
  path: string;
  labels: KeyLabels;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  recheckMs?: number;
  /** Problems found when (re)loading; the last good keys stay in use. */
  log?: (message: string) => void;
}

function fileVersion(path: string): string {
  try {
    const s = statSync(path);
    // The inode changes on every rename-over write, so equal mtimes cannot hide an edit.
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return 'absent';
  }
}

export function createKeyLookup({ path, labels, now = Date.now, recheckMs = 1000, log = console.error }: KeyLookupOptions) {
  // Indexed by the first 16 hex digits of the hash, then compared in full in constant time. The
  // index is over hashes, so lookup timing says nothing useful about any key.
  let byPrefix = new Map<string, KeyRecord[]>();
  let version = '';
  let checkedAt = -Infinity;

  function load(): void {
    const v = fileVersion(path);
    if (v === version) return;
    const read = readKeyStore(path);
    for (const p of read.problems) log(`canpol: key store: ${p}`);
    version = v;
    // A file that is damaged as a whole (say, hand-edited mid-way) must not lock every client out.
    if (read.problems.length && !read.keys.length && read.exists) return;
    const index = new Map<string, KeyRecord[]>();
    for (const k of read.keys) index.set(k.sha256.slice(0, 16), [...(index.get(k.sha256.slice(0, 16)) ?? []), k]);
    byPrefix = index;
  }

  function refresh(): void {
    const t = now();
    if (t - checkedAt < recheckMs) return;
    checkedAt = t;
    load();
  }

  return {
    /** Loads now; `serve` calls it at start so a broken store is reported before the first request. */
    refresh: () => {
      checkedAt = -Infinity;
      refresh();
    },
    get size() {
      refresh();
      return [...byPrefix.values()].reduce((n, ks) => n + ks.length, 0);
    },
    check(presented: string): KeyCheck {
      // Checked before any lookup: a mistyped or foreign key costs no hash and no file check.
      const problem = keyProblem(presented, labels);
      if (problem) return { ok: false, reason: problem };
      refresh();
      const hash = hashKey(presented);
      const given = Buffer.from(hash, 'hex');
      const found = (byPrefix.get(hash.slice(0, 16)) ?? []).find((k) => timingSafeEqual(Buffer.from(k.sha256, 'hex'), given));
      if (!found) return { ok: false, reason: 'unknown' };
      return found.revoked_at === null ? { ok: true, key: found } : { ok: false, reason: 'revoked' };
    },
  };
}

export type KeyLookup = ReturnType<typeof createKeyLookup>;
