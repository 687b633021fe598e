// The candidate pool's rules on a keyword-only data file (no vectors) large enough that the keyword
// list is cut at POOL: counts beyond the pool, filters in the count, phrases, rare-word pinning.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { COUNT_CAP, createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, POOL, type CandidateSources } from '../../../src/server/search/candidates.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { ApiError } from '../../../src/core/errors.js';
import { errorStatus } from '../../../src/server/http/error-reply.js';
import { createWorkQueue } from '../../../src/server/limits/work-queue.js';
import type { VectorIndex } from '../../../src/server/search/vectors.js';

const BUDGET = 1_100; // chunks saying "budget": more than the pool holds
let fx: Fixture;
let src: CandidateSources;
const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };

beforeAll(() => {
  fx = buildFixture((r) => {
    for (let i = 0; i < BUDGET; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      // Every 100th speech says "budget deficit" and names Zorblatt (a rare word: 11 of 1,100+ chunks).
      const text =
        i % 100 === 7
          ? `Zorblatt warned the House about the budget deficit, item ${i}.`
          : `The budget must pass, item ${i}; the deficit is another matter.`;
      r.speeches.push({
        key: `t/budget-${i}`,
        session_key: 'ca/44-1',
        politician_key: i % 2 ? 'p/bob' : 'p/alice',
        speaker_name_raw: 'Someone',
        spoken_at: `2024-04-${day}T14:00:00Z`,
        language: 'en',
        level: 'federal',
        speech_type: 'floor',
        text,
        source_system: 'hoc',
      });
    }
  });
  src = { queries: createSearchQueries(fx.data.db), vectors: null, embed: null };
});
afterAll(() => fx.cleanup());

const rowidOf = (key: string) => src.queries.rowidOf(ids.chunk(key, 0))!;

describe('counts beyond the pool', () => {
  test('more keyword matches than the pool holds: every one counted from the index, not capped', async () => {
    const pool = await hybridPool(src, 'budget', ANY, undefined);
    expect(pool.candidates.length).toBe(POOL);
    expect(pool.count()).toEqual({ matches: BUDGET, capped: false });
  });

  test('a word held by COUNT_CAP chunks or more settles the count at the cap, without counting in the index', async () => {
    const counted: string[] = [];
    const countMatching = (match: string, cap: number) => {
      counted.push(match);
      return src.queries.countMatching(match, cap);
    };
    const spied = { ...src.queries, countMatching };
    expect((await hybridPool({ ...src, queries: spied }, 'budget', ANY, undefined)).count()).toEqual({ matches: BUDGET, capped: false });
    expect(counted).toHaveLength(1);
    // The same index, but its count of "budget" at the cap: the count is the cap, and no count is made.
    const termLevels = (stems: string[]) =>
      new Map([...src.queries.termLevels(stems)].map(([s, t]) => [s, s === 'budget' ? { ...t, docs: COUNT_CAP } : t]));
    expect((await hybridPool({ ...src, queries: { ...spied, termLevels } }, 'budget', ANY, undefined)).count()).toEqual({
      matches: COUNT_CAP,
      capped: true,
    });
    expect(counted).toHaveLength(1);
  });

  test('with a filter, beyond the pool: the pool is counted and said to be capped (more exist)', async () => {
    const pool = await hybridPool(src, 'budget', { ...ANY, exclude_presiding: true }, undefined);
    expect(pool.candidates.length).toBe(POOL);
    expect(pool.count()).toEqual({ matches: POOL, capped: true });
  });

  test('with a filter, within the pool: exact', async () => {
    // Bob said half the budget speeches (550): the keyword list holds them all.
    expect((await hybridPool(src, 'budget', { ...ANY, politician_ids: [fixtureIds.bob] }, undefined)).count()).toEqual({
      matches: BUDGET / 2,
      capped: false,
    });
    // Items 7, 107, … are odd: Bob's, all 11.
    expect((await hybridPool(src, 'Zorblatt', { ...ANY, politician_ids: [fixtureIds.bob] }, undefined)).count()).toEqual({
      matches: 11,
      capped: false,
    });
  });

  test('no match at all: nothing, counted 0', async () => {
    const pool = await hybridPool(src, 'xyzzyplugh', ANY, undefined);
    expect(pool.candidates).toEqual([]);
    expect(pool.count()).toEqual({ matches: 0, capped: false });
  });
});

describe('phrases and rare words', () => {
  test('a quoted phrase keeps only chunks holding it, though 1,100 hold both words', async () => {
    const pool = await hybridPool(src, '"budget deficit"', ANY, undefined);
    expect(pool.candidates.map((c) => c.rowid).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, k) => rowidOf(`t/budget-${k * 100 + 7}`)).sort((a, b) => a - b),
    );
  });

  test('chunks holding every rare word come first (the keyword list ranks them first too)', async () => {
    const pool = await hybridPool(src, 'Zorblatt budget', ANY, undefined);
    const top = new Set(pool.candidates.slice(0, 11).map((c) => c.rowid));
    for (let k = 0; k < 11; k++) expect(top.has(rowidOf(`t/budget-${k * 100 + 7}`))).toBe(true);
  });
});

describe('the embedding queue', () => {
  test('a search the full queue refuses (503) has read nothing of the keyword index', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    const never = new Promise<Float32Array>(() => {});
    void queue.run(() => never); // the one slot, taken for good
    const read: string[] = [];
    const queries = new Proxy(src.queries, {
      get: (target, name) => {
        read.push(String(name));
        return Reflect.get(target, name);
      },
    });
    const vectors = { count: () => 1 } as unknown as VectorIndex; // the query would be embedded
    const embed = (text: string) => queue.run(() => never.then(() => new Float32Array([text.length])));
    const refused = await hybridPool({ queries, vectors, embed }, 'budget deficit', ANY, undefined).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(errorStatus(refused as ApiError)).toBe(503);
    expect(read).toEqual([]);
  });
});
