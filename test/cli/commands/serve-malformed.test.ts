// Requests Node or the adapter refuse before any route sees them get the documented error shape in
// JSON (issue 45 item 4), on a real `canpol serve` over raw sockets; and `--log text` never writes a
// control character from a request (no forged line, no terminal escape).
import { describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { fixtureServers, type Runtime } from '../../server/ops/serve-process.js';

const { serve } = fixtureServers();

/** Writes `raw` (in parts, `pauseMs` apart) and reads until the server closes: status, headers, body. */
function exchange(base: string, parts: string[], pauseMs = 0): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, async () => {
      for (const p of parts) {
        socket.write(p);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
    let got = Buffer.alloc(0);
    socket.on('data', (d) => {
      got = Buffer.concat([got, d]);
    });
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      fail(new Error(`no close; got ${got}`));
    }, 10_000);
    const finish = () => {
      clearTimeout(timer);
      const text = got.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const raw = text.slice(end + 4);
      done({ status: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? unchunk(raw) : raw });
    };
    socket.once('end', () => {
      socket.destroy();
      finish();
    });
  });
}

/** The body of a chunked answer (Bun's node:http sends the adapter's answers chunked). */
function unchunk(raw: string): string {
  let body = '';
  for (let at = 0; ; ) {
    const eol = raw.indexOf('\r\n', at);
    const size = parseInt(raw.slice(at, eol), 16);
    if (!size) return body;
    body += raw.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

const ERROR_FIELDS = ['statusCode', 'code', 'error', 'message'];

for (const runtime of ['node', 'bun'] as Runtime[]) {
  describe(`serve on ${runtime}`, () => {
    test('bad method, bad or missing Host, GET *, a NUL in the target, headers over 16 KB, headers too slow: the documented JSON error, then close', async () => {
      const s = await serve(['--rate-limit', 'off', '--log', 'off', '--headers-timeout', '1'], {}, { runtime });
      const cases: Array<[string, string[], number, string]> = [
        ['bad method', ['BR@W /health HTTP/1.1\r\nHost: localhost\r\n\r\n'], 400, 'malformed_request'],
        ['bad Host', ['GET /health HTTP/1.1\r\nHost: [not-a-host\r\n\r\n'], 400, 'malformed_request'],
        ['no Host', ['GET /health HTTP/1.1\r\n\r\n'], 400, 'malformed_request'],
        ['GET *', ['GET * HTTP/1.1\r\nHost: localhost\r\n\r\n'], 400, 'malformed_request'],
        ['NUL in the target', ['GET /health\0x HTTP/1.1\r\nHost: localhost\r\n\r\n'], 400, 'malformed_request'],
        ['not HTTP', ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 hello TLS\r\n\r\n'], 400, 'malformed_request'],
        [
          'headers over 16 KB',
          [`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`],
          431,
          'headers_too_large',
        ],
      ];
      for (const [what, parts, status, code] of cases) {
        const r = await exchange(s.base, parts);
        expect({ what, status: r.status }).toEqual({ what, status });
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['access-control-allow-origin']).toBe('*');
        const body = JSON.parse(r.body);
        expect(Object.keys(body)).toEqual(ERROR_FIELDS);
        expect(body).toMatchObject({ statusCode: status, code });
        if (r.headers['content-length'] !== undefined) expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
      }
      // Headers that stop coming: 408 after --headers-timeout (1 s; Node checks every second).
      const t0 = performance.now();
      const slow = await exchange(s.base, ['GET /health HTTP/1.1\r\n', 'Host: localhost\r\n'], 100);
      expect(slow.status).toBe(408);
      expect(JSON.parse(slow.body)).toMatchObject({ statusCode: 408, code: 'request_timeout', error: 'Request Timeout' });
      expect(performance.now() - t0).toBeLessThan(4000);
      // The server is unharmed.
      expect((await fetch(`${s.base}/api/public/v1/coverage`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 60_000);

    test('--log text: CR LF and ESC in a decoded path are written escaped, one line per request', async () => {
      const s = await serve(['--rate-limit', 'off', '--log', 'text'], {}, { runtime });
      const forged = '/api/public/v1/x%0d%0a2026-01-01T00:00:00.000Z%20200%20GET%20/forged%1b[31m%07';
      const r = await exchange(s.base, [`GET ${forged} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]);
      expect(r.status).toBe(404);
      await fetch(`${s.base}/health`);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      const lines = s.stdout();
      expect(lines).toHaveLength(2);
      expect(lines.some((l) => l.startsWith('2026-01-01'))).toBe(false);
      expect(lines.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/); // eslint-disable-line no-control-regex
      expect(lines[0]).toContain('x\\x0d\\x0a2026-01-01T00:00:00.000Z 200 GET /forged\\x1b[31m\\x07');
    }, 60_000);
  });
}
