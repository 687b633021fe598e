// The fast path's Node door (src/server/http/fast-path.ts `node`): kept answers written straight to
// node:http's response must be, on the wire, what the adapter writes for the Fetch door (status,
// every header but Date, the body), for every caller, tier, encoding and conditional request; and it
// may take only requests whose URL the adapter takes as sent (src/server/http/node-target.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { createKeyLookup } from '../../../src/server/auth/key-lookup.js';
import { createApp } from '../../../src/server/http/app.js';
import { plainTarget } from '../../../src/server/http/node-target.js';
import { createResponseCache } from '../../../src/server/http/response-cache.js';
import { listen, type NodeHandler } from '../../../src/server/http/serve.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { fixtureIds } from '../../helpers/fixture.js';
import { buildKeyedFixture, KEY_LABELS, type KeyedFixture } from '../../helpers/keyed-fixture.js';

const API = '/api/public/v1';
let fx: KeyedFixture;
beforeAll(() => {
  fx = buildKeyedFixture();
});
afterAll(() => fx.f.cleanup());

describe('which requests the Node door may take', () => {
  test('every target and Host it takes, the WHATWG URL parser leaves exactly as sent', () => {
    // Characters a request target may carry, and some it may not; seeded, so a failure repeats.
    const alphabet = 'abcXYZ019-._~!$&\'()*+,;=:@/?[]%#\\ "<>^`{|}é.';
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const targets = ['/', '/a/./b', '/a/../b', '/a/..', '/a?x=/../y', '/a%20b', '/a#b', '/A/B?Q=1&r=[2]', '/api/public/v1/bills?q=c-1'];
    for (let i = 0; i < 5000; i++) {
      let t = '/';
      for (let n = rand(12); n > 0; n--) t += alphabet[rand(alphabet.length)];
      targets.push(t);
    }
    const hosts = [
      'x',
      'localhost',
      'LOCALHOST',
      '127.0.0.1:9101',
      'x:80',
      'x:999',
      'x:1000',
      'x:8080',
      'x:59999',
      'x:60000',
      'x:65535',
      'a_b.c',
      '[::1]:8080',
      'x:08080',
      'x:',
      ' x',
      'x.',
      undefined,
    ];
    let taken = 0;
    for (const host of hosts) {
      for (const target of targets) {
        if (!plainTarget(target, host)) continue;
        taken++;
        const sent = `http://${host}${target}`;
        expect({ target, host, href: new URL(sent).href }).toEqual({ target, host, href: sent });
      }
    }
    expect(taken).toBeGreaterThan(1000);
    for (const [target, host] of [
      ['/a/../b', 'x'],
      ['/a/./b', 'x'],
      ['/a%20b', 'x'],
      ['/a#b', 'x'],
      ['/a b', 'x'],
      ['http://x/a', 'x'],
      ['*', 'x'],
      ['/a', undefined],
      ['/a', 'X'],
      ['/a', 'x:80'],
      ['/a', 'x:60000'],
      ['/a', '[::1]:8080'],
    ] as const) {
      expect({ target, host, taken: plainTarget(target, host) }).toEqual({ target, host, taken: false });
    }
  });
});

/** An app with a cache and a gate (limits on, a clock that stands still), counting what its Node
 *  door answered. */
function side() {
  const now = () => Date.parse('2026-11-02T10:15:00Z');
  const limits = { anonymous: 30, general: { free: 8, dev: 1000, pro: 10000 }, semantic: { free: 3, dev: 100, pro: 10000 } };
  const app = createApp({
    data: fx.f.data,
    logError: (err) => {
      throw err;
    },
    cache: createResponseCache({ maxBytes: 8 * 2 ** 20 }),
    access: {
      keys: createKeyLookup({ path: fx.keyPath, labels: KEY_LABELS, now, log: () => {} }),
      limiter: createLimiter({ limits, store: createMemoryStore(), now }),
      clientAddress: createClientAddress(parseTrustedProxies('127.0.0.0/8')),
    },
  });
  const counted = { answered: 0, declined: 0 };
  const node: NodeHandler = (incoming, outgoing) => {
    const r = app.node(incoming, outgoing);
    if (r) counted.answered++;
    else counted.declined++;
    return r;
  };
  return { app, node, counted };
}

/** A chunked body's bytes. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * One request on its own connection: the answer's status line, its header lines but Date and the
 * body's framing (sorted: the two writers order them differently, which HTTP leaves free), and the
 * body. The framing may differ: under Bun the adapter sends a body chunked, the Node door always with
 * its Content-Length, which must then be the body's length.
 */
