// The OpenAPI document: valid OpenAPI 3.1 (the official schema, via @seriousme/openapi-schema-validator),
// every endpoint of the spec listed by hand below as independent truth, each endpoint's errors as the
// spec and decisions 2 give them, and parameter schemas that say what the validation does.
import { describe, expect, test } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApiDocument } from '../../../src/server/openapi/document.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const doc: Json = buildOpenApiDocument();
const op = (path: string): Json => doc.paths[path]?.get;
const param = (path: string, name: string): Json => op(path).parameters.find((p: Json) => p.name === name);

/** Every endpoint of ../shared/spec/api-v1.md "Endpoints", copied by hand (relative to /api/public/v1). */
const SPEC_ENDPOINTS = [
  '/politicians',
  '/politicians/{id}',
  '/politicians/{id}/offices',
  '/politicians/{id}/socials',
  '/politicians/{id}/posts',
  '/bills',
  '/bills/{id}',
  '/bills/{id}/events',
  '/bills/{id}/sponsors',
  '/votes',
  '/votes/{id}',
  '/votes/{id}/positions',
  '/committees/meetings',
  '/boundaries',
  '/boundaries/lookup',
  '/boundaries/{source_set}/{slug}',
  '/postcodes/{postcode}',
  '/postcodes/{postcode}/representatives',
  '/coverage',
  '/jurisdiction-sources',
  '/search/speeches',
  '/search/speeches/count',
  '/search/facets',
  '/search/sessions',
  '/search/chunks/{id}',
  '/search/meta',
];
/** Served by the binary besides the spec's endpoints (the brief of issue 7, /health from the start). */
const OWN_ENDPOINTS = ['/openapi.json', '/health', '/docs', '/'];

async function validate(d: Json) {
  return new Validator().validate(structuredClone(d));
}

