// The response cache on its own: the byte cap (bodies, compressed copies, bookkeeping), least
// recently used out first, and one owner build at a time across reloads.
import { describe, expect, test } from 'bun:test';
import { createResponseCache, ENTRY_OVERHEAD, type CachedAnswer } from '../../src/http/response-cache.js';

const answerOf = (bytes: number, tag = 't'.repeat(22)): CachedAnswer => ({
  body: new Uint8Array(bytes), chars: bytes, type: 'application/json; charset=utf-8', cacheControl: 'public, max-age=60',
  tag, encoded: new Map(), route: '/x', gated: false,
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
    view.grew('/a', a, 300);
    expect(cache.stats().bytes).toBe(cost('/a', 1000) * 2 + 300);
    b.encoded!.set('gzip', new Uint8Array(400));
    view.grew('/b', b, 400); // over the cap: /a, the least recently used, goes
    expect(view.get('/a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: cost('/b', 1000) + 400 });
    // Growth reported for an answer no longer kept changes nothing.
    view.grew('/a', a, 999);
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
