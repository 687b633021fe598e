// The level lists copied out of the merged FTS5 index into blobs, and the chunks per stem and level
// counted from them, on an index written here by hand (no chunks table needed).
import { describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { writePostingLists, writeTermDocs } from '../../../build-db/search/write-posting-lists.js';
import { KEYWORD_INDEX_SQL, LEVELS } from '../../../src/core/data-file/keyword-index.js';
import { decodePostings } from '../../../src/core/data-file/posting-blob.js';

/** An index of `chunks` chunks: chunk r holds `stem{r % stems}` at level r % LEVELS, the stem `f`
 *  (whose tokens look like facet tokens' start) at level 3 when r is even, and a facet token. */
function index(chunks: number, stems: number) {
  const db = new Database(':memory:');
  db.exec(KEYWORD_INDEX_SQL);
  const insert = db.prepare('INSERT INTO chunks_fts (rowid, terms) VALUES (?, ?)');
  const expected = new Map<string, number[]>();
  const add = (token: string, r: number) => expected.set(token, [r, ...(expected.get(token) ?? [])]);
  db.transaction(() => {
    for (let r = 1; r <= chunks; r++) {
      const tokens = [`stem${r % stems}_${r % LEVELS}`, ...(r % 2 ? [] : ['f_3']), `f_year_${r % 7}abc`];
      for (const t of tokens.slice(0, -1)) add(t, r);
      insert.run(r, tokens.join(' '));
    }
  })();
  db.exec("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')");
  return { db, expected };
}

describe('writePostingLists', () => {
  test('every level token becomes one blob of its chunks, newest first, over several batches; facet tokens do not', () => {
    // 2,600 stems at one level each: 2,600 level tokens and f_3, read 1,000 tokens a batch.
    const { db, expected } = index(5200, 2600);
    const got = db.transaction(() => writePostingLists(db))();
    expect(got.lists).toBe(expected.size);
    expect(got.postings).toBe(5200 + 2600);
    const rows = db.prepare('SELECT token, docs, rowids FROM chunk_postings').raw().all() as Array<[string, number, Uint8Array]>;
    expect(rows).toHaveLength(expected.size);
    for (const [token, docs, blob] of rows) {
      expect([...decodePostings(blob)]).toEqual(expected.get(token)!);
      expect(docs).toBe(expected.get(token)!.length);
    }
    expect(rows.some(([t]) => t.startsWith('f_year'))).toBe(false);
    expect(got.bytes).toBe(rows.reduce((n, [, , b]) => n + b.length, 0));
  });

  test("chunk_term_docs: chunks per stem, in all and per level, from the blobs' counts", () => {
    const { db, expected } = index(64, 4);
    db.transaction(() => {
      writePostingLists(db);
      writeTermDocs(db);
    })();
    const rows = db.prepare('SELECT term, docs, level_docs FROM chunk_term_docs ORDER BY term').raw().all() as Array<
      [string, number, string]
    >;
    const want = new Map<string, number[]>();
    for (const [token, rowids] of expected) {
      const [stem, level] = token.split('_');
      const levels = want.get(stem) ?? new Array(LEVELS).fill(0);
      levels[Number(level)] += rowids.length;
      want.set(stem, levels);
    }
    expect(rows.map(([t]) => t)).toEqual([...want.keys()].sort());
    for (const [term, docs, levels] of rows) {
      expect(JSON.parse(levels)).toEqual(want.get(term)!);
      expect(docs).toBe(want.get(term)!.reduce((a, b) => a + b, 0));
    }
    expect(rows.find(([t]) => t === 'f')![1]).toBe(32);
  });
});
