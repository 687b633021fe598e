// Keys and rate limits through the whole app (decisions 2-4), on the hand-written fixture.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { join } from 'node:path';
import { listen } from '../../../src/server/http/serve.js';
import { createKey, revokeKey } from '../../../src/server/auth/key-admin.js';
import { createKeyLookup } from '../../../src/server/auth/key-lookup.js';
import { createApp } from '../../../src/server/http/app.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limit-table.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';

const labels = { prefix: 'cpd', env: 'live' };
let f: Fixture;
let keyPath: string;
const minted: Record<string, { key: string; id: string }> = {};

beforeAll(() => {
  f = buildFixture();
  keyPath = join(f.dir, 'canpol.keys.json');
  for (const tier of ['free', 'dev', 'pro'] as const) {
    const { key, record } = createKey(keyPath, { name: tier, tier, labels });
    minted[tier] = { key, id: record.id };
  }
  const { key, record } = createKey(keyPath, { name: 'to revoke', tier: 'free', labels });
  minted.revoked = { key, id: record.id };
});
afterAll(() => f.cleanup());

function setup({ rateLimit = true, trusted = 'none', clock = { t: Date.parse('2026-11-02T10:15:00Z') } } = {}) {
  const keys = createKeyLookup({ path: keyPath, labels, now: () => clock.t, log: () => {} });
  const limiter = rateLimit ? createLimiter({ limits: DEFAULT_LIMITS, store: createMemoryStore(), now: () => clock.t }) : null;
  const app = createApp({
    data: f.data,
    logError: (err) => {
      throw err;
    },
    access: { keys, limiter, clientAddress: createClientAddress(parseTrustedProxies(trusted)) },
  });
  const get = (
    path: string,
    {
      headers = {},
      from = '203.0.113.7',
      method = 'GET',
    }: { headers?: Headers | Record<string, string>; from?: string; method?: string } = {},
  ) =>
    Promise.resolve(
      app.request(
        path.startsWith('/health') ? path : `/api/public/v1${path}`,
        { method, headers },
        { incoming: { socket: { remoteAddress: from } } },
      ),
    );
  return { app, get, clock };
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const limitHeaders = (res: Response) => ['Limit', 'Remaining', 'Reset'].map((h) => res.headers.get(`X-RateLimit-${h}`));

describe('rate-limit headers on every response of a limited route (decisions 3)', () => {
  test('200, 304, 400 and 404 all carry them and all count', async () => {
    const { get } = setup();
    const ok = await get(`/politicians/${fixtureIds.alice}`);
    expect(ok.status).toBe(200);
    // 10:15 is 45 minutes = 2700 s before the window ends.
    expect(limitHeaders(ok)).toEqual(['30', '29', '2700']);
    const notModified = await get(`/politicians/${fixtureIds.alice}`, { headers: { 'If-None-Match': ok.headers.get('ETag')! } });
    expect(notModified.status).toBe(304);
    expect(limitHeaders(notModified)).toEqual(['30', '28', '2700']);
    const bad = await get('/politicians?limit=0');
    expect(bad.status).toBe(400);
    expect(limitHeaders(bad)).toEqual(['30', '27', '2700']);
    const missing = await get('/no-such-route');
    expect(missing.status).toBe(404);
    expect(limitHeaders(missing)).toEqual(['30', '26', '2700']);
  });

  test('health, preflight and refused methods are not limited and not counted', async () => {
    const { get } = setup();
    for (let i = 0; i < 40; i++) expect((await get('/health')).status).toBe(200);
    expect((await get('/health')).headers.get('X-RateLimit-Limit')).toBeNull();
    expect((await get('/politicians', { method: 'OPTIONS' })).status).toBe(204);
    expect((await get('/politicians', { method: 'POST' })).status).toBe(405);
    expect(limitHeaders(await get('/politicians'))).toEqual(['30', '29', '2700']);
  });
});

describe('anonymous: 30 per hour per client address', () => {
  test('the 31st request is 429 rate_limited with Retry-After; another address is not affected; the next window resets', async () => {
    const { get, clock } = setup();
    for (let i = 0; i < 30; i++) expect((await get('/bills')).status).toBe(200);
    const refused = await get('/bills');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      statusCode: 429,
      code: 'rate_limited',
      error: 'Too Many Requests',
      message: 'rate limit of 30 requests per hour reached; retry in 2700 s',
    });
    expect(refused.headers.get('Retry-After')).toBe('2700');
    expect(limitHeaders(refused)).toEqual(['30', '0', '2700']);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
    // Anonymous callers have one bucket for everything: semantic routes too.
    expect((await get('/search/speeches/count?q=housing')).status).toBe(429);
    expect((await get('/bills', { from: '203.0.113.8' })).status).toBe(200);
    clock.t = Date.parse('2026-11-02T11:00:00Z');
    const next = await get('/bills');
    expect(next.status).toBe(200);
    expect(limitHeaders(next)).toEqual(['30', '29', '3600']);
  });

  test('X-Forwarded-For is read only through a trusted proxy', async () => {
    const direct = setup();
    for (let i = 0; i < 30; i++) await direct.get('/bills', { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
    expect((await direct.get('/bills', { headers: { 'X-Forwarded-For': '198.51.100.99' } })).status).toBe(429);

    const proxied = setup({ trusted: '10.0.0.0/8' });
    for (let i = 0; i < 30; i++) await proxied.get('/bills', { from: '10.0.0.2', headers: { 'X-Forwarded-For': '198.51.100.1' } });
    expect((await proxied.get('/bills', { from: '10.0.0.2', headers: { 'X-Forwarded-For': '198.51.100.1' } })).status).toBe(429);
    // A spoofed left-most entry does not give a fresh bucket: the proxy appended the real peer.
    expect((await proxied.get('/bills', { from: '10.0.0.2', headers: { 'X-Forwarded-For': '1.2.3.4, 198.51.100.1' } })).status).toBe(429);
    expect((await proxied.get('/bills', { from: '10.0.0.2', headers: { 'X-Forwarded-For': '198.51.100.2' } })).status).toBe(200);
  });
});

describe('keys: one general bucket across routes, one semantic bucket (decisions 4)', () => {
  test('free: 60 general requests over every route, then 429; semantic 5, independent', async () => {
    const { get } = setup();
    const h = { headers: bearer(minted.free.key) };
    const routes = ['/politicians', '/bills', '/votes', '/coverage', `/politicians/${fixtureIds.alice}`, '/no-such-route'];
    for (let i = 0; i < 60; i++) {
      const res = await get(routes[i % routes.length], h);
      expect(res.headers.get('X-RateLimit-Remaining')).toBe(String(59 - i));
    }
    expect((await get('/committees/meetings', h)).status).toBe(429);
    // The semantic routes share their own bucket of 5.
    const semantic = ['/search/speeches?q=housing', '/search/speeches/count?q=housing', '/search/facets?q=housing'];
    for (let i = 0; i < 5; i++) {
      const res = await get(semantic[i % 3], h);
      expect(res.status).toBe(200);
      expect(limitHeaders(res)).toEqual(['5', String(4 - i), '2700']);
    }
    expect((await get('/search/facets?q=housing', h)).status).toBe(429);
    // The free search routes (sessions, chunks, meta) are general routes.
    expect((await get('/search/meta', h)).headers.get('X-RateLimit-Limit')).toBe('60');
    // Another free key, and the anonymous bucket of the same address, are untouched.
    expect((await get('/bills', { headers: bearer(minted.revoked.key) })).headers.get('X-RateLimit-Remaining')).toBe('59');
    expect((await get('/bills')).headers.get('X-RateLimit-Remaining')).toBe('29');
  });

  test('dev and pro limits in the headers', async () => {
    const { get } = setup();
    expect(limitHeaders(await get('/bills', { headers: bearer(minted.dev.key) }))).toEqual(['1000', '999', '2700']);
    expect(limitHeaders(await get('/search/speeches?q=x', { headers: bearer(minted.dev.key) }))).toEqual(['100', '99', '2700']);
    expect(limitHeaders(await get('/bills', { headers: bearer(minted.pro.key) }))).toEqual(['10000', '9999', '2700']);
    expect(limitHeaders(await get('/search/facets?q=x', { headers: bearer(minted.pro.key) }))).toEqual(['10000', '9999', '2700']);
  });
});

describe('401 invalid_api_key (decisions 2)', () => {
  async function expect401(res: Response, message: RegExp) {
    expect(res.status).toBe(401);
    const body = (await res.json()) as { message: string };
    expect(body).toMatchObject({ statusCode: 401, code: 'invalid_api_key', error: 'Unauthorized' });
    expect(body.message).toMatch(message);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  }

  test('malformed, mistyped, foreign, unknown and revoked keys are refused, never served as anonymous', async () => {
    const { get, clock } = setup();
    const k = minted.free.key;
    await expect401(await get('/bills', { headers: { Authorization: k } }), /Authorization header is malformed/);
    await expect401(await get('/bills', { headers: { Authorization: '' } }), /Authorization header is malformed/);
    await expect401(await get('/bills', { headers: bearer('abc') }), /key is malformed/);
    await expect401(await get('/bills', { headers: bearer(k.slice(0, -1) + (k.endsWith('A') ? 'B' : 'A')) }), /checksum/);
    await expect401(await get('/bills', { headers: bearer(k.replace('cpd_live', 'cpd_test')) }), /not a key of this server/);
    // Well-formed with a correct checksum (computed by hand in test/server/auth/key-format.test.ts), never minted.
    await expect401(await get('/bills', { headers: bearer('cpd_live_0000000000000000000000_2Ff7uY') }), /not known/);
    expect((await get('/bills', { headers: bearer(minted.revoked.key) })).status).toBe(200);
    revokeKey(keyPath, minted.revoked.id);
    clock.t += 1000; // the key store is rechecked at most once a second
    await expect401(await get('/bills', { headers: bearer(minted.revoked.key) }), /revoked/);
  });

  test('with limits off keys are still checked, and nothing is counted', async () => {
    const { get } = setup({ rateLimit: false });
    await expect401(await get('/bills', { headers: bearer('cpd_live_0000000000000000000000_2Ff7uY') }), /not known/);
    for (let i = 0; i < 40; i++) {
      const res = await get('/bills');
      expect(res.status).toBe(200);
      expect(res.headers.get('X-RateLimit-Limit')).toBeNull();
    }
    expect((await get('/bills', { headers: bearer(minted.dev.key) })).status).toBe(200);
  });
});

describe('hostile headers: a documented 4xx or a normal answer, never a 5xx', () => {
  test('huge, repeated and malformed Authorization', async () => {
    const { get } = setup();
    const repeated = new Headers();
    repeated.append('Authorization', `Bearer ${minted.dev.key}`);
    repeated.append('Authorization', `Bearer ${minted.pro.key}`);
    for (const headers of [
      { Authorization: `Bearer ${'A'.repeat(1_000_000)}` },
      repeated,
      { Authorization: 'Bearer \u0001\u007f' },
      { Authorization: 'Bearer "quoted"' },
      { Authorization: 'Digest x=1' },
    ]) {
      const res = await get('/bills', { headers });
      expect(res.status).toBe(401);
    }
  });

  test('huge, repeated and malformed X-Forwarded-For, from a trusted proxy or not', async () => {
    for (const trusted of ['none', '10.0.0.0/8']) {
      const { get } = setup({ trusted });
      const repeated = new Headers();
      repeated.append('X-Forwarded-For', '198.51.100.1');
      repeated.append('X-Forwarded-For', '198.51.100.2');
      for (const headers of [
        { 'X-Forwarded-For': 'x'.repeat(1_000_000) },
        { 'X-Forwarded-For': '10.0.0.1,'.repeat(50_000) },
        repeated,
        { 'X-Forwarded-For': '::ffff:999.1.1.1, [::1' },
        { 'X-Forwarded-For': '' },
      ]) {
        const res = await get('/bills', { from: '10.0.0.2', headers });
        expect(res.status).toBe(200);
      }
    }
  });
});

describe('over a real socket', () => {
  test('the socket address is the client; oversized headers are refused by Node with 431 before the app', async () => {
    const { app } = setup();
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    try {
      const first = await fetch(`${server.url}/api/public/v1/bills`, { headers: { 'X-Forwarded-For': '198.51.100.1' } });
      expect(limitHeaders(first)[1]).toBe('29');
      // A different X-Forwarded-For from the same (untrusted) socket is the same client.
      const second = await fetch(`${server.url}/api/public/v1/bills`, { headers: { 'X-Forwarded-For': '198.51.100.2' } });
      expect(limitHeaders(second)[1]).toBe('28');
      const port = Number(new URL(server.url).port);
      const raw = await new Promise<string>((resolve, reject) => {
        const sock = connect(port, '127.0.0.1', () =>
          sock.end(`GET /api/public/v1/bills HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'A'.repeat(20_000)}\r\n\r\n`),
        );
        let text = '';
        sock.on('data', (d) => {
          text += d;
        });
        sock.on('end', () => resolve(text));
        sock.on('error', reject);
      });
      expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    } finally {
      await server.close();
    }
  });
});
