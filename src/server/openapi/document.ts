// The OpenAPI 3.1 document of the whole API, built from the endpoint table (src/server/openapi/endpoints.ts),
// the routes' own valibot parameter schemas (read by param-schema.ts), the body schemas
// (responses.ts) and the error catalog. Nothing here restates a validation rule.
import { API_PREFIX } from '../http/api-prefix.js';
import { DEFAULT_LIMITS } from '../limits/limit-table.js';
import { bucketOf, ENDPOINTS, errorsOf, paramMeaning, type Endpoint } from '../endpoints.js';
import { ERROR_CATALOG, type CatalogCode as ErrorCode } from './error-catalog.js';
import { paramDoc, type JsonSchema } from './param-schema.js';
import { BODIES, SCHEMAS } from './responses.js';

export const API_VERSION = '1.0.0';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const { anonymous, general, semantic } = DEFAULT_LIMITS;

const INFO_DESCRIPTION = `Read-only HTTP API over Canadian political data: politicians, bills, votes, committee meetings,
electoral boundaries, postcodes, Hansard speech search and per-jurisdiction coverage. Every endpoint is GET
(HEAD and OPTIONS are answered too; any other method is a 405 \`method_not_allowed\`). Responses are JSON
(\`application/json; charset=utf-8\`), errors included.

**Authentication.** Optional HTTP bearer: \`Authorization: Bearer cpd_live_<22 base62>_<6-char checksum>\`.
Without the header a call is anonymous (${anonymous} requests an hour per client address, every route). With it,
a bad, unknown or revoked key is a 401 \`invalid_api_key\`, never a silent downgrade.

**Rate limits** (fixed one-hour windows; operators may change or turn them off): the general bucket, one per key
across all routes but the semantic ones (free ${general.free}, dev ${general.dev}, pro ${general.pro}), and the semantic
bucket of /search/speeches, /search/speeches/count and /search/facets (free ${semantic.free}, dev ${semantic.dev}, pro
${semantic.pro}). Every response of a limited route carries X-RateLimit-Limit, X-RateLimit-Remaining and
X-RateLimit-Reset; a 429 \`rate_limited\` adds Retry-After. Semantic endpoints also share an embedding queue
(2 running, 6 waiting); beyond it, 503 \`search_overloaded\` with Retry-After.

**Caching.** Successful responses carry \`Cache-Control: public, max-age=N\` (per endpoint) and a strong ETag
derived from the data file's build id and the URL; \`If-None-Match\` gives 304. Errors are \`no-store\`.

**Conventions.** Ids are UUIDs; dates \`YYYY-MM-DD\`; timestamps ISO 8601 UTC with Z, second precision; every
documented field is present (null when unknown). Unknown query parameters are ignored; a known one given twice
is a 400 unless documented as an array. Lists use the envelope \`{ items, page, limit, total, pages }\`.`;

function header(description: string, schema: JsonSchema = { type: 'string' }) {
  return { description, schema };
}

const HEADERS = {
  'X-RateLimit-Limit': header("Requests allowed in the current window of the caller's bucket (limited routes, limits on).", {
    type: 'integer',
  }),
  'X-RateLimit-Remaining': header('Requests left in the current window.', { type: 'integer' }),
  'X-RateLimit-Reset': header('Seconds until the window resets.', { type: 'integer' }),
  'Retry-After': header('Seconds to wait before retrying.', { type: 'integer' }),
  ETag: header('Strong tag of this representation (build id + URL; a compressed body has its own suffix).'),
  'Cache-Control': header('`public, max-age=N` on success (N per endpoint), `no-store` on errors and /health.'),
  'WWW-Authenticate': header('`Bearer`.'),
  Allow: header('`GET, HEAD, OPTIONS`.'),
};
type HeaderName = keyof typeof HEADERS;
const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The response of one status: several codes can share it (400, 404), each named in the description. */
function errorResponse(status: number, codes: ErrorCode[], gated: boolean) {
  const lines = codes.map((c) => `- \`${c}\`: ${ERROR_CATALOG[c].when}`);
  const headerNames = new Set<HeaderName>(['Cache-Control']);
  for (const c of codes) for (const h of ERROR_CATALOG[c].headers) headerNames.add(h as HeaderName);
  if (gated) for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const) headerNames.add(h);
  const schema: JsonSchema = {
    allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { statusCode: { const: status }, code: { enum: codes } } }],
  };
  return {
    description: `${REASONS[status]}\n\n${lines.join('\n')}`,
    headers: Object.fromEntries([...headerNames].map((h) => [h, headerRef(h)])),
    content: { 'application/json': { schema } },
  };
}

