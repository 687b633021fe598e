// The one middleware of the operations features: times each request, then feeds the metrics and the
// request log. It only reads the response (its status), never edits headers, so responses keep
// @hono/node-server's fast path (docs/benchmarks.md).
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { ClientAddress } from '../limits/client-ip.js';
import type { Metrics } from './metrics.js';
import './request-facts.js';
import type { RequestLog } from './request-log.js';
import { routeTemplate } from './route-template.js';

export interface ObserveOptions {
  log: RequestLog | null;
  metrics: Metrics | null;
  buildId: string;
  /** Resolves the client address as the access gate does (trusted proxies); else the socket peer. */
  clientAddress?: ClientAddress | null;
}

const incomingOf = (c: Context) => (c.env as { incoming?: Pick<IncomingMessage, 'socket' | 'headers'> } | undefined)?.incoming;

/** The socket peer and X-Forwarded-For, read from Node's own request when there is one: asking the
 *  Fetch Request for a header would build its whole Headers object just for the log. */
function peerOf(c: Context): { peer: string | undefined; forwardedFor: string | undefined } {
  const incoming = incomingOf(c);
  if (!incoming?.headers) return { peer: incoming?.socket?.remoteAddress, forwardedFor: c.req.header('X-Forwarded-For') };
  const xff = incoming.headers['x-forwarded-for'];
  return { peer: incoming.socket?.remoteAddress, forwardedFor: Array.isArray(xff) ? xff.join(', ') : xff };
}

export function observeRequests({ log, metrics, buildId, clientAddress }: ObserveOptions): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const route = routeTemplate(c);
    const status = c.res.status;
    if (metrics) {
      metrics.observe(route, status, ms / 1000);
      if (status === 429) {
        const r = c.get('limitRejection');
        if (r) metrics.limitRejected(r.bucket, r.tier);
      } else if (status === 401) metrics.authFailed(c.get('authFailure') ?? 'unknown');
    }
    if (log) {
      const url = c.req.url;
      const q = url.indexOf('?');
      let client: string | null = c.get('clientAddress') ?? null;
      if (client === null) {
        const { peer, forwardedFor } = peerOf(c);
        client = clientAddress ? clientAddress(peer, forwardedFor) : (peer ?? null);
      }
      log.record({
        method: c.req.method, path: c.req.path, query: q < 0 ? null : url.slice(q + 1), route, status,
        duration_ms: Math.round(ms * 1000) / 1000, key_id: c.get('keyId') ?? null, client_ip: client, build_id: buildId,
      });
    }
  };
}
