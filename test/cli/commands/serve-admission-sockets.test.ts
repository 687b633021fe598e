// Admission cannot leak (issue 45 item 1): a real `canpol serve` driven over raw sockets through each
// way a request or its connection can end (answered, aborted, destroyed with a pipeline queued
// behind it, cut by the timeout, pipelined behind a request Node rejects), after which nothing is
// left in flight and a new client's API request is answered 200. /health reports the count and
// answers 503 when the in-flight bound is reached.
import { describe, expect, test } from 'bun:test';
import { connect, type Socket } from 'node:net';
import { parsePrometheus } from '../../server/ops/prometheus-parse.js';
import { fixtureServers, type Runtime, type ServeProcess } from '../../server/ops/serve-process.js';

const { serve } = fixtureServers();

const open = (base: string) =>
  new Promise<Socket>((done, fail) => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname, () => done(socket));
    socket.once('error', fail);
  });

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;

async function metric(s: ServeProcess, name: string): Promise<number> {
  return parsePrometheus(await (await fetch(`${s.base}/metrics`)).text()).value(name, {}) ?? 0;
}

/** Requests in flight other than the scrape asking, once the count has settled (or the last seen). */
async function settledInFlight(s: ServeProcess, deadlineMs = 5000): Promise<number> {
  const until = performance.now() + deadlineMs;
  let n = -1;
  while (performance.now() < until) {
    n = (await metric(s, 'canpol_http_requests_in_flight')) - 1;
    if (n === 0) return 0;
    await Bun.sleep(50);
  }
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Resolves once the server has ended the connection (Bun's client may emit only 'end'). */
const closed = (socket: Socket) =>
  new Promise<void>((r) => {
    socket.on('error', () => {});
    socket.resume();
    if (socket.destroyed) return r();
    socket.once('end', () => {
      socket.destroy();
      r();
    });
    socket.once('close', () => r());
  });

for (const runtime of ['node', 'bun'] as Runtime[]) {
  describe(`serve on ${runtime}: a slot is released exactly once`, () => {
    test('answered, aborted, destroyed with a pipeline queued, pipelined behind a >16 KB header request: nothing stays in flight; a new client gets 200', async () => {
      const s = await serve(['--rate-limit', 'off', '--log', 'off', '--max-in-flight', '64'], {}, { runtime });
      const api = `${s.base}/api/public/v1/coverage`;

      // Answered: pipelined requests read to the end.
      const a = await open(s.base);
      let got = '';
      a.on('data', (d) => {
        got += d;
      });
      a.write(get('/health').repeat(20));
      while ((got.match(/HTTP\/1\.1 200/g) ?? []).length < 20) await sleep(10);
      a.destroy();
      expect(await settledInFlight(s)).toBe(0);

      // Destroyed with a pipeline queued: 40 connections each write 10 GETs and close unread.
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const c = await open(s.base);
          c.write((i % 2 ? get('/health') : get('/api/public/v1/coverage')).repeat(10));
          await sleep(5);
          c.destroy();
        }),
      );
      expect(await settledInFlight(s)).toBe(0);

      // Pipelined behind a request Node rejects (headers over 16 KB): the requests before it were
      // queued when the parser failed and the socket was closed.
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const c = await open(s.base);
          c.write(get('/api/public/v1/coverage').repeat(8) + get('/health', `X-Big: ${'b'.repeat(20_000)}\r\n`));
          await closed(c);
        }),
      );
      expect(await settledInFlight(s)).toBe(0);

      // More rounds than --max-in-flight could hold had any slot leaked.
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          Array.from({ length: 40 }, async () => {
            const c = await open(s.base);
            c.write(get('/api/public/v1/coverage').repeat(10));
            c.destroy();
          }),
        );
      }
      expect(await settledInFlight(s)).toBe(0);
      const res = await fetch(api);
      expect(res.status).toBe(200);
      await res.arrayBuffer(); // answered whole: not in flight any more
      const health = (await (await fetch(`${s.base}/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ status: 'ok', in_flight: 1 }); // itself
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 60_000);

    test('aborted while held and cut by the timeout: released; /health answers 503 while the bound is reached and 200 after', async () => {
      // Every API request is held 1.5 s; a connection idle 1 s is closed (--request-timeout).
      const s = await serve(
        ['--rate-limit', 'off', '--log', 'off', '--max-in-flight', '4', '--request-timeout', '1', '--headers-timeout', '1'],
        { CANPOL_TEST_DELAY_MS: '1500' },
        { runtime },
      );
      // Aborted: four held requests, their clients gone before the answer.
      const aborted = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const c = await open(s.base);
          c.write(get('/api/public/v1/coverage'));
          return c;
        }),
      );
      await sleep(300);
      const full = await fetch(`${s.base}/health`);
      expect(full.status).toBe(503);
      expect(await full.json()).toMatchObject({ statusCode: 503, code: 'server_overloaded', error: 'Service Unavailable' });
      for (const c of aborted) c.destroy();
      expect(await settledInFlight(s)).toBe(0);
      expect((await fetch(`${s.base}/health`)).status).toBe(200);

      // Timed out: a pipeline of held requests outlasts the idle limit; the server closes the socket.
      const cut = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const c = await open(s.base);
          c.write(get('/api/public/v1/coverage').repeat(5));
          return c;
        }),
      );
      await Promise.all(cut.map(closed));
      expect(await settledInFlight(s)).toBe(0);
      expect(await metric(s, 'canpol_http_requests_overdue')).toBe(0);
      const health = await fetch(`${s.base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', in_flight: 1 });
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 60_000);
  });
}
