// A long query read as a quotation (src/server/search/candidates.ts, rarestHolders): the chunk that
// holds the passage comes first even when more than PASSAGE_DEPTH chunks outscore it on BM25, which
// happens when the passage is common words and a name many chunks repeat. Built here: 150 short
// chunks dense with the passage's words (none holding them in its order) and the one long chunk
// that quotes it; checked with the rule switched off too, so the test fails without it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, PASSAGE_DEPTH, type CandidateSources, type PoolOptions } from '../../../src/server/search/candidates.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, type Fixture, floorSpeech } from '../../helpers/fixture.js';

const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const PASSAGE = 'the member for Wexcombe asked the minister about hospital beds and nurses in Wexcombe this winter';
const DECOYS = 150;
const TEXTS: Record<string, { text: string; day: string }> = {
  quoted: {
    text: `Earlier in the afternoon, after the routine business of the day had been dealt with at some length and several petitions had been presented and received, ${PASSAGE}, and the debate went on for a long while about many other matters of the province, its roads, its schools, its courts and its forests, before the House rose for the evening and the members went home.`,
    day: '2016-05-10',
  },
};

let fx: Fixture;
let src: CandidateSources;
const rowid = (key: string) => src.queries.rowidOf(ids.chunk(`t/${key}`, 0))!;
const order = async (q: string, o: PoolOptions = {}) => (await hybridPool(src, q, ANY, undefined, o)).candidates.map((c) => c.rowid);

beforeAll(() => {
  fx = buildFixture((r) => {
    // Dense with the passage's words, never in its order; a few say "nurses", the passage's rarest word.
    for (let i = 0; i < DECOYS; i++)
      TEXTS[`decoy-${i}`] = {
        text: `Wexcombe member asked minister: hospital beds, winter; Wexcombe hospital beds${i < 5 ? ', nurses' : ''} (${i}).`,
        day: '2017-01-02',
      };
    for (let i = 0; i < 250; i++)
      TEXTS[`filler-${i}`] = { text: `Routine proceedings resumed, item number ${1000 + i}.`, day: '2017-01-03' };
    for (const [key, t] of Object.entries(TEXTS)) r.speeches.push(floorSpeech(`t/${key}`, t.text, `${t.day}T14:00:00Z`));
  });
  src = { queries: createSearchQueries(fx.data.db), vectors: null, embed: null };
});
afterAll(() => fx.cleanup());

describe('a quotation below the best keyword matches', () => {
  test('the chunk quoting the passage comes first; without looking among its rarest words it is not', async () => {
    const off = await order(PASSAGE, { quotationHolders: false });
    // The premise: over PASSAGE_DEPTH chunks outrank it on the keyword side.
    expect(off.indexOf(rowid('quoted'))).toBeGreaterThan(PASSAGE_DEPTH);
    expect((await order(PASSAGE))[0]).toBe(rowid('quoted'));
  });

  test('a passage no chunk holds in order changes nothing', async () => {
    const shuffled = 'winter this Wexcombe in nurses and beds hospital about minister the asked Wexcombe for member the';
    expect(await order(shuffled)).toEqual(await order(shuffled, { quotationHolders: false }));
  });
});

describe('a quotation whose rarest words many newer chunks share', () => {
  // The passage's three rarest words (a riding's two names and "respect") held together by 120
  // newer chunks that outscore it, "roads" by 150 others: the three rarest alone are held by more
  // chunks than are kept, newest first, and the older quoting chunk would be cut; with "roads" too,
  // only it holds them.
  const QUOTE = 'Thank you, the member for Kestrel Fallowmere, I have great, real respect for him and his work on roads';
  let fx2: Fixture;
  let src2: CandidateSources;
  beforeAll(() => {
    fx2 = buildFixture((r) => {
      const texts: Array<[string, string, string]> = [
        [
          'quote',
          `Earlier, after the petitions, the bells and the long debate on the estimates of the ministries and their agencies, ${QUOTE}, said the minister, before the House turned to other matters of the day.`,
          '2016-05-10',
        ],
      ];
      for (let i = 0; i < 120; i++)
        texts.push([
          `riding-${i}`,
          `Kestrel Fallowmere: respect, great real thanks, member work; Kestrel Fallowmere respect (${i}).`,
          '2017-06-01',
        ]);
      for (let i = 0; i < 150; i++) texts.push([`other-${i}`, `Great real roads: thank the member, work on roads (${i}).`, '2017-06-02']);
      for (let i = 0; i < 1300; i++) texts.push([`filler-${i}`, `Routine proceedings resumed, item number ${1000 + i}.`, '2017-06-03']);
      for (const [key, text, day] of texts) r.speeches.push(floorSpeech(`u/${key}`, text, `${day}T14:00:00Z`));
    });
    src2 = { queries: createSearchQueries(fx2.data.db), vectors: null, embed: null };
  });
  afterAll(() => fx2.cleanup());

  test('the quoting chunk comes first', async () => {
    const quoted = src2.queries.rowidOf(ids.chunk('u/quote', 0))!;
    const ranked = async (o: PoolOptions = {}) => (await hybridPool(src2, QUOTE, ANY, undefined, o)).candidates.map((c) => c.rowid);
    expect((await ranked({ quotationHolders: false })).indexOf(quoted)).toBeGreaterThan(PASSAGE_DEPTH);
    expect((await ranked())[0]).toBe(quoted);
  });
});
