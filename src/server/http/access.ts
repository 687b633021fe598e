// The gate in front of the API routes: the caller's key (or address), then its bucket (decisions
// 2-4). It only computes headers and errors; the responder puts them on the answer. The same gate
// runs for answers the response cache holds (src/server/http/fast-path.ts).
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { readAuthorization } from '../auth/authorization.js';
import type { KeyLookup } from '../auth/key-lookup.js';
import type { ClientAddress } from '../limits/client-ip.js';
import type { BucketClass } from '../limits/limit-table.js';
import type { Caller, Limiter, Verdict } from '../limits/limiter.js';
import { ApiError } from '../../core/errors.js';
import { addResponseHeaders } from './header-bag.js';
import type { LimitRejection } from '../ops/request-facts.js';

export interface AccessOptions {
  /** Null: no key store, so every presented key is unknown. */
  keys: KeyLookup | null;
  /** Null: limits off (`--rate-limit off`); keys are still checked, never silently ignored. */
  limiter: Limiter | null;
  clientAddress: ClientAddress;
  /** Path prefix stripped before classifying the route. */
  prefix: string;
  classify: (path: string) => BucketClass;
}

const REASONS = {
  malformed: 'the Authorization header is malformed (expected Authorization: Bearer <API key>)',
  format: 'the API key is malformed (expected <prefix>_<env>_<22 characters>_<6-character checksum>)',
  labels: 'the API key is not a key of this server (its prefix or environment label differs)',
  checksum: "the API key's checksum does not match: it was mistyped or cut short",
  unknown: 'the API key is not known to this server',
  revoked: 'the API key has been revoked',
} as const;

declare module 'hono' {
  interface ContextVariableMap {
    /** Set when the gate ran for the request (the response cache keeps it with the answer). */
    gate: true;
  }
}

/** What the gate reads of a request: two headers, the socket peer and the path (with the prefix). */
export interface GateRequest {
  header(name: 'Authorization' | 'X-Forwarded-For'): string | undefined;
  peer: string | undefined;
  path: string;
}

/** The gate's decision: an error to answer with (401, 429), the rate-limit headers, and what the
 *  request log and the metrics learn (request-facts.ts). */
export interface GateOutcome {
  error?: ApiError;
  headers?: Record<string, string>;
  keyId?: string;
  clientAddress?: string;
  authFailure?: keyof typeof REASONS;
  limitRejection?: LimitRejection;
}

const invalidKey = (reason: keyof typeof REASONS): GateOutcome => ({
  authFailure: reason,
  error: new ApiError('invalid_api_key', REASONS[reason], undefined, { challenge: 'Bearer' }),
});

/** The gate as a function of the request, shared by the middleware and the response cache's fast
 *  path: synchronous unless the limiter's counts live outside this process (Redis). */
export function createGate({ keys, limiter, clientAddress, prefix, classify }: AccessOptions) {
  return (req: GateRequest): GateOutcome | Promise<GateOutcome> => {
    const credentials = readAuthorization(req.header('Authorization'));
    let caller: Caller;
    const out: GateOutcome = {};
    if (credentials.kind === 'anonymous') {
      if (!limiter) return out;
      caller = { kind: 'anonymous', address: clientAddress(req.peer, req.header('X-Forwarded-For')) };
      out.clientAddress = caller.address; // the request log reuses it
    } else {
      if (credentials.kind === 'malformed') return invalidKey('malformed');
      const found = keys ? keys.check(credentials.token) : ({ ok: false, reason: 'unknown' } as const);
      if (!found.ok) return invalidKey(found.reason);
      out.keyId = found.key.id; // the request log names the key by its id, never the key
      if (!limiter) return out;
      caller = { kind: 'key', id: found.key.id, tier: found.key.tier };
    }
    const cls = classify(req.path.slice(prefix.length));
    const decide = (verdict: Verdict): GateOutcome => {
      out.headers = verdict.headers;
      if (!verdict.allowed) {
        out.limitRejection = caller.kind === 'anonymous' ? { bucket: 'anonymous', tier: 'anonymous' } : { bucket: cls, tier: caller.tier };
        out.error = new ApiError(
          'rate_limited',
          `rate limit of ${verdict.headers['X-RateLimit-Limit']} requests per hour reached; retry in ${verdict.retryAfter} s`,
          undefined,
          { retryAfter: verdict.retryAfter },
        );
      }
      return out;
    };
    const verdict = limiter.check(caller, cls);
    return verdict instanceof Promise ? verdict.then(decide) : decide(verdict);
  };
}

export type Gate = ReturnType<typeof createGate>;

/** The socket peer under @hono/node-server; tests pass `{ incoming: { socket: { remoteAddress } } }` as env. */
const socketAddress = (c: Context) =>
  (c.env as { incoming?: Pick<IncomingMessage, 'socket'> } | undefined)?.incoming?.socket?.remoteAddress;

/** Whether the gate ran for this request. */
export const gateRan = (c: Context): boolean => c.get('gate') === true;

export function accessControl(options: AccessOptions): MiddlewareHandler {
  const gate = createGate(options);
  return async (c, next) => {
    c.set('gate', true);
    const out = await gate({ header: (name) => c.req.header(name), peer: socketAddress(c), path: c.req.path });
    if (out.keyId !== undefined) c.set('keyId', out.keyId);
    if (out.clientAddress !== undefined) c.set('clientAddress', out.clientAddress);
    if (out.authFailure !== undefined) c.set('authFailure', out.authFailure); // for the metrics
    if (out.limitRejection !== undefined) c.set('limitRejection', out.limitRejection);
    if (out.headers) addResponseHeaders(c, out.headers);
    if (out.error) throw out.error;
    return next();
  };
}
