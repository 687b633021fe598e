// Places filled by each legislature's own search (src/server/search/federated.ts fillPlaces): the
// whole-file ranking keeps which legislature holds each place; each legislature's own order fills
// its places; a candidate is placed once; a legislature without its own list keeps its candidates.
import { describe, expect, test } from 'bun:test';
import type { Candidate } from '../../../src/server/search/candidates.js';
import { fillPlaces } from '../../../src/server/search/federated.js';

const c = (rowid: number): Candidate => ({ rowid, score: 0, similarity: null, keyword: true, vector: false });
// Rowids 1-99 are the House's (legislature 0), 100-199 Ontario's (1), 200+ BC's (2).
const legislatureOf = (r: number) => Math.floor(r / 100);
const rowids = (cs: Candidate[]) => cs.map((x) => x.rowid);

describe('fillPlaces', () => {
  test("each legislature's places in the order of its own search", () => {
    const whole = [101, 1, 102, 2, 103].map(c);
    const own = new Map([
      [0, [5, 1].map(c)],
      [1, [103, 101, 102].map(c)],
    ]);
    expect(rowids(fillPlaces(whole, own, legislatureOf))).toEqual([103, 5, 101, 1, 102]);
  });

  test("a spent list gives way to the place's own candidate, never twice the same", () => {
    const whole = [1, 2, 3].map(c);
    expect(rowids(fillPlaces(whole, new Map([[0, [2].map(c)]]), legislatureOf))).toEqual([2, 3]);
  });

  test('a legislature with no list of its own keeps its candidates where they were', () => {
    const whole = [201, 1, 202].map(c);
    expect(rowids(fillPlaces(whole, new Map([[0, [7].map(c)]]), legislatureOf))).toEqual([201, 7, 202]);
  });
});
