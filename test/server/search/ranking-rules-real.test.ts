// The ranking rules of ranking-rules.test.ts on the real data file (make data-real; skipped without
// it), each also with the rule switched off. What is expected is worked out here from the chunk
// texts (term counts, a pattern of the bill's number, the sessions' dates), not by the engine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { loadEncoder, loadLexicon } from '../../../src/core/data-file/encoder-store.js';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, type CandidateSources, type PoolOptions } from '../../../src/server/search/candidates.js';
import { createVectorIndex } from '../../../src/server/search/vectors.js';
import { termWeight } from '../../../src/core/data-file/keyword-index.js';
import { indexTerms } from '../../../src/core/text/terms.js';

const REAL = join(import.meta.dir, '../../../data/real.db');
const available = existsSync(REAL);
const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };

let data: DataFile;
let encoder: Awaited<ReturnType<typeof loadEncoder>>;
let src: CandidateSources;
let chunk: Map<number, { text: string; language: 'en' | 'fr'; start: string | null }>;

beforeAll(async () => {
  if (!available) return;
  data = openDataFile(REAL);
  encoder = await loadEncoder(data.db);
  const rows = data.db
    .prepare('SELECT c.rowid, c.text, c.language, se.start_date AS start FROM chunks c LEFT JOIN sessions se ON se.id = c.session_id')
    .all() as Array<{ rowid: number; text: string; language: 'en' | 'fr'; start: string | null }>;
  chunk = new Map(rows.map((r) => [r.rowid, r]));
  src = {
    queries: createSearchQueries(data.db),
    vectors: createVectorIndex(data.db),
    embed: (t) => encoder!.embedQuery(t),
    lexicon: loadLexicon(data.db),
    knows: (t) => encoder!.knowsAnyWord?.(t) ?? true,
  };
});
afterAll(async () => {
  if (!available) return;
  src.vectors?.close();
  await encoder?.close();
  data.close();
});

const ranked = async (q: string, o: PoolOptions = {}) => (await hybridPool(src, q, ANY, undefined, o)).candidates.map((c) => c.rowid);
const naming = (letter: string, n: number) => new RegExp(`(?<![\\p{L}\\p{N}])${letter}[-‑\\s]?${n}(?![\\p{L}\\p{N}])`, 'iu');

describe.skipIf(!available)('ranking rules on the real file', () => {
  test('"riding": the keyword side\'s best 20 in the order of the word\'s BM25 weight in each chunk', async () => {
    const avgdl = src.queries.averageLength()!;
    const weight = (rowid: number) => {
      const c = chunk.get(rowid)!;
      const terms = indexTerms(c.text, c.language);
      return termWeight(terms.filter((t) => t === 'riding').length, terms.length, avgdl);
    };
    const sorted = (xs: number[]) => xs.every((w, i) => i === 0 || xs[i - 1] >= w - 1e-12);
    const best = Math.max(...[...chunk.keys()].map(weight));
    const now = (await ranked('riding', { vector: false })).slice(0, 20).map(weight);
    expect(sorted(now)).toBe(true);
    expect(now[0]).toBeCloseTo(best, 12);
    // Before: the index's levels, newest first within one.
    expect(sorted((await ranked('riding', { vector: false, exactDepth: 0 })).slice(0, 20).map(weight))).toBe(false);
  });

  test('"c36" finds the chunks naming Bill C-36, as "C-36" does', async () => {
    const names = naming('c', 36);
    const held = [...chunk.values()].filter((c) => names.test(c.text)).length;
    expect(held).toBeGreaterThan(20);
    const top = (await ranked('c36')).slice(0, 20);
    expect(top.every((r) => names.test(chunk.get(r)!.text))).toBe(true);
    expect(top).toEqual((await ranked('C-36')).slice(0, 20));
    expect((await ranked('c36', { printBills: false })).slice(0, 20).filter((r) => names.test(chunk.get(r)!.text)).length).toBeLessThan(20);
  });

  test('"C-21": the chunks naming it first, the newest session\'s first; not "April 21" pinned as a rare number', async () => {
    const names = naming('c', 21);
    const named = [...chunk].filter(([, c]) => names.test(c.text));
    const newest = named
      .map(([, c]) => c.start ?? '')
      .sort()
      .at(-1)!;
    expect(new Set(named.map(([, c]) => c.start)).size).toBeGreaterThan(1); // C-21 of more than one session
    const top = await ranked('C-21');
    expect(top.slice(0, named.length).every((r) => names.test(chunk.get(r)!.text))).toBe(true);
    expect(chunk.get(top[0])!.start).toBe(newest);
    const before = await ranked('C-21', { billsAfterPins: false, billsNewest: false });
    expect(names.test(chunk.get(before[0])!.text)).toBe(false);
  });
});
