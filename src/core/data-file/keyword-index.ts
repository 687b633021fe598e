// The keyword index's vocabulary, shared by the build that writes it and the search that reads it.
//
// FTS5's bm25() scores every chunk a query matches, and first reads each term's whole posting list
// to count its chunks: at 1 M chunks that is 0.7-1.4 µs per match plus a pass over lists of up to
// 400,000 chunks, 20-100 ms for queries of common words. So the index is impact-ordered instead:
// each chunk is indexed under `stem_L` for each of its stems, where L is the stem's BM25 term weight
// in that chunk (tf and chunk length, k1 = 1.2, b = 0.75 as FTS5's bm25) cut into LEVELS levels.
// A search reads the posting lists of its stems, highest idf·weight first, and adds idf·weight per
// chunk: the BM25 score with weights rounded to a level, from lists that need no scoring. Posting
// lists hold rowids only (detail=none); each is also kept as one blob (chunk_postings), which reads
// ~60 times faster than stepping FTS5 through it. Each chunk is also indexed under one facet token per
// filter column value, so a filter intersects posting lists inside FTS5 instead of being checked
// after. docs/api-notes.md "Search" has the measurements.
import { createHash } from 'node:crypto';
import type { ValueColumn } from './value-columns.js';

export const K1 = 1.2;
export const B = 0.75;
export const LEVELS = 16;

/** The index's constants: 'average_length', the avgdl every level was computed with, so that a
 *  search can work out a chunk's level of a stem from its text (src/server/search/keyword-plan.ts). */
export const TERM_STATS_SQL = 'CREATE TABLE chunk_term_stats (name TEXT PRIMARY KEY, value REAL NOT NULL) WITHOUT ROWID;';

export const KEYWORD_INDEX_SQL = `
CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, content='', detail=none, tokenize="unicode61 remove_diacritics 0 tokenchars '_·'");
-- Each level list (stem_L token) again as one blob, rowids newest first (src/core/data-file/posting-blob.ts):
-- what a search reads a list from when no filter is part of the list's query.
CREATE TABLE chunk_postings (token TEXT PRIMARY KEY, docs INTEGER NOT NULL, rowids BLOB NOT NULL);
-- Chunks per stem, in all and per impact level (JSON array of LEVELS counts): what a search plans with.
CREATE TABLE chunk_term_docs (term TEXT PRIMARY KEY, docs INTEGER NOT NULL, level_docs TEXT NOT NULL) WITHOUT ROWID;
${TERM_STATS_SQL}`;

/** chunk_term_stats' name of the average chunk length the levels were computed with. */
export const AVERAGE_LENGTH = 'average_length';

/** BM25's term weight of a stem `tf` times in a chunk of `dl` terms: tf·(k1+1) / (tf + k1·(1 - b + b·dl/avgdl)). */
export function termWeight(tf: number, dl: number, avgdl: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * dl) / (avgdl || 1)));
}

/** The level of a term weight (0 .. LEVELS-1; weights lie in (0, k1+1)). */
export const levelOf = (weight: number) => Math.min(LEVELS - 1, Math.floor((weight / (K1 + 1)) * LEVELS));

/** The weight a level stands for: the middle of its range. */
export const levelWeight = (level: number) => ((level + 0.5) / LEVELS) * (K1 + 1);

/** FTS5's idf: log((N - n + 0.5) / (n + 0.5)), and 1e-6 for terms in more than half the chunks. */
export function idf(chunks: number, docs: number): number {
  const v = Math.log((chunks - docs + 0.5) / (docs + 0.5));
  return v > 0 ? v : 1e-6;
}

/** The index token of a stem at a level. Stems hold letters, digits and (French) FRENCH_MARK, never `_`. */
export const termToken = (stem: string, level: number) => `${stem}_${level}`;

/** The filter columns a chunk is indexed under, one token per value: the value filters, and the year. */
export type Facet = ValueColumn | 'year';

/** The index token of a filter value: hashed, since values hold spaces, hyphens and slashes. */
export function facetToken(facet: Facet, value: string): string {
  return `f_${facet === 'province_territory' ? 'province' : facet}_${createHash('sha1').update(value).digest('hex').slice(0, 12)}`;
}

/** An FTS5 query string: the tokens quoted, joined by `op`. */
export const ftsAny = (tokens: string[], op: 'OR' | 'AND' = 'OR') => tokens.map((t) => `"${t}"`).join(` ${op} `);
