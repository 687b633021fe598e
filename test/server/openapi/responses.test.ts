// Real responses of the app on the demo data validate against the document's schemas (ajv, JSON
// Schema 2020-12 as OpenAPI 3.1 uses), so the documented bodies, error codes and max-ages cannot lie.
// Every operation's 200 and every 4xx/5xx that can be provoked here are exercised; the tally at the
// end checks that.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildDataFileWith } from '../../../build-db/build.js';
import { searchPhase } from '../../../build-db/search/search-phase.js';
import { ids } from '../../../build-db/ids.js';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { createClientAddress, parseTrustedProxies } from '../../../src/server/limits/client-ip.js';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limit-table.js';
import { createLimiter } from '../../../src/server/limits/limiter.js';
import { createMemoryStore } from '../../../src/server/limits/memory-store.js';
import { createWorkQueue } from '../../../src/server/limits/work-queue.js';
import { buildOpenApiDocument } from '../../../src/server/openapi/document.js';
import { loadEncoder } from '../../../src/core/data-file/encoder-store.js';
import type { Embedder } from '../../../src/core/encoder/embedder.js';
import { onnxCleanup } from '../../helpers/encoder-corpus.js';
import { tempDir } from '../../helpers/fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const repo = resolve(import.meta.dir, '../../..');
const dir = tempDir('canpol-openapi-');
const doc: Json = buildOpenApiDocument();
const API = '/api/public/v1';

