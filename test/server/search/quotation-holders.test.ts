// A long query read as a quotation (src/server/search/candidates.ts, rarestHolders): the chunk that
// holds the passage comes first even when more than PASSAGE_DEPTH chunks outscore it on BM25, which
// happens when the passage is common words and a name many chunks repeat. Built here: 150 short
// chunks dense with the passage's words (none holding them in its order) and the one long chunk
// that quotes it; checked with the rule switched off too, so the test fails without it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, PASSAGE_DEPTH, type CandidateSources, type PoolOptions } from '../../../src/server/search/candidates.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

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
    for (const [key, t] of Object.entries(TEXTS))
      r.speeches.push({
        key: `t/${key}`,
        session_key: 'ca/44-1',
        politician_key: 'p/alice',
        speaker_name_raw: 'Someone',
        spoken_at: `${t.day}T14:00:00Z`,
        language: 'en',
        level: 'federal',
        speech_type: 'floor',
        text: t.text,
        source_system: 'hoc',
      });
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
