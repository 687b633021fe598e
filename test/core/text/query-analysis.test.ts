// What a query is: quoted phrases, bill numbers, names, shape; and the phrase check on chunk text.
import { describe, expect, test } from 'bun:test';
import { analyseQuery, holdsPhrase, PASSAGE_WORDS, passageOf } from '../../../src/core/text/query-analysis.js';

const BOTH = ['en', 'fr'] as const;

describe('analyseQuery', () => {
  test('quoted phrases (straight, curly, French quotes) of two words or more; one quoted word is a word', () => {
    const a = analyseQuery('"carbon tax" and “time allocation” or « attribution de temps » but "housing"', BOTH);
    expect(a.phrases.map((p) => p.text)).toEqual(['carbon tax', 'time allocation', 'attribution de temps']);
    expect(a.phrases[0].stems.en).toEqual(['carbon', 'tax']);
    expect(a.shape).toBe('keyword');
  });

  test('bill numbers: C-36, S-15, with a non-breaking hyphen, Bill 14, projet de loi 14; not a lone letter and number', () => {
    expect(analyseQuery('Bill C-36', BOTH).bills.map((b) => b.text)).toEqual(['C-36']);
    expect(analyseQuery('the senate bill s-15 on parks', BOTH).bills.map((b) => b.text)).toEqual(['S-15']);
    expect(analyseQuery('projet de loi C‑315', BOTH).bills.map((b) => b.text)).toEqual(['C-315']);
    expect(analyseQuery('Bill 14 forests', BOTH).bills.map((b) => b.text)).toEqual(['Bill 14']);
    expect(analyseQuery('vitamin C 36 times', BOTH).bills).toEqual([]);
    expect(analyseQuery('ABC-36', BOTH).bills).toEqual([]);
    const c36 = analyseQuery('C-36', BOTH).bills[0].pattern;
    expect(['Bill C-36 passed', 'le projet de loi C‑36', 'C 36', 'C36'].every((t) => c36.test(t))).toBe(true);
    expect(['C-360', 'BC-36', 'C-3'].some((t) => c36.test(t))).toBe(false);
  });

  test('shape: keyword for names, one word, bills and phrases; prose for long sentences; topic between', () => {
    expect(analyseQuery('Sable Island', BOTH).shape).toBe('keyword');
    expect(analyseQuery('Pegasus', BOTH).shape).toBe('keyword');
    expect(analyseQuery('carbon tax', BOTH).shape).toBe('topic');
    expect(analyseQuery('opposition to the citizenship bill', BOTH).shape).toBe('topic');
    expect(
      analyseQuery('minister says the deadly train derailment is a criminal matter for the courts, not a failure of regulation', BOTH)
        .shape,
    ).toBe('prose');
    expect(analyseQuery('Sable Island', BOTH).names).toEqual(['Island']);
  });
});

describe('holdsPhrase', () => {
  const [carbonTax] = analyseQuery('"carbon taxes"', BOTH).phrases;
  test('the stems consecutive, inflections and stop words between them ignored', () => {
    expect(holdsPhrase('The Carbon Tax went up.', 'en', carbonTax)).toBe(true);
    expect(holdsPhrase('a tax on carbon', 'en', carbonTax)).toBe(false);
    expect(holdsPhrase('carbon pricing and a tax', 'en', carbonTax)).toBe(false);
  });
  test('French: elisions, accents, stop words between', () => {
    const [p] = analyseQuery('« attribution de temps »', BOTH).phrases;
    expect(holdsPhrase("l'Attribution du temps est imposée", 'fr', p)).toBe(true);
    expect(holdsPhrase('le temps de l’attribution', 'fr', p)).toBe(false);
  });
});

describe('passageOf: a long query read as a quotation', () => {
  const pasted = 'I thank the member opposite for the question; this is a very important bill for the people of Ontario';
  test('a query of PASSAGE_WORDS words or more is a passage, held by a chunk that quotes it (stop words aside)', () => {
    const p = passageOf(pasted, ['en', 'fr'])!;
    expect(p).not.toBeNull();
    expect(holdsPhrase(`Hon. Member: ${pasted}. I will answer it in full.`, 'en', p)).toBe(true);
    // The same words in another order are not the passage.
    expect(
      holdsPhrase('This is a very important bill. I thank the member opposite for the question for the people of Ontario', 'en', p),
    ).toBe(false);
  });
  test('a shorter query, or one with a quoted phrase, is not', () => {
    expect(pasted.split(/\s+/).length).toBeGreaterThanOrEqual(PASSAGE_WORDS);
    expect(passageOf('the member opposite for the question on the important bill', ['en'])).toBeNull();
    expect(passageOf(`"important bill" ${pasted}`, ['en', 'fr'])).toBeNull();
  });
});
