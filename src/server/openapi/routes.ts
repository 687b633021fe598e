// GET /api/public/v1/openapi.json and GET /docs. Both are built once, when the app is created: they
// depend on the code alone, so their ETags come from their content (a new binary with the same data
// file must not be answered 304 with the old document), with the data file's build id conventions
// otherwise (src/server/http/respond.ts). Mounted before the access gate: see docs/openapi.md.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { createResponder } from '../http/respond.js';
import type { CacheView } from '../http/response-cache.js';
import { buildOpenApiDocument } from './document.js';
import { renderDocsPage } from './docs-page.js';
import { endpoint } from './endpoints.js';

const maxAgeOf = (id: string) => {
  const age = endpoint(id).maxAge;
  if (age === 'no-store') throw new Error(`${id} is meant to be cacheable`);
  return age;
};

const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

export interface OpenApiRouteOptions {
  /** The data file's build id: part of the JSON's ETag as for every route. */
  buildId: string;
  compressThreshold?: number;
  /** Where the API lives, e.g. /api/public/v1. */
  prefix: string;
  /** The app's response cache, so these answers take its fast path too. */
  cache?: CacheView | null;
}

export function openApiRoutes({ buildId, compressThreshold, prefix, cache = null }: OpenApiRouteOptions) {
  const doc = buildOpenApiDocument();
  // Serialised and compressed once: the document is ~180 KB and the same for every request.
  const json = { text: JSON.stringify(doc), encoded: new Map() };
  const respond = createResponder({ buildId: `${buildId} ${hashOf(json.text)}`, compressThreshold, cache });
  const html = renderDocsPage(doc);
  const page = { text: html, type: 'text/html; charset=utf-8', tag: hashOf(html), encoded: new Map() };
  const app = new Hono();
  app.get(`${prefix}/openapi.json`, (c) => respond.text(c, json, maxAgeOf('openapi')));
  app.get('/docs', (c) => respond.text(c, page, maxAgeOf('docs')));
  return app;
}
