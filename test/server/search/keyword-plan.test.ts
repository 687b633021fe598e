// The keyword plan over fake posting lists: lists read highest idf·weight first, scores summed per
// chunk, the posting budget, facet conditions on every list, the exact filter before the cut, ties
// newest first.
import { describe, expect, test } from 'bun:test';
import type { SearchFilters } from '../../../src/server/db/search.js';
import { facetToken, idf, LEVELS, levelOf, levelWeight, termToken, termWeight } from '../../../src/core/data-file/keyword-index.js';
import {
  facetGroups,
  holds,
  keywordCandidates,
  kthLargest,
  MAX_READ_FACTOR,
  type KeywordTally,
} from '../../../src/server/search/keyword-plan.js';
import { indexTerms, stem } from '../../../src/core/text/terms.js';

const f: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const CHUNKS = 1000;
const levels = (byLevel: Record<number, number>) => Array.from({ length: LEVELS }, (_, l) => byLevel[l] ?? 0);

/** Postings by token (newest first); records each FTS5 query and its limit. `counts`: chunks per facet
 *  condition; `passes`: the chunks a query with facet conditions (an AND) keeps (default all). */
function fake(
  terms: Record<string, Record<number, number[]>>,
  counts: Record<string, number> = {},
  passes: (rowid: number) => boolean = () => true,
) {
  const calls: string[] = [];
  const sources = {
    totalChunks: () => CHUNKS,
    fileChunks: () => CHUNKS,
    maxRowid: () => CHUNKS,
    matchCount: (match: string) => counts[match] ?? 0,
    yearSpan: (): [number, number] => [2000, 2024],
    termLevels: (stems: string[]) =>
      new Map(
        stems
          .filter((s) => s in terms)
          .map((s) => {
            const byLevel = Object.fromEntries(Object.entries(terms[s]).map(([l, rows]) => [l, rows.length]));
            return [s, { docs: Object.values(terms[s]).flat().length, levels: levels(byLevel) }];
          }),
      ),
    postings: (match: string, limit: number) => {
      calls.push(`${match} ${limit}`);
      const [, stem, level] = /^"([^"]+)_(\d+)"/.exec(match)!;
      const rows = terms[stem]?.[Number(level)] ?? [];
      return (match.includes(' AND ') ? rows.filter(passes) : rows).slice(0, limit);
    },
  };
  return { sources, calls };
}

