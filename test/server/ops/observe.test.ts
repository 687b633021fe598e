// Request log and /metrics through the whole app (issue 7 part 4), on the hand-written fixture:
// known requests in, then the scrape is parsed and every count checked, and the log lines read.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createKey } from '../../../src/server/auth/key-admin.js';
import { createKeyLookup } from '../../../src/server/auth/key-lookup.js';
import { createApp } from '../../../src/server/http/app.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { createWorkQueue } from '../../../src/server/limits/work-queue.js';
import { createLogSink } from '../../../src/server/ops/log-sink.js';
import { createMetrics, LATENCY_BUCKETS } from '../../../src/server/ops/metrics.js';
import { createRequestLog } from '../../../src/server/ops/request-log.js';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { parsePrometheus } from './prometheus-parse.js';

/** The key with its last character changed (never to itself: keys are random). */
const mistyped = (key: string) => key.slice(0, -1) + (key.endsWith('x') ? 'y' : 'x');

const labels = { prefix: 'cpd', env: 'live' };
let f: Fixture;
let free: { key: string; id: string };
let dev: { key: string; id: string };

beforeAll(() => {
  f = buildFixture();
  const keyPath = join(f.dir, 'canpol.keys.json');
  for (const tier of ['free', 'dev'] as const) {
    const { key, record } = createKey(keyPath, { name: tier, tier, labels });
    if (tier === 'free') free = { key, id: record.id };
    else dev = { key, id: record.id };
  }
});
afterAll(() => f.cleanup());

