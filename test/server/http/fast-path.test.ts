// Answers from the response cache are the answers the routes compute: two apps on the same data file,
// one keeping nothing (every request routed and computed), one with the cache (the first request
// fills it, the next ones take the fast path), get the same requests and must give the same status,
// headers and bytes, the same rate-limit counts, log lines and metrics, for every route, encoding,
// conditional request, method, key and tier (decisions 1-4; issue 19).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { createKeyLookup } from '../../../src/server/auth/key-lookup.js';
import { createApp } from '../../../src/server/http/app.js';
import { createResponseCache, type ResponseCache } from '../../../src/server/http/response-cache.js';
import { listen } from '../../../src/server/http/serve.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { createWorkQueue } from '../../../src/server/limits/work-queue.js';
import { createLogSink } from '../../../src/server/ops/log-sink.js';
import { createMetrics } from '../../../src/server/ops/metrics.js';
import { createRequestLog } from '../../../src/server/ops/request-log.js';
import { fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { buildKeyedFixture, KEY_LABELS, type KeyedFixture } from '../../helpers/keyed-fixture.js';
import { parsePrometheus } from '../ops/prometheus-parse.js';

const API = '/api/public/v1';
const labels = KEY_LABELS;
let f: Fixture;
let keyPath: string;
let keys: KeyedFixture['keys'];

beforeAll(() => ({ f, keyPath, keys } = buildKeyedFixture()));
afterAll(() => f.cleanup());

/** Every route of the fixture, cacheable or not (errors and /health are never kept). */
const URLS = [
  `${API}/politicians`,
  `${API}/politicians?q=ali&status=all`,
  `${API}/politicians?jurisdiction=federal`,
  `${API}/politicians/${fixtureIds.alice}`,
  `${API}/politicians/${fixtureIds.alice}/offices`,
  `${API}/politicians/${fixtureIds.alice}/socials`,
  `${API}/politicians/${fixtureIds.alice}/posts`,
  `${API}/bills`,
  `${API}/bills?q=c-1`,
  `${API}/bills/${fixtureIds.c11}`,
  `${API}/bills/${fixtureIds.c11}/events`,
  `${API}/bills/${fixtureIds.c11}/sponsors`,
  `${API}/votes`,
  `${API}/votes/${fixtureIds.vote1}`,
  `${API}/votes/${fixtureIds.vote1}/positions`,
  `${API}/committees/meetings`,
  `${API}/boundaries`,
  `${API}/coverage`,
  `${API}/jurisdiction-sources`,
  `${API}/search/speeches?q=floor`,
  `${API}/search/speeches/count?q=floor`,
  `${API}/search/facets?q=floor`,
  `${API}/search/sessions`,
  `${API}/search/meta`,
  `${API}/openapi.json`,
  '/docs',
  '/health',
  `${API}/politicians?limit=0`,
  `${API}/politicians/not-a-uuid`,
  `${API}/no-such-route`,
];

interface Side {
  app: ReturnType<typeof createApp>;
  cache: ResponseCache;
  lines: string[];
  metrics: ReturnType<typeof createMetrics>;
  flush(): void;
}

/** Two apps alike but for the cache: `routed` keeps nothing, `cached` keeps answers. */
function pair({
  gated = true,
  limits = { anonymous: 30, general: { free: 60, dev: 1000, pro: 10000 }, semantic: { free: 5, dev: 100, pro: 10000 } },
} = {}) {
  const clock = { t: Date.parse('2026-11-02T10:15:00Z') };
  const side = (maxBytes: number): Side => {
    const lines: string[] = [];
    const sink = createLogSink({ write: (chunk) => lines.push(...chunk.split('\n').filter(Boolean)) });
    const queue = createWorkQueue();
    const cache = createResponseCache({ maxBytes });
    const metrics = createMetrics({ sources: { build: () => f.data.build, queue: () => queue, responseCache: () => cache.stats() } });
    const clientAddress = createClientAddress(parseTrustedProxies('10.0.0.0/8'));
    const access = gated
      ? {
          keys: createKeyLookup({ path: keyPath, labels, now: () => clock.t, log: () => {} }),
          limiter: createLimiter({ limits, store: createMemoryStore(), now: () => clock.t }),
          clientAddress,
        }
      : null;
    const app = createApp({
      data: f.data,
      logError: (err) => {
        throw err;
      },
      embedQueue: queue,
      access,
      cache,
      ops: { log: createRequestLog({ format: 'json', sink, now: () => clock.t }), metrics, clientAddress },
    });
    return { app, cache, lines, metrics, flush: () => sink.flush() };
  };
  return { routed: side(0), cached: side(8 * 2 ** 20), clock };
}

interface Ask {
  method?: string;
  headers?: Record<string, string> | [string, string][];
  from?: string;
}

const ask = (s: Side, url: string, { method = 'GET', headers = {}, from = '203.0.113.7' }: Ask = {}) =>
  Promise.resolve(s.app.request(url, { method, headers }, { incoming: { socket: { remoteAddress: from } } }));

/** Status, every header (names lower-cased, sorted) and the body's bytes. */
async function snapshot(res: Response) {
  return {
    status: res.status,
    headers: [...res.headers].sort(([a], [b]) => (a < b ? -1 : 1)),
    body: Buffer.from(await res.arrayBuffer()).toString('base64'),
  };
}

/** The same request to both sides; their answers must be identical. Returns the cached side's. */
async function same(p: ReturnType<typeof pair>, url: string, opts: Ask = {}) {
  const a = await snapshot(await ask(p.routed, url, opts));
  const b = await snapshot(await ask(p.cached, url, opts));
  expect({ url, ...opts, ...b }).toEqual({ url, ...opts, ...a });
  return b;
}

describe('a kept answer is the computed answer', () => {
  test('every route, every encoding, conditional requests and HEAD, without a gate', async () => {
    const p = pair({ gated: false });
    for (const url of URLS) {
      for (let i = 0; i < 2; i++) await same(p, url);
      const tags = new Set<string>();
      for (const enc of ['br', 'gzip', 'gzip;q=0, br', 'br;q=0, gzip', 'identity', '*']) {
        const r = await same(p, url, { headers: { 'Accept-Encoding': enc } });
        await same(p, url, { headers: { 'Accept-Encoding': enc } });
        const tag = r.headers.find(([h]) => h === 'etag')?.[1];
        if (tag) {
          tags.add(tag);
          expect((await same(p, url, { headers: { 'Accept-Encoding': enc, 'If-None-Match': tag } })).status).toBe(304);
          expect((await same(p, url, { headers: { 'Accept-Encoding': enc, 'If-None-Match': `"stale", W/${tag}` } })).status).toBe(304);
        }
      }
      await same(p, url, { headers: { 'If-None-Match': '*' } });
      await same(p, url, { headers: { 'If-None-Match': '"stale"' } });
      await same(p, url, { method: 'HEAD' });
      await same(p, url, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    }
    const s = p.cached.cache.stats();
    // Every cacheable URL was computed once, and every later request of it answered from the cache.
    expect(p.routed.cache.stats().entries).toBe(0);
    expect(s.misses).toBe(s.entries);
    expect(s.entries).toBe(URLS.length - 4); // not /health, nor the three errors
    expect(s.hits).toBeGreaterThan(20 * s.entries);
  });

  test('other methods are not answered from the cache', async () => {
    const p = pair({ gated: false });
    const url = `${API}/politicians`;
    await same(p, url);
    for (const method of ['OPTIONS', 'POST', 'DELETE']) await same(p, url, { method });
  });
});

describe('keys, tiers and limits on every request, kept or not (decisions 2-4)', () => {
  test('anonymous, each tier and bad keys: the same answers, rate-limit headers and refusals, request after request', async () => {
    const p = pair();
    const bearer = (k: string) => ({ Authorization: `Bearer ${k}` });
    const callers: Ask[] = [
      {},
      { from: '198.51.100.9' },
      { from: '10.1.1.1', headers: { 'X-Forwarded-For': '192.0.2.44' } },
      { headers: bearer(keys.free) },
      { headers: bearer(keys.dev) },
      { headers: bearer(keys.pro) },
      { headers: bearer(keys.revoked) },
      { headers: bearer(`${keys.dev.slice(0, -1)}x`) },
      { headers: { Authorization: 'Basic abc' } },
      {
        headers: [
          ['Authorization', `Bearer ${keys.pro}`],
          ['Authorization', `Bearer ${keys.pro}`],
        ],
      },
    ];
    const urls = [
      `${API}/politicians/${fixtureIds.alice}`,
      `${API}/bills?q=c-1`,
      `${API}/search/speeches?q=floor`,
      `${API}/openapi.json`,
      '/docs',
    ];
    // Past the anonymous (30) and the free semantic (5) and general (60: two general URLs × 32) limits,
    // kept answers included.
    for (let round = 0; round < 32; round++) {
      for (const caller of callers) for (const url of urls) await same(p, url, caller);
    }
    const statuses = (caller: Ask, url: string) => ask(p.cached, url, caller).then((r) => r.status);
    expect(await statuses({}, urls[0])).toBe(429);
    expect(await statuses({ headers: bearer(keys.free) }, urls[2])).toBe(429);
    expect(await statuses({ headers: bearer(keys.free) }, urls[0])).toBe(429);
    expect(await statuses({ headers: bearer(keys.pro) }, urls[2])).toBe(200);
    expect(await statuses({ headers: bearer(keys.revoked) }, urls[0])).toBe(401);
    expect(p.cached.cache.stats().hits).toBeGreaterThan(100);
  });

  test('the request log and the metrics see kept answers as they see computed ones', async () => {
    const p = pair({ limits: { anonymous: 3, general: { free: 4, dev: 100, pro: 100 }, semantic: { free: 2, dev: 100, pro: 100 } } });
    const urls = [
      `${API}/politicians/${fixtureIds.alice}`,
      `${API}/search/speeches?q=floor`,
      `${API}/politicians?limit=0`,
      '/docs',
      '/health',
    ];
    for (let i = 0; i < 5; i++) {
      for (const caller of [
        {},
        { headers: { Authorization: `Bearer ${keys.free}` } },
        { headers: { Authorization: 'Basic x' } },
        { method: 'HEAD' },
      ]) {
        for (const url of urls) await same(p, url, caller);
      }
    }
    p.routed.flush();
    p.cached.flush();
    const comparable = (lines: string[]) =>
      lines.map((l) => {
        const { duration_ms: _, ...rest } = JSON.parse(l);
        return rest;
      });
    expect(p.cached.lines.length).toBe(p.routed.lines.length);
    expect(comparable(p.cached.lines)).toEqual(comparable(p.routed.lines));
    const scrape = async (s: Side) =>
      parsePrometheus(await s.metrics.render()).samples.filter(
        (x) =>
          x.name === 'canpol_http_requests_total' ||
          x.name === 'canpol_rate_limit_rejections_total' ||
          x.name === 'canpol_auth_failures_total' ||
          x.name === 'canpol_http_request_duration_seconds_count',
      );
    expect(await scrape(p.cached)).toEqual(await scrape(p.routed));
    const cacheMetrics = parsePrometheus(await p.cached.metrics.render());
    expect(cacheMetrics.value('canpol_response_cache_hits_total')).toBe(p.cached.cache.stats().hits);
    expect(cacheMetrics.value('canpol_response_cache_hits_total')).toBeGreaterThan(10);
    expect(cacheMetrics.value('canpol_response_cache_entries')).toBe(3); // the detail, the search and /docs
    expect(cacheMetrics.value('canpol_response_cache_max_bytes')).toBe(8 * 2 ** 20);
  });
});

describe("over a real socket (headers read from Node's raw headers)", () => {
  test('a repeated Authorization is malformed, encodings and If-None-Match are honoured, on kept answers', async () => {
    const p = pair();
    const server = await listen(p.cached.app, { port: 0, host: '127.0.0.1' });
    const port = Number(new URL(server.url).port);
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const sock = connect(port, '127.0.0.1', () => sock.end(`${head}\r\nHost: x\r\nConnection: close\r\n\r\n`));
        let text = '';
        sock.on('data', (d) => {
          text += d.toString('latin1');
        });
        sock.on('end', () => resolve(text));
        sock.on('error', reject);
      });
    const headerOf = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(text.split('\r\n\r\n')[0])?.[1]?.trim();
    try {
      const url = `${API}/politicians`;
      const first = await fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${keys.dev}` } });
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      const twice = await raw(`GET ${url} HTTP/1.1\r\nAuthorization: Bearer ${keys.dev}\r\nAuthorization: Bearer ${keys.dev}`);
      expect(twice.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
      const br = await raw(
        `GET ${url} HTTP/1.1\r\nAuthorization: Bearer ${keys.dev}\r\nAccept-Encoding: gzip;q=0.5,\r\nAccept-Encoding: br`,
      );
      expect(headerOf(br, 'Content-Encoding')).toBe('br');
      expect(headerOf(br, 'X-RateLimit-Remaining')).toBe('998');
      const tag = headerOf(br, 'ETag')!;
      const notModified = await raw(
        `GET ${url} HTTP/1.1\r\nAuthorization: Bearer ${keys.dev}\r\nAccept-Encoding: br\r\nIf-None-Match: ${tag}`,
      );
      expect(notModified.split('\r\n')[0]).toBe('HTTP/1.1 304 Not Modified');
      expect(headerOf(notModified, 'X-RateLimit-Remaining')).toBe('997');
      expect(p.cached.cache.stats().hits).toBe(2);
    } finally {
      await server.close();
    }
  });
});
