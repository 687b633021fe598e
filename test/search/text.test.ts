// The one tokenizer and the index terms: French elisions, accents, compounds, stems, stop words.
import { describe, expect, test } from 'bun:test';
import { indexTerms, queryTerms } from '../../src/search/text/terms.js';
import { words } from '../../src/search/text/words.js';

describe('words', () => {
  test('elisions are removed, compounds split, offsets point into the original text', () => {
    const t = "Aujourd'hui, l'État et qu’il parle du bien-être.";
    expect(words(t).map((w) => [w.norm, t.slice(w.start, w.end)])).toEqual([
      ['aujourdhui', "Aujourd'hui"], ['etat', 'État'], ['et', 'et'], ['il', 'il'], ['parle', 'parle'], ['du', 'du'], ['bien', 'bien'], ['etre', 'être'],
    ]);
  });
  test('numbers are words; punctuation is not', () => {
    expect(words('Bill C-21, 2024: $12.5 billion!').map((w) => w.norm)).toEqual(['bill', 'c', '21', '2024', '12', '5', 'billion']);
  });
});

describe('index and query terms', () => {
  test('plural and singular share a stem in each language; accents do not matter', () => {
    expect(indexTerms('logements', 'fr')).toEqual(indexTerms('logement', 'fr'));
    expect(indexTerms('housing houses', 'en')).toEqual(['hous', 'hous']);
    expect(indexTerms('Québec', 'fr')).toEqual(indexTerms('quebec', 'fr'));
  });
  test('stop words and Hansard forms of address are not indexed', () => {
    expect(indexTerms('Mr. Speaker, the member for the riding', 'en')).toEqual(['member', 'ride']);
    expect(indexTerms('Monsieur le Président, la députée de la circonscription', 'fr')).toEqual(indexTerms('députée circonscription', 'fr'));
  });
  test('a query searched in both languages carries both stems; a stop word of any searched language is dropped', () => {
    const q = queryTerms('the logements', ['en', 'fr']);
    expect(q.map((t) => t.word.norm)).toEqual(['logements']);
    expect(q[0].stems).toContain(indexTerms('logement', 'fr')[0]);
  });
});
