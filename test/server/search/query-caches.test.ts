// The search caches (src/server/search/query-caches.ts) over fake reads whose answers are known: what a
// cache answers is what the read would have answered, the reads it saves are not made, and each
// cache stays within its cap (src/server/search/bounded-cache.ts).
import { describe, expect, test } from 'bun:test';
import { BoundedCache, SLOT_OVERHEAD } from '../../../src/server/search/bounded-cache.js';
import { createQueryCaches, SEARCH_CACHE_BYTES, splitSearchCache, type CachedReads } from '../../../src/server/search/query-caches.js';
import { chunkWords } from '../../../src/core/text/chunk-words.js';
import type { Lang } from '../../../src/core/text/terms.js';

/** Posting lists of 1..n rowids newest first, by token `t<n>`; stems with known counts; texts by rowid. */
function fakeReads() {
  const calls: string[] = [];
  const counts: Record<string, { docs: number; levels: number[] }> = {
    housing: { docs: 3, levels: [1, 2] },
    zeta: { docs: 1, levels: [1] },
    éclair: { docs: 2, levels: [0, 2] },
  };
  const texts: Record<number, { text: string; language: Lang }> = {
    1: { text: 'Affordable housing for the families of Canada.', language: 'en' },
    2: { text: "Le logement abordable et l'État.", language: 'fr' },
  };
  const reads: CachedReads<{ rowid: number; text: string; language: Lang }> = {
    termLevels: (stems) => {
      calls.push(`terms ${stems.join(',')}`);
      return new Map(
        stems
          .filter((s) => s in counts)
          .sort()
          .map((s) => [s, counts[s]]),
      );
    },
    postings: (match, limit) => {
      calls.push(`postings ${match} ${limit}`);
      const n = Number(/t(\d+)/.exec(match)![1]);
      return Int32Array.from({ length: Math.min(n, limit) }, (_, i) => n - i);
    },
    texts: (rowids) => {
      calls.push(`texts ${rowids.join(',')}`);
      return new Map(rowids.filter((r) => r in texts).map((r) => [r, texts[r]]));
    },
    rows: (rowids) => {
      calls.push(`rows ${rowids.join(',')}`);
      return new Map(rowids.filter((r) => r in texts).map((r) => [r, { rowid: r, ...texts[r] }]));
    },
  };
  return { reads, calls };
}

