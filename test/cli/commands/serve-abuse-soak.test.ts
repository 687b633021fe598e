// The abuse soak (issue 45 item 5): the bundle under `node` (as `make run` serves) is replayed the
// cases that once wedged it (pipelines closed unread, pipelines aborted by a request over 16 KB of
// headers, slow pipelined readers cut by the timeout); afterwards nothing may be left in flight (the
// code before the fix left 908 of these requests counted, past the default bound of 256, so every
// API request was 503) and a normal request is 200.
import { expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { parsePrometheus } from '../../server/ops/prometheus-parse.js';
import { fixtureServers } from '../../server/ops/serve-process.js';

const { serve } = fixtureServers();
const NODE = join(resolve(import.meta.dir, '../../..'), 'node_modules/.bin/node');

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;
const open = (base: string) =>
  new Promise<Socket>((done, fail) => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname, () => done(socket));
    socket.once('error', fail);
  });
/** Reads the connection until the server ends it, or `ms` passes (then it is destroyed here): whether
 *  it was ended, and how many answers came (status lines counted across chunk boundaries). */
const endedWithin = (socket: Socket, ms: number) =>
  new Promise<{ ended: boolean; answers: number }>((r) => {
    let answers = 0;
    let tail = '';
    socket.on('data', (d: Buffer) => {
      const text = tail + d.toString('latin1');
      answers += (text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length;
      tail = text.slice(-12).replace(/^.*HTTP\/1\.1 \d{3} /, '');
    });
    socket.on('error', () => {});
    socket.resume();
    const timer = setTimeout(() => {
      socket.destroy();
      r({ ended: false, answers });
    }, ms);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      r({ ended: true, answers });
    };
    socket.once('end', done);
    socket.once('close', done);
  });
/** A Node process opening `connections` connections that each pipeline `requests` requests for the
 *  OpenAPI document, read nothing for `pauseMs`, then read until the server ends the connection:
 *  per connection, whether it ended and how many answers came. */
function slowReaders(
  base: string,
  connections: number,
  requests: number,
  pauseMs: number,
): Promise<Array<{ ended: boolean; answers: number }>> {
  const script = `
    const { connect } = require('node:net');
    const [host, port] = process.argv.slice(1, 3);
    const request = 'GET /api/public/v1/openapi.json HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n';
    Promise.all(Array.from({ length: ${connections} }, () => new Promise((done) => {
      const c = connect(Number(port), host);
      c.pause();
      c.write(request.repeat(${requests}));
      c.on('error', () => {});
      let answers = 0, tail = '';
      c.on('data', (d) => { const t = tail + d.toString('latin1'); answers += (t.match(/HTTP\\/1\\.1 \\d{3} /g) || []).length; tail = t.slice(-12).replace(/^.*HTTP\\/1\\.1 \\d{3} /, ''); });
      const timer = setTimeout(() => { c.destroy(); done({ ended: false, answers }); }, ${pauseMs} + 10000);
      c.once('close', () => { clearTimeout(timer); done({ ended: true, answers }); });
      setTimeout(() => c.resume(), ${pauseMs});
    }))).then((r) => console.log(JSON.stringify(r)));`;
  const { hostname, port } = new URL(base);
  const child = spawn(NODE, ['-e', script, hostname, port], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((r) => child.once('exit', () => r(JSON.parse(out || '[]'))));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('pipelines closed unread, aborted by a >16 KB header request, and slow readers cut by the timeout leave nothing in flight; then a normal request is 200', async () => {
  const s = await serve(
    [
      '--rate-limit',
      'off',
      '--log',
      'off',
      '--max-in-flight',
      '600',
      '--max-queue-delay',
      '0',
      '--request-timeout',
      '1',
      '--headers-timeout',
      '1',
    ],
    {},
    { runtime: 'node' },
  );
  const routes = ['/health', '/api/public/v1/coverage', '/api/public/v1/politicians?limit=100', '/api/public/v1/bills?limit=50'];
  const scrape = async () => parsePrometheus(await (await fetch(`${s.base}/metrics`)).text());

  // Slow readers first (they wait out the 1 s timeout while the rest runs): 10 connections each
  // pipeline 50 requests for the OpenAPI document (180 kB each) and read nothing for 6 s (time for a loaded server to write until it stalls). They run
  // in a Node process: a paused socket under Bun keeps reading into its own buffer.
  const slow = slowReaders(s.base, 10, 50, 6000);

  for (let round = 0; round < 10; round++) {
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const c = await open(s.base);
        c.on('error', () => {});
        if (i % 2 === 0) {
          // Pipelined, then closed without reading.
          c.write(
            routes
              .map((r) => get(r))
              .join('')
              .repeat(3),
          );
          if (i % 4 === 0) await sleep(2);
          c.destroy();
        } else {
          // Pipelined, then aborted by a request Node refuses (431), which closes the connection.
          c.write(get(routes[i % routes.length]).repeat(6) + get('/health', `X-Big: ${'b'.repeat(17_000)}\r\n`));
          await endedWithin(c, 5000);
        }
      }),
    );
  }
  // Every slow reader was cut by the server before its 50 answers were all written.
  const cut = await slow;
  expect(cut).toHaveLength(10);
  for (const { ended, answers } of cut) {
    expect(ended).toBe(true);
    expect(answers).toBeLessThan(50);
  }

  let inFlight = -1;
  for (let tries = 0; tries < 50 && inFlight !== 1; tries++) {
    inFlight = (await scrape()).value('canpol_http_requests_in_flight', {}) ?? -1;
    if (inFlight !== 1) await sleep(100);
  }
  expect(inFlight).toBe(1); // the scrape itself
  expect((await scrape()).value('canpol_http_requests_overdue', {})).toBe(0);
  const res = await fetch(`${s.base}/api/public/v1/coverage`);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  expect((await fetch(`${s.base}/health`)).status).toBe(200);
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
}, 30_000);