function queryParameters(e: Endpoint) {
  return Object.entries(e.query ?? {}).map(([name, schema]) => {
    const doc = paramDoc(schema);
    const repeatable = e.arrays?.includes(name) ?? false;
    const what = paramMeaning(e, name);
    const rule = doc.rule ? ` Rule: ${doc.rule}.` : '';
    const notes = [
      doc.caseInsensitive && doc.schema.enum ? ' Case-insensitive.' : '',
      repeatable && !what.includes('repeated') ? ' May also be repeated.' : '',
    ].join('');
    return {
      name,
      in: 'query',
      required: doc.required,
      description: `${what}${notes}${rule}`,
      schema: doc.schema,
      // Arrays travel comma-separated in one value; the repeatable ones may also be repeated (explode).
      ...(doc.isArray ? { style: 'form', explode: false } : {}),
    };
  });
}

function pathParameters(e: Endpoint) {
  return Object.entries(e.pathParams ?? {}).map(([name, p]) => ({
    name,
    in: 'path',
    required: true,
    description: p.description,
    schema: p.schema,
  }));
}

function successResponse(e: Endpoint) {
  const headers: Record<string, unknown> = { 'Cache-Control': headerRef('Cache-Control') };
  if (e.maxAge !== 'no-store') headers.ETag = headerRef('ETag');
  if (e.gated) for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const) headers[h] = headerRef(h);
  const type = e.contentType ?? 'application/json';
  const cache = e.maxAge === 'no-store' ? 'Not cached (`no-store`).' : `Cached: \`Cache-Control: public, max-age=${e.maxAge}\`.`;
  return { description: `OK. ${cache}`, headers, content: { [type]: { schema: BODIES[e.body] } } };
}

function operation(e: Endpoint) {
  const responses: Record<string, unknown> = { 200: successResponse(e) };
  if (e.maxAge !== 'no-store')
    responses[304] = {
      description: 'Not Modified: the If-None-Match tag still names this representation.',
      headers: { ETag: headerRef('ETag') },
    };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(e)) {
    const status = ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) responses[status] = errorResponse(status, codes, e.gated);
  const bucket = bucketOf(e);
  const limits =
    bucket === 'semantic' ? 'Rate limit: semantic bucket.' : bucket === 'general' ? 'Rate limit: general bucket.' : 'Not rate limited.';
  const parameters = [...pathParameters(e), ...queryParameters(e)];
  if (e.maxAge !== 'no-store') parameters.push({ $ref: '#/components/parameters/IfNoneMatch' } as never);
  return {
    operationId: e.id,
    tags: [e.tag],
    summary: e.summary,
    description: [e.description, limits].filter(Boolean).join('\n\n'),
    ...(e.gated ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    responses,
    'x-cache-max-age': e.maxAge,
    'x-rate-limit-bucket': bucket,
  };
}

/** The document, as a plain JSON value. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const e of ENDPOINTS) {
    if (paths[e.path]) throw new Error(`path ${e.path} declared twice`);
    // Root endpoints (/health, /docs) are outside the API prefix: a path-level server says so.
    paths[e.path] = { ...(e.root ? { servers: [{ url: '/', description: 'the server root' }] } : {}), get: operation(e) };
  }
  const tags = [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'canpol: Canadian political data API',
      version: API_VERSION,
      description: INFO_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: API_PREFIX, description: 'this server (paths are relative to the version prefix)' }],
    security: [{ bearerAuth: [] }, {}],
    tags,
    paths,
    components: {
      schemas: SCHEMAS,
      headers: HEADERS,
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'An ETag from an earlier response: 304 when it still names this representation.',
          schema: { type: 'string' },
        },
      },
      responses: {
        MethodNotAllowed: errorResponse(405, ['method_not_allowed'], false),
        RouteNotFound: { ...errorResponse(404, ['not_found'], false), description: 'Not Found: no such route (any path not listed here).' },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cpd_live_<22 base62>_<6 base62 checksum>',
          description: `Optional: without it, calls are anonymous (${anonymous} an hour per address).`,
        },
      },
    },
    'x-error-catalog': ERROR_CATALOG,
  };
}
