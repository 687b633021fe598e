// Reloading the data file of a real `canpol serve` under continuous load (issue 7 part 4): a new
// file renamed over --data, or SIGHUP, is checked and served with no failed request; a corrupt
// replacement is refused and the old file keeps serving. Each request is held 20 ms by the
// test-only CANPOL_TEST_DELAY_MS, so requests are in flight on the old file at every swap.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readlinkSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { parsePrometheus } from '../../server/ops/prometheus-parse.js';
import { startServe, type ServeProcess } from '../../server/ops/serve-process.js';
import { scribbledCopy } from '../../helpers/damaged-file.js';

let a: Fixture;
let b: Fixture;
let corrupt: string;
const started: ServeProcess[] = [];

beforeAll(() => {
  a = buildFixture();
  b = buildFixture((r) => {
    r.manifest.name = 'canpol test fixture B';
  });
  corrupt = scribbledCopy(a.dbPath, join(a.dir, 'corrupt.db'));
});
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  a?.cleanup();
  b?.cleanup();
});

let copies = 0;
/** Puts a copy of `from` at `to` the way a release does: written beside it, then renamed over it. */
function replace(from: string, to: string): void {
  const tmp = `${to}.tmp-${copies++}`;
  copyFileSync(from, tmp);
  renameSync(tmp, to);
}

