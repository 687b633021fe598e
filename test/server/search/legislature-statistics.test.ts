// A legislature's own word statistics (src/server/search/legislature-statistics.ts): counts, a
// term's chunks and co-occurrences reckoned among that legislature's chunks, the index read as it is.
// Built here: "alpha" rare in the House (1 chunk of 23) but in 40 Ontario chunks, "beta" in 4 House
// chunks and no Ontario one; over the whole file "beta" is the rarer, within the House "alpha" is.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters, type SearchQueries } from '../../../src/server/db/search.js';
import { hybridPool } from '../../../src/server/search/candidates.js';
import { withStatisticsOf } from '../../../src/server/search/legislature-statistics.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, type Fixture, floorSpeech } from '../../helpers/fixture.js';

const HOUSE = { level: 'federal', province_territory: '' };
const ONTARIO = { level: 'provincial', province_territory: 'ON' };
const FEDERAL: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false, level: 'federal' };

let fx: Fixture;
let queries: SearchQueries;
const rowid = (key: string) => queries.rowidOf(ids.chunk(`t/${key}`, 0))!;

beforeAll(() => {
  fx = buildFixture((r) => {
    const day = (i: number) => `2017-03-${String(1 + (i % 28)).padStart(2, '0')}T14:00:00Z`;
    r.speeches.push(floorSpeech('t/house-alpha', 'The minister spoke of alpha grants to the regions today.', day(1)));
    r.speeches.push(floorSpeech('t/house-beta', 'The minister spoke of beta grants to the regions today.', day(2)));
    for (let i = 0; i < 21; i++)
      r.speeches.push(floorSpeech(`t/house-${i}`, `Routine proceedings, item ${100 + i}${i < 3 ? ', with beta' : ''}.`, day(i)));
    for (let i = 0; i < 40; i++)
      r.speeches.push(
        floorSpeech(`t/on-${i}`, `Ontario members debated alpha funding, item ${200 + i}.`, day(i), {
          level: 'provincial',
          province_territory: 'ON',
          session_key: 'on/43-1',
          politician_key: null,
        }),
      );
  });
  queries = createSearchQueries(fx.data.db);
});
afterAll(() => fx.cleanup());

describe("a legislature's statistics", () => {
  test("chunks, a term's chunks and matches are counted among its chunks only", () => {
    const house = withStatisticsOf(queries, HOUSE);
    const ontario = withStatisticsOf(queries, ONTARIO);
    // The fixture's own speeches are there too: counted by SQL, independently of the index.
    const chunksOf = (where: string) => fx.data.db.prepare(`SELECT count(*) FROM chunks WHERE ${where}`).pluck().get() as number;
    expect(house.totalChunks()).toBe(chunksOf("level = 'federal'"));
    expect(ontario.totalChunks()).toBe(chunksOf("level = 'provincial' AND province_territory = 'ON'"));
    expect(house.totalChunks()).toBeGreaterThanOrEqual(23);
    expect(ontario.totalChunks()).toBeGreaterThanOrEqual(40);
    expect(house.totalChunks() + ontario.totalChunks()).toBeLessThanOrEqual(queries.totalChunks());
    const [alpha, beta] = ['alpha', 'beta'].map((w) => [...queries.termLevels([w]).keys()][0] ?? w);
    expect(queries.termLevels([alpha]).get(alpha)!.docs).toBe(41);
    expect(house.termLevels([alpha, beta]).get(alpha)!.docs).toBe(1);
    expect(house.termLevels([alpha, beta]).get(beta)!.docs).toBe(4);
    expect(ontario.termLevels([beta]).get(beta)!.docs).toBe(0);
    // The index is read as it is: the same levels, and the file's size for filters' shares.
    expect(house.termLevels([alpha]).get(alpha)!.levels).toEqual(queries.termLevels([alpha]).get(alpha)!.levels);
    expect(house.fileChunks()).toBe(queries.totalChunks());
    // One object per legislature and file: the caches keyed by it hold.
    expect(withStatisticsOf(queries, HOUSE)).toBe(house);
  });

  test("the House searched with its own statistics ranks its rarer word first; with the file's, the other", async () => {
    const first = async (q: SearchQueries) =>
      (await hybridPool({ queries: q, vectors: null, embed: null }, 'alpha beta', FEDERAL, undefined)).candidates[0]?.rowid;
    expect(await first(queries)).toBe(rowid('house-beta'));
    expect(await first(withStatisticsOf(queries, HOUSE))).toBe(rowid('house-alpha'));
  });
});
