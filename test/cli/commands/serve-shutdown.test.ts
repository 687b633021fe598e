// Graceful shutdown of a real `canpol serve` (issue 7 part 4): on SIGTERM it stops accepting, lets
// the request in flight finish, and exits 0; a request outlasting --shutdown-timeout is cut off.
// Requests are held in flight with the test-only CANPOL_TEST_DELAY_MS (docs/operations.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';
import { startServe, type ServeProcess } from '../../server/ops/serve-process.js';

let f: Fixture;
const started: ServeProcess[] = [];
beforeAll(() => {
  f = buildFixture();
});
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  f?.cleanup();
});

const serve = async (args: string[], env: Record<string, string>) => {
  const s = await startServe(['--data', f.dbPath, '--rate-limit', 'off', '--log', 'off', ...args], env);
  started.push(s);
  return s;
};

/** Waits until the server counts `n` requests in flight (the delay holds API requests, not /metrics). */
async function untilInFlight(s: ServeProcess, n: number): Promise<void> {
  for (;;) {
    const text = await (await fetch(`${s.base}/metrics`)).text();
    if (new RegExp(`^canpol_http_requests_in_flight ${n + 1}$`, 'm').test(text)) return; // + the scrape itself
  }
}

describe('SIGTERM', () => {
  test('the request in flight is answered, new connections are refused, the process exits 0', async () => {
    const s = await serve([], { CANPOL_TEST_DELAY_MS: '1500' });
    // An idle kept-alive connection must not hold the shutdown: open one first.
    expect((await fetch(`${s.base}/health`)).status).toBe(200);
    const held = fetch(`${s.base}/api/public/v1/bills?limit=1`);
    await untilInFlight(s, 1);
    s.child.kill('SIGTERM');
    await s.waitFor(/SIGTERM, no longer accepting connections; 1 request\(s\) in flight/);
    await expect(fetch(`${s.base}/health`, { headers: { Connection: 'close' } })).rejects.toThrow();
    const res = await held;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(await s.exited).toBe(0);
    expect(s.stderr()).toContain('canpol: stopped');
    expect(s.stderr()).not.toContain('still in flight');
  }, 20_000);

  test('a request outlasting --shutdown-timeout has its connection closed, and the process still exits 0', async () => {
    const s = await serve(['--shutdown-timeout', '1'], { CANPOL_TEST_DELAY_MS: '60000' });
    const held = fetch(`${s.base}/api/public/v1/coverage`).then(
      (r) => r.status,
      (err: Error) => err,
    );
    await untilInFlight(s, 1);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.stderr()).toMatch(/1 request\(s\) still in flight after 1000 ms; closing their connections/);
    expect(await held).toBeInstanceOf(Error);
  }, 20_000);
});
