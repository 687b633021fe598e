// GET /api/public/v1/openapi.json and GET /docs. Both are built once, when the app is created: they
// depend on the code alone, so their ETags come from their content (a new binary with the same data
// file must not be answered 304 with the old document), with the data file's build id conventions
// otherwise (src/server/http/respond.ts). Mounted before the access gate: see docs/openapi.md.
import { createHash } from 'node:crypto';
import { createResponder } from '../http/respond.js';
import type { CacheView } from '../http/response-cache.js';
import { buildOpenApiDocument } from './document.js';
import { renderDocsPage } from './docs-page.js';
import type { Handlers, Routable } from '../http/register-endpoints.js';

const maxAgeOf = (e: Routable) => {
  if (e.maxAge === 'no-store') throw new Error(`${e.id} is meant to be cacheable`);
  return e.maxAge;
};

const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

export interface OpenApiRouteOptions {
  /** The data file's build id: part of the JSON's ETag as for every route. */
  buildId: string;
  compressThreshold?: number;
  /** The app's response cache, so these answers take its fast path too. */
  cache?: CacheView | null;
}

export function openApiHandlers({ buildId, compressThreshold, cache = null }: OpenApiRouteOptions): Handlers {
  const doc = buildOpenApiDocument();
  // Serialised and compressed once: the document is ~180 KB and the same for every request.
  const json = { text: JSON.stringify(doc), encoded: new Map() };
  const respond = createResponder({ buildId: `${buildId} ${hashOf(json.text)}`, compressThreshold, cache });
  const html = renderDocsPage(doc);
  const page = { text: html, type: 'text/html; charset=utf-8', tag: hashOf(html), encoded: new Map() };
  return {
    openapi: (c, e) => respond.text(c, json, maxAgeOf(e)),
    docs: (c, e) => respond.text(c, page, maxAgeOf(e)),
  };
}
