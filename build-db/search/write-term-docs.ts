// Build step after the keyword index: how many chunks hold each indexed term. The server reads it
// to keep bm25 off hundreds of thousands of rows when a query has only common words (the keyword
// plan in src/search/keyword-plan.ts); FTS5 itself can count a term's chunks only by reading its
// whole posting list.
import type Database from 'better-sqlite3';

export const TERM_DOCS_SQL = 'CREATE TABLE chunk_term_docs (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;';

/** Returns the number of distinct terms. */
export function writeTermDocs(db: Database.Database): number {
  db.exec(`CREATE VIRTUAL TABLE temp.chunks_fts_terms USING fts5vocab(main, 'chunks_fts', 'row');
    ${TERM_DOCS_SQL}
    INSERT INTO chunk_term_docs (term, docs) SELECT term, doc FROM temp.chunks_fts_terms;
    DROP TABLE temp.chunks_fts_terms;`);
  return db.prepare('SELECT count(*) FROM chunk_term_docs').pluck().get() as number;
}
