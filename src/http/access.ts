// The gate in front of the API routes: the caller's key (or address), then its bucket (decisions
// 2-4). It only computes headers and throws ApiErrors; the responder puts them on the answer.
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { readAuthorization } from '../auth/authorization.js';
import type { KeyLookup } from '../auth/key-lookup.js';
import type { ClientAddress } from '../limits/client-ip.js';
import type { BucketClass } from '../limits/limit-table.js';
import type { Caller, Limiter } from '../limits/limiter.js';
import { classOfRoute } from '../limits/route-classes.js';
import { ApiError } from './errors.js';
import { addResponseHeaders } from './header-bag.js';
import '../ops/request-facts.js';

export interface AccessOptions {
  /** Null: no key store, so every presented key is unknown. */
  keys: KeyLookup | null;
  /** Null: limits off (`--rate-limit off`); keys are still checked, never silently ignored. */
  limiter: Limiter | null;
  clientAddress: ClientAddress;
  /** Path prefix stripped before classifying the route. */
  prefix: string;
  classify?: (path: string) => BucketClass;
}

const REASONS = {
  malformed: 'the Authorization header is malformed (expected Authorization: Bearer <API key>)',
  format: 'the API key is malformed (expected <prefix>_<env>_<22 characters>_<6-character checksum>)',
  labels: 'the API key is not a key of this server (its prefix or environment label differs)',
  checksum: 'the API key\'s checksum does not match: it was mistyped or cut short',
  unknown: 'the API key is not known to this server',
  revoked: 'the API key has been revoked',
} as const;

const invalidKey = (c: Context, reason: keyof typeof REASONS) => {
  c.set('authFailure', reason); // for the metrics
  return new ApiError(401, 'invalid_api_key', REASONS[reason], undefined, { 'WWW-Authenticate': 'Bearer' });
};

/** The socket peer under @hono/node-server; tests pass `{ incoming: { socket: { remoteAddress } } }` as env. */
const socketAddress = (c: Context) => (c.env as { incoming?: Pick<IncomingMessage, 'socket'> } | undefined)?.incoming?.socket?.remoteAddress;

export function accessControl({ keys, limiter, clientAddress, prefix, classify = classOfRoute }: AccessOptions): MiddlewareHandler {
  return async (c, next) => {
    const credentials = readAuthorization(c.req.header('Authorization'));
    let caller: Caller;
    if (credentials.kind === 'anonymous') {
      if (!limiter) return next();
      caller = { kind: 'anonymous', address: clientAddress(socketAddress(c), c.req.header('X-Forwarded-For')) };
      c.set('clientAddress', caller.address); // the request log reuses it
    } else {
      if (credentials.kind === 'malformed') throw invalidKey(c, 'malformed');
      const found = keys ? keys.check(credentials.token) : ({ ok: false, reason: 'unknown' } as const);
      if (!found.ok) throw invalidKey(c, found.reason);
      c.set('keyId', found.key.id); // the request log names the key by its id, never the key
      if (!limiter) return next();
      caller = { kind: 'key', id: found.key.id, tier: found.key.tier };
    }
    const cls = classify(c.req.path.slice(prefix.length));
    const verdict = await limiter.check(caller, cls);
    addResponseHeaders(c, verdict.headers);
    if (!verdict.allowed) {
      c.set('limitRejection', caller.kind === 'anonymous' ? { bucket: 'anonymous', tier: 'anonymous' } : { bucket: cls, tier: caller.tier });
      throw new ApiError(429, 'rate_limited', `rate limit of ${verdict.headers['X-RateLimit-Limit']} requests per hour reached; retry in ${verdict.retryAfter} s`, undefined, { 'Retry-After': String(verdict.retryAfter) });
    }
    return next();
  };
}
