// `--reuse` and the keyword index (build-db/search/reuse-keyword-index.ts): copied from the previous
// file when every chunk is the same and this build's tokenizer agrees with its index, and then equal
// table by table to the index a build without it writes; built when a chunk's text or facet differs,
// or when the previous index does not match the tokenizer (its average length, a chunk's tokens).
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { KEYWORD_TABLES } from '../../../build-db/search/reuse-keyword-index.js';
import { CHUNK_TERMS_COLUMNS, type ChunkTerms, KeywordTerms } from '../../../build-db/search/keyword-terms.js';
import { AVERAGE_LENGTH } from '../../../src/core/data-file/keyword-index.js';
import { storedTables, tableChecksum } from '../../../src/core/data-file/data-checksums.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';
import { reuseBuilder } from '../../helpers/reuse-builds.js';

const dir = tempDir('canpol-kwreuse-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const now = new Date('2026-11-02T00:00:00Z');
// More speech text than the fixture's one-liners, so that chunks have stems at several levels.
const build = reuseBuilder({
  dir,
  now,
  base: (r) =>
    r.speeches.forEach((s, i) => {
      s.text = `${s.text} Housing costs and the carbon tax were debated again, housing first; ${'rail '.repeat(i + 1)}service.`;
    }),
});

/** The checksum of each of the keyword index's tables: every row's values with their SQLite types
 *  (an integer stored as a real differs). */
function keywordTables(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = new Map(storedTables(db).map((t) => [t.name, t]));
    return Object.fromEntries(KEYWORD_TABLES.map((t) => [t, tableChecksum(db, tables.get(t)!).sha256]));
  } finally {
    db.close();
  }
}

const notReused = (log: string[]) => log.find((m) => m.startsWith('keyword index: not reused'));

describe('--reuse copies the keyword index only when it is the one this build would write', () => {
  const first = build(null);

  test('same chunks: copied, table by table equal to a fresh build, and searches find the same', async () => {
    const second = build(first.out);
    expect(second.log.some((m) => m.includes('holds the same chunks and tokens'))).toBe(true);
    expect(second.log.some((m) => m.startsWith('wrote their keyword index'))).toBe(false);
    expect(second.log.some((m) => m.startsWith(`copied the keyword index of ${first.out}`))).toBe(true);
    expect(keywordTables(second.out)).toEqual(keywordTables(first.out));
    const fresh = build(null);
    expect(keywordTables(second.out)).toEqual(keywordTables(fresh.out));
    const answers = await Promise.all(
      [second.out, fresh.out].map(async (path) => {
        const data = openDataFile(path);
        const res = await createApp({ data }).request('/api/public/v1/search/speeches?q=housing%20rail&limit=10');
        const body = (await res.json()) as { items: Array<{ chunk_id: string }> };
        data.close();
        return body.items.map((i) => i.chunk_id);
      }),
    );
    expect(answers[0].length).toBeGreaterThan(0);
    expect(answers[0]).toEqual(answers[1]);
  });

  test("a speech's text changed: built, not copied", () => {
    const changed = build(first.out, (r) => {
      r.speeches[0].text += ' One more sentence.';
    });
    expect(notReused(changed.log)).toContain('its chunks differ');
    expect(changed.log.some((m) => m.startsWith('wrote their keyword index'))).toBe(true);
  });

  test("only a facet changed (a speech's party): built, not copied", () => {
    const changed = build(first.out, (r) => {
      r.speeches[1].party_at_time = 'Another Party';
    });
    expect(notReused(changed.log)).toContain('its chunks differ');
  });

  test("a previous index the tokenizer disagrees with: its average length, or a chunk's token count", () => {
    const tampered = join(dir, 'tampered.db');
    copyFileSync(first.out, tampered);
    const db = new Database(tampered);
    db.prepare('UPDATE chunk_term_stats SET value = value + 0.5 WHERE name = ?').run(AVERAGE_LENGTH);
    db.close();
    expect(notReused(build(tampered).log)).toContain('average chunk length');

    copyFileSync(first.out, tampered);
    const db2 = new Database(tampered);
    db2.unsafeMode(true); // FTS5's shadow tables are read-only otherwise
    db2.prepare("UPDATE chunks_fts_docsize SET sz = X'7f' WHERE id = (SELECT min(id) FROM chunks_fts_docsize)").run();
    db2.close();
    expect(notReused(build(tampered).log)).toMatch(/chunk \d+ has 127 tokens there/);
  });

  test("a previous index where a chunk holds another token than this build's tokenizer gives it", () => {
    const tampered = join(dir, 'tampered-token.db');
    copyFileSync(first.out, tampered);
    const db = new Database(tampered);
    const row = db.prepare(`SELECT rowid, ${CHUNK_TERMS_COLUMNS} FROM chunks ORDER BY rowid LIMIT 1`).get() as ChunkTerms;
    const terms = new KeywordTerms();
    terms.setAverageLength(db.prepare('SELECT value FROM chunk_term_stats WHERE name = ?').pluck().get(AVERAGE_LENGTH) as number);
    const [line] = terms.lines([row]);
    const tokens = line.split(' ');
    // The same number of tokens, its last (a facet token: every chunk of its year holds it) replaced by
    // one no chunk holds: a token other chunks still hold must be missed in this one.
    const changed = [...tokens.slice(0, -1), 'zzzunheard_0'].join(' ');
    db.prepare("INSERT INTO chunks_fts (chunks_fts, rowid, terms) VALUES ('delete', ?, ?)").run(row.rowid, line);
    db.prepare('INSERT INTO chunks_fts (rowid, terms) VALUES (?, ?)').run(row.rowid, changed);
    db.close();
    expect(notReused(build(tampered).log)).toContain(`chunk ${row.rowid}'s token ${tokens.at(-1)} is not in its index`);
  });

  test('a previous file without a keyword index is not used for one', () => {
    const bare = join(dir, 'bare.db');
    copyFileSync(first.out, bare);
    const db = new Database(bare);
    db.exec('DROP TABLE chunk_postings');
    db.close();
    expect(notReused(build(bare).log)).toContain('no keyword index');
  });

  test('a --reuse file that is missing or not a data file fails the build, naming it', () => {
    expect(() => build(join(dir, 'missing.db'))).toThrow(`--reuse ${join(dir, 'missing.db')}: no such file`);
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all, but long enough to be read as one '.repeat(100));
    expect(() => build(junk)).toThrow(`--reuse ${junk}: file is not a database`);
  });
});
