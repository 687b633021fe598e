// The response cache on its own: the byte cap (bodies, compressed copies, bookkeeping), least
// recently used out first, and one owner build at a time across reloads.
import { describe, expect, test } from 'bun:test';
import { createResponseCache, ENTRY_OVERHEAD, type CachedAnswer } from '../../../src/server/http/response-cache.js';

const answerOf = (bytes: number, tag = 't'.repeat(22)): CachedAnswer => ({
  body: new Uint8Array(bytes),
  chars: bytes,
  type: 'application/json; charset=utf-8',
  cacheControl: 'public, max-age=60',
  tag,
  encoded: new Map(),
  route: '/x',
  gated: false,
});
/** What one entry of `bytes` body bytes under `key` counts for (22-character tag). */
const cost = (key: string, bytes: number) => ENTRY_OVERHEAD + key.length * 2 + 44 + bytes;

describe('the byte cap', () => {
  test('counts bodies and bookkeeping, and drops the least recently used to stay within it', () => {
    const cap = cost('/a', 1000) * 3;
    const cache = createResponseCache({ maxBytes: cap, maxEntryBytes: cap });
    const view = cache.forBuild('b1');
    for (const k of ['/a', '/b', '/c']) expect(view.put(k, answerOf(1000))).not.toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: cap, misses: 3, evictions: 0 });
    expect(view.get('/a')).toBeDefined(); // /a is now the most recently used: /b goes first
    view.put('/d', answerOf(1000));
    expect(view.get('/b')).toBeUndefined();
    for (const k of ['/a', '/c', '/d']) expect(view.get(k)).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: cap, evictions: 1 });
  });

  test('never holds more than the cap, whatever the sizes put', () => {
    const cap = 50_000;
    const cache = createResponseCache({ maxBytes: cap });
    const view = cache.forBuild('b1');
    let seed = 3;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      view.put(`/r/${i}?q=${seed}`, answerOf(seed % 9000));
      if (i % 7 === 0) view.get(`/r/${i >> 1}?q=1`);
      expect(cache.stats().bytes).toBeLessThanOrEqual(cap);
    }
    const s = cache.stats();
    expect(s.entries).toBeGreaterThan(0);
    expect(s.evictions).toBeGreaterThan(0);
  });

  test('an answer kept again under its key replaces the old one, counted once, and goes last', () => {
    // Two requests for one URL missing at once both put; thousands of such replacements between
    // evictions must neither count twice nor let a replaced answer be found or evicted in its stead.
    const cap = cost('/a', 1000) * 3;
    const cache = createResponseCache({ maxBytes: cap, maxEntryBytes: cap });
    const view = cache.forBuild('b1');
    for (const k of ['/a', '/b', '/c']) view.put(k, answerOf(1000));
    let last!: CachedAnswer;
    for (let i = 0; i < 5000; i++) last = view.put('/a', answerOf(1000))!;
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: cap, evictions: 0 });
    expect(view.get('/a')).toBe(last);
    view.put('/d', answerOf(1000)); // /b, now the oldest kept, goes; /a was marked by the get
    view.put('/e', answerOf(1000)); // /c goes
    expect(view.get('/b')).toBeUndefined();
    expect(view.get('/c')).toBeUndefined();
    for (const k of ['/a', '/d', '/e']) expect(view.get(k)).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: cap, evictions: 2 });
  });

  test('a compressed copy added later counts too, and can push older answers out', () => {
    const cap = cost('/a', 1000) * 2 + 500;
    const cache = createResponseCache({ maxBytes: cap, maxEntryBytes: cap });
    const view = cache.forBuild('b1');
    const a = view.put('/a', answerOf(1000))!;
    const b = view.put('/b', answerOf(1000))!;
    a.encoded!.set('br', new Uint8Array(300));
    view.grew('/a', a, a.encoded!.get('br')!);
    expect(cache.stats().bytes).toBe(cost('/a', 1000) * 2 + 300);
    b.encoded!.set('gzip', new Uint8Array(400));
    view.grew('/b', b, b.encoded!.get('gzip')!); // over the cap: /a, the least recently used, goes
    expect(view.get('/a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: cost('/b', 1000) + 400 });
    // Growth reported for an answer no longer kept changes nothing.
    view.grew('/a', a, new Uint8Array(999));
    expect(cache.stats().bytes).toBe(cost('/b', 1000) + 400);
  });

  test('an answer bigger than the per-answer limit is not kept', () => {
    const cache = createResponseCache({ maxBytes: 100_000, maxEntryBytes: 5_000 });
    const view = cache.forBuild('b1');
    expect(view.put('/big', answerOf(6_000))).toBeNull();
    expect(view.put('/small', answerOf(1_000))).not.toBeNull();
    expect(cache.stats().entries).toBe(1);
  });

  test('0 bytes keeps nothing', () => {
    const cache = createResponseCache({ maxBytes: 0 });
    const view = cache.forBuild('b1');
    expect(view.put('/a', answerOf(10))).toBeNull();
    expect(view.get('/a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, misses: 0 });
  });
});

describe('one data file at a time (reloads)', () => {
  test('the app of a new build empties the cache on first use; the old app then finds and keeps nothing', () => {
    const cache = createResponseCache({ maxBytes: 1_000_000 });
    const old = cache.forBuild('build-1');
    old.put('/a', answerOf(10));
    expect(old.get('/a')).toBeDefined();
    const next = cache.forBuild('build-2');
    // Until the new app answers anything, the old one keeps serving from the cache.
    expect(old.get('/a')).toBeDefined();
    expect(next.get('/a')).toBeUndefined(); // first use: claims and empties
    expect(cache.stats().entries).toBe(0);
    expect(old.get('/a')).toBeUndefined();
    expect(old.put('/late', answerOf(10))).toBeNull(); // a request of the old file finishing late
    expect(next.get('/late')).toBeUndefined();
    next.put('/a', answerOf(20));
    expect(next.get('/a')!.body.byteLength).toBe(20);
  });

  test('a reload of the same build keeps what is kept (the same file gives the same answers)', () => {
    const cache = createResponseCache({ maxBytes: 1_000_000 });
    cache.forBuild('build-1').put('/a', answerOf(10));
    expect(cache.forBuild('build-1').get('/a')).toBeDefined();
  });
});

/** A response that can be watched, ended by the test. */
function response() {
  const listeners: Record<string, Array<() => void>> = {};
  return {
    once(event: 'finish' | 'close', fn: () => void) {
      (listeners[event] ??= []).push(fn);
      return this;
    },
    end(event: 'finish' | 'close' = 'finish') {
      for (const fn of listeners[event]?.splice(0) ?? []) fn();
    },
  };
}

describe("release: an evicted answer's bytes are freed once no response writes them", () => {
  // Two answers of 1,000 bytes and their encodings fit; a third pushes the oldest out.
  const cap = cost('/a', 1000) * 2 + 100;
  const setup = (release = true) => {
    const cache = createResponseCache({ maxBytes: cap, maxEntryBytes: cap, release });
    return { cache, view: cache.forBuild('b1') };
  };
  const freed = (bytes: Uint8Array) => bytes.byteLength === 0;

  test('evicted with no response writing it: freed at once, its body and the encodings made for it', () => {
    const { view } = setup();
    const res = response();
    const a = view.put('/a', answerOf(1000), res)!;
    const br = new Uint8Array(10);
    a.encoded!.set('br', br);
    view.grew('/a', a, br);
    res.end();
    view.put('/b', answerOf(1000), response());
    expect(freed(a.body)).toBe(false);
    view.put('/c', answerOf(1000), response()); // over the cap: /a goes
    expect(view.get('/a')).toBeUndefined();
    expect(freed(a.body)).toBe(true);
    expect(freed(br)).toBe(true);
  });

  test('evicted while responses write it: freed when the last of them finishes or closes', () => {
    const { cache, view } = setup();
    const first = response(),
      second = response();
    const a = view.put('/a', answerOf(1000), first)!;
    view.put('/b', answerOf(1000)); // no response to watch: never freed, never waited for
    expect(view.get('/a', second)).toBe(a); // marked: it survives the next eviction, /b goes
    view.put('/c', answerOf(1000), response());
    view.put('/d', answerOf(1000), response()); // /a goes, but two responses still write it
    expect(view.get('/a')).toBeUndefined();
    expect(freed(a.body)).toBe(false);
    expect(cache.stats()).toMatchObject({ beingWritten: 3, releasesWaiting: 1 }); // /a, and /c and /d kept
    first.end('close');
    expect(freed(a.body)).toBe(false);
    second.end('finish');
    second.end('close'); // one end of a response counts once
    expect(freed(a.body)).toBe(true);
    expect(cache.stats()).toMatchObject({ beingWritten: 2, releasesWaiting: 0 });
  });

  test('never freed: bytes handed out with no response to watch, bytes the cache was given, bytes sharing a buffer', () => {
    const { view } = setup();
    const a = view.put('/a', answerOf(1000))!; // no response: an app called directly
    const given = new Uint8Array(20);
    const written = response();
    const b = view.put('/b', { ...answerOf(1000), encoded: new Map([['gzip', given]]) }, written)!;
    const shared = new Uint8Array(new ArrayBuffer(3000), 1000, 1000);
    const c = view.put('/c', { ...answerOf(1000), body: shared })!;
    written.end();
    view.put('/d', answerOf(1000));
    view.put('/e', answerOf(1000)); // /a, /b and /c are gone
    for (const k of ['/a', '/b', '/c']) expect(view.get(k)).toBeUndefined();
    expect(freed(a.body)).toBe(false);
    expect(freed(b.body)).toBe(true);
    expect(freed(given)).toBe(false);
    expect(freed(c.body)).toBe(false);
    expect(shared.buffer.byteLength).toBe(3000);
  });

  test('a reload empties the cache: its answers are freed as they would be evicted', () => {
    const { cache, view } = setup();
    const res = response();
    const a = view.put('/a', answerOf(1000), res)!;
    const b = view.put('/b', answerOf(1000), response());
    res.end();
    const next = cache.forBuild('b2');
    expect(next.get('/a')).toBeUndefined();
    expect(freed(a.body)).toBe(true);
    expect(freed(b!.body)).toBe(false); // its response is still writing it
  });

  test('off (the default): nothing is freed; the collector does it', () => {
    const { view } = setup(false);
    const a = view.put('/a', answerOf(1000), response())!;
    view.put('/b', answerOf(1000), response());
    view.put('/c', answerOf(1000), response());
    expect(view.get('/a')).toBeUndefined();
    expect(freed(a.body)).toBe(false);
  });
});
