// Build step after the keyword index is merged: each level list (`stem_L` token) copied out of FTS5
// into one blob of its own (src/core/data-file/posting-blob.ts), which a search reads in one row read, and
// the chunks per stem and level counted from those rows (chunk_term_docs).
//
// The lists are read through fts5vocab's `instance` table, whose rows come in token order and,
// within a token, in rowid order: one pass over the merged index, grouped into one JSON array per
// token by SQLite (~0.3 µs a posting on data/real.db, against ~1.6 µs with a MATCH query per token).
// It is read a thousand tokens at a time, resuming after the last token read, because
// better-sqlite3 cannot write while a read is under way on the same connection; so memory holds one
// batch's lists, not the index. Facet tokens (`f_…`) are not level lists and stay in FTS5 only.
import type Database from 'better-sqlite3';
import { LEVELS } from '../../src/core/data-file/keyword-index.js';
import { encodePostings } from '../../src/core/data-file/posting-blob.js';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';

/** Tokens read in one batch. */
const TOKENS_PER_BATCH = 1000;

/** A level token is a stem (letters and digits, never `_`) then `_` and a level. */
const LEVEL_TOKEN = /^[^_]+_(?:[0-9]|1[0-5])$/;

export interface PostingListsResult {
  lists: number;
  postings: number;
  bytes: number;
}

/** Writes chunk_postings from the merged chunks_fts; returns what it wrote. */
export function writePostingLists(db: Database.Database, onProgress: (msg: string) => void = () => {}): PostingListsResult {
  db.exec("CREATE VIRTUAL TABLE temp.chunks_instances USING fts5vocab(main, 'chunks_fts', 'instance')");
  const guard = createMemoryGuard();
  const insert = db.prepare('INSERT INTO chunk_postings (token, docs, rowids) VALUES (?, ?, ?)');
  const next = db
    .prepare(
      `SELECT term, json_group_array(doc) FROM temp.chunks_instances WHERE term > ? GROUP BY term ORDER BY term LIMIT ${TOKENS_PER_BATCH}`,
    )
    .raw();
  let lists = 0,
    postings = 0,
    bytes = 0,
    reported = 0;
  try {
    let after = '';
    for (;;) {
      const batch = next.all(after) as Array<[string, string]>;
      if (!batch.length) break;
      for (const [token, json] of batch) {
        if (!LEVEL_TOKEN.test(token)) continue;
        const rowids = JSON.parse(json) as number[];
        const blob = encodePostings(rowids.reverse());
        insert.run(token, rowids.length, blob);
        lists++;
        postings += rowids.length;
        bytes += blob.length;
      }
      after = batch[batch.length - 1][0];
      guard.check();
      if (postings - reported >= 10_000_000) {
        reported = postings;
        onProgress(
          `keyword index: ${lists} level lists copied into blobs (${postings} postings, ${(bytes / postings).toFixed(2)} bytes each)`,
        );
      }
    }
  } finally {
    db.exec('DROP TABLE temp.chunks_instances');
  }
  return { lists, postings, bytes };
}

/**
 * chunk_term_docs from chunk_postings: a level token's `docs` is the chunks holding its stem at that
 * level. One statement over the lists' rows (`docs` precedes the blob in the record, so the blobs'
 * overflow pages are not read), where counting through fts5vocab's `row` table read every posting
 * again (32.7 s at 8 M chunks). SQLite's sorter, not this thread, holds the grouping.
 */
export function writeTermDocs(db: Database.Database): number {
  const perLevel = Array.from({ length: LEVELS }, (_, l) => `sum(CASE WHEN level = ${l} THEN docs ELSE 0 END)`).join(', ');
  return db
    .prepare(`
    INSERT INTO chunk_term_docs (term, docs, level_docs)
    SELECT stem, sum(docs), json_array(${perLevel})
    FROM (SELECT substr(token, 1, at - 1) AS stem, CAST(substr(token, at + 1) AS INTEGER) AS level, docs
          FROM (SELECT token, docs, instr(token, '_') AS at FROM chunk_postings))
    GROUP BY stem`)
    .run().changes;
}
