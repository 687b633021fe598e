// The response cache: answers kept by URL (path and query) for the data file they came from, capped
// in bytes, the least recently asked for out first (CLOCK). Valid because the data file is immutable
// while served and every cacheable answer is a function of its URL alone (docs/api-notes.md, "Response
// cache"): the caller's key, tier and rate-limit headers are not part of what is kept, they are added
// per request.
//
// One cache per server process, shared by the apps of successive data files (reloads): each app takes
// a view for its build. The newest view owns the cache: the first time it is used it empties the
// cache if the build differs, and from then on an older view (an app finishing its last requests
// after a reload) neither finds nor keeps anything. So one byte cap holds across reloads, and an
// answer from one file is never served for another.
import { createBodyReleaser, type Watchable } from './release-bodies.js';
import type { Representation } from './representation.js';

/** A kept answer: its representation with the body as bytes, plus what the fast path needs. */
export interface CachedAnswer extends Representation {
  body: Uint8Array;
  /** The metrics' route label of the request that made it. */
  route: string;
  /** Whether the access gate ran for it (the API routes); the fast path then runs it too. */
  gated: boolean;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  /** Cacheable answers computed because the cache did not hold them. */
  misses: number;
  evictions: number;
}

export interface ResponseCacheStats extends CacheStats {
  /** With `release`: answers some response is writing now, and of those the evicted ones whose
   *  bytes wait for it (both 0 once every response has ended). */
  beingWritten: number;
  releasesWaiting: number;
}

export interface CacheView {
  /** The kept answer for `key`, made most recently used; undefined when not held (or stale view).
   *  `res`: the response that will write it (its bytes are not freed before it ends). */
  get(key: string, res?: Watchable): CachedAnswer | undefined;
  /** Keeps `answer` under `key` (a miss was computed); returns what is kept, or null when nothing is
   *  (the cache is off, the answer is too big, or this view is stale). Its body is the cache's own. */
  put(key: string, answer: CachedAnswer, res?: Watchable): CachedAnswer | null;
  /** `bytes` were added to the answer kept under `key` (a compressed body made for it). */
  grew(key: string, answer: CachedAnswer, bytes: Uint8Array): void;
  /** A hit was answered (counted once the gate let it through). */
  hit(): void;
}

export interface ResponseCacheOptions {
  /** The cap on what is kept, bodies and bookkeeping; 0 keeps nothing. */
  maxBytes: number;
  /** One answer bigger than this is not kept; default an eighth of the cap. */
  maxEntryBytes?: number;
  /** Free an evicted answer's bytes at once, when no response writes them any more, instead of
   *  leaving them to the collector (release-bodies.ts: for Bun, whose collector frees them late). */
  release?: boolean;
}

/** Bookkeeping per entry beyond its bodies and key: the entry object, its map slot, its headers'
 *  strings. Measured with bench/http-memory.mjs; kept conservative so that RSS stays under the cap. */
export const ENTRY_OVERHEAD = 320;

/** 64 MiB: the default `--response-cache`. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 2 ** 20;

interface Entry {
  key: string;
  /** null once the entry has left the cache (its bodies are not held by the queue meanwhile). */
  answer: CachedAnswer | null;
  bytes: number;
  /** Asked for since eviction last passed it (CLOCK's reference bit). */
  used: boolean;
  /** Still in the cache (a replaced or dropped entry stays in the queue until the hand reaches it). */
  live: boolean;
}

const sizeOf = (key: string, a: CachedAnswer) => {
  let bytes = ENTRY_OVERHEAD + key.length * 2 + a.tag!.length * 2 + a.body.byteLength;
  if (a.encoded) for (const e of a.encoded.values()) bytes += e.byteLength;
  return bytes;
};

