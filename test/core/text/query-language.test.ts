// src/core/text/query-language.ts: the query's language from its function words.
import { describe, expect, test } from 'bun:test';
import { writtenIn } from '../../../src/core/text/query-language.js';

describe('the language a query is written in', () => {
  const lang = writtenIn;

  test('by the function words of one language and not the other', () => {
    expect(lang('la taxe sur le carbone')).toBe('fr');
    expect(lang("l'amiante et ses exportations")).toBe('fr');
    expect(lang('criticism of the carbon tax')).toBe('en');
    expect(lang("opposition à l'attribution de temps")).toBe('fr');
    expect(lang('arguments for revoking citizenship')).toBe('en');
  });

  test('unknown without them, on a tie, and for a letter alone (a bill\'s C is not French "c\'")', () => {
    expect(lang('carbon tax')).toBeNull();
    expect(lang('Pegasus')).toBeNull();
    expect(lang('chrysotile')).toBeNull();
    expect(lang('Bill C-36')).toBeNull();
    expect(lang('the la')).toBeNull();
    // "on" and "me" are stop words in both languages: no vote.
    expect(lang('vote on budget')).toBeNull();
  });
});
