// Every response is built here, once, with plain headers: Cache-Control, ETag/304, CORS, charset and
// compression (decisions 1-3). Building it in one step (rather than middlewares editing headers after
// the handler) keeps @hono/node-server on its fast path, about twice the throughput.
//
// The routes' answers and the response cache's (src/server/http/fast-path.ts) go through the same two
// functions, `answer` and `failure`, so a cached answer cannot differ from a computed one in any
// header: only the body's origin differs.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { encode, pickEncoding, type Encoding } from './compress.js';
import type { ApiError } from '../../core/errors.js';
import { errorBody, errorHeaders, errorStatus } from './error-reply.js';
import { responseHeaders } from './header-bag.js';
import type { CacheView } from './response-cache.js';
import type { Representation } from './representation.js';
import { outgoingOf } from './release-bodies.js';
import { routeTemplate } from '../ops/route-template.js';
import { gateRan } from './access.js';

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
  /** Where cacheable answers are kept for the fast path; none: nothing is kept. */
  cache?: CacheView | null;
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

/** One answer's body and its fixed headers: what the cache keeps, and what `answer` sends. */
export type { Representation };

/** What of a request an answer depends on, besides its URL. */
export interface Negotiation {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

export function pathAndQuery(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

function matches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/** The bytes of `text` in a buffer of their own: Buffer.from() of a short string takes a slice of a
 *  shared 8 KB pool, which a kept body would hold on to (and the cache's byte count would not see). */
function utf8Exact(text: string): Uint8Array {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const exactCopy = (bytes: Uint8Array): Uint8Array => (bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes));

// One string per max-age, shared by every answer that has it (the cache keeps many answers).
const CACHE_CONTROL = new Map<MaxAge, string>();
const cacheControlOf = (maxAge: MaxAge): string => {
  let value = CACHE_CONTROL.get(maxAge);
  if (value === undefined) CACHE_CONTROL.set(maxAge, (value = maxAge === 'no-store' ? 'no-store' : `public, max-age=${maxAge}`));
  return value;
};

/** An answer before it becomes a response: what the Fetch path wraps in a Response and the Node
 *  fast path writes itself (src/server/http/write-reply.ts). Its headers are its own to change. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** null: no body (HEAD, 304). */
  body: string | Uint8Array | null;
}

export const toResponse = ({ status, headers, body }: Reply): Response =>
  new Response(body as Uint8Array<ArrayBuffer> | string | null, { status, headers });

/**
 * The reply for `rep`: 304 when If-None-Match names it, else the body in the best encoding the
 * client accepts (compressed once and kept on `rep`; `grew` is told the bytes added). `extra` are the
 * request's own headers (the rate-limit headers). HEAD gets the GET headers and no body.
 */
export function answerReply(
  rep: Representation,
  req: Negotiation,
  extra: Readonly<Record<string, string>> | undefined,
  compressThreshold: number,
  grew?: (bytes: Uint8Array) => void,
): Reply {
  const encoding = rep.chars >= compressThreshold ? pickEncoding(req.acceptEncoding) : null;
  const headers: Record<string, string> = { ...CORS_HEADERS, ...extra, 'Cache-Control': rep.cacheControl, Vary: 'Accept-Encoding' };
  if (rep.tag !== null) {
    // A strong tag names one representation: a compressed body gets its own suffix.
    headers.ETag = encoding ? `"${rep.tag}-${encoding}"` : `"${rep.tag}"`;
    if (req.ifNoneMatch && matches(req.ifNoneMatch, headers.ETag)) return { status: 304, headers, body: null };
  }
  headers['Content-Type'] = rep.type;
  let body: string | Uint8Array = rep.body;
  if (encoding) {
    headers['Content-Encoding'] = encoding;
    let encoded = rep.encoded?.get(encoding);
    if (!encoded) {
      encoded = encode(rep.body, encoding);
      if (grew) {
        // Kept with the answer; zlib hands back a view of its larger output chunk, so the kept copy
        // is one that holds only its own bytes.
        encoded = exactCopy(encoded);
        (rep.encoded ??= new Map()).set(encoding, encoded);
        grew(encoded);
      } else {
        rep.encoded?.set(encoding, encoded);
      }
    }
    body = encoded;
  }
  return { status: 200, headers, body: req.method === 'HEAD' ? null : body };
}

/** `answerReply` as a Response. */
export function answer(
  rep: Representation,
  req: Negotiation,
  extra: Readonly<Record<string, string>> | undefined,
  compressThreshold: number,
  grew?: (bytes: Uint8Array) => void,
): Response {
  return toResponse(answerReply(rep, req, extra, compressThreshold, grew));
}

/** The reply for an error: its JSON (none for HEAD), `no-store`, CORS and `extra` (rate-limit
 *  headers), then its own headers. */
export function failureReply(err: ApiError, extra: Readonly<Record<string, string>> | undefined, method = 'GET'): Reply {
  return {
    status: errorStatus(err),
    headers: { ...CORS_HEADERS, ...extra, ...errorHeaders(err), 'Cache-Control': 'no-store', 'Content-Type': JSON_TYPE },
    body: method === 'HEAD' ? null : JSON.stringify(errorBody(err)),
  };
}

/** `failureReply` as a Response. */
export function failure(err: ApiError, extra: Readonly<Record<string, string>> | undefined, method = 'GET'): Response {
  return toResponse(failureReply(err, extra, method));
}

const negotiation = (c: Context): Negotiation => ({
  method: c.req.method,
  acceptEncoding: c.req.header('Accept-Encoding'),
  ifNoneMatch: c.req.header('If-None-Match'),
});

export function createResponder({ buildId, compressThreshold = 1024, cache = null }: ResponderOptions) {
  const urlTag = (key: string) => createHash('sha1').update(`${buildId} ${key}`).digest('base64url').slice(0, 22);

  function text(c: Context, { text, type = JSON_TYPE, tag, encoded }: FixedBody, maxAge: MaxAge): Response {
    const key = pathAndQuery(c.req.url);
    const rep: Representation = {
      body: text,
      chars: text.length,
      type,
      cacheControl: cacheControlOf(maxAge),
      tag: maxAge === 'no-store' ? null : (tag ?? urlTag(key)),
      encoded: encoded ?? null,
    };
    if (cache && maxAge !== 'no-store') {
      // Kept as bytes, so a hit writes them without encoding the string again; the metrics' route
      // label and whether the access gate ran are the same for every request of this URL.
      const bytes = utf8Exact(text);
      const kept = cache.put(
        key,
        { ...rep, body: bytes, encoded: encoded ? new Map(encoded) : null, route: routeTemplate(c), gated: gateRan(c) },
        outgoingOf(c.env),
      );
      if (kept) return answer(kept, negotiation(c), responseHeaders(c), compressThreshold, (made) => cache.grew(key, kept, made));
      // Not kept (the cache is off, or the answer too large for it): these bytes are sent, so the
      // string is not encoded a second time by the Response.
      rep.body = bytes;
    }
    return answer(rep, negotiation(c), responseHeaders(c), compressThreshold);
  }

  return {
    json(c: Context, body: unknown, maxAge: MaxAge): Response {
      return text(c, { text: JSON.stringify(body) }, maxAge);
    },

    text,

    error: (c: Context, err: ApiError): Response => failure(err, responseHeaders(c)),
  };
}

export type Responder = ReturnType<typeof createResponder>;