export function createResponseCache({ maxBytes, maxEntryBytes = Math.floor(maxBytes / 8), release = false }: ResponseCacheOptions) {
  // Lookups by key in a Map; the eviction order in a queue of its own, oldest first. A hit only marks
  // its entry. Keeping the order in the Map instead (a hit moving its key to the end, eviction reading
  // from the front) leaves deleted slots that V8 walks over until its next rehash: in a key's hash
  // chain on every hit (one URL asked over and over: 20 → 300 µs a hit with 70,000 entries kept),
  // and at the front of every eviction pass.
  const entries = new Map<string, Entry>();
  let queue: Entry[] = [];
  let hand = 0; // queue[hand] is the oldest entry not yet passed
  let dead = 0; // entries replaced under their key that are still in the queue
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let evictions = 0;
  let views = 0;
  let owner = 0;
  let ownerBuild: string | null = null;
  const bodies = createBodyReleaser<CachedAnswer>(release);

  function clear(): void {
    for (const e of entries.values()) bodies.retire(e.answer!);
    entries.clear();
    queue = [];
    hand = 0;
    dead = 0;
    bytes = 0;
  }

  /** Drops entries, oldest first, until at most `limit` bytes are held; an entry asked for since the
   *  hand last passed it gets a second chance (to the back of the queue, unmarked), so what is in use
   *  stays (CLOCK). */
  function evictTo(limit: number): void {
    while (bytes > limit && hand < queue.length) {
      const e = queue[hand++];
      if (!e.live) {
        dead--;
        continue;
      }
      if (e.used) {
        e.used = false;
        queue.push(e);
        continue;
      }
      e.live = false;
      bodies.retire(e.answer!);
      e.answer = null;
      entries.delete(e.key);
      bytes -= e.bytes;
      evictions++;
    }
    // The passed part of the queue goes once it is half of it (amortised O(1) a step).
    if (hand > 1024 && hand * 2 > queue.length) {
      queue = queue.slice(hand);
      hand = 0;
    }
  }

  /** Replaced entries wait in the queue for the hand; when they are most of it (answers replaced
   *  while nothing is evicted: concurrent misses of one URL), the queue keeps only the live ones. */
  function compact(): void {
    if (dead <= 1024 || dead * 2 <= queue.length - hand) return;
    queue = queue.slice(hand).filter((e) => e.live);
    hand = 0;
    dead = 0;
  }

  return {
    maxBytes,

    /** The cache as seen by the app serving `buildId`. */
    forBuild(buildId: string): CacheView {
      const seq = ++views;
      // Whether this view may use the cache, claiming it on first use.
      const current = (): boolean => {
        if (owner === seq) return true;
        if (seq !== views) return false;
        if (ownerBuild !== buildId) clear();
        owner = seq;
        ownerBuild = buildId;
        return true;
      };
      return {
        get(key, res) {
          if (maxBytes === 0 || !current()) return undefined;
          const e = entries.get(key);
          if (!e) return undefined;
          e.used = true;
          bodies.watch(e.answer!, res);
          return e.answer!;
        },
        put(key, answer, res) {
          if (maxBytes === 0 || !current()) return null;
          misses++;
          const size = sizeOf(key, answer);
          if (size > maxEntryBytes) return null;
          const before = entries.get(key);
          if (before) {
            before.live = false;
            bodies.retire(before.answer!);
            before.answer = null;
            dead++;
            entries.delete(key);
            bytes -= before.bytes;
            compact();
          }
          evictTo(maxBytes - size);
          const e: Entry = { key, answer, bytes: size, used: false, live: true };
          entries.set(key, e);
          queue.push(e);
          bytes += size;
          bodies.own(answer, answer.body);
          bodies.watch(answer, res);
          return answer;
        },
        grew(key, answer, made) {
          // Freed with the answer even when it was evicted meanwhile (it is then still being written).
          bodies.own(answer, made);
          const e = entries.get(key);
          if (!e || e.answer !== answer) return; // evicted meanwhile: its bytes went with it
          const n = made.byteLength;
          e.bytes += n;
          bytes += n;
          if (bytes > maxBytes) evictTo(maxBytes);
        },
        hit() {
          hits++;
        },
      };
    },

    stats(): ResponseCacheStats {
      return {
        entries: entries.size,
        bytes,
        maxBytes,
        hits,
        misses,
        evictions,
        beingWritten: bodies.writing,
        releasesWaiting: bodies.waiting,
      };
    },

    clear,
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
