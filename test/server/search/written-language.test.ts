// The other language's reading of a query word (src/server/search/written-language.ts): never
// weighing more than the word's own reading, and never translated. Counts made up here: 1,000
// chunks, 100 of them French.
import { describe, expect, test } from 'bun:test';
import { likelyLanguage, otherReadingWeights, ownReadings } from '../../../src/server/search/written-language.js';
import { idf } from '../../../src/core/data-file/keyword-index.js';
import { writtenIn } from '../../../src/core/text/query-language.js';

const DOCS: Record<string, number> = {
  carbon: 60,
  carbon·: 2,
  tax: 300,
  tax·: 90,
  grey: 0,
  grey·: 3,
  police: 80,
  police·: 30,
  riding: 900,
  riding·: 4,
  logement: 6,
  logement·: 26,
  university: 200,
  universit·: 40,
};
const queries = {
  totalChunks: () => 1000,
  matchCount: () => 100,
  termLevels: (stems: string[]) => new Map(stems.filter((s) => DOCS[s]).map((s) => [s, { docs: DOCS[s], levels: [DOCS[s]] }])),
};
const word = (en: string, fr: string) => ({ stems: [en, fr], byLang: { en, fr } as Partial<Record<'en' | 'fr', string>> });

describe('otherReadingWeights', () => {
  test("an English query's French reading is brought down to the English reading's idf, never raised", () => {
    const w = otherReadingWeights(queries as never, [word('carbon', 'carbon·'), word('tax', 'tax·')], 'en');
    // carbon· (2 of 100 French chunks) would weigh more than carbon (60 of 900 English ones).
    expect(w.get('carbon·')).toBeCloseTo(idf(900, 60) / idf(100, 2), 9);
    expect(idf(100, 2) * w.get('carbon·')!).toBeCloseTo(idf(900, 60), 9);
    // tax· (90 of 100) already weighs less than tax (300 of 900): left alone.
    expect(w.has('tax·')).toBe(false);
    expect(w.has('carbon')).toBe(false);
  });

  test('a word no chunk of the query language holds keeps its other reading (Grey in French text)', () => {
    expect(otherReadingWeights(queries as never, [word('grey', 'grey·')], 'en').size).toBe(0);
  });

  test("a French query's English reading is the one brought down", () => {
    const w = otherReadingWeights(queries as never, [word('police', 'police·')], 'fr');
    // police (80 of 900 English) is rarer than police· (30 of 100 French): it may not outweigh it.
    expect(idf(900, 80) * w.get('police')!).toBeCloseTo(idf(100, 30), 9);
    expect(w.has('police·')).toBe(false);
  });
});

describe('ownReadings', () => {
  test('only the reading in the written language is left for translation', () => {
    const [t] = ownReadings([word('use', 'use·')], 'en');
    expect(t.byLang).toEqual({ en: 'use' });
    expect(t.stems).toEqual(['use', 'use·']);
    expect(writtenIn('RCMP use of spyware to hack mobile phones')).toBe('en');
    expect(writtenIn('la taxe sur le carbone')).toBe('fr');
    expect(writtenIn('chrysotile')).toBeNull();
  });
});

describe('likelyLanguage', () => {
  test('a query without function words is written in the language whose chunks hold its words more often', () => {
    // The anglicism in a few French chunks does not make "riding" French, nor a French quotation in
    // a few English ones "logement" English.
    expect(likelyLanguage(queries as never, [word('riding', 'riding·')])).toBe('en');
    expect(likelyLanguage(queries as never, [word('logement', 'logement·')])).toBe('fr');
    // Counted in chunks, not as shares of each language’s chunks (40 of 100 French ones is more than 200 of 900).
    expect(likelyLanguage(queries as never, [word('university', 'universit·')])).toBe('en');
    // Several words: the product of the ratios (60/2 · 300/90 for English).
    expect(likelyLanguage(queries as never, [word('carbon', 'carbon·'), word('tax', 'tax·')])).toBe('en');
    // No word held in both languages: no guess (Grey keeps its French reading whole).
    expect(likelyLanguage(queries as never, [word('grey', 'grey·')])).toBeNull();
    expect(likelyLanguage(queries as never, [])).toBeNull();
  });
});