describe('keywordCandidates', () => {
  test('scores are sums of idf·level weight; lists read best first; ties newest first', () => {
    // rare: 2 chunks, common: 6 chunks. Chunk 5 holds both.
    const { sources, calls } = fake({ rare: { 12: [5, 3] }, common: { 15: [9, 8], 3: [7, 6, 5, 4] } });
    const got = keywordCandidates(sources, ['common', 'rare'], { f, sessionIds: null, passing: null, limit: 10 });
    const w = (_stem: string, docs: number, level: number) => idf(CHUNKS, docs) * levelWeight(level);
    const score = new Map<number, number>([
      [5, w('rare', 2, 12) + w('common', 6, 3)],
      [3, w('rare', 2, 12)],
      [9, w('common', 6, 15)],
      [8, w('common', 6, 15)],
      [7, w('common', 6, 3)],
      [6, w('common', 6, 3)],
      [4, w('common', 6, 3)],
    ]);
    expect(got).toEqual([...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || b - a));
    // idf 6.0 × level 12 (1.72) < idf 5.1 × level 15 (2.13): the rarer word's list is not always first.
    const lists = [
      ['rare', 2, 12],
      ['common', 6, 15],
      ['common', 6, 3],
    ] as const;
    const byWeight = [...lists].sort((a, b) => w(b[0], b[1], b[2]) - w(a[0], a[1], a[2])).map(([s, , l]) => `"${termToken(s, l)}"`);
    expect(byWeight).toEqual([`"${termToken('common', 15)}"`, `"${termToken('rare', 12)}"`, `"${termToken('common', 3)}"`]);
    expect(calls.map((c) => c.split(' ')[0])).toEqual(byWeight);
  });

  test('cut to `limit` among equal scores: the newest', () => {
    const { sources } = fake({ word: { 5: [40, 30, 20, 10] }, rare: { 15: [20] } });
    expect(keywordCandidates(sources, ['word', 'rare'], { f, sessionIds: null, passing: null, limit: 3 })).toEqual([20, 40, 30]);
  });

  test('the budget stops reading; a list cut short gives its newest postings', () => {
    const { sources, calls } = fake({ rare: { 12: [5, 3] }, common: { 3: [7, 6, 5, 4] } });
    expect(keywordCandidates(sources, ['common', 'rare'], { f, sessionIds: null, passing: null, limit: 10, budget: 3, exact: 0 })).toEqual([
      5, 3, 7,
    ]);
    expect(calls).toEqual([`"${termToken('rare', 12)}" 2`, `"${termToken('common', 3)}" 1`]);
  });

  test('selective filters are part of every list query; the exact filter runs before the cut to `limit`', () => {
    const { sources, calls } = fake({ rare: { 12: [5, 3, 2] } });
    const filtered = { ...f, langs: ['fr'] as const, politician_ids: ['a', 'b'] } as SearchFilters;
    const got = keywordCandidates(sources, ['rare'], {
      f: filtered,
      sessionIds: null,
      passing: (rows) => rows.filter((r) => r !== 5),
      limit: 1,
    });
    expect(got).toEqual([3]);
    expect(calls[0]).toBe(
      `"${termToken('rare', 12)}" AND ("${facetToken('language', 'fr')}") AND ("${facetToken('politician_id', 'a')}" OR "${facetToken('politician_id', 'b')}") 3`,
    );
  });

  test('with the whole filter as a mask, a selective one is applied while each list is read whole: the newest postings that pass, as the query with the filter gives', () => {
    const group = `("${facetToken('politician_id', 'a')}")`;
    const filtered = { ...f, politician_ids: ['a'] };
    const mask = new Uint8Array(CHUNKS + 1);
    for (let r = 20; r <= 100; r += 20) mask[r] = 1;
    const { sources, calls } = fake(
      { common: { 3: Array.from({ length: 100 }, (_, i) => 100 - i) }, rare: { 12: [60, 40, 7] } },
      { [group]: 50 },
    );
    // The budget: 6 postings, less 3 for the rare list (what FTS5 is reckoned to read for it: the
    // shorter of the list and the filter): the common list gets 3, the newest 3 that pass (100, 80, 60).
    expect(
      keywordCandidates(sources, ['common', 'rare'], {
        f: filtered,
        sessionIds: null,
        mask,
        passing: null,
        limit: 10,
        budget: 6,
        exact: 0,
      }),
    ).toEqual([60, 40, 100, 80]);
    expect(calls).toEqual([`"${termToken('rare', 12)}" 3`, `"${termToken('common', 3)}" 100`]);
    // Random corpora and budgets: the pool is the one the filter inside FTS5 gives, postings for postings.
    const random = seededRandom(13);
    for (let round = 0; round < 30; round++) {
      const terms = randomTerms(
        random,
        [
          ['rare', 0.02],
          ['mid', 0.15],
          ['common', 0.6],
        ],
        () => Math.min(LEVELS - 1, Math.floor(random() ** 2 * LEVELS)),
      );
      const keep = new Uint8Array(CHUNKS + 1);
      for (let r = 1; r <= CHUNKS; r++) keep[r] = random() < 0.06 ? 1 : 0;
      const counts = { [group]: keep.reduce((a, b) => a + b, 0) };
      const stems = ['rare', 'mid', 'common'];
      const budget = 5 + round * 13;
      const inFts5 = keywordCandidates(fake(terms, counts, (r) => keep[r] === 1).sources, stems, {
        f: filtered,
        sessionIds: null,
        mask: null,
        passing: null,
        limit: 100,
        budget,
        exact: 0,
      });
      expect(
        keywordCandidates(fake(terms, counts).sources, stems, {
          f: filtered,
          sessionIds: null,
          mask: keep,
          passing: null,
          limit: 100,
          budget,
          exact: 0,
        }),
      ).toEqual(inFts5);
      const full = keywordCandidates(fake(terms, counts, (r) => keep[r] === 1).sources, stems, {
        f: filtered,
        sessionIds: null,
        mask: null,
        passing: null,
        limit: 20,
        budget: Number.MAX_SAFE_INTEGER,
        exact: 0,
      });
      expect(
        keywordCandidates(fake(terms, counts).sources, stems, {
          f: filtered,
          sessionIds: null,
          mask: keep,
          passing: null,
          limit: 100,
          budget,
        }).slice(0, 20),
      ).toEqual(full);
    }
  });

  test('a broad filter is checked after reading, and the budget grows by the share it drops (at most MAX_READ_FACTOR)', () => {
    const en = `("${facetToken('language', 'en')}")`;
    const { sources, calls } = fake({ common: { 3: Array.from({ length: 100 }, (_, i) => 100 - i) } }, { [en]: CHUNKS / 2 });
    const got = keywordCandidates(sources, ['common'], {
      f: { ...f, langs: ['en'] },
      sessionIds: null,
      passing: (rows) => rows.filter((r) => r % 2 === 0),
      limit: 1000,
      budget: 10,
    });
    expect(calls).toEqual([`"${termToken('common', 3)}" 20`]);
    expect(got).toEqual([100, 98, 96, 94, 92, 90, 88, 86, 84, 82]);
    const rare = fake({ common: { 3: Array.from({ length: 100 }, (_, i) => 100 - i) } }, { [en]: CHUNKS * 0.1 });
    keywordCandidates(rare.sources, ['common'], {
      f: { ...f, langs: ['en'] },
      sessionIds: null,
      passing: null,
      limit: 1000,
      budget: 10,
      exact: 0,
    });
    expect(rare.calls).toEqual([`"${termToken('common', 3)}" ${10 * MAX_READ_FACTOR}`]);
  });

  test('the best `exact` are those of reading every posting, whatever the budget', () => {
    // Seeded random corpora: 3 stems of different rarity, levels skewed low as real term weights are.
    const random = seededRandom(7);
    for (let round = 0; round < 30; round++) {
      const terms = randomTerms(
        random,
        [
          ['rare', 0.02],
          ['mid', 0.15],
          ['common', 0.6],
        ],
        () => Math.min(LEVELS - 1, Math.floor(random() ** 2 * LEVELS)),
      );
      const { sources } = fake(terms);
      const stems = ['rare', 'mid', 'common'];
      const full = keywordCandidates(sources, stems, {
        f,
        sessionIds: null,
        passing: null,
        limit: 20,
        budget: Number.MAX_SAFE_INTEGER,
        exact: 0,
      });
      const exact = keywordCandidates(sources, stems, { f, sessionIds: null, passing: null, limit: 100, budget: 30 + round * 10 });
      expect(exact.slice(0, 20)).toEqual(full);
    }
  });

  test('the pool is the `limit` best of the postings read, by rounded score then newest, for any limit (many ties)', () => {
    // An independent reckoning from the FTS5 queries made: each chunk scores the weights of the
    // lists it was read in, rounded to the 2^-24 grid; the best `limit`, newest first among equals.
    // (Without lookups: a list read whole to look chunks up in adds to those chunks only.)
    const random = seededRandom(11);
    for (let round = 0; round < 24; round++) {
      // Two levels only: few distinct sums, so long runs of chunks tie at the cut.
      const terms = randomTerms(
        random,
        [
          ['rare', 0.05],
          ['mid', 0.3],
          ['common', 0.8],
        ],
        () => (random() < 0.5 ? 3 : 9),
      );
      const { sources, calls } = fake(terms);
      const stems = ['rare', 'mid', 'common'];
      const limit = [1, 7, 50, 300, 999][round % 5];
      const got = keywordCandidates(sources, stems, {
        f,
        sessionIds: null,
        passing: null,
        limit,
        budget: 200 + 97 * round,
        exact: round % 2 ? 20 : 0,
        lookupCost: Infinity,
      });
      const total = (stem: string) => Object.values(terms[stem]).flat().length;
      const read = new Map<string, Set<number>>();
      for (const c of calls) {
        const [, stem, level, n] = /^"([^"]+)_(\d+)" (\d+|Infinity)$/.exec(c)!;
        const rows = terms[stem][Number(level)].slice(0, Number(n));
        const key = `${stem} ${level}`;
        read.set(key, new Set([...(read.get(key) ?? []), ...rows]));
      }
      const score = new Map<number, number>();
      for (const [key, rows] of read) {
        const [stem, level] = key.split(' ');
        const w = idf(CHUNKS, total(stem)) * levelWeight(Number(level));
        for (const r of rows) score.set(r, (score.get(r) ?? 0) + w);
      }
      const ranked = [...score].map(([r, v]) => [r, Math.round(v * 2 ** 24) / 2 ** 24]).sort((a, b) => b[1] - a[1] || b[0] - a[0]);
      expect(got).toEqual(ranked.slice(0, limit).map(([r]) => r));
      expect(new Set(ranked.slice(0, limit + 40).map(([, v]) => v)).size).toBeLessThan(30); // ties were there
    }
  });

  test('reading stops once no chunk left unread, nor any read one, can change the best', () => {
    // Two chunks hold the rare word at its top level; the common word's weakest list (level 1) is
    // long and adds too little to lift any other chunk past them: it is never read.
    const long = Array.from({ length: 600 }, (_, i) => 900 - i);
    const { sources, calls } = fake({ rare: { 15: [50, 40] }, common: { 15: [50, 40, 30], 1: long } });
    const got = keywordCandidates(sources, ['rare', 'common'], { f, sessionIds: null, passing: null, limit: 2, budget: 4, exact: 2 });
    const made = [...calls];
    expect(got).toEqual(
      keywordCandidates(sources, ['rare', 'common'], {
        f,
        sessionIds: null,
        passing: null,
        limit: 2,
        budget: Number.MAX_SAFE_INTEGER,
        exact: 0,
      }),
    );
    expect(got).toEqual([50, 40]);
    expect(made.filter((c) => c.startsWith(`"${termToken('common', 1)}" `))).toEqual([]);
    // With fewer matches than asked for, every list is read.
    calls.length = 0;
    keywordCandidates(sources, ['rare', 'common'], { f, sessionIds: null, passing: null, limit: 1000, budget: 4, exact: 1000 });
    expect(calls.filter((c) => c.startsWith(`"${termToken('common', 1)}" `))).toEqual([`"${termToken('common', 1)}" 600`]);
  });

  test('the last chunks that could reach the best, looked up in the lists left, settle them as reading those lists would, with fewer postings added up', () => {
    // Seeded corpora built from chunks' words: each chunk's level of a stem is the build's
    // (termWeight of its tf, its length and the average length), its lists made from those.
    const random = seededRandom(5);
    let lookedUpIn = 0;
    for (let round = 0; round < 30; round++) {
      // English texts of stop words, filler words and the three query words ("housing", "lumber",
      // "budget" stem to themselves less an ending), indexed with the index's own tokenizer.
      const indexed = new Map<number, string[]>();
      for (let r = 1; r <= CHUNKS; r++) {
        const w: string[] = [];
        const dl = 10 + Math.floor(random() * 110);
        for (let i = 0; i < dl; i++) w.push(random() < 0.3 ? 'the' : `filler${Math.floor(random() * 50)}`);
        for (const [word, p] of [
          ['lumber', 0.02],
          ['budgets', 0.15],
          ['housing', 0.6],
        ] as const) {
          if (random() < p) for (let n = 1 + Math.floor(random() ** 3 * 6); n > 0; n--) w.splice(Math.floor(random() * w.length), 0, word);
        }
        indexed.set(r, indexTerms(w.join(' '), 'en'));
      }
      const avgdl = [...indexed.values()].reduce((a, t) => a + t.length, 0) / CHUNKS;
      const stems = ['lumber', 'budget', 'housing'];
      expect(stems).toEqual(['lumber', 'budgets', 'housing'].map((w) => stem(w, 'en')));
      const terms: Record<string, Record<number, number[]>> = Object.fromEntries(stems.map((s) => [s, {}]));
      for (let r = CHUNKS; r >= 1; r--) {
        const w = indexed.get(r)!;
        for (const stem of stems) {
          const tf = w.filter((x) => x === stem).length;
          if (tf) (terms[stem][levelOf(termWeight(tf, w.length, avgdl))] ??= []).push(r);
        }
      }
      const full = keywordCandidates(fake(terms).sources, stems, {
        f,
        sessionIds: null,
        passing: null,
        limit: 20,
        budget: Number.MAX_SAFE_INTEGER,
        exact: 0,
      });
      const budget = 20 + round * 7;
      const reading: KeywordTally = { added: 0, lookedUp: 0 };
      expect(
        keywordCandidates(fake(terms).sources, stems, {
          f,
          sessionIds: null,
          passing: null,
          limit: 100,
          budget,
          lookupCost: Infinity,
          tally: reading,
        }).slice(0, 20),
      ).toEqual(full);
      expect(reading.lookedUp).toBe(0);
      // Lookups reckoned cheap: every chunk left open is looked up.
      const looking: KeywordTally = { added: 0, lookedUp: 0 };
      expect(
        keywordCandidates(fake(terms).sources, stems, {
          f,
          sessionIds: null,
          passing: null,
          limit: 100,
          budget,
          lookupCost: 0.01,
          tally: looking,
        }).slice(0, 20),
      ).toEqual(full);
      expect(looking.added).toBeLessThanOrEqual(reading.added);
      if (looking.lookedUp) lookedUpIn++;
      // And as the server reckons them.
      expect(
        keywordCandidates(fake(terms).sources, stems, { f, sessionIds: null, passing: null, limit: 100, budget }).slice(0, 20),
      ).toEqual(full);
    }
    expect(lookedUpIn).toBeGreaterThan(10);
  });

  test('holds: a binary search of a list newest first', () => {
    const list = Int32Array.of(90, 70, 50, 30, 10);
    for (const r of [90, 70, 50, 30, 10]) expect(holds(list, r)).toBe(true);
    for (const r of [100, 80, 60, 40, 20, 0]) expect(holds(list, r)).toBe(false);
    expect(holds([], 1)).toBe(false);
  });

  test('no stems, or a filter nothing can pass: nothing, no query', () => {
    const { sources, calls } = fake({ rare: { 12: [5] } });
    expect(keywordCandidates(sources, [], { f, sessionIds: null, passing: null, limit: 10 })).toEqual([]);
    expect(keywordCandidates(sources, ['rare'], { f, sessionIds: [], passing: null, limit: 10 })).toEqual([]);
    expect(keywordCandidates(sources, ['rare'], { f: { ...f, from: '2030-01-01' }, passing: null, sessionIds: null, limit: 10 })).toEqual(
      [],
    );
    expect(calls).toEqual([]);
  });
});

