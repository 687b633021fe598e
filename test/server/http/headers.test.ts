import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';

let f: Fixture;
beforeAll(() => {
  f = buildFixture();
});
afterAll(() => f.cleanup());

describe('JSON everywhere (decisions 1)', () => {
  test.each(['/politicians', '/nope', `/votes/${'0'.repeat(8)}-0000-0000-0000-000000000000`, '/politicians?limit=0'])(
    '%s is application/json; charset=utf-8',
    async (path) => {
      const res = await f.get(path);
      expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(() => JSON.parse('')).toThrow();
      expect(typeof (await res.json())).toBe('object');
    },
  );

  test('unknown routes, inside and outside the prefix, are 404 not_found', async () => {
    for (const path of ['/api/public/v1/nope', '/nope', '/api/public/v2/politicians']) {
      const res = await f.app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404, code: 'not_found', error: 'Not Found' });
    }
  });
});

describe('methods', () => {
  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is 405 method_not_allowed with Allow', async (method) => {
    for (const path of ['/politicians', '/nope']) {
      const res = await f.get(path, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.json()).toMatchObject({ statusCode: 405, code: 'method_not_allowed', error: 'Method Not Allowed' });
    }
  });

  test('HEAD answers the GET headers with no body', async () => {
    const get = await f.get('/politicians');
    const head = await f.get('/politicians', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('ETag')).toBe(get.headers.get('ETag'));
    expect(head.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(await head.text()).toBe('');
  });

  test('OPTIONS preflight is 204 with the CORS policy', async () => {
    const res = await f.get('/politicians', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'Authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Methods')).toBe('GET,HEAD,OPTIONS');
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe('Authorization,Content-Type');
  });
});

describe('CORS (decisions 3)', () => {
  test('every response, errors included, allows any origin and exposes the rate-limit headers, Retry-After and ETag', async () => {
    for (const path of ['/politicians', '/nope', '/politicians?limit=abc']) {
      const res = await f.get(path, { headers: { Origin: 'https://app.example' } });
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
      const exposed = (res.headers.get('Access-Control-Expose-Headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'etag'])
        expect(exposed).toContain(h);
    }
  });
});

describe('ETag and 304 (decisions 3)', () => {
  test('strong ETag, stable per URL, different per URL', async () => {
    const a1 = (await f.get('/politicians?status=all')).headers.get('ETag')!;
    const a2 = (await f.get('/politicians?status=all')).headers.get('ETag')!;
    const b = (await f.get('/politicians?status=former')).headers.get('ETag')!;
    expect(a1).toMatch(/^"[^"]+"$/);
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
  });

  test('If-None-Match with the current tag gives 304 and no body; a stale tag gives 200', async () => {
    const tag = (await f.get(`/politicians/${fixtureIds.alice}`)).headers.get('ETag')!;
    const hit = await f.get(`/politicians/${fixtureIds.alice}`, { headers: { 'If-None-Match': tag } });
    expect(hit.status).toBe(304);
    expect(hit.headers.get('ETag')).toBe(tag);
    expect(hit.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(await hit.text()).toBe('');
    const list = await f.get(`/politicians/${fixtureIds.alice}`, { headers: { 'If-None-Match': `"stale", W/${tag}` } });
    expect(list.status).toBe(304);
    const miss = await f.get(`/politicians/${fixtureIds.alice}`, { headers: { 'If-None-Match': '"stale"' } });
    expect(miss.status).toBe(200);
  });

  test('errors carry no ETag and are never cached', async () => {
    const res = await f.get('/politicians/00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  test('a different data file (another build id) gives different tags', async () => {
    const other = buildFixture((r) => {
      r.manifest.name = 'another build';
    });
    try {
      const a = (await f.get('/coverage')).headers.get('ETag');
      const b = (await other.get('/coverage')).headers.get('ETag');
      expect(f.data.build.id).not.toBe(other.data.build.id);
      expect(a).not.toBe(b);
    } finally {
      other.cleanup();
    }
  });
});

describe('compression (decisions 3)', () => {
  const big = '/politicians?status=all';
  test('br preferred, gzip next, identical JSON after decoding, Vary: Accept-Encoding', async () => {
    const plain = await (await f.get(big)).text();
    expect(plain.length).toBeGreaterThan(1024);
    const br = await f.get(big, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await f.get(big, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });

  test('q=0 refuses an encoding; identity when nothing acceptable', async () => {
    const res = await f.get(big, { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0.5' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const none = await f.get(big, { headers: { 'Accept-Encoding': 'identity' } });
    expect(none.headers.get('Content-Encoding')).toBeNull();
  });

  test('small bodies are not compressed', async () => {
    const res = await f.get('/nope', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(((await res.json()) as any).code).toBe('not_found');
  });

  test('each representation has its own strong ETag, and 304 works for the compressed one', async () => {
    const plain = (await f.get(big)).headers.get('ETag')!;
    const br = (await f.get(big, { headers: { 'Accept-Encoding': 'br' } })).headers.get('ETag')!;
    expect(br).not.toBe(plain);
    const hit = await f.get(big, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br } });
    expect(hit.status).toBe(304);
  });
});
