// V8's pretenuring, turned off for the server. During distinct searches the request path's objects
// live for a whole queued search, so V8 starts allocating them straight in the old generation, and
// the decision stays: a kept answer's short-lived objects afterwards die there, and every scavenge
// keeps what they point to (5-12 ms each instead of ~0.8). On `/votes/{id}` after 8 s of distinct
// searches: 15.2-17.6 k req/s with pretenuring, 18.5-24.5 k without (as a fresh server); distinct
// searches were not measurably slower. Under Bun (tests run `src/` with it) there is no V8: nothing
// to set there.
import { setFlagsFromString } from 'node:v8';

export interface ServerHeapOptions {
  /** True under Bun, where there is no V8 to set (injected by tests). */
  bun?: boolean;
  setFlags?: (flags: string) => void;
}

export const SERVER_V8_FLAGS = '--no-allocation-site-pretenuring';

/** Sets the server's V8 flags; a no-op under Bun. Returns the flags set, or null. */
export function tuneServerHeap({
  bun = process.versions.bun !== undefined,
  setFlags = setFlagsFromString,
}: ServerHeapOptions = {}): string | null {
  if (bun) return null;
  setFlags(SERVER_V8_FLAGS);
  return SERVER_V8_FLAGS;
}

/**
 * V8 flags the single binary starts with (src/cli/natives/build-binary.ts, execArgv): a young generation
 * of at most 2 x 4 MiB instead of V8's 2 x 16. Under steady load V8 grows it to its maximum, which
 * stays resident: ~28 of the 85 MiB the binary held above its idle under 60,000 distinct URLs with a
 * 64 MiB response cache, over the memory bound (idle + cap). With 4 MiB it held 55 MiB above idle;
 * with 2 MiB, 51. The cost: ~17 % fewer distinct searches a second, 5-25 % on `bills?q=` over
 * distinct URLs, nothing measurable on kept answers, and a build of data/real 1.18x longer.
 * Only the binary can have it: V8 sizes the young generation when it starts, so
 * `node dist/canpol.mjs` keeps V8's default unless started with the flag.
 */
export const SEA_EXEC_ARGV: string[] = ['--max-semi-space-size=4'];