let data: DataFile;
let app: ReturnType<typeof createApp>;
let encoder: (Embedder & { close(): Promise<void> }) | null = null;
const cleanOnnx = onnxCleanup();
const rows = (file: string): Json[] =>
  readFileSync(join(dir, 'demo', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

// The full build (with the search phase: encoder and vectors) and the served encoder, so hybrid and
// semantic answers carry real similarities, as `make run` serves them.
beforeAll(async () => {
  const r = spawnSync(join(repo, 'node_modules/.bin/bun'), [join(repo, 'data/generate-demo.ts'), join(dir, 'demo')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const sources = join(dir, 'demo');
  const result = await buildDataFileWith({ sources, out: join(dir, 'demo.db') }, [searchPhase({ sources })]);
  if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 5)));
  data = openDataFile(join(dir, 'demo.db'));
  encoder = await loadEncoder(data.db);
  expect(encoder).not.toBeNull();
  app = createApp({
    data,
    embedder: encoder,
    logError: (err) => {
      throw err;
    },
  });
}, 180_000);
afterAll(async () => {
  await encoder?.close();
  data?.close();
  rmSync(dir, { recursive: true, force: true });
  cleanOnnx();
});

// ---- the validator -------------------------------------------------------------------------------

// Formats as the API promises them (decisions 1; UUIDs answered in lower case): stricter than RFCs.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

const compiled = new Map<string, ValidateFunction>();
function validatorFor(template: string, status: number, type: string): ValidateFunction {
  const key = `${template} ${status}`;
  let fn = compiled.get(key);
  if (!fn) {
    const response = doc.paths[template].get.responses[status];
    if (!response) throw new Error(`${template} documents no ${status}`);
    // The components ride along so that #/components/... refs resolve inside the compiled schema.
    fn = ajv.compile({ ...response.content[type].schema, components: doc.components });
    compiled.set(key, fn);
  }
  return fn;
}

const templates = Object.keys(doc.paths).map((t) => ({
  t,
  re: new RegExp(`^${(doc.paths[t].servers ? '' : API) + t.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
const templateOf = (path: string) => {
  const found = templates.filter(({ re }) => re.test(path));
  if (found.length !== 1) throw new Error(`${path} matches ${found.map((f) => f.t)}`);
  return found[0].t;
};

/** Which (operation, status) pairs were checked against a real response. */
const seen = new Set<string>();

type Getter = (path: string, init?: RequestInit) => Promise<Response>;
const defaultGet: Getter = (path, init) => Promise.resolve(app.request(path, init));

/** GET `url` (API-relative unless it is /, /health or /docs), check status, body and max-age. */
async function check(url: string, status = 200, get: Getter = defaultGet): Promise<Json> {
  const path = url === '/' || url.startsWith('/health') || url.startsWith('/docs') ? url : `${API}${url}`;
  const res = await get(path);
  const type = (res.headers.get('Content-Type') ?? '').split(';')[0];
  const body = type === 'application/json' ? await res.json() : await res.text();
  if (res.status !== status) throw new Error(`GET ${url}: expected ${status}, got ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  const template = templateOf(path.split('?')[0]);
  const validate = validatorFor(template, status, type);
  if (!validate(body)) throw new Error(`GET ${url} ${status}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  const maxAge = doc.paths[template].get['x-cache-max-age'];
  expect(res.headers.get('Cache-Control')).toBe(status === 200 && maxAge !== 'no-store' ? `public, max-age=${maxAge}` : 'no-store');
  seen.add(`${template} ${status}`);
  return body;
}

// ---- the schemas are strict enough to catch a lie ---------------------------------------------------

describe('the schemas are strict', () => {
  test('an extra field, a missing field, a wrong type or an undocumented error code is rejected', async () => {
    const body = await check('/bills?limit=1');
    const validate = validatorFor('/bills', 200, 'application/json');
    const item = body.items[0];
    expect(validate({ ...body, items: [{ ...item, extra: 1 }] })).toBe(false);
    const { title: _title, ...missing } = item;
    expect(validate({ ...body, items: [missing] })).toBe(false);
    expect(validate({ ...body, items: [{ ...item, events_count: '0' }] })).toBe(false);
    expect(validate({ ...body, items: [{ ...item, introduced_date: '2022-02-02T00:00:00Z' }] })).toBe(false);
    const error = await check('/bills?limit=0', 400);
    expect(validatorFor('/bills', 400, 'application/json')({ ...error, code: 'not_found' })).toBe(false);
    expect(validatorFor('/bills', 400, 'application/json')({ ...error, statusCode: 404 })).toBe(false);
  });
});

// ---- every endpoint's 200 -----------------------------------------------------------------------

describe('200 responses validate', () => {
  test('service: /, /health, openapi.json, /docs', async () => {
    await check('/');
    await check('/health');
    await check('/openapi.json');
    expect(await check('/docs')).toContain('<!doctype html>');
  });

  test('politicians: lists, and detail, offices, socials and posts of 120 politicians (websites with scans included)', async () => {
    for (const q of ['', '?status=all&limit=100', '?jurisdiction=federal', '?jurisdiction=on&page=2&limit=10', '?status=former', '?q=zzzz'])
      await check(`/politicians${q}`);
    const listed: string[] = (await check('/politicians?status=all&limit=100')).items.map((p: Json) => p.id);
    const withSites = rows('websites.jsonl')
      .map((w) => ids.politician(w.politician_key))
      .slice(0, 20);
    let websites = 0;
    let scans = 0;
    for (const id of [...new Set([...listed, ...withSites])]) {
      const detail = await check(`/politicians/${id}`);
      websites += detail.websites.length;
      scans += detail.websites.filter((w: Json) => w.scan).length;
      await check(`/politicians/${id}/offices`);
      await check(`/politicians/${id}/socials?include_dead=true`);
      await check(`/politicians/${id}/posts?limit=200`);
    }
    expect(websites).toBeGreaterThan(0);
    expect(scans).toBeGreaterThan(0);
  });

  test("bills: every page and every bill's detail, events and sponsors", async () => {
    const first = await check('/bills?limit=100');
    const billIds: string[] = first.items.map((b: Json) => b.id);
    for (let page = 2; page <= first.pages; page++)
      billIds.push(...(await check(`/bills?limit=100&page=${page}`)).items.map((b: Json) => b.id));
    expect(billIds.length).toBe(first.total);
    for (const q of ['?level=provincial&province_territory=ON', '?introduced_from=2024-01-01&introduced_to=2024-12-31', '?page=999'])
      await check(`/bills${q}`);
    for (const id of billIds) {
      await check(`/bills/${id}`);
      await check(`/bills/${id}/events`);
      await check(`/bills/${id}/sponsors`);
    }
  });

  test("votes: every vote's detail and positions; committee meetings, every page", async () => {
    const first = await check('/votes?limit=100');
    const voteIds: string[] = first.items.map((v: Json) => v.id);
    for (let page = 2; page <= first.pages; page++)
      voteIds.push(...(await check(`/votes?limit=100&page=${page}`)).items.map((v: Json) => v.id));
    await check('/votes?result=passed&vote_type=division&occurred_from=2020-01-01');
    for (const id of voteIds) {
      await check(`/votes/${id}`);
      await check(`/votes/${id}/positions`);
    }
    const meetings = await check('/committees/meetings?limit=100');
    for (let page = 2; page <= meetings.pages; page++) await check(`/committees/meetings?limit=100&page=${page}`);
    await check('/committees/meetings?level=federal&from=2020-01-01&to=2030-01-01');
  });

  test('boundaries: every page, 60 details at two precisions, lookups by point, level and postcode', async () => {
    const first = await check('/boundaries?limit=100');
    const all: string[] = first.items.map((b: Json) => b.constituency_id);
    for (let page = 2; page <= first.pages; page++)
      all.push(...(await check(`/boundaries?limit=100&page=${page}`)).items.map((b: Json) => b.constituency_id));
    await check('/boundaries?bbox=-80,43,-75,46&level=provincial');
    for (const id of all.filter((_, i) => i % Math.ceil(all.length / 60) === 0)) {
      await check(`/boundaries/${id}`);
      await check(`/boundaries/${id}?precision=2`);
    }
    const hits = [];
    for (const [lat, lng] of [
      [45.42, -75.7],
      [43.65, -79.38],
      [45.5, -73.57],
      [49.28, -123.12],
      [53.54, -113.49],
      [60, -140],
    ]) {
      const body = await check(`/boundaries/lookup?lat=${lat}&lng=${lng}`);
      hits.push(...Object.values(body).filter(Boolean));
      await check(`/boundaries/lookup?lat=${lat}&lng=${lng}&level=municipal`);
    }
    expect(hits.length).toBeGreaterThan(3);
    await check('/boundaries/lookup?postcode=K1A0A6');
  });

  test('postcodes: register codes, an override, FSAs and FSA-derived codes, with representatives', async () => {
    const codes = [...new Set(rows('postcode_points.jsonl').map((p) => p.postcode as string))];
    const overrides = rows('postcode_overrides.jsonl').map((p) => p.postcode as string);
    const fsas = rows('fsa_points.jsonl').map((p) => p.fsa as string);
    const sources = new Set<string>();
    let representatives = 0;
    const sample = [
      ...codes.filter((_, i) => i % Math.ceil(codes.length / 80) === 0),
      ...overrides,
      ...fsas.slice(0, 10),
      `${codes[0].slice(0, 3)}9Z9`,
    ];
    for (const code of sample) {
      const body = await check(`/postcodes/${code}`);
      sources.add(body.source);
      representatives += (await check(`/postcodes/${code}/representatives`)).representatives.length;
    }
    expect([...sources].sort()).toEqual(['cache', 'fsa_derived', 'nar']);
    expect(representatives).toBeGreaterThan(10);
  });

  test('coverage', async () => {
    await check('/coverage');
    await check('/coverage?status=live');
    await check('/jurisdiction-sources');
  });

  test('search: timeline, grouped, without count, recent and anchor modes, count, facets, sessions, chunks, meta', async () => {
    const timeline = await check('/search/speeches?q=housing&limit=50');
    expect(timeline.items.length).toBeGreaterThan(0);
    // The encoder is served: similarities are numbers, so the schemas' number branches are exercised.
    expect(timeline.items.every((i: Json) => typeof i.similarity === 'number')).toBe(true);
    await check('/search/speeches?q=logement&lang=fr&include_count=false');
    await check('/search/speeches?q=housing&group_by=politician&per_group_limit=10&sort=best_match');
    const recent = await check('/search/speeches?level=federal&speech_type=committee,floor');
    expect(recent.mode).toBe('recent');
    await check('/search/speeches?level=provincial&group_by=politician');
    const anchor = await check(`/search/speeches?anchor_chunk_id=${timeline.items[0].chunk_id}&min_similarity=0.1`);
    expect(anchor.mode).toBe('semantic');
    await check('/search/speeches/count?q=housing');
    await check('/search/speeches/count?party=maple%20party');
    expect((await check('/search/facets?q=housing&limit=500')).keyword_overlap).not.toBeNull();
    await check('/search/facets?level=federal');
    await check(`/search/facets?anchor_chunk_id=${timeline.items[0].chunk_id}`);
    const sessions = await check('/search/sessions');
    expect(sessions.sessions.length).toBeGreaterThan(0);
    await check('/search/sessions?level=provincial&province=on');
    for (const item of [...timeline.items, ...recent.items]) await check(`/search/chunks/${item.chunk_id}`);
    await check('/search/meta');
  });
});

// ---- errors ---------------------------------------------------------------------------------------

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe("error responses validate against each endpoint's documented errors", () => {
  test('400 invalid_parameter on every endpoint with parameters', async () => {
    const urls = [
      '/politicians?limit=0',
      `/politicians/${UNKNOWN}/socials?include_dead=x`,
      '/bills?introduced_from=2024-02-30',
      '/votes?result=won',
      '/committees/meetings?from=2024-02-02&to=2024-01-01',
      '/boundaries?bbox=1,2,3',
      '/boundaries/lookup?lat=10&lng=-75',
      '/boundaries/BAD/x',
      '/postcodes/D1A1A1',
      '/postcodes/ZZ/representatives',
      '/coverage?status=open',
      '/search/speeches?limit=51',
      '/search/speeches/count?lang=de',
      '/search/facets?limit=ten',
      '/search/sessions?province=XX',
    ];
    for (const url of urls) {
      // A parameter on an unknown id is a 404: the id is checked first (docs/api-notes.md).
      if (url.includes(UNKNOWN)) continue;
      const body = await check(url, 400);
      expect(body.code).toBe('invalid_parameter');
      expect(body.issues.length).toBeGreaterThan(0);
    }
    const pid = (await check('/politicians?limit=1')).items[0].id;
    await check(`/politicians/${pid}/socials?include_dead=x`, 400);
    await check(`/politicians/${pid}/posts?platform=myspace`, 400);
  });

  test('400 missing_query and 404 anchor_not_found on the three semantic routes', async () => {
    for (const path of ['/search/speeches', '/search/speeches/count', '/search/facets']) {
      expect((await check(path, 400)).code).toBe('missing_query');
      expect((await check(`${path}?anchor_chunk_id=${UNKNOWN}`, 404)).code).toBe('anchor_not_found');
    }
  });

  test('404 not_found for unknown ids, boundaries and postcodes', async () => {
    for (const path of ['/politicians/', '/bills/', '/votes/', '/search/chunks/']) await check(`${path}${UNKNOWN}`, 404);
    for (const sub of ['offices', 'socials', 'posts']) await check(`/politicians/not-a-uuid/${sub}`, 404);
    for (const sub of ['events', 'sponsors']) await check(`/bills/${UNKNOWN}/${sub}`, 404);
    await check(`/votes/${UNKNOWN}/positions`, 404);
    await check('/boundaries/no-such-set/nothing', 404);
    await check('/postcodes/Y9Z9Z9', 404);
    await check('/postcodes/Y9Z/representatives', 404);
    await check('/boundaries/lookup?postcode=Y9Z9Z9', 404);
  });

  test('401 invalid_api_key and 429 rate_limited (with Retry-After) from the gate, on every gated endpoint', async () => {
    const limiter = createLimiter({
      limits: { ...DEFAULT_LIMITS, anonymous: 1 },
      store: createMemoryStore(),
      now: () => Date.parse('2026-11-02T10:15:00Z'),
    });
    const gated = createApp({
      data,
      logError: (err) => {
        throw err;
      },
      access: { keys: null, limiter, clientAddress: createClientAddress(parseTrustedProxies('none')) },
    });
    const from =
      (address: string, headers: Record<string, string> = {}): Getter =>
      (path) =>
        Promise.resolve(gated.request(path, { headers }, { incoming: { socket: { remoteAddress: address } } }));
    const key = { Authorization: 'Bearer cpd_live_0000000000000000000000_000000' };
    const concrete = (template: string) =>
      template.replace('{id}', UNKNOWN).replace('{source_set}/{slug}', 'a/b').replace('{postcode}', 'K1A0A6');
    const gatedTemplates = Object.keys(doc.paths).filter((t) => doc.paths[t].get.responses[429]);
    expect(gatedTemplates.length).toBe(26);
    for (const [i, template] of gatedTemplates.entries()) {
      const address = `198.51.100.${i}`;
      await check(concrete(template), 401, from(address, key));
      await from(address)(`${API}${concrete(template)}`); // the one anonymous request of the hour
      await check(concrete(template), 429, from(address));
      expect((await from(address)(`${API}${concrete(template)}`)).headers.get('Retry-After')).toMatch(/^\d+$/);
    }
  });

  test('503 search_overloaded (with Retry-After) when the embedding queue is full', async () => {
    let started = () => {};
    const running = new Promise<void>((r) => {
      started = r;
    });
    const embedder = {
      dim: 4,
      embed: () => {
        started();
        return new Promise<Float32Array[]>(() => {});
      },
    };
    const busy = createApp({ data, logError: () => {}, embedder, embedQueue: createWorkQueue({ concurrency: 1, maxWaiting: 0 }) });
    const get: Getter = (path) => Promise.resolve(busy.request(path));
    void get(`${API}/search/speeches?q=first`); // holds the only slot for good
    await running;
    for (const url of ['/search/speeches?q=x', '/search/speeches/count?q=x', '/search/facets?q=x']) {
      const body = await check(url, 503, get);
      expect(body.code).toBe('search_overloaded');
      expect((await get(`${API}${url}`)).headers.get('Retry-After')).toMatch(/^\d+$/);
    }
  });

  test('405 and unknown routes answer the documented shapes', async () => {
    const res = await app.request(`${API}/bills`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    const notAllowed = ajv.compile({
      ...doc.components.responses.MethodNotAllowed.content['application/json'].schema,
      components: doc.components,
    });
    expect(notAllowed(await res.json())).toBe(true);
    const missing = await app.request(`${API}/no-such-route`);
    const routeNotFound = ajv.compile({
      ...doc.components.responses.RouteNotFound.content['application/json'].schema,
      components: doc.components,
    });
    expect(routeNotFound(await missing.json())).toBe(true);
  });
});

describe('coverage of the checks', () => {
  test("every operation's 200 and every documented 400, 401, 404, 429 and 503 met a real response", () => {
    const expected: string[] = [];
    for (const [template, item] of Object.entries(doc.paths) as Array<[string, Json]>) {
      for (const status of Object.keys(item.get.responses).map(Number)) {
        // 304 carries no body; 500 is a bug, which the app cannot be asked for.
        if (status !== 304 && status !== 500) expected.push(`${template} ${status}`);
      }
    }
    const missed = expected.filter((k) => !seen.has(k));
    expect(missed).toEqual([]);
  });
});
