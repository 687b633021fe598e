// The English/French stem lexicon learned by IBM Model 1 from sentence pairs whose word
// correspondences are known because the test wrote them.
import { describe, expect, test } from 'bun:test';
import { trainLexicon } from '../../../../build-db/search/encoder/lexicon.js';
import { stem } from '../../../../src/core/text/terms.js';
import { translateStems } from '../../../../src/core/text/translate.js';

// Each English word has one French rendering; sentences combine them in different company, so only
// the true pairs co-occur every time.
const WORDS: Array<[string, string]> = [
  ['veterans', 'vétérans'],
  ['office', 'bureau'],
  ['closure', 'fermeture'],
  ['health', 'santé'],
  ['transfer', 'transfert'],
  ['housing', 'logement'],
  ['crisis', 'crise'],
  ['budget', 'budget'],
  ['farmers', 'agriculteurs'],
];
function pairs(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < WORDS.length; i++)
    for (let j = 0; j < WORDS.length; j++) {
      if (i === j) continue;
      const k = (i + j) % WORDS.length;
      const pick = [i, j, k].filter((x, n, a) => a.indexOf(x) === n);
      out.push([
        pick.map((x) => WORDS[x][0]).join(' '),
        pick
          .map((x) => WORDS[x][1])
          .reverse()
          .join(' '),
      ]);
    }
  return out;
}

describe('trainLexicon', () => {
  const { lexicon, pairs: n } = trainLexicon(pairs());
  test('each word translates to its counterpart first, both ways, as stems', () => {
    expect(n).toBe(72);
    // Keyed and answered by the index's terms: English families, French stems marked French.
    const en = (w: string) => stem(w, 'en'),
      fr = (w: string) => stem(w, 'fr');
    expect(lexicon.en[en('office')]?.[0]?.[0]).toBe(fr('bureau'));
    expect(lexicon.en[en('closure')]?.[0]?.[0]).toBe(fr('fermeture'));
    expect(lexicon.en[en('housing')]?.[0]?.[0]).toBe(fr('logement'));
    expect(lexicon.fr[fr('bureau')]?.[0]?.[0]).toBe(en('office'));
    expect(lexicon.fr[fr('santé')]?.[0]?.[0]).toBe(en('health'));
    for (const list of [...Object.values(lexicon.en), ...Object.values(lexicon.fr)]) {
      for (const [, score] of list) expect(score).toBeGreaterThan(0);
    }
  });
  test('deterministic: the same pairs give the same lexicon', () => {
    expect(JSON.stringify(trainLexicon(pairs()).lexicon)).toBe(JSON.stringify(lexicon));
  });
  test('a word seen in fewer pairs than minPairs gets no entry', () => {
    const { lexicon: l } = trainLexicon([['unique words here', 'mots uniques ici'], ...pairs()]);
    expect(l.en.uniqu).toBeUndefined();
  });
});

describe('translateStems', () => {
  const lexicon = {
    version: 1 as const,
    en: {
      offic: [
        ['bureau', 0.7],
        ['agent', 0.2],
      ] as Array<[string, number]>,
    },
    fr: { ferm: [['closur', 0.5]] as Array<[string, number]> },
  };
  test('each searched language gets the other language stems, best score kept, own stems left out', () => {
    const terms = [
      { stems: ['offic'], byLang: { en: 'offic', fr: 'offic' } },
      { stems: ['ferm'], byLang: { fr: 'ferm' } },
    ];
    expect(translateStems(lexicon, terms, ['en', 'fr'])).toEqual([
      { stem: 'bureau', weight: 0.7 },
      { stem: 'closur', weight: 0.5 },
      { stem: 'agent', weight: 0.2 },
    ]);
    // lang=fr only: French chunks are searched, so only English words are translated into French.
    expect(translateStems(lexicon, terms, ['fr']).map((t) => t.stem)).toEqual(['bureau', 'agent']);
    expect(translateStems(lexicon, [{ stems: ['bureau'], byLang: { en: 'offic' } }], ['fr'])).toEqual([{ stem: 'agent', weight: 0.2 }]);
  });
});
