// V8's pretenuring, turned off for the server. V8 watches each place in the code that allocates
// objects; when most of what one place made survives a young collection, it allocates that place's
// later objects straight in the old generation. Under distinct searches the request path's objects
// live for a whole queued search (tens of milliseconds), so V8 pretenures their allocation sites,
// and the decision stays. A kept answer afterwards allocates the same kinds of objects, which then
// die young in the old generation. Everything they point to is held through each young collection,
// since the scavenger keeps whatever the old generation references: ~3 MB promoted per scavenge, each
// scavenge 5-12 ms instead of ~0.8, old space filling to ~230 MB between full collections.
// Measured on `/votes/{id}` for 8 s after 8 s of distinct searches (node --trace-gc, three rounds
// alternating with the code before; docs/benchmarks.md, sixteenth session): 15.2-17.6 k req/s and
// 0.87-0.95 s of scavenges, against 18.5-24.5 k and 0.13-0.16 s with pretenuring off, as on a fresh
// server. Distinct searches were not measurably slower without it. Under Bun (running from source
// with `bun src/cli/main.ts`) there is no V8: nothing to set there.
import { setFlagsFromString } from 'node:v8';

export interface ServerHeapOptions {
  /** True under Bun, where there is no V8 to set (injected by tests). */
  bun?: boolean;
  setFlags?: (flags: string) => void;
}

export const SERVER_V8_FLAGS = '--no-allocation-site-pretenuring';

/** Sets the server's V8 flags; a no-op under Bun. Returns the flags set, or null. */
export function tuneServerHeap({ bun = process.versions.bun !== undefined, setFlags = setFlagsFromString }: ServerHeapOptions = {}): string | null {
  if (bun) return null;
  setFlags(SERVER_V8_FLAGS);
  return SERVER_V8_FLAGS;
}

/**
 * V8 flags the single binary starts with (src/cli/natives/build-binary.ts, execArgv): a young generation
 * of at most 2 x 4 MiB instead of V8's 2 x 16. Under steady load V8 grows it to its maximum, which
 * stays resident: ~28 of the 85 MiB the binary held above its idle under 60,000 distinct URLs with a
 * 64 MiB response cache, over the bound of issue 19 (idle + cap). With 4 MiB it held 55 MiB above
 * idle; with 2 MiB, 51. The cost, measured alternating with the default (docs/benchmarks.md,
 * eighteenth session): ~17 % fewer distinct searches a second (435-454 against 521-553), 5-25 % on
 * `bills?q=` over distinct URLs, nothing measurable on kept answers, and a build of data/real 1.18x
 * longer. Only the binary can have it: V8 sizes the young generation when it starts, so
 * `node dist/canpol.mjs` keeps V8's default unless started with the flag.
 */
export const SEA_EXEC_ARGV: string[] = ['--max-semi-space-size=4'];
