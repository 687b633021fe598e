// The fast path: a GET or HEAD whose answer the response cache holds is answered before Hono routes
// it, with no Fetch Request headers built, no context, no middleware chain. What the request itself
// decides still runs for every such request, exactly as on the routed path: the access gate (key,
// tier, bucket: it counts the request, adds the rate-limit headers, refuses with 401/429), content
// negotiation and If-None-Match (respond.ts `answer`), and the request log and metrics (the same
// observer as the middleware's). Anything else (a miss, another method) goes on to Hono.
import type { IncomingMessage } from 'node:http';
import { getPath } from 'hono/utils/url';
import type { Observer } from '../ops/observe.js';
import { peerOf } from '../ops/observe.js';
import type { Gate, GateOutcome } from './access.js';
import { answer, failure, pathAndQuery } from './respond.js';
import type { CacheView } from './response-cache.js';
import { outgoingOf } from './release-bodies.js';

export interface FastPathOptions {
  cache: CacheView;
  /** The access gate; null when the app has none (then no kept answer was gated either). */
  gate: Gate | null;
  observe: Observer | null;
  compressThreshold: number;
  /** The answer to an unexpected error (the app's own error handler). */
  onError: (err: unknown, method: string) => Response;
}

type Incoming = Pick<IncomingMessage, 'socket' | 'headers' | 'rawHeaders'>;

/**
 * A request header as the Fetch API gives it (every value of the name, joined by ", "), read from
 * Node's raw headers when there are some: cheaper than building the Request's Headers, and unlike
 * `incoming.headers`, which keeps only the first Authorization, it sees a repeated one as the gate
 * must (malformed).
 */
function headerReader(req: Request, incoming: Incoming | undefined): (name: string) => string | undefined {
  const raw = incoming?.rawHeaders;
  if (!raw) return (name) => req.headers.get(name) ?? undefined;
  return (name) => {
    let value: string | undefined;
    for (let i = 0; i < raw.length; i += 2) {
      const n = raw[i];
      if (n.length === name.length && n.toLowerCase() === name.toLowerCase()) value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
    return value;
  };
}

export function createFastPath({ cache, gate, observe, compressThreshold, onError }: FastPathOptions) {
  /** The answer for `req` when the cache holds it, else null (route it). */
  return (req: Request, env: unknown): Response | Promise<Response> | null => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return null;
    const url = req.url;
    const key = pathAndQuery(url);
    const kept = cache.get(key, outgoingOf(env));
    if (!kept) return null;
    const started = performance.now();
    const incoming = (env as { incoming?: Incoming } | undefined)?.incoming;
    const header = headerReader(req, incoming);
    const path = getPath(req);

    const finish = (out: GateOutcome | null, res: Response): Response => {
      observe?.({
        method, path, url, route: kept.route, status: res.status, ms: performance.now() - started,
        keyId: out?.keyId, clientAddress: out?.clientAddress, peer: () => peerOf(incoming, header),
        limitRejection: out?.limitRejection, authFailure: out?.authFailure,
      });
      return res;
    };
    const respond = (out: GateOutcome | null): Response => {
      if (out?.error) return finish(out, failure(out.error, out.headers, method));
      cache.hit();
      const negotiation = { method, acceptEncoding: header('Accept-Encoding'), ifNoneMatch: header('If-None-Match') };
      return finish(out, answer(kept, negotiation, out?.headers, compressThreshold, (made) => cache.grew(key, kept, made)));
    };

    if (!kept.gated || !gate) return respond(null);
    let out: GateOutcome | Promise<GateOutcome>;
    try {
      out = gate({ header, peer: incoming?.socket?.remoteAddress, path });
    } catch (err) {
      return finish(null, onError(err, method));
    }
    return out instanceof Promise ? out.then(respond, (err) => finish(null, onError(err, method))) : respond(out);
  };
}
