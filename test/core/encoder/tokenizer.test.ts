// The learned encoder's tokenizer: word splitting (elisions, accents, clitics), n-gram buckets,
// token ids and weights from a card, and card checking.
import { describe, expect, test } from 'bun:test';
import { checkCard, type LearnedCard } from '../../../src/core/encoder/card.js';
import { fnv1a, ngramBuckets } from '../../../src/core/encoder/ngrams.js';
import { learnedTokenizer } from '../../../src/core/encoder/token-ids.js';
import { encoderWords, normalizeText } from '../../../src/core/encoder/words.js';

describe('encoderWords', () => {
  test('French elisions, accents and ligatures are folded; hyphens split', () => {
    expect(encoderWords("L'État d’aujourd'hui, qu'il soit bien-être du cœur; jusqu'à")).toEqual([
      'etat',
      'aujourd',
      'hui',
      'il',
      'soit',
      'bien',
      'etre',
      'du',
      'coeur',
      'a',
    ]);
  });
  test("all nine single-letter elisions and qu' are removed", () => {
    expect(encoderWords("l'a d'a j'a n'a s'a c'a m'a t'a qu'a")).toEqual(Array(9).fill('a'));
  });
  test('English clitics after an apostrophe are dropped; numbers are words', () => {
    expect(encoderWords("Canada's budget: don't cut Bill C-21 ($12.5B)")).toEqual([
      'canada',
      'budget',
      'don',
      'cut',
      'bill',
      'c',
      '21',
      '12',
      '5b',
    ]);
  });
  test('a word that is only an elision stays', () => {
    expect(encoderWords("l' d'")).toEqual(['l', 'd']);
  });
  test('ASCII text is normalised as the general path does it', () => {
    const general = (t: string) =>
      t
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[’‘ʼ`´]/g, "'");
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const t = Array.from({ length: next() % 40 }, () => String.fromCharCode(next() % 128)).join('');
      expect(normalizeText(t)).toBe(general(t));
    }
    expect(normalizeText("It`S L'ÉTAT")).toBe("it's l'etat");
  });
});

describe('ngram buckets', () => {
  test('FNV-1a matches its published test vectors', () => {
    // Reference values of 32-bit FNV-1a (Fowler/Noll/Vo test suite): "" and "a".
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
  test('one bucket per n-gram of <word>, n from min to max', () => {
    // "<cat>" has 3 trigrams and 2 four-grams.
    const b = ngramBuckets('cat', { min: 3, max: 4, buckets: 1000 });
    expect(b).toHaveLength(5);
    expect(b[0]).toBe(fnv1a('<ca') % 1000);
    expect(b[4]).toBe(fnv1a('cat>') % 1000);
    expect(b.every((x) => x >= 0 && x < 1000)).toBe(true);
  });
});

const CARD: LearnedCard = {
  kind: 'learned',
  version: 1,
  dim: 4,
  vocab: ['budget', 'sante', 'the'],
  weights: [0.9, 0.8, 0.01],
  unknownWeight: 1,
  ngrams: { min: 3, max: 3, buckets: 10 },
};

describe('learned tokenizer', () => {
  test('known words map to their rows with their weights; repeats are merged', () => {
    expect(learnedTokenizer(CARD).encode('The budget, the Santé, THE budget')).toEqual({ ids: [2, 0, 1], weights: [0.03, 1.8, 0.8] });
  });
  test('an unknown word spreads the unknown weight over its n-gram rows, after the vocabulary', () => {
    const { ids, weights } = learnedTokenizer(CARD).encode('zz');
    // "<zz>" has two trigrams: "<zz" and "zz>".
    const expected = [(fnv1a('<zz') % 10) + 3, (fnv1a('zz>') % 10) + 3];
    expect(ids.sort()).toEqual([...new Set(expected)].sort());
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  test('each text is summed on its own: one encoded between two of another changes nothing', () => {
    const tok = learnedTokenizer(CARD);
    const first = tok.encode('budget santé budget zz');
    tok.encode('the the budget xyz santé');
    expect(tok.encode('budget santé budget zz')).toEqual(first);
    expect(first.ids.slice(0, 2)).toEqual([0, 1]);
    expect(first.weights[0]).toBe(0.9 + 0.9);
  });
  test('an empty or punctuation-only text has no tokens', () => {
    expect(learnedTokenizer(CARD).encode(' ... !')).toEqual({ ids: [], weights: [] });
  });
});

describe('checkCard', () => {
  test('a valid card passes', () => {
    expect(checkCard(CARD)).toEqual({ card: CARD, problems: [] });
  });
  test('every problem is reported, not thrown', () => {
    const r = checkCard({ ...CARD, version: 99, weights: [1], ngrams: { min: 5, max: 3, buckets: 0 } });
    expect(r.card).toBeNull();
    expect(r.problems).toEqual([
      'learned card version 99 is not 1',
      'weights has 1 entries for 3 words',
      'ngrams must be { min, max, buckets } positive integers with min <= max',
    ]);
    expect(checkCard({ kind: 'other', dim: 3 }).problems).toEqual(['unknown card kind "other"']);
    expect(checkCard(null).problems).toEqual(['card is not an object']);
  });
});
