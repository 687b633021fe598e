// The one tokenizer and the index terms: French elisions, accents, compounds, stems, stop words.
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hansardParagraphs } from '../../../bench/encoder/corpus.js';
import { indexTerms, queryTerms, stem, stemInitials, termCounter } from '../../../src/core/text/terms.js';
import { words } from '../../../src/core/text/words.js';

const SAMPLES = join(import.meta.dir, '../../../../shared/datasets/hoc-hansard-xml-samples');

describe('words', () => {
  test('elisions are removed, compounds split, offsets point into the original text', () => {
    const t = "Aujourd'hui, l'État et qu’il parle du bien-être.";
    expect(words(t).map((w) => [w.norm, t.slice(w.start, w.end)])).toEqual([
      ['aujourdhui', "Aujourd'hui"],
      ['etat', 'État'],
      ['et', 'et'],
      ['il', 'il'],
      ['parle', 'parle'],
      ['du', 'du'],
      ['bien', 'bien'],
      ['etre', 'être'],
    ]);
  });
  test('numbers are words; punctuation is not', () => {
    expect(words('Bill C-21, 2024: $12.5 billion!').map((w) => w.norm)).toEqual(['bill', 'c', '21', '2024', '12', '5', 'billion']);
  });
});

describe('index and query terms', () => {
  test('plural and singular share a stem in each language; accents do not matter', () => {
    expect(indexTerms('logements', 'fr')).toEqual(indexTerms('logement', 'fr'));
    expect(indexTerms('houses house housed', 'en')).toEqual(['hous', 'hous', 'hous']);
    expect(indexTerms('Québec', 'fr')).toEqual(indexTerms('quebec', 'fr'));
  });
  test('words of unrelated meaning are not one term: only inflections are (issue 48)', () => {
    const en = (t: string) => indexTerms(t, 'en');
    expect(en('housing housings')).toEqual(['housing', 'housing']);
    expect(en('housing')).not.toEqual(en('House'));
    expect(en('policy policies')).toEqual(['policy', 'policy']);
    expect(en('policy')).not.toEqual(en('police'));
    expect(en('organization')).not.toEqual(en('organ'));
    expect(en('votes voted')).toEqual(en('vote vote'));
    expect(en('taxes studies planned')).toEqual(en('tax study plan'));
    expect(en('news')).not.toEqual(en('new'));
    // A French term never equals an English one, so logement (fr) cannot match logging (en).
    expect(indexTerms('logement', 'fr')[0]).not.toBe(indexTerms('logging', 'en')[0]);
    expect(indexTerms('logement', 'fr')[0]).not.toBe(indexTerms('log', 'en')[0]);
    expect(indexTerms('transport', 'fr')[0]).not.toBe(indexTerms('transport', 'en')[0]);
    // Numbers (bill numbers, years) are the same term in both languages.
    expect(indexTerms('21 2024', 'fr')).toEqual(indexTerms('21 2024', 'en'));
  });
  test('stop words and Hansard forms of address are not indexed', () => {
    expect(indexTerms('Mr. Speaker, the member for the riding', 'en')).toEqual(['member', 'riding']);
    expect(indexTerms('Monsieur le Président, la députée de la circonscription', 'fr')).toEqual(
      indexTerms('députée circonscription', 'fr'),
    );
  });
  test('a query searched in both languages carries both stems; a stop word of any searched language is dropped', () => {
    const q = queryTerms('the logements', ['en', 'fr']);
    expect(q.map((t) => t.word.norm)).toEqual(['logements']);
    expect(q[0].stems).toContain(indexTerms('logement', 'fr')[0]);
  });
});

// Snippets and cross-lingual coverage skip stemming a word whose first letter no query stem has
// (stemInitials): exact only while a stem keeps its word's first letter, in both languages.
describe("a stem starts with its word's first letter", () => {
  const check = (vocabulary: Iterable<string>) => {
    let n = 0;
    for (const w of vocabulary) {
      for (const lang of ['en', 'fr'] as const) {
        const s = stem(w, lang);
        if (s[0] !== w[0]) throw new Error(`${lang} stem of ${w} is ${s}`);
        expect(stemInitials([s]).has(w[0])).toBe(true);
      }
      n++;
    }
    return n;
  };

  test('irregular English and French forms, numbers, elided and accented words', () => {
    check([
      'dying',
      'lying',
      'skies',
      'ugly',
      'news',
      'generously',
      'communication',
      'académiquement',
      'heureuse',
      'eaux',
      'yeux',
      'quoique',
      'ayant',
      'état',
      'être',
      '1990',
      '1990s',
      'c-69',
      'x',
    ]);
  });

  test.skipIf(!existsSync(SAMPLES))(
    'every word of the real Hansard samples, English and French',
    () => {
      const vocabulary = new Set<string>();
      for (const file of readdirSync(SAMPLES).filter((f) => f.endsWith('.xml.gz'))) {
        for (const p of hansardParagraphs(join(SAMPLES, file))) for (const w of words(p.text)) vocabulary.add(w.norm);
      }
      expect(check(vocabulary)).toBeGreaterThan(5_000);
    },
    60_000,
  );
});

// A search scores its last keyword candidates from their text (src/server/search/keyword-plan.ts): the
// counts must be indexTerms' exactly, or the exact top 20 would not be.
describe('termCounter', () => {
  const compare = (texts: Array<{ text: string; lang: 'en' | 'fr' }>, stems: string[]) => {
    const count = termCounter(stems);
    for (const { text, lang } of texts) {
      const terms = indexTerms(text, lang);
      expect(count(text, lang)).toEqual({ length: terms.length, tf: Int32Array.from(stems, (s) => terms.filter((t) => t === s).length) });
    }
  };

  test('the length and counts of indexTerms, stop words, elisions and compounds included', () => {
    compare(
      [
        { text: "The housing crisis: houses, housing and the House's housing-starts.", lang: 'en' },
        { text: "L'État et le logement : les logements d'aujourd'hui, bien-être.", lang: 'fr' },
        { text: '', lang: 'en' },
      ],
      ['hous', 'crisi', 'logement', 'etat', 'bien', 'aujourdhui', 'start'],
    );
  });

  test.skipIf(!existsSync(SAMPLES))(
    'every paragraph of the real Hansard samples, in both languages, for the stems of its own first words',
    () => {
      let n = 0;
      for (const file of readdirSync(SAMPLES).filter((f) => f.endsWith('.xml.gz'))) {
        for (const p of hansardParagraphs(join(SAMPLES, file))) {
          for (const lang of ['en', 'fr'] as const) compare([{ text: p.text, lang }], [...new Set(indexTerms(p.text, lang).slice(0, 6))]);
          n++;
        }
      }
      expect(n).toBeGreaterThan(5_000);
    },
    60_000,
  );
});
