// Every response is built here, once, with plain headers: Cache-Control, ETag/304, CORS, charset and
// compression (decisions 1-3). Building it in one step (rather than middlewares editing headers after
// the handler) keeps @hono/node-server on its fast path, about twice the throughput.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { encode, pickEncoding } from './compress.js';
import { errorBody, type ApiError } from './errors.js';
import { responseHeaders } from './header-bag.js';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'ETag'];
const JSON_TYPE = 'application/json; charset=utf-8';

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

function pathAndQuery(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

function matches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

export function createResponder({ buildId, compressThreshold = 1024 }: ResponderOptions) {
  const etagFor = (url: string, encoding: string | null) => {
    const hash = createHash('sha1').update(`${buildId} ${pathAndQuery(url)}`).digest('base64url').slice(0, 22);
    // A strong tag names one representation: a compressed body gets its own suffix.
    return encoding ? `"${hash}-${encoding}"` : `"${hash}"`;
  };

  return {
    json(c: Context, body: unknown, maxAge: MaxAge): Response {
      const text = JSON.stringify(body);
      const encoding = text.length >= compressThreshold ? pickEncoding(c.req.header('Accept-Encoding')) : null;
      const headers: Record<string, string> = {
        ...CORS_HEADERS,
        ...responseHeaders(c),
        'Cache-Control': maxAge === 'no-store' ? 'no-store' : `public, max-age=${maxAge}`,
        Vary: 'Accept-Encoding',
      };
      if (maxAge !== 'no-store') {
        headers.ETag = etagFor(c.req.url, encoding);
        const inm = c.req.header('If-None-Match');
        if (inm && matches(inm, headers.ETag)) return c.body(null, 304, headers);
      }
      headers['Content-Type'] = JSON_TYPE;
      if (!encoding) return c.body(text, 200, headers);
      headers['Content-Encoding'] = encoding;
      return c.body(encode(text, encoding) as Uint8Array<ArrayBuffer>, 200, headers);
    },

    error(c: Context, err: ApiError): Response {
      return c.body(JSON.stringify(errorBody(err)), err.status as 400, {
        ...CORS_HEADERS, ...responseHeaders(c), ...err.headers, 'Cache-Control': 'no-store', 'Content-Type': JSON_TYPE,
      });
    },
  };
}

export type Responder = ReturnType<typeof createResponder>;