function setup({ log = 'json' as 'json' | 'text', trusted = 'none' } = {}) {
  const keyPath = join(f.dir, 'canpol.keys.json');
  const keys = createKeyLookup({ path: keyPath, labels, log: () => {} });
  // Small limits so 429s are cheap to provoke: 2 anonymous, free keys 1 semantic request an hour.
  const limiter = createLimiter({
    limits: { anonymous: 2, general: { free: 3, dev: 100, pro: 100 }, semantic: { free: 1, dev: 100, pro: 100 } },
    store: createMemoryStore(),
  });
  const lines: string[] = [];
  const sink = createLogSink({ write: (chunk) => lines.push(...chunk.split('\n').filter(Boolean)) });
  const queue = createWorkQueue();
  const metrics = createMetrics({ sources: { build: () => f.data.build, queue: () => queue } });
  const clientAddress = createClientAddress(parseTrustedProxies(trusted));
  const app = createApp({
    data: f.data,
    logError: (err) => {
      throw err;
    },
    embedQueue: queue,
    access: { keys, limiter, clientAddress },
    ops: { log: createRequestLog({ format: log, sink }), metrics, clientAddress },
  });
  const get = (
    path: string,
    { headers = {}, from = '203.0.113.7', method = 'GET' }: { headers?: Record<string, string>; from?: string; method?: string } = {},
  ) => Promise.resolve(app.request(path, { method, headers }, { incoming: { socket: { remoteAddress: from } } }));
  const logged = () => {
    sink.flush();
    return lines.map((l) => (log === 'json' ? JSON.parse(l) : l));
  };
  return { get, metrics, logged, lines };
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const API = '/api/public/v1';

describe('/metrics', () => {
  test('counts known requests by route template and status, with rejections by bucket and tier', async () => {
    const { get } = setup();
    // Anonymous 203.0.113.7: 2 allowed, then 429 (anonymous bucket).
    expect((await get(`${API}/politicians/${fixtureIds.alice}`)).status).toBe(200);
    expect((await get(`${API}/politicians/${fixtureIds.bob}`)).status).toBe(200);
    expect((await get(`${API}/politicians/${fixtureIds.alice}`)).status).toBe(429);
    // Free key: one semantic search allowed, the second refused (semantic bucket, free tier).
    expect((await get(`${API}/search/speeches?q=housing`, { headers: bearer(free.key) })).status).toBe(200);
    expect((await get(`${API}/search/speeches?q=housing`, { headers: bearer(free.key) })).status).toBe(429);
    // Bad keys: a malformed header and a mistyped key.
    expect((await get(`${API}/bills`, { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
    expect((await get(`${API}/bills`, { headers: bearer(mistyped(dev.key)) })).status).toBe(401);
    // Dev key: a 200 and a 400 on the same route template, a 404 from an unknown id, an unknown path.
    expect((await get(`${API}/bills?limit=2`, { headers: bearer(dev.key) })).status).toBe(200);
    expect((await get(`${API}/bills?limit=0`, { headers: bearer(dev.key) })).status).toBe(400);
    expect((await get(`${API}/bills/00000000-0000-0000-0000-000000000000`, { headers: bearer(dev.key) })).status).toBe(404);
    expect((await get('/no/such/thing')).status).toBe(404);
    expect((await get('/health')).status).toBe(200);
    expect((await get('/health', { method: 'POST' })).status).toBe(405);

    const res = await get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const m = parsePrometheus(await res.text());
    const requests = (route: string, status: number) => m.value('canpol_http_requests_total', { route, status: String(status) });
    expect(requests(`${API}/politicians/:id`, 200)).toBe(2);
    expect(requests(`${API}/politicians/:id`, 429)).toBe(1);
    expect(requests(`${API}/search/speeches`, 200)).toBe(1);
    expect(requests(`${API}/search/speeches`, 429)).toBe(1);
    expect(requests(`${API}/bills`, 401)).toBe(2);
    expect(requests(`${API}/bills`, 200)).toBe(1);
    expect(requests(`${API}/bills`, 400)).toBe(1);
    expect(requests(`${API}/bills/:id`, 404)).toBe(1);
    expect(requests('(unmatched)', 404)).toBe(1);
    expect(requests('/health', 200)).toBe(1);
    expect(requests('(unmatched)', 405)).toBe(1);
    // The scrape itself is counted after it is rendered, so it is not in its own output.
    expect(m.samples.filter((s) => s.name === 'canpol_http_requests_total').reduce((a, s) => a + s.value, 0)).toBe(13);
    expect(m.samples.some((s) => s.labels.route?.includes(fixtureIds.alice))).toBe(false);

    expect(m.value('canpol_rate_limit_rejections_total', { bucket: 'anonymous', tier: 'anonymous' })).toBe(1);
    expect(m.value('canpol_rate_limit_rejections_total', { bucket: 'semantic', tier: 'free' })).toBe(1);
    expect(m.value('canpol_auth_failures_total', { reason: 'malformed' })).toBe(1);
    expect(m.value('canpol_auth_failures_total', { reason: 'checksum' })).toBe(1);
    expect(m.value('canpol_search_queue_running')).toBe(0);
    expect(m.value('canpol_search_queue_waiting')).toBe(0);
    expect(
      m.value('canpol_build_info', {
        build_id: f.data.build.id,
        dataset: 'canpol test fixture',
        schema_version: String(f.data.build.schema_version),
        demo: 'true',
      }),
    ).toBe(1);
    expect(m.types.get('canpol_http_request_duration_seconds')).toBe('histogram');
    expect(m.value('canpol_process_uptime_seconds')).toBeGreaterThanOrEqual(0);
  });

  test('the latency histogram is cumulative and agrees with the request counts', async () => {
    const { get, metrics } = setup();
    for (let i = 0; i < 3; i++) await get('/health');
    await get(`${API}/coverage`, { from: '198.51.100.9' });
    const m = parsePrometheus(await metrics.render());
    for (const route of ['/health', `${API}/coverage`]) {
      const buckets = m.samples.filter((s) => s.name === 'canpol_http_request_duration_seconds_bucket' && s.labels.route === route);
      expect(buckets.map((b) => b.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), '+Inf']);
      for (let i = 1; i < buckets.length; i++) expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
      const count = m.value('canpol_http_request_duration_seconds_count', { route });
      expect(buckets.at(-1)!.value).toBe(count!);
      expect(count).toBe(route === '/health' ? 3 : 1);
      expect(m.value('canpol_http_request_duration_seconds_sum', { route })).toBeGreaterThan(0);
    }
  });

  test('HEAD is counted under its GET route; preflights under (preflight)', async () => {
    const { get, metrics } = setup();
    expect((await get('/health', { method: 'HEAD' })).status).toBe(200);
    expect((await get(`${API}/bills`, { method: 'OPTIONS' })).status).toBe(204);
    const m = parsePrometheus(await metrics.render());
    expect(m.value('canpol_http_requests_total', { route: '/health', status: '200' })).toBe(1);
    expect(m.value('canpol_http_requests_total', { route: '(preflight)', status: '204' })).toBe(1);
  });

  test('observe() puts a duration in the first bucket it fits, inclusive of the bound', async () => {
    const metrics = createMetrics({ sources: { build: () => f.data.build, queue: () => ({ running: 1, waiting: 4 }) }, buckets: [0.1, 1] });
    metrics.observe('/x', 200, 0.1);
    metrics.observe('/x', 200, 0.5);
    metrics.observe('/x', 500, 3);
    const m = parsePrometheus(await metrics.render());
    expect(m.value('canpol_http_request_duration_seconds_bucket', { route: '/x', le: '0.1' })).toBe(1);
    expect(m.value('canpol_http_request_duration_seconds_bucket', { route: '/x', le: '1' })).toBe(2);
    expect(m.value('canpol_http_request_duration_seconds_bucket', { route: '/x', le: '+Inf' })).toBe(3);
    expect(m.value('canpol_http_request_duration_seconds_sum', { route: '/x' })).toBeCloseTo(3.6, 9);
    expect(m.value('canpol_search_queue_running')).toBe(1);
    expect(m.value('canpol_search_queue_waiting')).toBe(4);
  });

  test('the search caches of the app served: bytes, cap, entries and counts per cache, read at scrape time', async () => {
    const queue = createWorkQueue();
    const app = createApp({
      data: f.data,
      embedQueue: queue,
      searchCacheBytes: { chunk_words: 1 << 20, postings: 1 << 19, stem_counts: 1 << 18, rows: 1 << 20, int8_vectors: 1 << 17 },
    });
    const metrics = createMetrics({ sources: { build: () => f.data.build, queue: () => queue, searchCaches: app.searchCaches } });
    const before = parsePrometheus(await metrics.render());
    expect(before.value('canpol_search_cache_bytes', { cache: 'chunk_words' })).toBe(0);
    expect(before.value('canpol_search_cache_max_bytes', { cache: 'postings' })).toBe(1 << 19);
    expect(before.value('canpol_search_cache_max_bytes', { cache: 'stem_counts' })).toBe(1 << 18);
    // The fixture's committee speech "Opening the meeting." matches.
    const res = await app.request(`${API}/search/speeches?q=meeting`);
    expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(1);
    const stats = app.searchCaches();
    const m = parsePrometheus(await metrics.render());
    for (const cache of ['chunk_words', 'postings', 'stem_counts', 'rows'] as const) {
      expect(stats[cache].entries).toBeGreaterThan(0);
      expect(m.value('canpol_search_cache_entries', { cache })).toBe(stats[cache].entries);
      expect(m.value('canpol_search_cache_bytes', { cache })).toBe(stats[cache].bytes);
      expect(m.value('canpol_search_cache_misses_total', { cache })).toBe(stats[cache].misses);
    }
    expect(m.types.get('canpol_search_cache_hits_total')).toBe('counter');
  });
});

describe('request log', () => {
  test('one JSON line per request with the key id, never the key', async () => {
    const { get, logged, lines } = setup();
    await get(`${API}/bills?limit=2&level=federal`, { headers: bearer(dev.key) });
    await get(`${API}/bills`, { headers: bearer(mistyped(dev.key)) });
    await get(`${API}/politicians/${fixtureIds.alice}`, { from: '::ffff:198.51.100.4' });
    await get('/health', { from: '10.1.2.3' });
    const rows = logged();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      method: 'GET',
      path: `${API}/bills`,
      query: 'limit=2&level=federal',
      route: `${API}/bills`,
      status: 200,
      key_id: dev.id,
      client_ip: '203.0.113.7',
      build_id: f.data.build.id,
    });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'build_id',
      'client_ip',
      'duration_ms',
      'key_id',
      'method',
      'path',
      'query',
      'route',
      'status',
      'time',
    ]);
    expect(typeof rows[0].duration_ms).toBe('number');
    expect(Number.isNaN(Date.parse(rows[0].time))).toBe(false);
    // A refused key is not named: it proved nothing about who is calling.
    expect(rows[1]).toMatchObject({ status: 401, key_id: null, query: null });
    expect(rows[2]).toMatchObject({ status: 200, key_id: null, client_ip: '198.51.100.4', route: `${API}/politicians/:id` });
    expect(rows[3]).toMatchObject({ path: '/health', client_ip: '10.1.2.3' });
    const all = lines.join('\n');
    expect(all).not.toContain(dev.key);
    expect(all).not.toContain(dev.key.slice(0, -1));
    expect(all).not.toContain('Bearer');
  });

  test('client_ip follows X-Forwarded-For only through a trusted proxy', async () => {
    const { get, logged } = setup({ trusted: '10.0.0.0/8' });
    await get('/health', { from: '10.0.0.5', headers: { 'X-Forwarded-For': '198.51.100.77' } });
    await get('/health', { from: '203.0.113.9', headers: { 'X-Forwarded-For': '198.51.100.77' } });
    expect(logged().map((r) => r.client_ip)).toEqual(['198.51.100.77', '203.0.113.9']);
  });

  test('text format: one readable line', async () => {
    const { get, logged } = setup({ log: 'text' });
    await get(`${API}/bills?limit=1`, { headers: bearer(dev.key) });
    const [line] = logged() as unknown as string[];
    expect(line).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z 200 GET /api/public/v1/bills\\?limit=1 [\\d.]+ ms 203\\.0\\.113\\.7 key=${dev.id}$`),
    );
  });

  test('without ops there is no /metrics', async () => {
    const app = createApp({
      data: f.data,
      logError: (err) => {
        throw err;
      },
    });
    expect((await app.request('/metrics')).status).toBe(404);
  });
});