describe('facetGroups', () => {
  test('no filter: no condition; years between from and to, clipped to the data', () => {
    expect(facetGroups(f, null, [2000, 2024])).toEqual([]);
    expect(facetGroups({ ...f, from: '2023-06-01' }, null, [2000, 2024])).toEqual([
      `("${facetToken('year', '2023')}" OR "${facetToken('year', '2024')}")`,
    ]);
    expect(facetGroups({ ...f, to: '1999-12-31' }, null, [2000, 2024])).toBeNull();
  });

  test('party is matched without case, as the SQL filter does', () => {
    expect(facetGroups({ ...f, party: 'NDP' }, null, null)).toEqual([`("${facetToken('party', 'ndp')}")`]);
  });
});

describe('kthLargest', () => {
  test('equals the k-th of a sort, with ties and on random values', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (const n of [1, 2, 5, 100, 3000]) {
      const xs = Float64Array.from({ length: n }, () => Math.floor(random() * 20) / 4);
      const sorted = [...xs].sort((a, b) => b - a);
      for (const k of [1, Math.ceil(n / 2), n]) expect(kthLargest(Float64Array.from(xs), k)).toBe(sorted[k - 1]);
    }
  });
});

/** A seeded linear congruential generator in [0, 1): the same corpora on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** Posting lists by stem and level, newest first: each chunk holds a stem with its share of chance,
 *  at the level `levelOf` draws. */
function randomTerms(
  random: () => number,
  shares: ReadonlyArray<readonly [string, number]>,
  levelOf: () => number,
): Record<string, Record<number, number[]>> {
  const terms: Record<string, Record<number, number[]>> = {};
  for (const [stem, share] of shares) {
    terms[stem] = {};
    for (let r = CHUNKS; r >= 1; r--) if (random() < share) (terms[stem][levelOf()] ??= []).push(r);
  }
  return terms;
}
