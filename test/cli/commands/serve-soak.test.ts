// Bounded everywhere (issue 21 item 1): a real `canpol serve`, driven through each way a client or a
// log reader could make it hold memory without end, on both runtimes canpol ships on (Node runs the
// bundle, as `make run`; Bun runs the sources, as the single binary). Each case states its bound on
// resident memory and asserts it, with the counter that shows the bound at work.
import { describe, expect, test } from 'bun:test';
import { connect, type Socket } from 'node:net';
import { parsePrometheus } from '../../server/ops/prometheus-parse.js';
import { fixtureServers, rssOf, type Runtime, type ServeProcess } from '../../server/ops/serve-process.js';

const MB = 1024 * 1024;
const { serve } = fixtureServers();

/** `total` GETs over `concurrency` keep-alive loops; returns the statuses seen. */
async function drive(total: number, concurrency: number, request: (i: number) => [string, RequestInit?]): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const [url, init] = request(next++);
        const res = await fetch(url, init);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

async function metric(s: ServeProcess, name: string, labels: Record<string, string> = {}): Promise<number> {
  return parsePrometheus(await (await fetch(`${s.base}/metrics`)).text()).value(name, labels) ?? 0;
}

/** Resolves once the socket is closed by the server: how long it took, and what it was told. */
function closedAfter(socket: Socket): Promise<{ ms: number; got: string }> {
  const t0 = performance.now();
  let got = '';
  socket.on('data', (d) => {
    got += d;
  });
  socket.on('error', () => {});
  return new Promise((done) => socket.once('close', () => done({ ms: performance.now() - t0, got })));
}

const open = (base: string) =>
  new Promise<Socket>((done, fail) => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname, () => done(socket));
    socket.once('error', fail);
  });