describe('the document is valid OpenAPI 3.1', () => {
  test('the official 3.1 schema accepts it', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  test('the validator does reject a broken copy (a response without description, a path param not required)', async () => {
    const noDescription = structuredClone(doc);
    delete noDescription.paths['/bills'].get.responses['200'].description;
    expect((await validate(noDescription)).valid).toBe(false);
    const optionalPathParam = structuredClone(doc);
    optionalPathParam.paths['/bills/{id}'].get.parameters[0].required = false;
    expect((await validate(optionalPathParam)).valid).toBe(false);
  });

  test('every $ref points at something in the document', () => {
    const refs = new Set<string>();
    const walk = (x: Json) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) k === '$ref' ? refs.add(v as string) : walk(v);
    };
    walk(doc);
    expect(refs.size).toBeGreaterThan(10);
    for (const r of refs) {
      expect(r.startsWith('#/')).toBe(true);
      const target = r
        .slice(2)
        .split('/')
        .reduce((o: Json, k) => o?.[k.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
      expect(target === undefined ? r : 'found').toBe('found');
    }
  });

  test('operation ids are unique', () => {
    const ids = Object.values(doc.paths).map((p: Json) => p.get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('it covers every endpoint', () => {
  test("exactly the spec's endpoints plus openapi.json, /health and /docs, all GET only", () => {
    expect(Object.keys(doc.paths).sort()).toEqual([...SPEC_ENDPOINTS, ...OWN_ENDPOINTS].sort());
    for (const item of Object.values(doc.paths) as Json[]) {
      expect(Object.keys(item).filter((k) => k !== 'servers')).toEqual(['get']);
    }
  });

  test('the API base is /api/public/v1; /health and /docs are served from the root', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/public/v1' })]);
    expect(doc.paths['/health'].servers[0].url).toBe('/');
    expect(doc.paths['/docs'].servers[0].url).toBe('/');
    expect(doc.paths['/openapi.json'].servers).toBeUndefined();
  });

  test('path parameters are declared for every {name} of every path', () => {
    for (const [path, item] of Object.entries(doc.paths) as Array<[string, Json]>) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (item.get.parameters ?? [])
        .filter((p: Json) => p.in === 'path')
        .map((p: Json) => p.name)
        .sort();
      expect(`${path}: ${declared}`).toBe(`${path}: ${inPath}`);
    }
  });

  test('every parameter has a description and a schema', () => {
    for (const item of Object.values(doc.paths) as Json[]) {
      for (const p of (item.get.parameters ?? []).filter((x: Json) => !x.$ref)) {
        expect(typeof p.description).toBe('string');
        expect(p.description.length).toBeGreaterThan(5);
        expect(typeof p.schema).toBe('object');
      }
    }
  });
});

describe('each endpoint\'s errors (spec "Errors", decisions 2)', () => {
  const codes = (path: string, status: number): string[] =>
    op(path).responses[status]?.content['application/json'].schema.allOf[1].properties.code.enum ?? [];
  const statuses = (path: string) =>
    Object.keys(op(path).responses)
      .map(Number)
      .filter((s) => s >= 400)
      .sort((a, b) => a - b);

  // By hand: 404 for every {id} and for the boundary, postcode (and lookup by postcode) misses; 400 where
  // there are parameters to validate (postcode paths included); search adds missing_query,
  // anchor_not_found and, for the three semantic routes, 503.
  const EXPECTED: Record<string, number[]> = {
    '/politicians': [400],
    '/politicians/{id}': [404],
    '/politicians/{id}/offices': [404],
    '/politicians/{id}/socials': [400, 404],
    '/politicians/{id}/posts': [400, 404],
    '/bills': [400],
    '/bills/{id}': [404],
    '/bills/{id}/events': [404],
    '/bills/{id}/sponsors': [404],
    '/votes': [400],
    '/votes/{id}': [404],
    '/votes/{id}/positions': [404],
    '/committees/meetings': [400],
    '/boundaries': [400],
    '/boundaries/lookup': [400, 404],
    '/boundaries/{source_set}/{slug}': [400, 404],
    '/postcodes/{postcode}': [400, 404],
    '/postcodes/{postcode}/representatives': [400, 404],
    '/coverage': [400],
    '/jurisdiction-sources': [],
    '/search/speeches': [400, 404, 503],
    '/search/speeches/count': [400, 404, 503],
    '/search/facets': [400, 404, 503],
    '/search/sessions': [400],
    '/search/chunks/{id}': [404],
    '/search/meta': [],
  };

  test('every API endpoint: its own errors, plus 401 invalid_api_key, 429 rate_limited and 500', () => {
    for (const [path, own] of Object.entries(EXPECTED)) {
      expect(`${path} ${statuses(path)}`).toBe(`${path} ${[...new Set([...own, 401, 429, 500])].sort((a, b) => a - b)}`);
      expect(codes(path, 401)).toEqual(['invalid_api_key']);
      expect(codes(path, 429)).toEqual(['rate_limited']);
      expect(codes(path, 500)).toEqual(['internal_error']);
    }
  });

  test('codes behind each status', () => {
    expect(codes('/bills/{id}', 404)).toEqual(['not_found']);
    expect(codes('/bills', 400)).toEqual(['invalid_parameter']);
    expect(codes('/search/speeches', 400).sort()).toEqual(['invalid_parameter', 'missing_query']);
    expect(codes('/search/facets', 404).sort()).toEqual(['anchor_not_found', 'not_found']); // not_found: a postcode filter with no location on file
    expect(codes('/search/speeches/count', 503)).toEqual(['search_overloaded']);
  });

  test('the postcode endpoint has no 503 path; /search/sessions, /chunks and /meta (free) have none either', () => {
    for (const path of ['/postcodes/{postcode}', '/search/sessions', '/search/chunks/{id}', '/search/meta'])
      expect(op(path).responses[503]).toBeUndefined();
  });

  test('/health, /docs and openapi.json are outside the gate: no 401/429, no security requirement', () => {
    for (const path of OWN_ENDPOINTS) {
      expect(statuses(path)).toEqual([500]);
      expect(op(path).security).toEqual([]);
      expect(op(path)['x-rate-limit-bucket']).toBeNull();
    }
  });

  test('Retry-After on 429 and 503, WWW-Authenticate on 401, rate-limit headers on limited routes', () => {
    const h = (path: string, status: number) => Object.keys(op(path).responses[status].headers);
    expect(h('/search/speeches', 503)).toContain('Retry-After');
    expect(h('/bills', 429)).toContain('Retry-After');
    expect(h('/bills', 401)).toContain('WWW-Authenticate');
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      expect(h('/bills', 200)).toContain(name);
      expect(h('/bills', 400)).toContain(name);
      expect(h('/health', 200)).not.toContain(name);
    }
  });

  test('the error catalog and 405 are documented: every code of decisions 2', () => {
    expect(Object.keys(doc['x-error-catalog']).sort()).toEqual([
      'anchor_not_found',
      'internal_error',
      'invalid_api_key',
      'invalid_parameter',
      'method_not_allowed',
      'missing_query',
      'not_found',
      'rate_limited',
      'search_overloaded',
    ]);
    expect(doc.components.responses.MethodNotAllowed.content['application/json'].schema.allOf[1].properties.code.enum).toEqual([
      'method_not_allowed',
    ]);
    expect(Object.keys(doc.components.responses.MethodNotAllowed.headers)).toContain('Allow');
  });
});

describe('security: bearer, anonymous allowed', () => {
  test('an http bearer scheme, and the empty requirement that lets anonymous calls through', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }, {}]);
  });
});

