// The keyword index of a previous data file (`--reuse`), copied instead of built when it is the index
// this build would write. Building it is the build's longest step after embedding (1,003 s of an 8 M
// chunk build, 890 s of it tokenizing), and a nightly whose debates did not change would build the
// same index again. Two checks decide:
//   1. the same inputs: every chunk's indexed columns (its text through content_hash, its language
//      and its facet values), rowid by rowid, are the same in both files;
//   2. the same code: this build's tokenizer gives the previous file's average chunk length exactly,
//      and on a sample of chunks every token it writes is in the previous index for that chunk and
//      their number is the chunk's stored token count. A changed stemmer, level rule or facet token
//      shows there. Nothing else is trusted: a file whose index fails either check is not copied.
// The copy is SQLite's own (INSERT … SELECT from the previous file attached, build-db/previous-file.ts),
// after the build's transaction (it needs better-sqlite3's unsafe mode): 5-7x faster than copying row
// by row through a second connection (0.6-1.0 s against 4.0-5.5 s at 1 M chunks).
import type Database from 'better-sqlite3';
import { AVERAGE_LENGTH } from '../../src/core/data-file/keyword-index.js';
import { quoteName } from '../../src/core/data-file/sql-name.js';
import { hasTables, PREVIOUS } from '../previous-file.js';
import { CHUNK_TERMS_COLUMNS, KeywordTerms, type ChunkTerms } from './keyword-terms.js';
import { averageLength, lengthSample } from './write-keyword-index.js';

/** The chunk columns the keyword index is made from (content_hash stands for the text). */
const INDEXED =
  'rowid, content_hash, language, level, province_territory, politician_id, party_at_time, session_id, speech_type, spoken_on';

/** Tables the index is (FTS5's shadow tables of chunks_fts, then ours), copied in this order. */
export const KEYWORD_TABLES = [
  'chunks_fts_data',
  'chunks_fts_idx',
  'chunks_fts_docsize',
  'chunks_fts_config',
  'chunk_postings',
  'chunk_term_docs',
  'chunk_term_stats',
];

/** Chunks whose tokens are looked up in the previous index. */
const SPOT_CHECKS = 256;

/** Whether every chunk's indexed columns are the same in both files, rowid by rowid: the two read
 *  side by side, each in rowid order, up to the first difference. Comparing the values is 2.5x
 *  faster than hashing each file's rows (2.2 s against 5.5 s at 1 M chunks), and stops early. */
export function sameIndexedChunks(db: Database.Database, previous: Database.Database): boolean {
  const rows = (d: Database.Database) =>
    d.prepare(`SELECT ${INDEXED} FROM chunk_rows ORDER BY rowid`).raw().iterate() as IterableIterator<unknown[]>;
  const ours = rows(db),
    theirs = rows(previous);
  try {
    for (;;) {
      const a = ours.next(),
        b = theirs.next();
      if (a.done || b.done) return a.done === b.done;
      for (let i = 0; i < a.value.length; i++) if (a.value[i] !== b.value[i]) return false;
    }
  } finally {
    ours.return?.();
    theirs.return?.();
  }
}

/** FTS5's stored token count of a chunk (chunks_fts_docsize: one SQLite varint, high bits first,
 *  for its one column). */
function storedTokens(sz: Buffer): number {
  let n = 0;
  for (const b of sz) {
    n = n * 128 + (b & 0x7f);
    if (b < 0x80) break;
  }
  return n;
}

/** Why `previous`'s keyword index cannot stand for the one `db`'s chunks need; null when it can.
 *  `chunksCarried`: `db`'s chunk rows are `previous`'s, carried over (build-db/reuse-speeches.ts),
 *  so comparing them again would only read 8 M rows twice (~30 s) to find them equal. */
