// The fast path: a GET or HEAD whose answer the response cache holds is answered before Hono routes
// it, with no context and no middleware chain. What the request itself decides still runs for every
// such request, exactly as on the routed path: the access gate (key, tier, bucket: it counts the
// request, adds the rate-limit headers, refuses with 401/429), content negotiation and If-None-Match
// (respond.ts `answerReply`), and the request log and metrics (the same observer as the
// middleware's). Anything else (a miss, another method) goes on to Hono.
//
// It has two doors. `fetch` takes the Fetch Request @hono/node-server built (and tests, calling the
// app directly). `node` takes node:http's own request and response before the adapter builds
// anything, and writes the reply itself (write-reply.ts): on a kept answer the adapter's Request,
// Response and asynchronous writer were about half of the server's own time (a CPU profile).
// It answers only requests whose URL the adapter would take as sent (node-target.ts), so both doors
// look up the same key; it declines the rest, which then take the first door.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getPath } from 'hono/utils/url';
import type { Observer } from '../ops/observe.js';
import { peerOf } from '../ops/observe.js';
import type { Gate, GateOutcome } from './access.js';
import { answerReply, failureReply, pathAndQuery, toResponse, type Reply } from './respond.js';
import type { CachedAnswer, CacheView } from './response-cache.js';
import { outgoingOf, type Watchable } from './release-bodies.js';
import { plainTarget } from './node-target.js';
import type { NodeHandler } from './serve.js';
import { writeReply } from './write-reply.js';

export interface FastPathOptions {
  cache: CacheView;
  /** The access gate; null when the app has none (then no kept answer was gated either). */
  gate: Gate | null;
  observe: Observer | null;
  compressThreshold: number;
  /** The reply to an unexpected error (the app's own error handler). */
  onError: (err: unknown, method: string) => Reply;
}

type Incoming = Pick<IncomingMessage, 'socket' | 'headers' | 'rawHeaders'>;

/** What the fast path reads of a request, whichever door it came in by. */
interface Asked {
  method: string;
  /** Path and query as sent: the cache's key. */
  key: string;
  /** The path alone: the gate's route class and the request log. */
  path: string;
  header(name: string): string | undefined;
  incoming: Incoming | undefined;
}

/**
 * A request header as the Fetch API gives it (every value of the name, joined by ", "), read from
 * Node's raw headers: cheaper than building the Request's Headers, and unlike `incoming.headers`,
 * which keeps only the first Authorization, it sees a repeated one as the gate must (malformed).
 */
function rawHeaderReader(raw: string[]): (name: string) => string | undefined {
  return (name) => {
    let value: string | undefined;
    for (let i = 0; i < raw.length; i += 2) {
      const n = raw[i];
      if (n.length === name.length && n.toLowerCase() === name.toLowerCase())
        value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
    return value;
  };
}

/** Answers the cache holds, at the Fetch door and at the Node door. */
export interface FastPath {
  /** The response for `req` when the cache holds its answer, else null (route it). */
  fetch(req: Request, env: unknown): Response | Promise<Response> | null;
  /** Whether it answered `incoming` from the cache (a promise while a shared rate-limit store
   *  counts it), writing the reply to `outgoing`; false: nothing was written, the adapter takes it. */
  node: NodeHandler;
}

export function createFastPath({ cache, gate, observe, compressThreshold, onError }: FastPathOptions): FastPath {
  /** The reply for a request whose answer is `kept`: gated, negotiated, observed. */
  function replyFor(asked: Asked, kept: CachedAnswer): Reply | Promise<Reply> {
    const started = performance.now();
    const { method, key, path, header, incoming } = asked;
    const finish = (out: GateOutcome | null, reply: Reply): Reply => {
      observe?.({
        method,
        path,
        url: key,
        route: kept.route,
        status: reply.status,
        ms: performance.now() - started,
        keyId: out?.keyId,
        clientAddress: out?.clientAddress,
        peer: () => peerOf(incoming, header),
        limitRejection: out?.limitRejection,
        authFailure: out?.authFailure,
      });
      return reply;
    };
    const respond = (out: GateOutcome | null): Reply => {
      if (out?.error) return finish(out, failureReply(out.error, out.headers, method));
      cache.hit();
      const negotiation = { method, acceptEncoding: header('Accept-Encoding'), ifNoneMatch: header('If-None-Match') };
      return finish(
        out,
        answerReply(kept, negotiation, out?.headers, compressThreshold, (made) => cache.grew(key, kept, made)),
      );
    };

    if (!kept.gated || !gate) return respond(null);
    let out: GateOutcome | Promise<GateOutcome>;
    try {
      out = gate({ header, peer: incoming?.socket?.remoteAddress, path });
    } catch (err) {
      return finish(null, onError(err, method));
    }
    return out instanceof Promise ? out.then(respond, (err) => finish(null, onError(err, method))) : respond(out);
  }

  /** Writes `reply` once it is known; a failure to write ends the connection (nothing else can). */
  function write(outgoing: ServerResponse, reply: Reply): void {
    try {
      writeReply(outgoing, reply);
    } catch {
      outgoing.destroy();
    }
  }

  return {
    fetch(req, env) {
      const method = req.method;
      if (method !== 'GET' && method !== 'HEAD') return null;
      const key = pathAndQuery(req.url);
      const kept = cache.get(key, outgoingOf(env));
      if (!kept) return null;
      const incoming = (env as { incoming?: Incoming } | undefined)?.incoming;
      const header = incoming?.rawHeaders ? rawHeaderReader(incoming.rawHeaders) : (name: string) => req.headers.get(name) ?? undefined;
      const reply = replyFor({ method, key, path: getPath(req), header, incoming }, kept);
      return reply instanceof Promise ? reply.then(toResponse) : toResponse(reply);
    },

    node(incoming, outgoing) {
      const method = incoming.method;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const key = incoming.url;
      if (key === undefined || !plainTarget(key, incoming.headers.host)) return false;
      const kept = cache.get(key, outgoing as Watchable);
      if (!kept) return false;
      const q = key.indexOf('?');
      let reply: Reply | Promise<Reply>;
      try {
        reply = replyFor(
          { method, key, path: q < 0 ? key : key.slice(0, q), header: rawHeaderReader(incoming.rawHeaders), incoming },
          kept,
        );
      } catch (err) {
        reply = onError(err, method);
      }
      if (reply instanceof Promise)
        return reply.then(
          (r) => write(outgoing, r),
          (err) => write(outgoing, onError(err, method)),
        );
      write(outgoing, reply);
      return true;
    },
  };
}