describe("parameters are read off the routes' validation schemas", () => {
  test('page and limit: integers with bounds and defaults (spec: list limit 1-100 default 50, posts 1-200, search 1-50)', () => {
    expect(param('/bills', 'page').schema).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647, default: 1 });
    expect(param('/bills', 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(param('/politicians/{id}/posts', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(param('/search/speeches', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(param('/search/speeches', 'per_group_limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    expect(param('/boundaries/{source_set}/{slug}', 'precision').schema).toEqual({ type: 'integer', minimum: 1, maximum: 15, default: 6 });
  });

  test('facets limit is clamped, not bounded: an integer with default 200 and no minimum or maximum', () => {
    expect(param('/search/facets', 'limit').schema).toEqual({ type: 'integer', default: 200 });
    expect(param('/search/facets', 'limit').description).toContain('clamped');
  });

  test('numbers, enums and defaults', () => {
    expect(param('/boundaries/lookup', 'lat').schema).toEqual({ type: 'number', minimum: 40, maximum: 85 });
    expect(param('/boundaries/lookup', 'lng').schema).toEqual({ type: 'number', minimum: -145, maximum: -50 });
    expect(param('/search/speeches', 'min_similarity').schema).toEqual({ type: 'number', minimum: 0, maximum: 1 });
    expect(param('/politicians', 'status').schema).toEqual({ type: 'string', enum: ['sitting', 'former', 'all'], default: 'sitting' });
    expect(param('/votes', 'result').schema.enum).toEqual(['passed', 'defeated', 'tied', 'withdrawn', 'deferred']);
    expect(param('/votes', 'vote_type').schema.enum).toEqual(['division', 'voice', 'acclamation', 'consensus']);
    expect(param('/coverage', 'status').schema.enum).toEqual(['live', 'partial', 'blocked', 'none']);
    expect(param('/search/speeches', 'sort').schema).toMatchObject({ enum: ['mentions', 'best_match', 'avg_match', 'keyword_hits'] });
    expect(param('/search/speeches', 'group_by').schema).toMatchObject({ enum: ['timeline', 'politician'], default: 'timeline' });
    expect(param('/bills', 'level').schema.enum).toEqual(['federal', 'provincial', 'municipal']);
  });

  test('booleans accept true/false/1/0 (decisions 1)', () => {
    expect(param('/politicians/{id}/socials', 'include_dead').schema).toEqual({
      type: 'string',
      enum: ['true', 'false', '1', '0'],
      default: 'false',
    });
    expect(param('/search/speeches', 'include_count').schema.default).toBe('true');
  });

  test('strings: lengths, date format, UUID pattern, case-insensitive province codes', () => {
    expect(param('/politicians', 'q').schema).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
    expect(param('/politicians', 'role').schema).toEqual({ type: 'string', minLength: 1, maxLength: 60 });
    expect(param('/committees/meetings', 'source_system').schema).toMatchObject({ maxLength: 64 });
    expect(param('/search/speeches', 'q').schema.maxLength).toBe(500);
    expect(param('/bills', 'introduced_from').schema).toEqual({ type: 'string', format: 'date' });
    const uuid = new RegExp(param('/bills', 'session_id').schema.pattern);
    expect(uuid.test('6D72BA14-c173-5a5a-9056-45c05184c685')).toBe(true);
    expect(uuid.test('not-a-uuid')).toBe(false);
    expect(param('/bills', 'province_territory').schema.enum).toHaveLength(13);
    expect(param('/bills', 'province_territory').description).toContain('Case-insensitive');
    expect(param('/search/speeches', 'anchor_chunk_id').schema.pattern).toBe('^[0-9a-f-]{36}$');
    // A UUID pattern is labelled as one; the chunk-id pattern (any 36 of hex and dashes) is not.
    expect(param('/bills', 'session_id').schema.format).toBe('uuid');
    expect(param('/search/speeches', 'anchor_chunk_id').schema.format).toBeUndefined();
  });

  test('arrays: comma-separated (form, explode false); politician_ids and speech_type may also be repeated', () => {
    const ids = param('/search/speeches', 'politician_ids');
    expect(ids).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', maxItems: 50 } });
    expect(ids.description).toContain('repeated');
    const types = param('/search/facets', 'speech_type');
    expect(types.schema.items.enum).toEqual(['floor', 'question_period', 'statement', 'committee', 'presiding', 'procedural', 'other']);
    expect(types.description).toContain('repeated');
    const platform = param('/politicians/{id}/posts', 'platform');
    expect(platform.schema.items.enum).toContain('bluesky');
    expect(platform.schema.items.enum).toHaveLength(9);
    expect(platform.description).not.toContain('repeated');
  });

  test('path parameters: UUIDs, the boundary pattern, the postcode length', () => {
    expect(param('/politicians/{id}', 'id')).toMatchObject({ in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });
    expect(param('/boundaries/{source_set}/{slug}', 'slug').schema.pattern).toBe('^[a-z0-9-]{1,200}$');
    expect(param('/postcodes/{postcode}', 'postcode').schema).toEqual({ type: 'string', minLength: 3, maxLength: 8 });
  });

  test('cache max-age per endpoint as the spec and decisions 3 give it', () => {
    const age = (path: string) => op(path)['x-cache-max-age'];
    expect([age('/politicians'), age('/politicians/{id}'), age('/politicians/{id}/offices'), age('/politicians/{id}/posts')]).toEqual([
      300, 60, 600, 60,
    ]);
    expect([age('/boundaries'), age('/postcodes/{postcode}'), age('/postcodes/{postcode}/representatives')]).toEqual([3600, 86400, 300]);
    expect([
      age('/bills'),
      age('/votes'),
      age('/committees/meetings'),
      age('/search/meta'),
      age('/search/speeches'),
      age('/search/sessions'),
    ]).toEqual([300, 300, 300, 300, 60, 3600]);
    expect(age('/health')).toBe('no-store');
  });
});
