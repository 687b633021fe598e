// Term proximity (src/server/search/proximity.ts): which chunks hold the query's adjacent word pairs. A
// chunk's pairs are compared with the definition (adjacent stems of phraseStems, the quoted
// phrase's reading of a text) on every paragraph of the real Hansard samples.
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hansardParagraphs } from '../../../bench/encoder/corpus.js';
import { pairsHeld as pairsHeldIn, proximityList, queryPairs } from '../../../src/server/search/proximity.js';
import { phraseStems } from '../../../src/core/text/query-analysis.js';
import { chunkWords } from '../../../src/core/text/chunk-words.js';
import type { Lang } from '../../../src/core/text/terms.js';
import type { SearchQueries } from '../../../src/server/db/search.js';

const SAMPLES = join(import.meta.dir, '../../../../shared/datasets/hoc-hansard-xml-samples');
const pairsHeld = (text: string, lang: Lang, want: ReadonlySet<string>) => pairsHeldIn(chunkWords(text, lang), want);

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
  test('a stem that rewrites its word\'s ending within the first letters still pairs ("pay" is "pai")', () => {
    const want = queryPairs('gender pay gap', ['en']).get('en')!;
    expect(pairsHeld('Closing the gender pay gap takes years.', 'en', want)).toBe(2);
    expect(pairsHeld('The minister says approvals were slow.', 'en', queryPairs('minister says approvals', ['en']).get('en')!)).toBe(2);
  });
  test.skipIf(!existsSync(SAMPLES))(
    'equals the adjacent pairs of phraseStems on every paragraph of the real Hansard samples, in both languages',
    () => {
      let n = 0,
        held = 0;
      for (const file of readdirSync(SAMPLES).filter((f) => f.endsWith('.xml.gz'))) {
        for (const p of hansardParagraphs(join(SAMPLES, file))) {
          for (const lang of ['en', 'fr'] as const) {
            const stems = phraseStems(p.text, lang);
            const adjacent = new Set(stems.slice(1).map((s, i) => `${stems[i]} ${s}`));
            // Wanted: three pairs the paragraph holds (its first, middle and last) and one it does not.
            const want = new Set([
              ...[0, stems.length >> 1, stems.length - 2]
                .filter((i) => i >= 0 && stems[i] !== stems[i + 1])
                .map((i) => `${stems[i]} ${stems[i + 1]}`),
              'zzq yyq',
            ]);
            const expected = [...want].filter((w) => adjacent.has(w)).length;
            expect(pairsHeld(p.text, lang, want)).toBe(expected);
            held += expected;
          }
          n++;
        }
      }
      expect(n).toBeGreaterThan(5_000);
      expect(held).toBeGreaterThan(n);
    },
    60_000,
  );
});

describe('proximityList', () => {
  const texts: Record<number, string> = {
    1: 'Kids often need help; call the phone line.',
    2: 'The Kids Help Phone line took calls.',
    3: 'Kids Help was founded.',
    4: 'Nothing relevant.',
  };
  const queries = {
    chunkWordsOf: (ids: number[]) => new Map(ids.map((id) => [id, chunkWords(texts[id], 'en')])),
  } as unknown as SearchQueries;
  test('most pairs first, then keyword order; chunks without a pair are left out', () => {
    expect(proximityList(queries, 'Kids Help Phone', ['en'], [1, 3, 4, 2])).toEqual([2, 3]);
  });
  test('a one-word query has no pairs', () => {
    expect(proximityList(queries, 'Kids', ['en'], [1, 2, 3])).toEqual([]);
  });
});