describe('posting lists', () => {
  test('a kept list answers a shorter or equal limit with its prefix; a longer limit reads again unless the list was whole', () => {
    const { reads, calls } = fakeReads();
    const c = createQueryCaches(reads);
    expect([...c.postings('"t10"', 4)]).toEqual([10, 9, 8, 7]);
    expect([...c.postings('"t10"', 2)]).toEqual([10, 9]);
    expect([...c.postings('"t10"', 4)]).toEqual([10, 9, 8, 7]);
    expect(calls).toEqual(['postings "t10" 4']);
    // More than was read: FTS5 is asked again, and then the whole list (6 < 20) answers any limit.
    expect([...c.postings('"t10"', 20)]).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect([...c.postings('"t10"', 1000)]).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect([...c.postings('"t10"', 3)]).toEqual([10, 9, 8]);
    expect(calls).toEqual(['postings "t10" 4', 'postings "t10" 20']);
    // Another query string is another list.
    expect([...c.postings('"t10" AND "f_x"', 2)]).toEqual([10, 9]);
    expect(calls).toHaveLength(3);
  });

  test('within the cap: old lists leave, and the bytes held never pass it', () => {
    const { reads } = fakeReads();
    const c = createQueryCaches(reads, { chunk_words: 1 << 20, postings: 64 * 1024, stem_counts: 1 << 20, rows: 1 << 20 });
    for (let i = 0; i < 200; i++) c.postings(`"t${100 + i}"`, 1000);
    const s = c.stats().postings;
    expect(s.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(s.evictions).toBeGreaterThan(0);
    expect(s.entries).toBeLessThan(200);
  });
});

describe('stem counts', () => {
  test('in SQLite order (UTF-8 bytes), stems nobody holds left out, each stem read once', () => {
    const { reads, calls } = fakeReads();
    const c = createQueryCaches(reads);
    expect([...c.termLevels(['zeta', 'nope', 'housing'])]).toEqual([
      ['housing', { docs: 3, levels: [1, 2] }],
      ['zeta', { docs: 1, levels: [1] }],
    ]);
    // é sorts after z in UTF-8 (as SQLite's BINARY collation compares).
    expect([...c.termLevels(['éclair', 'zeta', 'nope', 'housing', 'zeta'])].map(([s]) => s)).toEqual(['housing', 'zeta', 'éclair']);
    expect(calls).toEqual(['terms zeta,nope,housing', 'terms éclair']);
  });
});

describe('chunk words', () => {
  test('the words of a chunk as the tokenizer and stemmer give them, read once', () => {
    const { reads, calls } = fakeReads();
    const c = createQueryCaches(reads);
    const got = c.chunkWordsOf([1, 2, 3]);
    expect([...got.keys()].sort()).toEqual([1, 2]);
    expect(got.get(1)).toEqual(chunkWords('Affordable housing for the families of Canada.', 'en'));
    expect(got.get(1)!.stems).toEqual(['affordabl', 'housing', null, null, 'family', null, 'canada']);
    expect([...got.get(2)!.offsets.slice(0, 4)]).toEqual([0, 2, 3, 11]);
    expect(c.chunkWords(2, 'ignored: kept already', 'en')).toBe(got.get(2)!);
    c.chunkWordsOf([1, 2]);
    expect(calls).toEqual(['texts 1,2,3']);
  });
});

describe('rows', () => {
  test('rows read once; texts of kept rows come from them, the others are read', () => {
    const { reads, calls } = fakeReads();
    const c = createQueryCaches(reads);
    expect(c.rows([1, 3]).get(1)).toEqual({ rowid: 1, text: 'Affordable housing for the families of Canada.', language: 'en' });
    expect([...c.rows([1, 2]).keys()].sort()).toEqual([1, 2]);
    expect(c.texts([1, 2]).get(2)).toMatchObject({ text: "Le logement abordable et l'État.", language: 'fr' });
    expect(c.texts([1, 2, 3]).size).toBe(2);
    expect(calls).toEqual(['rows 1,3', 'rows 2', 'texts 3']);
  });
});

describe('BoundedCache', () => {
  test('an entry used since the last pass is kept over an older unused one; too big is not kept', () => {
    const E = SLOT_OVERHEAD + 100;
    const cache = new BoundedCache<string, number>(8 * E);
    for (let i = 0; i < 8; i++) cache.set(`k${i}`, i, 100);
    expect(cache.get('k0')).toBe(0);
    cache.set('k8', 8, 100); // k1 is the oldest not used since: it leaves, k0 stays
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k0')).toBe(0);
    expect(cache.get('k8')).toBe(8);
    expect(cache.stats()).toMatchObject({ entries: 8, bytes: 8 * E, evictions: 1 });
    // More than an eighth of the cap: not kept, nothing else leaves for it.
    cache.set('huge', 9, 2 * E);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 8, evictions: 1 });
    // Replacing a key counts its new size only.
    cache.set('k0', 10, 50);
    expect(cache.stats().bytes).toBe(7 * E + SLOT_OVERHEAD + 50);
  });

  test('a cap of 0 keeps nothing', () => {
    const cache = new BoundedCache<string, number>(0);
    cache.set('a', 1, 1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats().bytes).toBe(0);
  });
});

describe('--search-cache', () => {
  test('the default total gives each cache its own cap; any total is shared in the same proportions, never above it', () => {
    expect(splitSearchCache(140 * 2 ** 20)).toEqual({ ...SEARCH_CACHE_BYTES });
    const odd = splitSearchCache(1_000_003);
    expect(Object.values(odd).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1_000_003);
    expect(odd.chunk_words).toBe(Math.floor((1_000_003 * 48) / 140));
    expect(splitSearchCache(0)).toEqual({ chunk_words: 0, postings: 0, stem_counts: 0, rows: 0, int8_vectors: 0 });
  });
  test('a cache of 0 bytes keeps nothing', () => {
    const c = new BoundedCache<string, number>(0);
    c.set('a', 1, 8);
    expect(c.get('a')).toBeUndefined();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0, maxBytes: 0 });
  });
});
