// Two real `canpol serve` processes sharing their buckets through one redis-server (decisions 4),
// and a key minted while they run. Skipped without redis-server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';
import { REDIS_BINARY, startRedis, type RedisServer } from '../../helpers/redis-server.js';

const repo = resolve(import.meta.dir, '../../..');
const BUN = join(repo, 'node_modules/.bin/bun');
let f: Fixture;
let redis: RedisServer;
const servers: Array<{ child: ChildProcess; base: string }> = [];

function serve(args: string[]): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(BUN, ['src/cli/main.ts', 'serve', '--data', f.dbPath, '--port', '0', ...args], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: '' },
  });
  return new Promise((ok, fail) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[^/\s]+)/.exec(err);
      if (m) ok({ child, base: m[1] });
    });
    child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)));
  });
}

describe.skipIf(!REDIS_BINARY)('two serve processes, one Redis', () => {
  beforeAll(async () => {
    f = buildFixture();
    redis = await startRedis();
    // A limit of 10 keeps the test short; the sharing is what is tested.
    const args = ['--redis', redis.url, '--limit-anonymous', '10', '--limits-general', 'free=4,dev=1000,pro=10000'];
    servers.push(await serve(args), await serve(args));
  }, 20_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await redis?.cleanup();
    f?.cleanup();
  });

  test('anonymous requests alternate between the processes and draw from one bucket', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${servers[i % 2].base}/api/public/v1/bills`);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('X-RateLimit-Remaining')!);
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    for (const s of servers) expect((await fetch(`${s.base}/api/public/v1/bills`)).status).toBe(429);
  });

  test('a key minted while they run works on both within a second, with one shared bucket', async () => {
    const made = spawnSync(BUN, ['src/cli/main.ts', 'keys', 'create', '--data', f.dbPath, '--name', 'shared', '--tier', 'free'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(made.status).toBe(0);
    const key = made.stdout.trim();
    await new Promise((r) => setTimeout(r, 1100));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await fetch(`${servers[i % 2].base}/api/public/v1/coverage`, { headers: { Authorization: `Bearer ${key}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
