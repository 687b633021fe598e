// The search caches change no answer: on the real data file (make data-real), the bodies of a
// server whose caches are full (every query asked once before) and of one whose caches are tiny
// (constant evictions) are byte for byte those of a server that keeps nothing, for the distinct
// two-word queries of `make bench-http` and a few other kinds of request (filters, French, pages,
// groups, facets, counts, phrases).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { scenariosFor } from '../../../bench/http-scenarios.mjs';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { API_PREFIX, createApp } from '../../../src/server/http/app.js';
import { createSearchQueries } from '../../../src/server/db/search.js';
import { holdersOf } from '../../../src/server/search/candidates.js';
import { ftsAny, LEVELS, termToken } from '../../../src/core/data-file/keyword-index.js';
import { createResponseCache } from '../../../src/server/http/response-cache.js';
import { loadEncoder } from '../../../src/core/data-file/encoder-store.js';
import type { SearchCacheName } from '../../../src/server/search/query-caches.js';

const REAL = join(import.meta.dir, '../../../data/real.db');
const available = existsSync(REAL);
const QUERIES = 300;

let data: DataFile;
let embedder: Awaited<ReturnType<typeof loadEncoder>>;
let paths: string[] = [];

beforeAll(async () => {
  if (!available) return;
  data = openDataFile(REAL);
  embedder = await loadEncoder(data.db);
  const distinct = scenariosFor(REAL, { distinctPerSlice: QUERIES, slices: 1 }).searchSpeeches.find(
    (s) => s.name === 'search/speeches distinct',
  )!.distinct!;
  const qs = distinct.slice(0, QUERIES).map((p) => p.slice(API_PREFIX.length));
  paths = [
    ...qs,
    ...qs.slice(0, 20).map((p) => `${p}&lang=fr`),
    ...qs.slice(20, 40).map((p) => `${p}&page=2&limit=10`),
    ...qs.slice(40, 50).map((p) => `${p}&group_by=politician`),
    ...qs.slice(50, 60).map((p) => p.replace('/search/speeches?', '/search/facets?')),
    ...qs.slice(60, 70).map((p) => p.replace('/search/speeches?', '/search/speeches/count?')),
    ...qs.slice(70, 80).map((p) => `${p}&include_count=true&from=2023-01-01`),
    '/search/speeches?q=%22carbon%20tax%22',
    '/search/speeches?q=logement%20abordable',
    '/search/speeches?q=housing%20crisis%20affordable%20homes%20rent',
  ];
});
afterAll(async () => {
  if (!available) return;
  await embedder?.close();
  data.close();
});

const appWith = (searchCacheBytes?: Record<SearchCacheName, number>) =>
  createApp({ data, embedder, cache: createResponseCache({ maxBytes: 0 }), searchCacheBytes });

async function bodies(app: ReturnType<typeof createApp>): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const res = await app.request(`${API_PREFIX}${p}`);
    out.push(`${res.status} ${await res.text()}`);
  }
  return out;
}

test.skipIf(!available)(
  'full caches, tiny caches and no caches answer the same bytes',
  async () => {
    const none = await bodies(appWith({ chunk_words: 0, postings: 0, stem_counts: 0, rows: 0, int8_vectors: 0 }));
    expect(none.filter((b) => b.startsWith('200 ')).length).toBe(paths.length);
    const warm = appWith();
    await bodies(warm);
    const full = warm.searchCaches();
    expect(full.chunk_words.entries).toBeGreaterThan(1000);
    expect(full.postings.entries).toBeGreaterThan(500);
    const again = await bodies(warm);
    expect(warm.searchCaches().chunk_words.hits).toBeGreaterThan(full.chunk_words.hits);
    const tiny = appWith({
      chunk_words: 256 * 1024,
      postings: 64 * 1024,
      stem_counts: 16 * 1024,
      rows: 128 * 1024,
      int8_vectors: 64 * 1024,
    });
    const evicting = await bodies(tiny);
    expect(tiny.searchCaches().chunk_words.evictions).toBeGreaterThan(0);
    expect(tiny.searchCaches().rows.evictions).toBeGreaterThan(0);
    expect(tiny.searchCaches().int8_vectors!.evictions).toBeGreaterThan(0);
    expect(warm.searchCaches().int8_vectors!.hits).toBeGreaterThan(full.int8_vectors!.hits);
    for (let i = 0; i < paths.length; i++) {
      expect(`${paths[i]} ${again[i]}`).toBe(`${paths[i]} ${none[i]}`);
      expect(`${paths[i]} ${evicting[i]}`).toBe(`${paths[i]} ${none[i]}`);
    }
  },
  300_000,
);

test.skipIf(!available)(
  "the rare-word pin's holders from level lists are what the FTS5 AND query answers",
  () => {
    const queries = createSearchQueries(data.db);
    const fts = data.db.prepare('SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid DESC LIMIT ?').pluck();
    // Stems of one chunk held by at most 200 chunks: sets that some chunks hold together, and others.
    const chunks = data.db.prepare('SELECT rowid FROM chunks ORDER BY rowid LIMIT 200 OFFSET 1000').pluck().all() as number[];
    let compared = 0,
      several = 0;
    for (const [rowid, words] of queries.chunkWordsOf(chunks)) {
      const own = [...new Set(words.stems.filter((s): s is string => s !== null))];
      const terms = queries.termLevels(own);
      const rare = own.filter((s) => (terms.get(s)?.docs ?? 0) <= 200);
      const anyLevel = (s: string) => `(${ftsAny(terms.get(s)!.levels.flatMap((d, l) => (d > 0 && l < LEVELS ? [termToken(s, l)] : [])))})`;
      for (const set of [rare.slice(0, 1), rare.slice(0, 2), rare.slice(1, 4), [rare[0], own.find((s) => !rare.includes(s))!]]) {
        if (!set.length || set.some((s) => s === undefined || !terms.has(s))) continue;
        for (const limit of [3, 44]) {
          const want = fts.all(set.map(anyLevel).join(' AND '), limit) as number[];
          // The chunk itself holds the set: it is there unless `limit` newer holders cut it.
          if (want.length < limit || rowid > want.at(-1)!) expect(want).toContain(rowid);
          expect(holdersOf(queries, set, terms, limit)).toEqual(want);
          compared++;
          if (want.length > 1) several++;
        }
      }
    }
    expect(compared).toBeGreaterThan(800);
    expect(several).toBeGreaterThan(200);
  },
  120_000,
);
