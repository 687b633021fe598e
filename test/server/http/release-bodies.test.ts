// What src/server/http/release-bodies.ts relies on, on the runtime the tests run on (Bun, where the server
// turns it on): once a node:http response has emitted 'finish', detaching the bytes it was given
// (`ArrayBuffer.prototype.transfer(0)`) changes nothing the client receives, even when the client
// had not read them yet; and detaching does free the bytes: the buffer reads empty at once.
import { afterAll, describe, expect, test } from 'bun:test';
import { createHash, randomFillSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { createBodyReleaser, outgoingOf } from '../../../src/server/http/release-bodies.js';

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

/** A server answering every request with `body`, each response watched by a releaser that frees the
 *  body as soon as it ends (as the response cache does for an evicted answer). */
function serveOnce(body: Uint8Array): Promise<{ port: number; freed: Promise<void> }> {
  const releaser = createBodyReleaser<object>(true);
  const answer = {};
  releaser.own(answer, body);
  let freed!: () => void;
  const done = new Promise<void>((resolve) => {
    freed = resolve;
  });
  const server = createServer((_req, res) => {
    releaser.watch(answer, res);
    releaser.retire(answer); // evicted while this response writes it
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.byteLength) });
    res.end(body);
    res.once('finish', () => setImmediate(freed));
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, freed: done })),
  );
}

describe('freeing the bytes of a response that has finished', () => {
  test('a 24 MB body the client reads only after a pause arrives whole; its buffer is detached once the response finished', async () => {
    const body = new Uint8Array(24 * 1024 * 1024);
    randomFillSync(body);
    const expected = createHash('sha256').update(body).digest('hex');
    const { port, freed } = await serveOnce(body);

    const socket = connect(port, '127.0.0.1');
    socket.pause(); // nothing read yet: the server's writes back up
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(body.byteLength).toBe(24 * 1024 * 1024); // not finished while the client does not read

    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.resume();
    await closed;
    await freed;
    const received = Buffer.concat(chunks);
    const start = received.indexOf('\r\n\r\n') + 4;
    expect(received.subarray(0, 15).toString()).toBe('HTTP/1.1 200 OK');
    expect(received.length - start).toBe(24 * 1024 * 1024);
    expect(createHash('sha256').update(received.subarray(start)).digest('hex')).toBe(expected);
    expect(body.byteLength).toBe(0); // freed
  }, 30_000);

  test('the response an app is given is found in its env (@hono/node-server), and none without one', () => {
    const res = { once: () => res };
    expect(outgoingOf({ incoming: {}, outgoing: res })).toBe(res);
    expect(outgoingOf(undefined)).toBeUndefined();
  });
});
