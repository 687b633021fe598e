// The `q` filters of /bills and /politicians (spec: case-insensitive substring of the title, short
// title and bill number; of the name), through SQLite FTS5 trigram indexes over the folded columns the
// build already writes (fold(): lower case, accents removed), instead of a LIKE scan of every row.
//
// A trigram phrase query is a substring match: FTS5 finds the rows holding every trigram of the
// query in sequence, which is exactly the rows containing it. Both sides are folded by fold(), so the
// tokenizer is case-sensitive and folds nothing itself. A query folded to fewer than 3 characters has
// no trigram: it is a scan (such a query matches most rows anyway). `test/core/data-file/text-index.test.ts`
// checks the index against a plain substring test on every substring it tries of the real bill titles and names.
import { fold } from '../domain/text.js';

/** The indexed tables: the index of `t` is `<t>_text`, over `column`. */
export const TEXT_INDEXES = { bills: 'search_folded', politicians: 'name_folded' } as const;
export type TextIndexed = keyof typeof TEXT_INDEXES;

/**
 * External-content tables: the text is stored once, in the table, and the index maps rowids. The
 * data file is never vacuumed (a VACUUM could renumber the rowids of tables without an INTEGER
 * PRIMARY KEY), so they stay valid for its life.
 */
export const TEXT_INDEX_SQL = Object.entries(TEXT_INDEXES)
  .map(
    ([table, column]) =>
      `CREATE VIRTUAL TABLE ${table}_text USING fts5(${column}, content='${table}', content_rowid='rowid', tokenize='trigram case_sensitive 1');`,
  )
  .join('\n');

/** Fills the indexes from their tables (the build, once the rows are written). */
export function writeTextIndexes(db: { exec(sql: string): unknown }): void {
  for (const table of Object.keys(TEXT_INDEXES)) {
    db.exec(`INSERT INTO ${table}_text (${table}_text) VALUES ('rebuild'); INSERT INTO ${table}_text (${table}_text) VALUES ('optimize');`);
  }
}

/** Shortest folded query the index can answer: one trigram. */
const MIN_INDEXED = 3;

export interface ContainsOptions {
  /**
   * Walk the list's order index and check each row against the matches, instead of looking every
   * match up by rowid and sorting them: better when the list has an order index and a query can
   * match most rows (real bills, q=act, 7,137 matches: page 8.7 → 0.9 ms; on 400 random title words
   * both average 0.7 ms). Worse on a small table without one (politicians: 28 → 51 µs).
   */
  walkOrderIndex?: boolean;
}

/**
 * The WHERE condition and its one value for "`table` (as `alias`) contains `q`", case- and
 * accent-insensitively: a trigram phrase query, or a scan for a query under 3 characters or holding
 * a NUL.
 */
export function containsText(
  table: TextIndexed,
  alias: string,
  q: string,
  { walkOrderIndex = false }: ContainsOptions = {},
): [sql: string, value: string] {
  const folded = fold(q);
  const column = `${alias ? `${alias}.` : ''}${TEXT_INDEXES[table]}`;
  // A scan with instr, which compares every byte of both values: FTS5's query parser and LIKE stop
  // at a NUL character (FTS5 fails: "unterminated string"; LIKE matches a shorter text).
  if (folded.includes('\0') || [...folded].length < MIN_INDEXED) return [`instr(${column}, ?) > 0`, folded];
  // One FTS5 string: the whole query, its double quotes doubled, so nothing in it is syntax. The unary
  // `+` keeps SQLite from using the IN list to look rows up by rowid (walkOrderIndex).
  return [
    `${walkOrderIndex ? '+' : ''}${alias ? `${alias}.` : ''}rowid IN (SELECT rowid FROM ${table}_text WHERE ${table}_text MATCH ?)`,
    `"${folded.replace(/"/g, '""')}"`,
  ];
}
