// Term proximity (src/search/proximity.ts): which chunks hold the query's adjacent word pairs.
import { describe, expect, test } from 'bun:test';
import { pairsHeld, proximityList, queryPairs } from '../../src/search/proximity.js';
import type { SearchQueries } from '../../src/db/search.js';

describe('queryPairs', () => {
  test('adjacent content stems, stop words skipped, per language', () => {
    const p = queryPairs('Kids Help Phone', ['en']);
    expect(p.get('en')!.size).toBe(2);
    expect(queryPairs('long-term care for seniors', ['en']).get('en')!.size).toBeGreaterThanOrEqual(2);
    expect(queryPairs('Pegasus', ['en', 'fr']).size).toBe(0);
  });
});

describe('pairsHeld', () => {
  const want = queryPairs('Paul Bernardo', ['en']).get('en')!;
  test('the words next to each other count; apart they do not', () => {
    expect(pairsHeld('The parole hearing of Paul Bernardo was held in Kingston.', 'en', want)).toBe(1);
    expect(pairsHeld('Paul said that Bernardo should stay in prison.', 'en', want)).toBe(0);
    expect(pairsHeld('Nothing about it here.', 'en', want)).toBe(0);
  });
  test('stop words between the pair are ignored, accents and case folded', () => {
    const fr = queryPairs('attribution de temps', ['fr']).get('fr')!;
    expect(pairsHeld("Encore une motion d'Attribution de Temps!", 'fr', fr)).toBe(1);
    const en = queryPairs('Kids Help Phone', ['en']).get('en')!;
    expect(pairsHeld('kids help phone and kids help phone', 'en', en)).toBe(2);
  });
});

describe('proximityList', () => {
  const texts: Record<number, string> = {
    1: 'Kids often need help; call the phone line.',
    2: 'The Kids Help Phone line took calls.',
    3: 'Kids Help was founded.',
    4: 'Nothing relevant.',
  };
  const queries = { texts: (ids: number[]) => new Map(ids.map((id) => [id, { text: texts[id], language: 'en' as const }])) } as unknown as SearchQueries;
  test('most pairs first, then keyword order; chunks without a pair are left out', () => {
    expect(proximityList(queries, 'Kids Help Phone', ['en'], [1, 3, 4, 2])).toEqual([2, 3]);
  });
  test('a one-word query has no pairs', () => {
    expect(proximityList(queries, 'Kids', ['en'], [1, 2, 3])).toEqual([]);
  });
});
