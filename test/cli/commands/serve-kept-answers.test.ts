// A real `canpol serve` on both runtimes, rate limits on: an answer computed and the same answer kept
// (answered by the fast path's Node door, src/server/http/fast-path.ts, on Node and Bun alike) are the same
// on the wire for GET, HEAD and each encoding. Conditional requests, keys and tiers, and the two
// doors side by side in one process: test/server/http/node-fast-path.test.ts.
import { describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { fixtureIds } from '../../helpers/fixture.js';
import { fixtureServers, type Runtime } from '../../server/ops/serve-process.js';

const { serve } = fixtureServers();

interface Answer {
  status: string;
  headers: Map<string, string>;
  body: Buffer;
}

/** One request on its own connection, read whole: status line, headers by lower-cased name, body
 *  (de-chunked). */
function exchange(port: number, head: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1', () => sock.end(`${head}\r\nHost: x\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    sock.on('data', (d) => chunks.push(d));
    sock.on('error', reject);
    sock.on('end', () => {
      const raw = Buffer.concat(chunks);
      const at = raw.indexOf('\r\n\r\n');
      const [status, ...lines] = raw.subarray(0, at).toString('latin1').split('\r\n');
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let body = raw.subarray(at + 4);
      if (headers.get('transfer-encoding') === 'chunked') {
        const parts: Buffer[] = [];
        for (let i = 0; ; ) {
          const eol = body.indexOf('\r\n', i);
          const size = parseInt(body.subarray(i, eol).toString('latin1'), 16);
          if (!(size > 0)) break;
          parts.push(body.subarray(eol + 2, eol + 2 + size));
          i = eol + 4 + size;
        }
        body = Buffer.concat(parts);
      }
      resolve({ status, headers, body });
    });
  });
}

/** What must be equal between a computed and a kept answer: all but Date, the framing, the count and
 *  the seconds to the window's reset (a second may pass between the two requests; checked apart). */
const comparable = (a: Answer) => ({
  status: a.status,
  headers: [...a.headers]
    .filter(([h]) => !['date', 'content-length', 'transfer-encoding', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(h))
    .sort(),
  body: a.body.toString('base64'),
});

for (const runtime of ['node', 'bun'] as Runtime[]) {
  describe(`serve on ${runtime}`, () => {
    test('a kept answer is the computed one on the wire, counted against the limit like it', async () => {
      const s = await serve(['--rate-limit', 'on', '--limit-anonymous', '100000', '--log', 'off'], {}, { runtime });
      const port = Number(new URL(s.base).port);
      const API = '/api/public/v1';
      let n = 0;
      try {
        for (const path of [
          `${API}/politicians/${fixtureIds.alice}`,
          `${API}/bills/${fixtureIds.c11}`,
          `${API}/votes/${fixtureIds.vote1}/positions`,
          `${API}/openapi.json`,
        ]) {
          for (const variant of ['GET', 'HEAD', 'GET|Accept-Encoding: br', 'GET|Accept-Encoding: gzip']) {
            const [method, extra] = variant.split('|');
            // A URL of its own (unknown parameters are ignored, decisions 1), so the first request computes it.
            const url = `${path}?n=${n++}`;
            const more = extra ? `\r\n${extra}` : '';
            const computed = await exchange(port, `${method} ${url} HTTP/1.1${more}`);
            const kept = await exchange(port, `${method} ${url} HTTP/1.1${more}`);
            expect({ url, variant, ...comparable(kept) }).toEqual({ url, variant, ...comparable(computed) });
            if (kept.headers.has('content-length')) expect(Number(kept.headers.get('content-length'))).toBe(kept.body.length);
            if (path.startsWith(`${API}/openapi`)) continue; // outside the gate
            expect(Number(kept.headers.get('x-ratelimit-remaining'))).toBe(Number(computed.headers.get('x-ratelimit-remaining')) - 1);
            // The same window: its reset is the computed answer's, or one second nearer.
            const reset = Number(computed.headers.get('x-ratelimit-reset'));
            expect(reset).toBeGreaterThan(0);
            expect([reset, reset - 1]).toContain(Number(kept.headers.get('x-ratelimit-reset')));
          }
        }
        const metrics = await (await fetch(`${s.base}/metrics`)).text();
        expect(Number(/^canpol_response_cache_hits_total (\d+)/m.exec(metrics)?.[1])).toBe(16);
      } finally {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    });
  });
}