export function keywordIndexMismatch(db: Database.Database, previous: Database.Database, { chunksCarried = false } = {}): string | null {
  if (!hasTables(previous, [...KEYWORD_TABLES, 'chunk_rows'])) return 'it has no keyword index of this form';
  const count = (d: Database.Database) => d.prepare('SELECT count(*) FROM chunk_rows').pluck().get() as number;
  const chunks = count(db),
    theirChunks = count(previous);
  if (theirChunks !== chunks) return `it has ${theirChunks} chunks, this build ${chunks}`;
  if (!chunksCarried && !sameIndexedChunks(db, previous)) return 'its chunks differ (text, language or a facet)';

  const terms = new KeywordTerms();
  const avgdl = averageLength(terms.sample(lengthSample(db, chunks)));
  const theirs = previous.prepare('SELECT value FROM chunk_term_stats WHERE name = ?').pluck().get(AVERAGE_LENGTH) as number | undefined;
  if (theirs !== avgdl) return `its average chunk length is ${theirs}, this build's tokenizer gives ${avgdl}`;
  terms.setAverageLength(avgdl);

  const step = Math.max(1, Math.floor(chunks / SPOT_CHECKS));
  const rows = db
    .prepare(`SELECT rowid, ${CHUNK_TERMS_COLUMNS} FROM chunks WHERE rowid % ? = 0 LIMIT ${SPOT_CHECKS}`)
    .all(step) as ChunkTerms[];
  // `rowid BETWEEN r AND r`, not `rowid = r`: on a contentless table FTS5 answers `MATCH … AND rowid = r`
  // by looking the rowid up, and finds a row whatever the match (a token only another chunk holds).
  const has = previous.prepare('SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? AND rowid BETWEEN ? AND ?').pluck();
  const size = previous.prepare('SELECT sz FROM chunks_fts_docsize WHERE id = ?').pluck();
  const lines = terms.lines(rows);
  for (let i = 0; i < rows.length; i++) {
    const tokens = lines[i].split(' ').filter(Boolean);
    const sz = size.get(rows[i].rowid) as Buffer | undefined;
    const stored = sz ? storedTokens(sz) : 'no';
    if (stored !== tokens.length) return `chunk ${rows[i].rowid} has ${stored} tokens there, ${tokens.length} with this build's tokenizer`;
    const missing = tokens.find((t) => !has.get(`"${t}"`, rows[i].rowid, rows[i].rowid));
    if (missing) return `chunk ${rows[i].rowid}'s token ${missing} is not in its index`;
  }
  return null;
}

/** Fills the keyword index's tables of `db` (created empty) with the rows of the previous file,
 *  attached (build-db/previous-file.ts). After the build's transaction: FTS5's shadow tables are
 *  written in better-sqlite3's unsafe mode, which cannot be turned on inside one. */
export function copyKeywordIndex(db: Database.Database, onProgress: (msg: string) => void = () => {}): { rows: number } {
  // FTS5's shadow tables are read-only to SQL in better-sqlite3's defensive mode; its unsafe mode
  // lifts that for the copy only.
  db.unsafeMode(true);
  try {
    return { rows: db.transaction(() => copyTables(db, onProgress))() };
  } finally {
    db.unsafeMode(false);
  }
}

/** Each table's rows as stored (SQLite copies values with their types: FTS5's untyped integer
 *  columns stay integers), the columns named as this build's schema has them. */
function copyTables(db: Database.Database, onProgress: (msg: string) => void): number {
  let rows = 0;
  for (const table of KEYWORD_TABLES) {
    const columns = (db.prepare('SELECT name FROM main.pragma_table_info(?)').pluck().all(table) as string[]).map(quoteName).join(', ');
    db.prepare(`DELETE FROM main.${quoteName(table)}`).run();
    const n = db
      .prepare(`INSERT INTO main.${quoteName(table)} (${columns}) SELECT ${columns} FROM ${PREVIOUS}.${quoteName(table)}`)
      .run().changes;
    rows += n;
    onProgress(`keyword index: ${table} copied (${n} rows)`);
  }
  return rows;
}
