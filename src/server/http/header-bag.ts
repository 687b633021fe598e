// Headers a middleware wants on the response (the rate-limit headers), kept on the context until
// the responder builds the Response. Setting them on a built Response instead would push
// @hono/node-server off its fast path (the Response rebuilt through a stream: half the throughput).
import type { Context } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    responseHeaders: Readonly<Record<string, string>>;
  }
}

export function addResponseHeaders(c: Context, headers: Record<string, string>): void {
  const before = c.get('responseHeaders');
  c.set('responseHeaders', before ? { ...before, ...headers } : headers);
}

export const responseHeaders = (c: Context): Readonly<Record<string, string>> | undefined => c.get('responseHeaders');
