// Issue 48 on the real data file (make data-real): a word matches its own family, not a stem an
// unrelated word shares, and the counts agree with what is ranked. The expected figures are counted
// here from the chunk texts with a pattern of the word's inflected forms, not by the engine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { API_PREFIX, createApp } from '../../../src/server/http/app.js';
import { createResponseCache } from '../../../src/server/http/response-cache.js';
import { createSearchQueries } from '../../../src/server/db/search.js';
import { loadEncoder } from '../../../src/core/data-file/encoder-store.js';
import { relatedFamilies } from '../../../src/server/search/related-families.js';
import { stem } from '../../../src/core/text/terms.js';

const REAL = join(import.meta.dir, '../../../data/real.db');
const available = existsSync(REAL);

let data: DataFile;
let embedder: Awaited<ReturnType<typeof loadEncoder>>;
let app: ReturnType<typeof createApp>;
let chunks: Array<{ text: string; language: string }> = [];

beforeAll(async () => {
  if (!available) return;
  data = openDataFile(REAL);
  embedder = await loadEncoder(data.db);
  app = createApp({ data, embedder, cache: createResponseCache({ maxBytes: 0 }) });
  chunks = data.db.prepare('SELECT text, language FROM chunks').all() as typeof chunks;
});
afterAll(async () => {
  if (!available) return;
  await embedder?.close();
  data.close();
});

interface Item {
  text: string;
  language: string;
  similarity: number | null;
}
const get = async <T>(path: string) => (await (await app.request(`${API_PREFIX}${path}`)).json()) as T;
const holding = (forms: RegExp, lang?: string) => chunks.filter((c) => (!lang || c.language === lang) && forms.test(c.text)).length;
const word = (forms: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms})(?![\\p{L}\\p{N}])`, 'iu');

describe.skipIf(!available)('word families on the real file', () => {
  test.each([
    ['housing', 'housings?'],
    ['police', 'police|policed|polices|policing'],
    ['riding', 'ridings?'],
    ['university', 'universit(?:y|ies)'],
  ])('%s: total and /count agree, within 10 %% of the chunks holding its forms', async (q, forms) => {
    const held = holding(word(forms));
    const page = await get<{ total: number; items: Item[] }>(`/search/speeches?q=${q}&include_count=true&limit=50`);
    const count = await get<{ total: number }>(`/search/speeches/count?q=${q}`);
    expect(count.total).toBe(page.total);
    expect(Math.abs(page.total - held)).toBeLessThanOrEqual(0.1 * held);
    // The best results hold the word itself ("the House" alone is not housing).
    for (const it of page.items.slice(0, 20)) expect(word(forms).test(it.text)).toBe(true);
  });

  test('related families: the corpus keeps housing apart from house and riding from ride, and joins affordable with affordability', () => {
    const q = createSearchQueries(data.db);
    expect(relatedFamilies(q, 'housing')).not.toContain(stem('house', 'en'));
    expect(relatedFamilies(q, 'riding')).not.toContain(stem('ride', 'en'));
    expect(relatedFamilies(q, 'affordable')).toContain(stem('affordability', 'en'));
    expect(relatedFamilies(q, 'immigration')).toContain(stem('immigrants', 'en'));
  });

  test('an English query is answered in English: the French reading of its words (carbon·, tax·) does not outweigh them', async () => {
    const both = (t: string) => word('carbon').test(t) && word('tax(?:es)?').test(t);
    const english = chunks.filter((c) => c.language === 'en' && both(c.text)).length;
    expect(english).toBeGreaterThan(10);
    const page = await get<{ items: Item[] }>('/search/speeches?q=criticism%20of%20the%20carbon%20tax&limit=10');
    for (const it of page.items) expect(it.language).toBe('en');
  });

  test('logement is answered in French first, never by English logging', async () => {
    const forms = word('logements?');
    const french = holding(forms, 'fr');
    expect(french).toBeGreaterThan(0);
    const page = await get<{ total: number; items: Item[] }>('/search/speeches?q=logement&limit=50');
    const first = page.items.slice(0, french);
    for (const it of first) expect({ language: it.language, holds: forms.test(it.text) }).toEqual({ language: 'fr', holds: true });
    // Nothing is a match by a negative similarity alone: an English result must be reached by the
    // translation (it holds a translated word) or be similar to the query.
    for (const it of page.items)
      if (!forms.test(it.text)) expect(it.language === 'en' && (it.similarity ?? -1) < 0 && /\blogg/i.test(it.text)).toBe(false);
  });
});
