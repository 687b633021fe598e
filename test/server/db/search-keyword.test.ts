// The keyword index on a small built file: chunks per stem and level, posting lists newest first,
// and BM25 ranking with filters pushed into FTS5 (the facet tokens), against scores worked out by
// hand from the BM25 formula.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { createSearchQueries, type SearchFilters } from '../../../src/server/db/search.js';
import { facetToken, LEVELS, levelOf, termToken, termWeight } from '../../../src/core/data-file/keyword-index.js';
import { keywordCandidates } from '../../../src/server/search/keyword-plan.js';
import { encodePostings } from '../../../src/core/data-file/posting-blob.js';
import { indexTerms, stem, type Lang } from '../../../src/core/text/terms.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

const speech = (key: string, spoken_at: string, language: 'en' | 'fr', text: string) => ({
  key,
  session_key: 'ca/44-1',
  politician_key: 'p/alice',
  speaker_name_raw: 'Alice',
  spoken_at,
  language,
  level: 'federal',
  speech_type: 'floor',
  text,
  source_system: 'hoc',
  source_url: `https://example.org/${key}`,
  source_anchor: key,
});

let fx: Fixture;
let q: ReturnType<typeof createSearchQueries>;
const any: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const en: SearchFilters = { ...any, langs: ['en'] };
const fr: SearchFilters = { ...any, langs: ['fr'] };
const texts = (rowids: readonly number[]) =>
  rowids.map((r) => fx.data.db.prepare('SELECT text FROM chunks WHERE rowid = ?').pluck().get(r));
// Filters that most chunks pass are checked after reading, here by SQL (the server uses its in-memory columns).
const search = (stems: string[], f: SearchFilters, budget?: number) =>
  texts(
    keywordCandidates(q, stems, {
      f,
      sessionIds: null,
      limit: 10,
      budget,
      passing: (rows) => {
        const ok = q.passing(rows, f);
        return rows.filter((r) => ok.has(r));
      },
    }),
  );

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

