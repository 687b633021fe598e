// An answer as built once and sent many times: its body, headers' parts and compressed copies.
import type { Encoding } from './compress.js';

export interface Representation {
  /** The body as sent without compression (a string the first time, bytes when kept). */
  body: string | Uint8Array;
  /** The body's length in characters, which the compression threshold is measured in. */
  chars: number;
  type: string;
  cacheControl: string;
  /** ETag base (unquoted); null for `no-store`. */
  tag: string | null;
  /** Compressed bodies made so far, by encoding; null until one is kept. */
  encoded: Map<Encoding, Uint8Array> | null;
}
