// What the access gate learns about a request, kept on the Hono context for the request log and the
// metrics (never the key itself: only its id). Set only when there is something to say, so an
// anonymous request with limits off pays nothing.
import type { Tier } from '../auth/tiers.js';
import type { BucketClass } from '../limits/limit-table.js';

export interface LimitRejection {
  bucket: BucketClass | 'anonymous';
  tier: Tier | 'anonymous';
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The id of the API key that authenticated this request. */
    keyId: string;
    /** The client address the gate resolved (trusted proxies applied). */
    clientAddress: string;
    /** Why a presented key was refused (401). */
    authFailure: string;
    /** Which bucket refused the request (429). */
    limitRejection: LimitRejection;
  }
}
