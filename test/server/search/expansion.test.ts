// Query expansion (src/server/search/expansion.ts) on a keyword-only data file built in the test: the
// words the best matches share are added, words of one match only or held by many chunks are not,
// and through the pool a chunk saying the same thing in other words becomes a result.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, type CandidateSources } from '../../../src/server/search/candidates.js';
import { expansionStems } from '../../../src/server/search/expansion.js';
import { stem } from '../../../src/core/text/terms.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, type Fixture, floorSpeech } from '../../helpers/fixture.js';

let fx: Fixture;
let src: CandidateSources;
const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };

const speech = (key: string, i: number, text: string) =>
  floorSpeech(key, text, `2024-05-${String(1 + (i % 28)).padStart(2, '0')}T14:00:00Z`);

beforeAll(() => {
  fx = buildFixture((r) => {
    // Five pipeline speeches share "bitumen" and "tanker"; each has one word of its own.
    const own = ['harbour', 'caribou', 'glacier', 'orchard', 'lantern'];
    own.forEach((w, i) =>
      r.speeches.push(
        speech(`t/pipe-${i}`, i, `The pipeline will carry bitumen to the tanker terminal, near the ${w}, members said today.`),
      ),
    );
    // Says the same thing without the query word.
    r.speeches.push(speech('t/other-words', 6, 'Diluted bitumen loaded onto a tanker is a risk to the coast.'));
    // Filler: "members" and "said" are in every chunk (too common to add).
    for (let i = 0; i < 200; i++) r.speeches.push(speech(`t/filler-${i}`, i, `The members said the weather ${i} was fine for the season.`));
  });
  src = { queries: createSearchQueries(fx.data.db), vectors: null, embed: null };
});
afterAll(() => fx.cleanup());

const rowidOf = (key: string) => src.queries.rowidOf(ids.chunk(key, 0))!;

describe('expansionStems', () => {
  test('adds the rarer words the best matches share, not their own words nor common ones nor the query', () => {
    const top = [0, 1, 2, 3, 4].map((i) => rowidOf(`t/pipe-${i}`));
    const added = expansionStems(src.queries, top, new Set([stem('pipeline', 'en')]));
    expect(added).toContain(stem('bitumen', 'en'));
    expect(added).toContain(stem('tanker', 'en'));
    for (const w of ['harbour', 'caribou', 'members', 'said', 'pipeline']) expect(added).not.toContain(stem(w, 'en'));
  });

  test('fewer matches than minDocs: nothing to learn from', () => {
    expect(expansionStems(src.queries, [rowidOf('t/pipe-0')], new Set([stem('pipeline', 'en')]))).toEqual([]);
  });
});

describe('in the pool', () => {
  test('a chunk saying the same thing in other words is a result, after the chunks holding the query word', async () => {
    const order = (await hybridPool(src, 'pipeline', ANY, undefined, { expansion: { weight: { keyword: 2 } } })).candidates.map(
      (c) => c.rowid,
    );
    const other = order.indexOf(rowidOf('t/other-words'));
    expect(other).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 5; i++) expect(order.indexOf(rowidOf(`t/pipe-${i}`))).toBeLessThan(other);
  });

  test('no expansion when the fusion gives it no weight (the default: off)', async () => {
    const pool = await hybridPool(src, 'pipeline', ANY, undefined);
    expect(pool.candidates.map((c) => c.rowid)).not.toContain(rowidOf('t/other-words'));
  });
});