function exchange(port: number, head: string) {
  return new Promise<{ status: string; headers: string[]; body: string }>((resolve, reject) => {
    const sock = connect(port, '127.0.0.1', () => sock.end(`${head}\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    sock.on('data', (d) => chunks.push(d));
    sock.on('end', () => {
      const raw = Buffer.concat(chunks);
      const at = raw.indexOf('\r\n\r\n');
      const [status, ...lines] = raw.subarray(0, at).toString('latin1').split('\r\n');
      const chunked = lines.some((l) => /^transfer-encoding: chunked$/i.test(l));
      const body = chunked ? unchunk(raw.subarray(at + 4)) : raw.subarray(at + 4);
      const length = lines.find((l) => /^content-length:/i.test(l));
      if (length) expect(Number(length.slice(15))).toBe(body.length);
      const kept = lines.filter((l) => !/^(date|content-length|transfer-encoding):/i.test(l)).sort();
      resolve({ status, headers: kept, body: body.toString('base64') });
    });
    sock.on('error', reject);
  });
}

describe('over a real socket, the Node door writes what the adapter writes', () => {
  test('every caller, tier, encoding, conditional request and method, request after request', async () => {
    const viaAdapter = side();
    const viaNode = side();
    const a = await listen(viaAdapter.app.fetch, { port: 0, host: '127.0.0.1' });
    const b = await listen({ fetch: viaNode.app.fetch, node: viaNode.node }, { port: 0, host: '127.0.0.1' });
    const portOf = (l: { url: string }) => Number(new URL(l.url).port);
    try {
      const urls = [
        `${API}/politicians/${fixtureIds.alice}`,
        `${API}/bills?q=c-1`,
        `${API}/search/speeches?q=floor`,
        `${API}/votes/${fixtureIds.vote1}/positions`,
        `${API}/openapi.json`,
        '/docs',
        '/health',
        `${API}/politicians/not-a-uuid`,
        `${API}/bills?q=c%2D1`,
      ];
      const callers = [
        '',
        `Authorization: Bearer ${fx.keys.free}`,
        `Authorization: Bearer ${fx.keys.pro}`,
        `Authorization: Bearer ${fx.keys.revoked}`,
        'Authorization: Basic abc',
        `Authorization: Bearer ${fx.keys.pro}\r\nAuthorization: Bearer ${fx.keys.pro}`,
        'X-Forwarded-For: 192.0.2.44',
      ];
      const variants = [
        'GET',
        'GET|Accept-Encoding: br',
        'GET|Accept-Encoding: gzip;q=0.5,\r\nAccept-Encoding: br',
        'GET|Accept-Encoding: gzip',
        'HEAD',
        'HEAD|Accept-Encoding: br',
        'GET|Host: X',
        'OPTIONS',
      ];
      const tags = new Map<string, string>();
      let compared = 0;
      for (let round = 0; round < 3; round++) {
        for (const url of urls) {
          for (const caller of callers) {
            for (const variant of variants) {
              const [method, extra = ''] = variant.split('|');
              const host = extra.startsWith('Host:') ? extra : 'Host: x';
              const more = [
                caller,
                extra.startsWith('Host:') ? '' : extra,
                tags.has(url + extra) && round === 2 ? `If-None-Match: ${tags.get(url + extra)}` : '',
              ]
                .filter(Boolean)
                .map((h) => `\r\n${h}`)
                .join('');
              const head = `${method} ${url} HTTP/1.1\r\n${host}${more}`;
              const [x, y] = [await exchange(portOf(a), head), await exchange(portOf(b), head)];
              expect({ head, ...y }).toEqual({ head, ...x });
              const tag = y.headers.find((l) => /^etag:/i.test(l));
              if (tag && method === 'GET') tags.set(url + extra, tag.slice(tag.indexOf(':') + 1).trim());
              compared++;
            }
          }
        }
      }
      expect(compared).toBe(3 * 9 * 7 * 8);
      // Kept answers went through the Node door, and the rest (misses, other methods, a Host it does
      // not take) were declined to the adapter.
      expect(viaNode.counted.answered).toBeGreaterThan(400);
      expect(viaNode.counted.declined).toBeGreaterThan(100);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a door that fails', () => {
  test('before writing, the adapter answers the request; after, the connection ends and the server keeps serving', async () => {
    const fetch = () => new Response('from the adapter', { status: 200 });
    let mode: 'throw' | 'reject' = 'throw';
    const l = await listen(
      {
        fetch,
        node: (_incoming, outgoing) => {
          if (mode === 'throw') throw new Error('a bug before writing');
          outgoing.writeHead(200, { 'Content-Length': '100' });
          outgoing.write('cut short');
          return Promise.reject(new Error('a bug after writing'));
        },
      },
      { port: 0, host: '127.0.0.1' },
    );
    const port = Number(new URL(l.url).port);
    try {
      expect(await (await fetch0(l.url)).text()).toBe('from the adapter');
      mode = 'reject';
      const cut = await exchangeRaw(port, 'GET / HTTP/1.1\r\nHost: x');
      expect(cut.startsWith('HTTP/1.1 200')).toBe(true);
      expect(cut.length).toBeLessThan(200); // ended before the 100 bytes announced
      mode = 'throw';
      expect(await (await fetch0(l.url)).text()).toBe('from the adapter');
    } finally {
      await l.close();
    }
  });
});

const fetch0 = (url: string) => fetch(url, { headers: { Connection: 'close' } });

function exchangeRaw(port: number, head: string) {
  return new Promise<string>((resolve) => {
    const sock = connect(port, '127.0.0.1', () => sock.write(`${head}\r\n\r\n`));
    let text = '';
    sock.on('data', (d) => {
      text += d.toString('latin1');
    });
    sock.on('close', () => resolve(text));
    sock.on('error', () => resolve(text));
  });
}
