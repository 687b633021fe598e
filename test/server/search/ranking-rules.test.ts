// Ranking rules of the candidate pool (src/server/search/candidates.ts) on a small file built here,
// each checked with the rule switched off too (the pool's options), so each test fails without it:
// a one-word query's best matches in exact BM25 order, fused ties to the keyword rank, a bill
// number typed as one word, and the chunks naming a bill newest session first, after the pins.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, type CandidateSources, type PoolOptions } from '../../../src/server/search/candidates.js';
import { levelOf, termWeight } from '../../../src/core/data-file/keyword-index.js';
import { indexTerms } from '../../../src/core/text/terms.js';
import type { VectorIndex } from '../../../src/server/search/vectors.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, type Fixture, floorSpeech } from '../../helpers/fixture.js';

const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const TEXTS: Record<string, { text: string; session?: string; day: string }> = {
  // One mention each, the older chunk shorter: the same level of the index, so newest would win.
  'z-short': { text: 'Zelkova trees line the avenue from the station to the harbour and the market.', day: '2024-01-10' },
  'z-long': { text: 'Zelkova trees line the avenue from the station to the harbour and the old market.', day: '2024-03-10' },
  // Two words, both in both chunks: the keyword side puts q-a first (more of them), the vector side
  // below puts q-b first, so reciprocal rank fusion gives the two the same score.
  'q-a': { text: 'Quokka habitat matters: quokka habitat loss on the island.', day: '2024-02-01' },
  'q-b': { text: 'Quokka habitat was raised today by the member opposite, briefly.', day: '2024-02-02' },
  // Bill C-24 of an older session, named twice (the stronger keyword match), and of the sitting one.
  'c24-old': { text: 'Bill C-24 strips citizenship. Bill C-24 must be withdrawn.', session: 'ca/41-2', day: '2014-06-10' },
  'c24-new': { text: 'I support Bill C-24, the new measure before us today, and urge colleagues.', day: '2024-05-01' },
  // "21" held by a short chunk that names no bill: the number is a rare word, pinned to its rank.
  'april-21': { text: 'Since April 21 nothing moved.', day: '2024-04-22' },
  'c21-named': {
    text: 'The committee studied Bill C-21 at length and heard many witnesses on firearms and on the changes it makes.',
    day: '2024-04-23',
  },
};

let fx: Fixture;
let src: CandidateSources;
const rowid = (key: string) => src.queries.rowidOf(ids.chunk(`t/${key}`, 0))!;
const order = async (q: string, o: PoolOptions = {}, s: CandidateSources = src) =>
  (await hybridPool(s, q, ANY, undefined, o)).candidates.map((c) => c.rowid);

beforeAll(() => {
  fx = buildFixture((r) => {
    r.sessions.push({
      key: 'ca/41-2',
      level: 'federal',
      parliament_number: 41,
      session_number: 2,
      name: '41st Parliament, 2nd Session',
      start_date: '2013-10-16',
      end_date: '2015-08-02',
    });
    // Filler: 1 % of the chunks is 2.6, so "21", "24" and "zelkova" (2 chunks each) are rare words,
    // and "quokka" and "habitat" (3 each, the third below) are not, so that no pin orders them.
    for (let i = 0; i < 250; i++)
      TEXTS[`filler-${i}`] = { text: `Routine proceedings resumed, item number ${1000 + i}.`, day: '2024-01-02' };
    TEXTS['quokka-seen'] = { text: 'A quokka was seen near the ferry terminal this spring by several visitors.', day: '2024-01-03' };
    TEXTS['habitat-survey'] = { text: 'Habitat surveys continue across the northern parks this spring, we are told.', day: '2024-01-03' };
    for (const [key, t] of Object.entries(TEXTS))
      r.speeches.push(floorSpeech(`t/${key}`, t.text, `${t.day}T14:00:00Z`, t.session ? { session_key: t.session } : {}));
  });
  src = { queries: createSearchQueries(fx.data.db), vectors: null, embed: null };
});
afterAll(() => fx.cleanup());

describe('one word: exact BM25 order', () => {
  test('the shorter chunk holding the word ranks first, though the newer one shares its index level', async () => {
    const avgdl = src.queries.averageLength()!;
    const level = (key: string) => levelOf(termWeight(1, indexTerms(TEXTS[key].text, 'en').length, avgdl));
    expect(level('z-short')).toBe(level('z-long')); // a tie in the index: newest first without the rule
    expect((await order('zelkova')).slice(0, 2)).toEqual([rowid('z-short'), rowid('z-long')]);
    expect((await order('zelkova', { exactDepth: 0 })).slice(0, 2)).toEqual([rowid('z-long'), rowid('z-short')]);
  });
});

describe('fused ties', () => {
  // A vector side that ranks q-b first and q-a second, q-b the more similar.
  const vectors = (): VectorIndex =>
    ({
      count: () => 2,
      rowMask: () => null,
      vectors: () => new Map(),
      nearest: () => [
        { rowid: rowid('q-b'), similarity: 0.9 },
        { rowid: rowid('q-a'), similarity: 0.8 },
      ],
      similarities: (_q: Float32Array, rowids: ArrayLike<number>) =>
        new Map(Array.from(rowids, (r) => [r, r === rowid('q-b') ? 0.9 : r === rowid('q-a') ? 0.8 : 0])),
    }) as unknown as VectorIndex;
  const withVectors = (): CandidateSources => ({ ...src, vectors: vectors(), embed: async () => new Float32Array([1]) });

  test('mirrored ranks (1st and 2nd, 2nd and 1st) tie; the keyword rank decides, not the similarity', async () => {
    const keywordOnly = await order('quokka habitat');
    expect(keywordOnly.slice(0, 2)).toEqual([rowid('q-a'), rowid('q-b')]);
    const pool = await hybridPool(withVectors(), 'quokka habitat', ANY, undefined);
    const [a, b] = pool.candidates;
    expect(a.score).toBe(b.score);
    expect([a.rowid, b.rowid]).toEqual([rowid('q-a'), rowid('q-b')]);
    expect((await order('quokka habitat', { ties: 'similarity' }, withVectors())).slice(0, 2)).toEqual([rowid('q-b'), rowid('q-a')]);
  });
});

describe('bill numbers', () => {
  test('"c24" is searched as C-24: both chunks naming it, the sitting session first', async () => {
    expect((await order('c24')).slice(0, 2)).toEqual([rowid('c24-new'), rowid('c24-old')]);
    expect(await order('c24', { printBills: false })).toEqual([]);
    // Typed alone, a spaced number is a bill number too: its chunks first, as for C-24.
    expect(await order('C 24')).toEqual(await order('C-24'));
    expect((await order('C 24', { printBills: false })).slice(0, 2)).toEqual([rowid('c24-old'), rowid('c24-new')]);
  });

  test('chunks naming the number come newest session first, though the older names it twice', async () => {
    expect((await order('C-24')).slice(0, 2)).toEqual([rowid('c24-new'), rowid('c24-old')]);
    expect((await order('C-24', { billsNewest: false })).slice(0, 2)).toEqual([rowid('c24-old'), rowid('c24-new')]);
  });

  test('a chunk naming the bill comes before a rare-word pin of its number ("April 21")', async () => {
    expect((await order('C-21'))[0]).toBe(rowid('c21-named'));
    // Before: the pin kept the short "April 21" chunk at its keyword rank, first.
    expect((await order('C-21', { billsAfterPins: false }))[0]).toBe(rowid('april-21'));
  });
});
