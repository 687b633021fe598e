// The SQL behind the keyword plan on a small built file: per-term chunk counts, scored matches, and
// matches among the newest chunks only.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSearchQueries, type SearchFilters } from '../../src/db/search.js';
import { ftsMatch } from '../../src/search/keyword-plan.js';
import { stem } from '../../src/search/text/terms.js';
import { buildFixture, type Fixture } from '../helpers/fixture.js';

const speech = (key: string, spoken_at: string, language: 'en' | 'fr', text: string) => ({
  key, session_key: 'ca/44-1', politician_key: 'p/alice', speaker_name_raw: 'Alice', spoken_at, language, level: 'federal',
  speech_type: 'floor', text, source_system: 'hoc', source_url: `https://example.org/${key}`, source_anchor: key,
});

let fx: Fixture;
let q: ReturnType<typeof createSearchQueries>;
const en: SearchFilters = { langs: ['en'], exclude_presiding: false };
const texts = (rowids: number[]) => rowids.map((r) => fx.data.db.prepare('SELECT text FROM chunks WHERE rowid = ?').pluck().get(r));

beforeAll(() => {
  fx = buildFixture((r) => {
    r.speeches.push(
      speech('k/1', '2024-05-01T14:00:00Z', 'en', 'Housing costs. Housing is a crisis and housing must be built.'),
      speech('k/2', '2024-05-02T14:00:00Z', 'en', 'Lumber prices and housing.'),
      speech('k/3', '2024-05-03T14:00:00Z', 'en', 'Softwood lumber dispute with the United States.'),
      speech('k/4', '2024-05-04T14:00:00Z', 'fr', 'Le logement coûte cher.'),
    );
  });
  q = createSearchQueries(fx.data.db);
});
afterAll(() => fx.cleanup());

describe('keyword SQL', () => {
  test('termDocs counts chunks per stem, not occurrences (k/1 says housing three times)', () => {
    const logement = stem('logement', 'fr');
    const docs = q.termDocs(['hous', 'lumber', 'softwood', logement, 'absent'])!;
    // The fixture's own speeches may mention housing too: count them from the chunk texts.
    const withHousing = fx.data.db.prepare("SELECT count(*) FROM chunks WHERE language = 'en' AND lower(text) LIKE '%housing%'").pluck().get();
    expect(docs.get('hous')).toBe(withHousing as number);
    expect(docs.get('lumber')).toBe(2);
    expect(docs.get('softwood')).toBe(1);
    expect(docs.get(logement)).toBe(1);
    expect(docs.has('absent')).toBe(false);
  });

  test('keywordScored: bm25 scores, best (lowest) first, the same order as keyword', () => {
    const match = ftsMatch(['softwood', 'lumber'])!;
    const scored = q.keywordScored(match, en, 10);
    expect(scored.map(([r]) => r)).toEqual(q.keyword(match, en, 10));
    expect(texts(scored.map(([r]) => r))).toEqual(['Softwood lumber dispute with the United States.', 'Lumber prices and housing.']);
    expect(scored[0][1]).toBeLessThan(scored[1][1]);
  });

  test('keywordNewest ranks only the newest `cap` matches', () => {
    const match = ftsMatch(['lumber', 'hous'])!;
    // The two newest English chunks matching are k/3 (lumber) and k/2 (lumber, housing); k/1 is older.
    expect(texts(q.keywordNewest(match, en, 10, 2)).sort()).toEqual(['Lumber prices and housing.', 'Softwood lumber dispute with the United States.']);
    expect(q.keywordNewest(match, en, 10, 1000).length).toBe(q.keyword(match, en, 1000).length);
  });
});
