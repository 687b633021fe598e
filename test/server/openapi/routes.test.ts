// The endpoint table against the app itself: the routes Hono registered are exactly the table's;
// GET /api/public/v1/openapi.json and GET /docs are served with the usual headers, outside the
// rate limiter, and /docs is one self-contained page listing every endpoint and error.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../../src/server/http/app.js';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limit-table.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { buildOpenApiDocument } from '../../../src/server/openapi/document.js';
import { renderDocsPage } from '../../../src/server/openapi/docs-page.js';
import { ENDPOINTS, fullPath } from '../../../src/server/endpoints.js';
import { ERROR_CATALOG } from '../../../src/server/openapi/error-catalog.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.cleanup());

/** Hono's `:name` → OpenAPI's `{name}`. */
/** fx.get prefixes paths outside /api and /health; /docs is at the root. */
const getRoot = (path: string, init?: RequestInit) => Promise.resolve(fx.app.request(path, init));

const template = (honoPath: string) => honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');

describe("the table is the app's routes", () => {
  test('every GET route the app registers is in the table, and every table entry is a route', () => {
    const registered = fx.app.routes.filter((r) => r.method === 'GET').map((r) => template(r.path));
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual(ENDPOINTS.map(fullPath).sort());
  });

  test('no route answers another method (the rest are middleware)', () => {
    const others = fx.app.routes.filter((r) => r.method !== 'GET' && r.method !== 'ALL');
    expect(others).toEqual([]);
  });

  test('a path missing from the table is noticed: the comparison is not vacuous', () => {
    expect(ENDPOINTS.length).toBe(30);
    expect(ENDPOINTS.map(fullPath)).toContain('/api/public/v1/boundaries/{source_set}/{slug}');
  });
});

describe('GET /api/public/v1/openapi.json', () => {
  test('the generated document, as JSON, cacheable, with an ETag that gives 304', async () => {
    const res = await fx.get('/api/public/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await res.json()).toEqual(buildOpenApiDocument());
    const etag = res.headers.get('ETag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await fx.get('/api/public/v1/openapi.json', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  test('compressed when the client accepts it, with its own tag', async () => {
    const res = await fx.get('/api/public/v1/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('ETag')).toMatch(/-gzip"$/);
  });

  test('the URL is part of its ETag, as for every route', async () => {
    const a = (await fx.get('/api/public/v1/openapi.json')).headers.get('ETag');
    const b = (await fx.get('/api/public/v1/openapi.json?x=1')).headers.get('ETag');
    expect(a).not.toBe(b);
  });

  test('405 for other methods, like every route', async () => {
    const res = await fx.get('/api/public/v1/openapi.json', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { code: string }).code).toBe('method_not_allowed');
  });
});

describe('not rate limited, not key-checked (docs/openapi.md)', () => {
  function limitedApp() {
    const limiter = createLimiter({
      limits: { ...DEFAULT_LIMITS, anonymous: 1 },
      store: createMemoryStore(),
      now: () => Date.parse('2026-11-02T10:15:00Z'),
    });
    const app = createApp({
      data: fx.data,
      logError: (err) => {
        throw err;
      },
      access: { keys: null, limiter, clientAddress: createClientAddress(parseTrustedProxies('none')) },
    });
    return (path: string, headers: Record<string, string> = {}) =>
      Promise.resolve(app.request(path, { headers }, { incoming: { socket: { remoteAddress: '203.0.113.9' } } }));
  }

  test('with 1 anonymous request an hour, the document and the page still answer, without rate-limit headers', async () => {
    const get = limitedApp();
    expect((await get('/api/public/v1/coverage')).status).toBe(200);
    expect((await get('/api/public/v1/coverage')).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      for (const path of ['/api/public/v1/openapi.json', '/docs']) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('X-RateLimit-Limit')).toBeNull();
      }
    }
  });

  test('an Authorization header is not checked there (as for /health)', async () => {
    const get = limitedApp();
    expect((await get('/api/public/v1/coverage', { Authorization: 'Bearer nonsense' })).status).toBe(401);
    expect((await get('/api/public/v1/openapi.json', { Authorization: 'Bearer nonsense' })).status).toBe(200);
  });
});

describe('GET /docs', () => {
  let html: string;
  let res: Response;
  beforeAll(async () => {
    res = await getRoot('/docs');
    html = await res.text();
  });

  test('an HTML page, cacheable, with an ETag that gives 304', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const again = await getRoot('/docs', { headers: { 'If-None-Match': res.headers.get('ETag')! } });
    expect(again.status).toBe(304);
    const br = await getRoot('/docs', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('ETag')).toBe(res.headers.get('ETag')!.replace(/"$/, '-br"'));
  });

  test('self-contained: no script, no external stylesheet, image or link', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/\bsrc=/i);
    expect(html).not.toMatch(/@import|url\(/i);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(29);
    for (const href of hrefs) expect(href.startsWith('#') || href === '/api/public/v1/openapi.json').toBe(true);
  });

  test('lists every endpoint with its full path, every parameter and every error code', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, { get: { parameters?: Array<{ name?: string }> } }> };
    for (const e of ENDPOINTS) expect(html).toContain(`<code>${fullPath(e)}</code>`);
    for (const item of Object.values(doc.paths)) {
      for (const p of item.get.parameters ?? []) if (p.name) expect(html).toContain(`<code>${p.name}</code>`);
    }
    for (const code of Object.keys(ERROR_CATALOG)) expect(html).toContain(`<code>${code}</code>`);
  });

  test('text is escaped: a summary holding markup comes out as text', () => {
    const doc = structuredClone(buildOpenApiDocument()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    doc.paths['/bills'].get.summary = 'List <script>alert(1)</script> & bills';
    const page = renderDocsPage(doc);
    expect(page).not.toContain('<script>');
    expect(page).toContain('List &#60;script&#62;alert(1)&#60;/script&#62; &#38; bills');
  });
});
