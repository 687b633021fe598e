// Every response is built here, once, with plain headers: Cache-Control, ETag/304, CORS, charset and
// compression (decisions 1-3). Building it in one step (rather than middlewares editing headers after
// the handler) keeps @hono/node-server on its fast path, about twice the throughput.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { encode, pickEncoding, type Encoding } from './compress.js';
import { errorBody, type ApiError } from './errors.js';
import { responseHeaders } from './header-bag.js';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'ETag'];
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers every response carries: CORS with the exposed rate-limit headers. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(','),
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': ALLOWED_METHODS.join(','),
  'Access-Control-Allow-Headers': 'Authorization,Content-Type',
  'Access-Control-Max-Age': '86400',
};

export interface ResponderOptions {
  /** The data file's build id: with the URL it names the body exactly, as the file is immutable. */
  buildId: string;
  /** Bodies smaller than this (characters) are sent uncompressed. */
  compressThreshold?: number;
}

/** `no-store` for answers that must not be cached (health); else max-age in seconds. */
export type MaxAge = number | 'no-store';

/** A body fixed for the life of the process (the OpenAPI document, the docs page): serialised once,
 *  compressed once per encoding, and tagged by its content when the build id and URL do not name it. */
export interface FixedBody {
  text: string;
  type?: string;
  /** ETag base; default: from the build id and the URL, as for every route. */
  tag?: string;
  encoded?: Map<Encoding, Uint8Array>;
}

function pathAndQuery(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

function matches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

export function createResponder({ buildId, compressThreshold = 1024 }: ResponderOptions) {
  const urlTag = (url: string) => createHash('sha1').update(`${buildId} ${pathAndQuery(url)}`).digest('base64url').slice(0, 22);

  function text(c: Context, { text, type = JSON_TYPE, tag, encoded }: FixedBody, maxAge: MaxAge): Response {
    const encoding = text.length >= compressThreshold ? pickEncoding(c.req.header('Accept-Encoding')) : null;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      ...responseHeaders(c),
      'Cache-Control': maxAge === 'no-store' ? 'no-store' : `public, max-age=${maxAge}`,
      Vary: 'Accept-Encoding',
    };
    if (maxAge !== 'no-store') {
      const base = tag ?? urlTag(c.req.url);
      // A strong tag names one representation: a compressed body gets its own suffix.
      headers.ETag = encoding ? `"${base}-${encoding}"` : `"${base}"`;
      const inm = c.req.header('If-None-Match');
      if (inm && matches(inm, headers.ETag)) return c.body(null, 304, headers);
    }
    headers['Content-Type'] = type;
    if (!encoding) return c.body(text, 200, headers);
    headers['Content-Encoding'] = encoding;
    let body = encoded?.get(encoding);
    if (!body) {
      body = encode(text, encoding);
      encoded?.set(encoding, body);
    }
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  }

  return {
    json(c: Context, body: unknown, maxAge: MaxAge): Response {
      return text(c, { text: JSON.stringify(body) }, maxAge);
    },

    text,

    error(c: Context, err: ApiError): Response {
      return c.body(JSON.stringify(errorBody(err)), err.status as 400, {
        ...CORS_HEADERS, ...responseHeaders(c), ...err.headers, 'Cache-Control': 'no-store', 'Content-Type': JSON_TYPE,
      });
    },
  };
}

export type Responder = ReturnType<typeof createResponder>;