/** Concurrent clients looping over API routes and /health until stopped; every answer is checked. */
function load(base: string, clients = 6) {
  const failures: string[] = [];
  const builds = new Set<string>();
  let requests = 0;
  let stop = false;
  const paths = [
    '/api/public/v1/bills?limit=2',
    `/api/public/v1/politicians/${fixtureIds.alice}`,
    '/api/public/v1/search/speeches?q=housing',
    '/api/public/v1/coverage',
    '/health',
  ];
  const client = async (i: number) => {
    for (let n = i; !stop; n++) {
      const path = paths[n % paths.length];
      try {
        // A bound, so a request that never completes is reported as a failure rather than a hang.
        const res = await fetch(base + path, { signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { build_id?: string };
        if (res.status !== 200) failures.push(`${path}: ${res.status} ${JSON.stringify(body)}`);
        if (path === '/health') builds.add(body.build_id!);
      } catch (err) {
        failures.push(`${path}: ${(err as Error).message}`);
      }
      requests++; // answered or failed: the loops waiting on this count always move on
    }
  };
  const running = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return {
    failures,
    builds,
    requests: () => requests,
    stop: async () => {
      stop = true;
      await running;
    },
  };
}

async function healthBuild(base: string): Promise<string> {
  return ((await (await fetch(`${base}/health`)).json()) as { build_id: string }).build_id;
}

async function untilBuild(s: ServeProcess, id: string): Promise<void> {
  for (let i = 0; (await healthBuild(s.base)) !== id; i++) {
    if (i === 1500) throw new Error(`build ${id} never served; stderr:\n${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The data files the process holds open; a replaced one shows as "(deleted)". */
const openDataFiles = (pid: number, dir: string) =>
  readdirSync(`/proc/${pid}/fd`)
    .map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((p) => p.startsWith(dir) && /serve\.db/.test(p));

describe('reload under load', () => {
  test('a file renamed over --data is served with no failed request; a corrupt one is refused', async () => {
    const path = join(a.dir, 'serve.db');
    copyFileSync(a.dbPath, path);
    // --verify-data full: the scribbled page is a table's, which only the full check reads (the quick
    // default checks the schema, the stored blobs and the build record: test/server/ops/check-data-file.test.ts).
    const s = await startServe(
      ['--data', path, '--rate-limit', 'off', '--log', 'off', '--watch-interval', '100', '--verify-data', 'full'],
      { CANPOL_TEST_DELAY_MS: '20' },
    );
    started.push(s);
    const traffic = load(s.base);
    try {
      await untilBuild(s, a.data.build.id);
      replace(b.dbPath, path);
      await s.waitFor(/reloaded .*serve\.db \(file replaced\): build (\w+) -> (\w+)/);
      await untilBuild(s, b.data.build.id);
      const before = traffic.requests();
      replace(corrupt, path);
      await s.waitFor(/reload \(file replaced\) refused, still serving build \w+: data file .*serve\.db refused: .*(integrity|malformed)/);
      // Traffic went on through the refusal, and B is still what is served.
      while (traffic.requests() < before + 50) await new Promise((r) => setTimeout(r, 20));
      expect(await healthBuild(s.base)).toBe(b.data.build.id);
    } finally {
      await traffic.stop();
    }
    expect(traffic.failures).toEqual([]);
    expect(traffic.requests()).toBeGreaterThan(50);
    expect([...traffic.builds].sort()).toEqual([a.data.build.id, b.data.build.id].sort());
    expect(s.stderr()).toContain(`build ${a.data.build.id} -> ${b.data.build.id}`);
    const m = parsePrometheus(await (await fetch(`${s.base}/metrics`)).text());
    expect(m.value('canpol_data_reloads_total', { result: 'ok' })).toBe(1);
    expect(m.value('canpol_data_reloads_total', { result: 'refused' })).toBe(1);
    expect(
      m.value('canpol_build_info', {
        build_id: b.data.build.id,
        dataset: 'canpol test fixture B',
        schema_version: String(b.data.build.schema_version),
        demo: 'true',
      }),
    ).toBe(1);
    // A was closed once its last request was answered: only B (renamed over by the corrupt file) is open.
    expect(openDataFiles(s.child.pid!, a.dir)).toEqual([`${path} (deleted)`]);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);

  test('SIGHUP reloads (with the watch off), with no failed request', async () => {
    const path = join(b.dir, 'serve.db');
    copyFileSync(a.dbPath, path);
    const s = await startServe(['--data', path, '--rate-limit', 'off', '--log', 'json', '--watch-interval', '0', '--verify-data', 'full'], {
      CANPOL_TEST_DELAY_MS: '20',
    });
    started.push(s);
    const traffic = load(s.base);
    try {
      replace(b.dbPath, path);
      // The watch is off: the new file is not noticed, however long the old one serves.
      while (traffic.requests() < 60) await new Promise((r) => setTimeout(r, 20));
      expect(await healthBuild(s.base)).toBe(a.data.build.id);
      s.child.kill('SIGHUP');
      await s.waitFor(/reloaded .*serve\.db \(SIGHUP\): build \w+ -> \w+/);
      await untilBuild(s, b.data.build.id);
      // A corrupt file and SIGHUP: refused, B keeps serving.
      replace(corrupt, path);
      s.child.kill('SIGHUP');
      await s.waitFor(/reload \(SIGHUP\) refused/);
      expect(await healthBuild(s.base)).toBe(b.data.build.id);
    } finally {
      await traffic.stop();
    }
    expect(traffic.failures).toEqual([]);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    // The reloads are in the JSON log with both build ids.
    const events = s
      .stdout()
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === 'reload');
    expect(
      events.map(({ result, reason, old_build_id, new_build_id, build_id }) => ({ result, reason, old_build_id, new_build_id, build_id })),
    ).toEqual([
      { result: 'ok', reason: 'SIGHUP', old_build_id: a.data.build.id, new_build_id: b.data.build.id, build_id: undefined },
      { result: 'refused', reason: 'SIGHUP', old_build_id: undefined, new_build_id: undefined, build_id: b.data.build.id },
    ]);
    // The request log names the build each request was answered from: both appear.
    const served = new Set(
      s
        .stdout()
        .map((l) => JSON.parse(l))
        .filter((e) => e.path === '/health')
        .map((e) => e.build_id),
    );
    expect([...served].sort()).toEqual([a.data.build.id, b.data.build.id].sort());
  }, 60_000);

  test('a FIFO renamed over --data: the reload is refused at once (no hang) and the old file keeps serving', async () => {
    const path = join(b.dir, 'fifo-serve.db');
    copyFileSync(a.dbPath, path);
    const s = await startServe(['--data', path, '--rate-limit', 'off', '--log', 'off', '--watch-interval', '0'], {});
    started.push(s);
    const fifo = join(b.dir, 'a.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    renameSync(fifo, path);
    s.child.kill('SIGHUP');
    await s.waitFor(
      /reload \(SIGHUP\) refused, still serving build \w+: data file .*fifo-serve\.db refused: it is a FIFO \(named pipe\), not a regular file/,
    );
    const t0 = performance.now();
    expect(await healthBuild(s.base)).toBe(a.data.build.id);
    expect(performance.now() - t0).toBeLessThan(1000);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);
});