for (const runtime of ['node', 'bun'] as Runtime[]) {
  describe(`serve on ${runtime}`, () => {
    test('a log reader that stops reading: unwritten lines stay under 1 M characters, the rest are dropped and counted; RSS grows < 32 MB over 30,000 requests of 2.2 kB lines (71-86 MB without the bound); the reader exiting turns the log off', async () => {
      const s = await serve(['--rate-limit', 'off', '--log', 'json'], {}, { runtime, stdout: 'unread' });
      const pad = 'p'.repeat(2000); // logged as sent: each line is ~2.2 kB
      const url = `${s.base}/health?pad=${pad}`;
      await drive(2000, 8, () => [url]); // warm up, and fill the pipe (64 kB) that nobody reads
      const before = rssOf(s.child.pid!);
      const statuses = await drive(30_000, 16, () => [url]);
      const grown = rssOf(s.child.pid!) - before;
      expect(statuses).toEqual({ 200: 30_000 });
      expect(grown).toBeLessThan(32 * MB);
      expect(await metric(s, 'canpol_log_lines_dropped_total')).toBeGreaterThan(15_000);
      expect(s.stderr()).toMatch(/canpol: request log: stdout is not being read \(\d+ characters waiting\); dropping log lines/);

      // The reader exits: the server says so once and keeps answering, logging nothing more.
      s.child.stdout!.destroy();
      await drive(500, 4, () => [url]);
      await s.waitFor(
        /canpol: request log stopped: writing to stdout failed \(EPIPE: its reader has gone\); request logging is off from now on/,
      );
      expect((await fetch(`${s.base}/api/public/v1/coverage`)).status).toBe(200);
      expect(s.child.exitCode).toBeNull();
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 90_000);

    test('20,000 client addresses through a trusted proxy: at most --limit-clients counters are held, the least recently seen evicted (counted); RSS grows < 128 MB', async () => {
      const s = await serve(
        ['--rate-limit', 'on', '--limit-anonymous', '1000000', '--limit-clients', '500', '--trusted-proxies', '127.0.0.1', '--log', 'off'],
        {},
        { runtime },
      );
      const url = `${s.base}/api/public/v1/coverage`;
      const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      await drive(200, 8, (i) => [url, { headers: { 'X-Forwarded-For': address(1_000_000 + i) } }]); // warm up: 200 of the 500
      const before = rssOf(s.child.pid!);
      const statuses = await drive(20_000, 16, (i) => [url, { headers: { 'X-Forwarded-For': address(i) } }]);
      const grown = rssOf(s.child.pid!) - before;
      expect(statuses).toEqual({ 200: 20_000 });
      // The exact bucket counts below are what shows the cap holds: 20,000 counters would be a few MB,
      // less than the collector's own swing. RSS only guards against a gross leak (a request's worth
      // kept per address). On Node it grows < 24 MB or, when no major collection has run yet, 80-84 MB
      // (3 of 8 runs on 2026-11-28, at main and at d6f7630, alone and in the suite: the old bound of
      // 24 MB made the test flaky); Bun's allocator kept 33.5 MB in one CI run.
      expect(grown).toBeLessThan(128 * MB);
      expect(await metric(s, 'canpol_rate_limit_buckets')).toBe(500);
      expect(await metric(s, 'canpol_rate_limit_evictions_total')).toBe(19_700); // 20,200 addresses, 500 kept
      // A newcomer is counted from zero, not refused for the table being full.
      const res = await fetch(url, { headers: { 'X-Forwarded-For': '192.0.2.55' } });
      expect(res.headers.get('X-RateLimit-Remaining')).toBe(String(1_000_000 - 1));
      // One of the last 500 seen keeps its count; one evicted long ago starts again.
      const recent = await fetch(url, { headers: { 'X-Forwarded-For': address(19_999) } });
      expect(recent.headers.get('X-RateLimit-Remaining')).toBe(String(1_000_000 - 2));
      const evicted = await fetch(url, { headers: { 'X-Forwarded-For': address(1_000_000) } });
      expect(evicted.headers.get('X-RateLimit-Remaining')).toBe(String(1_000_000 - 1));
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 90_000);

    test('requests in flight past --max-in-flight are answered 503 server_overloaded at once with Retry-After; /health still answers', async () => {
      // Every API request is held 3 s in flight (CANPOL_TEST_DELAY_MS).
      const s = await serve(['--rate-limit', 'off', '--log', 'off', '--max-in-flight', '4'], { CANPOL_TEST_DELAY_MS: '3000' }, { runtime });
      const t0 = performance.now();
      const answers = Array.from({ length: 10 }, (_, i) =>
        fetch(`${s.base}/api/public/v1/bills?limit=${i + 1}`).then(async (r) => ({
          status: r.status,
          ms: performance.now() - t0,
          retry: r.headers.get('Retry-After'),
          body: r.status === 503 ? await r.json() : await r.arrayBuffer(),
        })),
      );
      const refused = (await Promise.all(answers)).filter((a) => a.status === 503);
      expect(refused).toHaveLength(6);
      for (const r of refused) {
        expect(r.retry).toBe('1');
        expect(r.body).toMatchObject({ statusCode: 503, code: 'server_overloaded', error: 'Service Unavailable' });
      }
      expect((await Promise.all(answers)).filter((a) => a.status === 200)).toHaveLength(4);
      expect(Math.min(...refused.map((r) => r.ms))).toBeLessThan(2000); // refused at once, not after the 3 s hold
      expect(await metric(s, 'canpol_http_requests_shed_total', { reason: 'in_flight' })).toBe(6);
      expect(s.stderr()).toMatch(/canpol: overloaded \(4 requests in flight\): answering 503 server_overloaded/);
      const health = fetch(`${s.base}/health`);
      const held = Array.from({ length: 4 }, () => fetch(`${s.base}/api/public/v1/coverage`));
      expect((await health).status).toBe(200);
      expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 30_000);

    test('a response cache far smaller than what is asked: 3,000 distinct URLs under constant eviction, every answer whole and the same as asked alone (on Bun evicted answers are freed as their last response ends)', async () => {
      const s = await serve(['--rate-limit', 'off', '--log', 'off', '--response-cache', '65536'], {}, { runtime });
      const api = `${s.base}/api/public/v1`;
      // Unknown query parameters are ignored (decisions 1): `n` makes a new URL of the same answer.
      const routes = ['/politicians?limit=100', '/bills', '/votes', '/coverage', '/politicians?status=all'];
      const expected = await Promise.all(routes.map(async (r) => (await fetch(`${api}${r}`)).text()));
      // Each is kept (under an eighth of the cap), and a few dozen fill the cache.
      for (const e of expected) expect(e.length).toBeWithin(300, 8192);
      const bad: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < 3000) {
            const i = next++;
            const k = i % routes.length;
            // Half ask for gzip: an encoding made for a kept answer is freed with it.
            const res = await fetch(`${api}${routes[k]}${routes[k].includes('?') ? '&' : '?'}n=${i >> 1}`, {
              headers: { 'Accept-Encoding': i % 2 ? 'gzip' : 'identity' },
            });
            const body = await res.text();
            if (res.status !== 200 || body !== expected[k]) bad.push(`${i} ${routes[k]}: ${res.status}, ${body.length} characters`);
          }
        }),
      );
      expect(bad).toEqual([]);
      expect(await metric(s, 'canpol_response_cache_evictions_total')).toBeGreaterThan(1000);
      // Every response has ended: none is still counted as writing an answer, no bytes wait (on Bun,
      // an answer whose response never said it ended would be held for good).
      expect(await metric(s, 'canpol_response_cache_answers_being_written')).toBe(0);
      expect(await metric(s, 'canpol_response_cache_releases_waiting')).toBe(0);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 60_000);

    test('slow and idle clients: 300 connections sending headers too slowly hold at most --max-connections, each closed (408) after --headers-timeout; idle kept-alive ones after --keep-alive-timeout; RSS grows < 16 MB', async () => {
      const s = await serve(
        [
          '--rate-limit',
          'off',
          '--log',
          'off',
          '--headers-timeout',
          '1',
          '--request-timeout',
          '2',
          '--keep-alive-timeout',
          '1',
          '--max-connections',
          '64',
        ],
        {},
        { runtime },
      );
      const before = rssOf(s.child.pid!);
      const sockets = await Promise.all(Array.from({ length: 300 }, () => open(s.base)));
      const closes = sockets.map((socket) => closedAfter(socket));
      // A slowloris: the start of a request, never its end.
      for (const socket of sockets) socket.write('GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      const results = await Promise.all(closes);
      const grown = rssOf(s.child.pid!) - before;
      const timedOut = results.filter((r) => r.got.startsWith('HTTP/1.1 408'));
      const refused = results.filter((r) => r.got === '');
      expect(timedOut.length).toBeLessThanOrEqual(64);
      expect(timedOut.length + refused.length).toBe(300);
      for (const r of timedOut) expect(r.ms).toBeGreaterThan(900);
      for (const r of timedOut) expect(r.ms).toBeLessThan(3500); // 1 s, checked every second
      expect(grown).toBeLessThan(16 * MB);

      // A kept-alive connection left idle is closed after the keep-alive timeout (Node adds a second).
      // The slow connections' closes reach the server's count a moment after the client sees them, so a
      // connection opened at once may still be over --max-connections: it is refused; the next is not.
      let idleAnswer = { ms: 0, got: '' };
      for (let attempt = 0; attempt < 20 && idleAnswer.got === ''; attempt++) {
        if (attempt) await Bun.sleep(100);
        const idle = await open(s.base);
        const idleClosed = closedAfter(idle);
        idle.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
        idleAnswer = await idleClosed;
      }
      const { ms, got } = idleAnswer;
      expect(got).toStartWith('HTTP/1.1 200');
      expect(ms).toBeGreaterThan(900);
      expect(ms).toBeLessThan(3500);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 30_000);
  });
}
