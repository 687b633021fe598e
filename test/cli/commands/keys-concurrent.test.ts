// `canpol keys` with concurrent processes (issue 45 item 2): the bundle under Node, as an operator
// runs it; each create that printed a key stored it, and a revoke that said so stays revoked.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashKey } from '../../../src/server/auth/key-admin.js';
import { tempDir } from '../../helpers/fixture.js';
import { buildBundle } from '../../server/ops/serve-process.js';

const repo = resolve(import.meta.dir, '../../..');
const NODE = join(repo, 'node_modules/.bin/node');
let dir: string;
beforeAll(() => {
  dir = tempDir('canpol-keys-concurrent-');
  buildBundle();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keys(store: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(NODE, [join(repo, 'dist/canpol.mjs'), 'keys', ...args, '--keys', store], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise((r) => child.once('exit', (code) => r({ code, out, err })));
}

const stored = (store: string) =>
  JSON.parse(readFileSync(store, 'utf8')).keys as Array<{ id: string; sha256: string; revoked_at: string | null }>;

test('20 concurrent creates: every key printed is stored; no temporary or lock file is left', async () => {
  const store = join(dir, 'twenty.keys.json');
  const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => keys(store, 'create', '--name', `client ${i}`, '--tier', 'free')));
  for (const r of runs) expect(r).toMatchObject({ code: 0 });
  const printed = runs.map((r) => r.out.trim());
  expect(new Set(printed).size).toBe(20);
  expect(
    stored(store)
      .map((k) => k.sha256)
      .sort(),
  ).toEqual(printed.map(hashKey).sort());
  expect(readdirSync(dir).filter((f) => f.startsWith('.twenty') || f.includes('.lock'))).toEqual([]);
}, 240_000); // 20 processes loading the bundle at once took 52 s at load 40

test('a revoke racing 10 creates is never undone', async () => {
  const store = join(dir, 'race.keys.json');
  for (let trial = 0; trial < 3; trial++) {
    const first = await keys(store, 'create', '--name', `victim ${trial}`, '--tier', 'dev');
    const id = stored(store).find((k) => k.sha256 === hashKey(first.out.trim()))!.id;
    const runs = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => keys(store, 'create', '--name', `before ${i}`, '--tier', 'free')),
      keys(store, 'revoke', id),
      ...Array.from({ length: 5 }, (_, i) => keys(store, 'create', '--name', `after ${i}`, '--tier', 'free')),
    ]);
    for (const r of runs) expect(r).toMatchObject({ code: 0 });
    expect(runs[5].err).toContain('revoked');
    expect(stored(store).find((k) => k.id === id)!.revoked_at).not.toBeNull();
    expect(stored(store)).toHaveLength(11 * (trial + 1));
  }
}, 300_000);
