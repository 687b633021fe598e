// Response headers that follow from the data file being immutable: long caches, exact ETags.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** `Cache-Control: public, max-age=N` on success; errors get no-store from the error renderer. */
export const cacheFor = (seconds: number): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.res.status === 200) c.header('Cache-Control', `public, max-age=${seconds}`);
};

/**
 * Strong ETag from the build id and the request URL (decisions 3): the same URL on the same data
 * file always yields the same body, so no hashing of the body is needed. Runs outside compression:
 * a strong tag names one representation, so a compressed body gets its own suffix.
 */
export function etag(buildId: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const url = new URL(c.req.url);
    const encoding = c.res.headers.get('Content-Encoding');
    const hash = createHash('sha1').update(`${buildId} ${url.pathname}${url.search}`).digest('base64url').slice(0, 22);
    const tag = encoding ? `"${hash}-${encoding}"` : `"${hash}"`;
    c.header('ETag', tag);
    const inm = c.req.header('If-None-Match');
    if (inm && matches(inm, tag)) {
      const headers = new Headers(c.res.headers);
      headers.delete('Content-Type');
      headers.delete('Content-Length');
      headers.delete('Content-Encoding');
      c.res = new Response(null, { status: 304, headers });
    }
  };
}

function matches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/** Decisions 1: every body is `application/json; charset=utf-8`, errors included. */
export const jsonCharset: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.headers.get('Content-Type') === 'application/json') c.header('Content-Type', 'application/json; charset=utf-8');
};