describe('keyword index', () => {
  test("the chunk count (every idf) is the build's record of it, the same as counting the chunks; a file without that record counts them", () => {
    const counted = fx.data.db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
    expect(counted).toBeGreaterThanOrEqual(4); // the four above and the fixture's own
    expect(fx.data.build.row_counts.chunk_rows).toBe(counted);
    expect(q.totalChunks()).toBe(counted);
    // A record the file does not hold (older files, or none): the chunks are counted.
    const copy = new Database(fx.data.db.serialize());
    try {
      // The record is what is read (no scan at start): a record one higher is taken as it stands.
      copy.prepare("UPDATE build SET row_counts = json_set(row_counts, '$.chunk_rows', ?)").run(counted + 1);
      expect(createSearchQueries(copy).totalChunks()).toBe(counted + 1);
      copy.prepare("UPDATE build SET row_counts = json_remove(row_counts, '$.chunk_rows')").run();
      expect(createSearchQueries(copy).totalChunks()).toBe(counted);
      copy.exec('DROP TABLE build');
      expect(createSearchQueries(copy).totalChunks()).toBe(counted);
    } finally {
      copy.close();
    }
  });

  test('the recorded average chunk length is the one every level was computed with: each chunk is in the list of its level of each of its stems', () => {
    const chunks = fx.data.db.prepare('SELECT rowid, text, language FROM chunks').all() as Array<{
      rowid: number;
      text: string;
      language: Lang;
    }>;
    const lengths = chunks.map((c) => indexTerms(c.text, c.language).length);
    const avgdl = q.averageLength()!;
    expect(avgdl).toBe(lengths.reduce((a, b) => a + b, 0) / chunks.length); // every chunk below 20,000
    let checked = 0;
    for (const c of chunks) {
      const terms = indexTerms(c.text, c.language);
      for (const st of new Set(terms)) {
        const tf = terms.filter((t) => t === st).length;
        expect(q.postings(`"${termToken(st, levelOf(termWeight(tf, terms.length, avgdl)))}"`, 1e9)).toContain(c.rowid);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  test('termLevels counts chunks per stem, not occurrences (k/1 says housing three times), and per level', () => {
    const logement = stem('logement', 'fr');
    const levels = q.termLevels(['housing', 'lumber', 'softwood', logement, 'absent']);
    // The fixture's own speeches may mention housing too: count them from the chunk texts.
    const withHousing = fx.data.db
      .prepare("SELECT count(*) FROM chunks WHERE language = 'en' AND lower(text) LIKE '%housing%'")
      .pluck()
      .get();
    expect(levels.get('housing')!.docs).toBe(withHousing as number);
    expect(levels.get('lumber')!.docs).toBe(2);
    expect(levels.get('softwood')!.docs).toBe(1);
    expect(levels.get(logement)!.docs).toBe(1);
    expect(levels.has('absent')).toBe(false);
    for (const { docs, levels: l } of levels.values()) {
      expect(l).toHaveLength(LEVELS);
      expect(l.reduce((a, b) => a + b, 0)).toBe(docs);
    }
  });

  test('postings: the chunks of one token, newest first, at most `limit`', () => {
    const lumber = q
      .termLevels(['lumber'])
      .get('lumber')!
      .levels.flatMap((n, l) => (n ? [termToken('lumber', l)] : []));
    const all = lumber.flatMap((t) => [...q.postings(`"${t}"`, 10)]).sort((a, b) => b - a);
    expect(texts(all)).toEqual(['Softwood lumber dispute with the United States.', 'Lumber prices and housing.']);
    const french = [...q.postings(`"${facetToken('language', 'fr')}"`, 1)];
    expect(french).toHaveLength(1);
    expect(texts(french)).toEqual(['Le logement coûte cher.']);
  });

  test("every level list is also a blob of its own holding what FTS5 holds for its token; facet tokens are FTS5's alone", () => {
    // A writable copy: the fixture's file is opened read-only, and fts5vocab is a (temporary) table.
    const db = new Database(fx.data.db.serialize());
    db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'chunks_fts', 'row')");
    try {
      const tokens = db.prepare('SELECT term, doc FROM temp.vocab').raw().all() as Array<[string, number]>;
      const blobs = new Map(db.prepare('SELECT token, docs FROM chunk_postings').raw().all() as Array<[string, number]>);
      const fromFts = db.prepare('SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid DESC').pluck();
      const levelTokens = tokens.filter(([t]) => !t.startsWith('f_'));
      expect(levelTokens.length).toBeGreaterThan(20);
      expect([...blobs.keys()].sort()).toEqual(levelTokens.map(([t]) => t).sort());
      for (const [token, docs] of levelTokens) {
        expect(blobs.get(token)).toBe(docs);
        const fts = fromFts.all(`"${token}"`) as number[];
        expect([...q.postings(`"${token}"`, 1e9)]).toEqual(fts);
        expect([...q.postings(`"${token}"`, 1)]).toEqual(fts.slice(0, 1));
      }
    } finally {
      db.close();
    }
  });

  test("a lone token's list is read from its blob; a list with a filter, from FTS5", () => {
    // A copy whose blob for one of lumber's lists says otherwise: the search reads what the blob says.
    const copy = new Database(fx.data.db.serialize());
    try {
      const token = termToken(
        'lumber',
        q
          .termLevels(['lumber'])
          .get('lumber')!
          .levels.findIndex((n) => n > 0),
      );
      const fts = [...q.postings(`"${token}"`, 10)];
      copy.prepare('UPDATE chunk_postings SET docs = 2, rowids = ? WHERE token = ?').run(encodePostings([999_999, 3]), token);
      const other = createSearchQueries(copy);
      expect([...other.postings(`"${token}"`, 10)]).toEqual([999_999, 3]);
      const french = facetToken('language', 'fr');
      expect([...other.postings(`"${token}" AND "${facetToken('language', 'en')}"`, 10)]).toEqual(fts);
      expect([...other.postings(`"${french}"`, 10)]).toEqual([...q.postings(`"${french}"`, 10)]);
    } finally {
      copy.close();
    }
  });

  test('BM25 order: the chunk with both words first; three mentions in a short chunk beat one', () => {
    expect(search(['softwood', 'lumber'], en).slice(0, 2)).toEqual([
      'Softwood lumber dispute with the United States.',
      'Lumber prices and housing.',
    ]);
    // Term weights tf·2.2/(tf + 1.2·(0.25 + 0.75·dl/avgdl)): k/1 (tf 3, 6 terms) ≈ 1.9, k/2 (tf 1, 3 terms) ≈ 1.6.
    const housing = search(['housing'], en);
    expect(housing).toContain('Lumber prices and housing.');
    expect(housing.indexOf('Housing costs. Housing is a crisis and housing must be built.')).toBeLessThan(
      housing.indexOf('Lumber prices and housing.'),
    );
  });

  test('filters: language, politician, years', () => {
    const logement = stem('logement', 'fr');
    expect(search([logement], fr)).toEqual(['Le logement coûte cher.']);
    expect(search([logement], en)).toEqual([]);
    expect(search(['lumber'], { ...any, politician_ids: ['no-such-politician'] })).toEqual([]);
    expect(search(['lumber'], { ...any, from: '2025-01-01' })).toEqual([]);
    expect(search(['lumber'], { ...any, from: '2024-01-01', to: '2024-12-31' })).toHaveLength(2);
  });

  test('a budget of one posting reads the newest chunk of the best list only', () => {
    expect(search(['softwood', 'lumber'], en, 1)).toEqual(['Softwood lumber dispute with the United States.']);
  });
});
