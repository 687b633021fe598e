// The one middleware of the operations features: times each request, then feeds the metrics and the
// request log. It only reads the response (its status), never edits headers, so responses keep
// @hono/node-server's fast path (editing a built Response rebuilds it through a stream). The
// response cache's fast path, which answers
// without Hono, feeds the same observer.
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { ClientAddress } from '../limits/client-ip.js';
import type { Metrics } from './metrics.js';
import type { LimitRejection } from './request-facts.js';
import type { RequestLog } from './request-log.js';
import { routeTemplate } from './route-template.js';

export interface ObserveOptions {
  log: RequestLog | null;
  metrics: Metrics | null;
  buildId: string;
  /** Resolves the client address as the access gate does (trusted proxies); else the socket peer. */
  clientAddress?: ClientAddress | null;
}

type Incoming = Pick<IncomingMessage, 'socket' | 'headers'>;

const incomingOf = (c: Context) => (c.env as { incoming?: Incoming } | undefined)?.incoming;

/** The socket peer and X-Forwarded-For, read from Node's own request when there is one: asking the
 *  Fetch Request for a header would build its whole Headers object just for the log. */
export function peerOf(
  incoming: Incoming | undefined,
  header: (name: string) => string | undefined,
): { peer: string | undefined; forwardedFor: string | undefined } {
  if (!incoming?.headers) return { peer: incoming?.socket?.remoteAddress, forwardedFor: header('X-Forwarded-For') };
  const xff = incoming.headers['x-forwarded-for'];
  return { peer: incoming.socket?.remoteAddress, forwardedFor: Array.isArray(xff) ? xff.join(', ') : xff };
}

/** One answered request, as the metrics and the request log need it (from a Hono context or from the
 *  response cache's fast path, which never builds one). */
export interface Observed {
  method: string;
  path: string;
  /** The full URL (its query is logged). */
  url: string;
  route: string;
  status: number;
  ms: number;
  keyId?: string;
  /** The client address the access gate resolved, if it did. */
  clientAddress?: string;
  /** The socket peer and X-Forwarded-For, read only when the gate resolved no address. */
  peer(): { peer: string | undefined; forwardedFor: string | undefined };
  limitRejection?: LimitRejection;
  authFailure?: string;
}

/** Feeds the metrics and the request log with one answered request. */
export function createObserver({ log, metrics, buildId, clientAddress }: ObserveOptions) {
  return (o: Observed): void => {
    if (metrics) {
      metrics.observe(o.route, o.status, o.ms / 1000);
      if (o.status === 429) {
        if (o.limitRejection) metrics.limitRejected(o.limitRejection.bucket, o.limitRejection.tier);
      } else if (o.status === 401) metrics.authFailed(o.authFailure ?? 'unknown');
    }
    if (log) {
      const q = o.url.indexOf('?');
      let client: string | null = o.clientAddress ?? null;
      if (client === null) {
        const { peer, forwardedFor } = o.peer();
        client = clientAddress ? clientAddress(peer, forwardedFor) : (peer ?? null);
      }
      log.record({
        method: o.method,
        path: o.path,
        query: q < 0 ? null : o.url.slice(q + 1),
        route: o.route,
        status: o.status,
        duration_ms: Math.round(o.ms * 1000) / 1000,
        key_id: o.keyId ?? null,
        client_ip: client,
        build_id: buildId,
      });
    }
  };
}

export type Observer = ReturnType<typeof createObserver>;

export function observeRequests(options: ObserveOptions): MiddlewareHandler {
  const observe = createObserver(options);
  return async (c, next) => {
    const started = performance.now();
    await next();
    observe({
      method: c.req.method,
      path: c.req.path,
      url: c.req.url,
      route: routeTemplate(c),
      status: c.res.status,
      ms: performance.now() - started,
      keyId: c.get('keyId'),
      clientAddress: c.get('clientAddress'),
      peer: () => peerOf(incomingOf(c), (name) => c.req.header(name)),
      limitRejection: c.get('limitRejection'),
      authFailure: c.get('authFailure'),
    });
  };
}
