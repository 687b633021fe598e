// GET /api/public/v1/openapi.json and GET /docs. Both are built once, when the app is created: they
// depend on the code alone, so their ETags come from their content (a new binary with the same data
// file must not be answered 304 with the old document), with the data file's build id conventions
// otherwise (src/http/respond.ts). Mounted before the access gate: see docs/openapi.md.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { encode, pickEncoding, type Encoding } from '../http/compress.js';
import { CORS_HEADERS, createResponder } from '../http/respond.js';
import { buildOpenApiDocument } from './document.js';
import { renderDocsPage } from './docs-page.js';
import { ENDPOINTS } from './endpoints.js';

const maxAgeOf = (id: string) => {
  const age = ENDPOINTS.find((e) => e.id === id)!.maxAge;
  if (age === 'no-store') throw new Error(`${id} is meant to be cacheable`);
  return age;
};

const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

/** A static HTML page with the same header conventions as the JSON responder. */
function staticHtml(html: string, maxAge: number) {
  const tag = hashOf(html);
  const bodies = new Map<Encoding, Uint8Array>();
  const etag = (enc: Encoding | null) => (enc ? `"${tag}-${enc}"` : `"${tag}"`);
  return (c: Context): Response => {
    const enc = pickEncoding(c.req.header('Accept-Encoding'));
    const headers: Record<string, string> = { ...CORS_HEADERS, 'Cache-Control': `public, max-age=${maxAge}`, Vary: 'Accept-Encoding', ETag: etag(enc) };
    const inm = c.req.header('If-None-Match');
    if (inm && (inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === headers.ETag))) return c.body(null, 304, headers);
    headers['Content-Type'] = 'text/html; charset=utf-8';
    if (!enc) return c.body(html, 200, headers);
    let body = bodies.get(enc);
    if (!body) bodies.set(enc, (body = encode(html, enc)));
    headers['Content-Encoding'] = enc;
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  };
}

export interface OpenApiRouteOptions {
  /** The data file's build id: part of the JSON's ETag as for every route. */
  buildId: string;
  compressThreshold?: number;
  /** Where the API lives, e.g. /api/public/v1. */
  prefix: string;
}

export function openApiRoutes({ buildId, compressThreshold, prefix }: OpenApiRouteOptions) {
  const doc = buildOpenApiDocument();
  const respond = createResponder({ buildId: `${buildId} ${hashOf(JSON.stringify(doc))}`, compressThreshold });
  const docsPage = staticHtml(renderDocsPage(doc), maxAgeOf('docs'));
  const app = new Hono();
  app.get(`${prefix}/openapi.json`, (c) => respond.json(c, doc, maxAgeOf('openapi')));
  app.get('/docs', docsPage);
  return app;
}
