import { afterAll, beforeAll, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keyProblem } from '../../../src/server/auth/key-format.js';
import { keysCommand } from '../../../src/cli/commands/keys.js';
import { tempDir } from '../../helpers/fixture.js';

const repo = resolve(import.meta.dir, '../../..');
let dir: string;
beforeAll(() => {
  dir = tempDir('canpol-keys-cli-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(action: string | undefined, args: string[] = [], extra: { name?: string; tier?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = keysCommand({
    action,
    args,
    ...extra,
    data: join(dir, 'canpol.db'),
    keys: '<data>.keys.json',
    keyPrefix: 'cpd',
    keyEnv: 'live',
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err: err.join('\n') };
}

test('create prints the key alone on stdout, once; list never shows it; revoke marks it', () => {
  const made = run('create', [], { name: 'Alice', tier: 'dev' });
  expect(made.code).toBe(0);
  expect(made.out).toHaveLength(1);
  const key = made.out[0];
  expect(keyProblem(key)).toBeNull();
  expect(made.err).toContain('only time the key is shown');
  const store = join(dir, 'canpol.keys.json');
  expect(existsSync(store)).toBe(true);
  expect(readFileSync(store, 'utf8')).not.toContain(key);

  const listed = run('list');
  expect(listed.out[0]).toBe('id\ttier\tcreated_at\trevoked_at\tends_with\tname');
  const [id, tier, , revoked, hint, name] = listed.out[1].split('\t');
  expect([tier, revoked, hint, name]).toEqual(['dev', '-', key.slice(-6), 'Alice']);
  expect(listed.out.join('\n')).not.toContain(key.slice(9, 31));

  expect(run('revoke', [id]).code).toBe(0);
  expect(run('list').out[1].split('\t')[3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(run('revoke', ['000000000000'])).toMatchObject({ code: 1 });
});

test('usage errors exit 2', () => {
  expect(run('create', [], { name: 'x', tier: 'gold' }).code).toBe(2);
  expect(run('create', [], { tier: 'free' }).code).toBe(2);
  expect(run('create', [], { name: '   ', tier: 'free' }).code).toBe(2);
  expect(run('revoke').code).toBe(2);
  expect(run('list', ['extra']).code).toBe(2);
  expect(run(undefined).code).toBe(2);
  expect(run('rotate').code).toBe(2);
});

test('through the CLI: flags and settings reach the command', () => {
  const keysFile = join(dir, 'elsewhere.json');
  const r = spawnSync(
    join(repo, 'node_modules/.bin/bun'),
    ['src/cli/main.ts', 'keys', 'create', '--name', 'ci', '--tier', 'pro', '--keys', keysFile, '--key-prefix', 'acme', '--key-env', 'test'],
    { cwd: repo, encoding: 'utf8' },
  );
  expect(r.status).toBe(0);
  expect(r.stdout.trim()).toMatch(/^acme_test_[0-9A-Za-z]{22}_[0-9A-Za-z]{6}$/);
  expect(JSON.parse(readFileSync(keysFile, 'utf8')).keys[0]).toMatchObject({ name: 'ci', tier: 'pro' });
  const bad = spawnSync(join(repo, 'node_modules/.bin/bun'), ['src/cli/main.ts', 'keys', 'list', '--key-prefix', 'Bad_Prefix'], {
    cwd: repo,
    encoding: 'utf8',
  });
  expect(bad.status).toBe(1);
  expect(bad.stderr).toContain('--key-prefix must be 1-16 lower-case letters or digits');
});
