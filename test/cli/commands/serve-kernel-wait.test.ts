// The queue delay counts from when a request reached the host (issue 45 item 3): a request that
// waited in the kernel (the accept queue, a socket's buffer) longer than --max-queue-delay while the
// server could not read it is answered 503 server_overloaded as soon as it is read, not run late.
// The server is held with SIGSTOP, which stands for an event loop too busy to read: the kernel
// completes the handshake and keeps the request's bytes, as under a surge.
import { describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { fixtureServers, type ServeProcess } from '../../server/ops/serve-process.js';

const { serve } = fixtureServers();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends one GET while the server is stopped for `heldMs`, and returns the raw answer. */
async function sentWhileStopped(s: ServeProcess, path: string, heldMs: number): Promise<string> {
  const { hostname, port } = new URL(s.base);
  s.child.kill('SIGSTOP');
  try {
    const socket = connect(Number(port), hostname);
    let got = '';
    socket.on('data', (d) => {
      got += d;
    });
    const ended = new Promise<void>((r) => socket.once('close', () => r()));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    await sleep(heldMs);
    s.child.kill('SIGCONT');
    await ended;
    return got;
  } finally {
    s.child.kill('SIGCONT');
  }
}

const status = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
const body = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('serve on node (the bundle): the queue delay counts the wait before the read', () => {
  test('a request held unread past --max-queue-delay is answered 503 at once; a fresh one 200', async () => {
    const s = await serve(['--rate-limit', 'off', '--log', 'off', '--max-queue-delay', '300'], {}, { runtime: 'node' });
    expect(s.stderr()).toContain('queue delay (from arrival at the host)');
    const api = '/api/public/v1/coverage';
    const late = await sentWhileStopped(s, api, 900);
    expect(status(late)).toBe(503);
    expect(late).toContain('Retry-After: 1');
    const error = body(late);
    expect(error).toMatchObject({ statusCode: 503, code: 'server_overloaded' });
    expect(error.message).toMatch(/waited \d+ ms before the server could read it/);
    expect(Number(/waited (\d+) ms/.exec(error.message)![1])).toBeGreaterThanOrEqual(800);
    // /health is never shed: held as long, it answers.
    expect(status(await sentWhileStopped(s, '/health', 900))).toBe(200);
    expect((await fetch(`${s.base}${api}`)).status).toBe(200);
    s.child.kill('SIGTERM');
    await s.exited;
  }, 30_000);

  test('held less than the bound, or with the bound off, the request is answered 200', async () => {
    const s = await serve(['--rate-limit', 'off', '--log', 'off', '--max-queue-delay', '2000'], {}, { runtime: 'node' });
    expect(status(await sentWhileStopped(s, '/api/public/v1/coverage', 600))).toBe(200);
    s.child.kill('SIGTERM');
    await s.exited;
    const off = await serve(['--rate-limit', 'off', '--log', 'off', '--max-queue-delay', '0'], {}, { runtime: 'node' });
    expect(status(await sentWhileStopped(off, '/api/public/v1/coverage', 900))).toBe(200);
    off.child.kill('SIGTERM');
    await off.exited;
  }, 30_000);
});

describe('serve on bun (the sources): the wait before the read is not known, and says so', () => {
  test('the start line says the bound counts from the read', async () => {
    const s = await serve(['--rate-limit', 'off', '--log', 'off'], {}, { runtime: 'bun' });
    expect(s.stderr()).toContain("queue delay (from the read: Bun's HTTP sockets expose no file descriptor)");
    s.child.kill('SIGTERM');
    await s.exited;
  }, 30_000);
});
