// Whether a query asks across languages (src/server/search/cross-lingual.ts), on a data file built in the
// test with a hand-written lexicon: the asbestos debate is held only in English, the French
// sittings only mention "amiante" in passing; the housing debate is held in both languages.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { hybridPool, type CandidateSources } from '../../../src/server/search/candidates.js';
import { coverage, translationLeads } from '../../../src/server/search/cross-lingual.js';
import { keywordCandidates } from '../../../src/server/search/keyword-plan.js';
import { queryTerms, stem, type Lang } from '../../../src/core/text/terms.js';
import type { Lexicon } from '../../../src/core/text/translate.js';
import { ids } from '../../../build-db/ids.js';
import { buildFixture, type Fixture, floorSpeech } from '../../helpers/fixture.js';

let fx: Fixture;
let src: CandidateSources;
const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const en = (w: string) => stem(w, 'en');
const fr = (w: string) => stem(w, 'fr');
// One translation per word, both ways (keys are stems of accent-free words, as the query's are).
const PAIRS: Array<[string, string]> = [
  ['asbestos', 'amiante'],
  ['shipments', 'expeditions'],
  ['quarries', 'carrieres'],
  ['housing', 'logement'],
  ['prices', 'prix'],
];
const lexicon: Lexicon = {
  version: 1,
  en: Object.fromEntries(PAIRS.map(([e, f]) => [en(e), [[fr(f), 1]]])),
  fr: Object.fromEntries(PAIRS.map(([e, f]) => [fr(f), [[en(e), 1]]])),
};

const speech = (key: string, i: number, language: Lang, text: string) =>
  floorSpeech(key, text, `2024-06-${String(1 + (i % 28)).padStart(2, '0')}T14:00:00Z`, { language });

beforeAll(() => {
  fx = buildFixture((r) => {
    for (let i = 0; i < 4; i++)
      r.speeches.push(speech(`t/asbestos-en-${i}`, i, 'en', `Asbestos shipments from the Quebec quarries must end, said member ${i}.`));
    for (let i = 0; i < 4; i++)
      r.speeches.push(speech(`t/amiante-fr-${i}`, i, 'fr', `Le député ${i} parle de l'amiante, puis du budget de la défense.`));
    for (let i = 0; i < 4; i++)
      r.speeches.push(speech(`t/housing-en-${i}`, i, 'en', `Housing prices keep rising in Vancouver, member ${i} said.`));
    for (let i = 0; i < 4; i++)
      r.speeches.push(speech(`t/logement-fr-${i}`, i, 'fr', `Les prix du logement augmentent encore à Montréal, dit le député ${i}.`));
    for (let i = 0; i < 40; i++)
      r.speeches.push(speech(`t/filler-${i}`, i, i % 2 ? 'en' : 'fr', `The weather ${i} was fine; il fait beau ${i}.`));
  });
  src = { queries: createSearchQueries(fx.data.db), vectors: null, embed: null, lexicon };
});
afterAll(() => fx.cleanup());

const rowidOf = (key: string) => src.queries.rowidOf(ids.chunk(key, 0))!;
const search = (stems: string[]) =>
  keywordCandidates(src.queries, stems, { f: ANY, sessionIds: null, limit: 1000, mask: null, passing: null });
const terms = (q: string) =>
  queryTerms(q, ['en', 'fr']).map((t) => ({ stems: t.stems, byLang: { en: en(t.word.norm), fr: fr(t.word.norm) } }));
const leads = (q: string) =>
  translationLeads({
    queries: src.queries,
    lexicon,
    terms: terms(q),
    langs: ['en', 'fr'],
    keyword: search(terms(q).flatMap((t) => t.stems)),
    search,
  });

describe('translationLeads', () => {
  test('a French query on a debate held in English: the translation explains more of it', () => {
    expect(leads("expéditions d'amiante des carrières")).toBe(true);
  });

  test('a query its own language debates: no', () => {
    expect(leads('prix du logement')).toBe(false);
    expect(leads('housing prices')).toBe(false);
  });

  test('coverage is the best share of the words one chunk holds', () => {
    const words = [[en('asbestos')], [en('shipments')], [en('budget')]];
    expect(coverage(src.queries, [rowidOf('t/asbestos-en-0')], words)).toBeCloseTo(2 / 3, 10);
    expect(coverage(src.queries, [rowidOf('t/filler-1')], words)).toBe(0);
  });
});

describe('in the pool', () => {
  test('the English debate comes before the French passing mentions when the translation leads', async () => {
    const q = "expéditions d'amiante des carrières";
    const order = (await hybridPool(src, q, ANY, undefined)).candidates.map((c) => c.rowid);
    const lastEnglish = Math.max(...[0, 1, 2, 3].map((i) => order.indexOf(rowidOf(`t/asbestos-en-${i}`))));
    const firstFrench = Math.min(...[0, 1, 2, 3].map((i) => order.indexOf(rowidOf(`t/amiante-fr-${i}`))));
    expect(lastEnglish).toBeLessThan(firstFrench);
    // Without the lead the translated list has no weight (plain RRF): the French chunks holding the
    // query's own word are the results, the English debate is not.
    const plain = (await hybridPool(src, q, ANY, undefined, { translatedLeads: 0 })).candidates.map((c) => c.rowid);
    expect(plain.indexOf(rowidOf('t/amiante-fr-0'))).toBeGreaterThanOrEqual(0);
    expect(plain.indexOf(rowidOf('t/asbestos-en-0'))).toBe(-1);
  });

  test('a query whose own words a best chunk holds gets no translated list, whatever its shape weight', async () => {
    const weights = { topic: { keyword: 1, translated: 0.3, vector: 1 } };
    const rowids = async (o: object) =>
      (await hybridPool(src, 'housing prices', ANY, undefined, { weights, ...o })).candidates.map((c) => c.rowid);
    const held = await rowids({});
    expect(held).toContain(rowidOf('t/housing-en-0'));
    expect(held).not.toContain(rowidOf('t/logement-fr-0'));
    // The rule switched off: the shape's weight brings in the French debate after the English one.
    const kept = await rowids({ translatedWhenHeld: true });
    expect(kept).toContain(rowidOf('t/logement-fr-0'));
    expect(kept.indexOf(rowidOf('t/logement-fr-0'))).toBeGreaterThan(kept.indexOf(rowidOf('t/housing-en-3')));
  });
});
