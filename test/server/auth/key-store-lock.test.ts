// The key store's lock (src/auth/key-store-lock.ts): one holder at a time, stale locks broken, a
// lock taken over refuses the write.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createKey } from '../../../src/server/auth/key-admin.js';
import { writeKeyStore } from '../../../src/server/auth/key-store-file.js';
import { KeyStoreLockError, withKeyStoreLock } from '../../../src/server/auth/key-store-lock.js';
import { tempDir } from '../../helpers/fixture.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('canpol-key-lock-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const labels = { prefix: 'cpd', env: 'live' };

test('a second writer waits, then gives up naming the holder; the lock is removed after', () => {
  const store = join(dir, 'held.keys.json');
  withKeyStoreLock(store, () => {
    expect(existsSync(`${store}.lock`)).toBe(true);
    const t0 = performance.now();
    expect(() => withKeyStoreLock(store, () => 1, { waitMs: 100 })).toThrow(new RegExp(`held \\(pid ${process.pid} on `));
    expect(performance.now() - t0).toBeGreaterThanOrEqual(100);
  });
  expect(existsSync(`${store}.lock`)).toBe(false);
});

test('a lock left by a process that has exited, or older than a minute, is broken', () => {
  const store = join(dir, 'stale.keys.json');
  const gone = spawnSync('true').pid!; // exited: its pid no longer runs (reused within the test: unlikely)
  writeFileSync(`${store}.lock`, JSON.stringify({ pid: gone, host: hostname(), token: 'x' }));
  createKey(store, { name: 'a', tier: 'free', labels });
  writeFileSync(`${store}.lock`, JSON.stringify({ pid: process.pid, host: 'another-host', token: 'y' }));
  const old = new Date(Date.now() - 120_000);
  utimesSync(`${store}.lock`, old, old);
  createKey(store, { name: 'b', tier: 'free', labels });
  expect(JSON.parse(readFileSync(store, 'utf8')).keys).toHaveLength(2);
  expect(readdirSync(dir).filter((f) => f.startsWith('stale') && f !== 'stale.keys.json')).toEqual([]);
});

test('a holder whose lock was taken over writes nothing', () => {
  const store = join(dir, 'taken.keys.json');
  createKey(store, { name: 'kept', tier: 'free', labels });
  const before = readFileSync(store, 'utf8');
  expect(() =>
    withKeyStoreLock(store, (lock) => {
      writeFileSync(`${store}.lock`, JSON.stringify({ pid: 1, host: hostname(), token: 'someone else' }));
      writeKeyStore(store, [], lock.check);
    }),
  ).toThrow(KeyStoreLockError);
  expect(readFileSync(store, 'utf8')).toBe(before);
  expect(readdirSync(dir).filter((f) => f.startsWith('.taken'))).toEqual([]); // no temporary file left
  rmSync(`${store}.lock`);
});

test("a symlink at the lock's path is not followed", () => {
  const store = join(dir, 'link.keys.json');
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'untouched');
  symlinkSync(victim, `${store}.lock`);
  expect(() => withKeyStoreLock(store, () => 1, { waitMs: 50 })).toThrow(KeyStoreLockError);
  expect(readFileSync(victim, 'utf8')).toBe('untouched');
});
