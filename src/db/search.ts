// SQL of the search endpoints: filters over the chunks table, keyword candidates from FTS5,
// "recent" listing, and the rows a result is shaped from. Vectors live in src/search/vectors.ts.
import type Database from 'better-sqlite3';
import type { Lang } from '../search/text/terms.js';
import { Where } from './paged.js';

export interface SearchFilters {
  langs: Lang[];
  level?: string;
  province_territory?: string;
  politician_ids?: string[];
  party?: string;
  from?: string;
  to?: string;
  exclude_presiding: boolean;
  politician_active?: 'active' | 'inactive';
  parliament_number?: number;
  session_number?: number;
  session_id?: string;
  speech_type?: string[];
}

/** The conditions on `chunks c` for a set of filters (shared by every mode and the vector post-check). */
export function chunkWhere(f: SearchFilters): Where {
  const w = new Where();
  if (f.langs.length < 2) w.always('c.language = ?', f.langs[0]);
  w.when(f.level, 'c.level = ?');
  w.when(f.province_territory, 'c.province_territory = ?');
  w.when(f.politician_ids, 'c.politician_id IN (SELECT value FROM json_each(?))', (ids) => JSON.stringify(ids));
  w.when(f.party, 'c.party_at_time = ? COLLATE NOCASE');
  w.when(f.from, 'c.spoken_on >= ?');
  w.when(f.to, 'c.spoken_on <= ?');
  if (f.exclude_presiding) w.always('c.is_presiding = 0');
  w.when(f.politician_active, 'c.politician_active = ?', (a) => (a === 'active' ? 1 : 0));
  if (f.parliament_number !== undefined || f.session_number !== undefined) {
    const s = new Where().when(f.parliament_number, 'parliament_number = ?').when(f.session_number, 'session_number = ?');
    w.always(`c.session_id IN (SELECT id FROM sessions ${s})`, ...s.params);
  }
  w.when(f.session_id, 'c.session_id = ?');
  w.when(f.speech_type, 'c.speech_type IN (SELECT value FROM json_each(?))', (t) => JSON.stringify(t));
  return w;
}

export interface ResultRow {
  rowid: number; chunk_id: string; speech_id: string; chunk_index: number; text: string; char_start: number; char_end: number;
  spoken_at: string; language: Lang; level: string; province_territory: string | null; party_at_time: string | null;
  speaker_name_raw: string; speaker_role: string | null; speech_type: string; source_url: string | null; source_anchor: string | null;
  source_system: string; session_id: string | null; parliament_number: number | null; session_number: number | null;
  politician_id: string | null; politician_name: string | null; politician_slug: string | null; photo_url: string | null;
  politician_party: string | null; social_urls: string | null;
}

export interface SessionRow { session_id: string; parliament_number: number; session_number: number; name: string; start_date: string; end_date: string | null; level: string; province_territory: string | null }

const RESULT_SELECT = `SELECT c.rowid, c.id AS chunk_id, c.speech_id, c.chunk_index, c.text, c.char_start, c.char_end, c.spoken_at,
  c.language, c.level, c.province_territory, c.party_at_time, s.speaker_name_raw, s.speaker_role, s.speech_type, s.source_url,
  s.source_anchor, s.source_system, se.id AS session_id, se.parliament_number, se.session_number,
  p.id AS politician_id, p.name AS politician_name, p.external_parliament_slug AS politician_slug, p.photo_url,
  p.party AS politician_party, p.social_urls
  FROM chunks c JOIN speeches s ON s.id = c.speech_id LEFT JOIN sessions se ON se.id = c.session_id
  LEFT JOIN politicians p ON p.id = c.politician_id`;

export const COUNT_CAP = 10_001;

export function createSearchQueries(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
    return stmt;
  };
  const byRowids = db.prepare(`${RESULT_SELECT} WHERE c.rowid IN (SELECT value FROM json_each(?))`);
  const byId = db.prepare(`${RESULT_SELECT} WHERE c.id = ?`);
  const rowidOf = db.prepare('SELECT rowid FROM chunks WHERE id = ?').pluck();
  const totalChunks = db.prepare('SELECT count(*) FROM chunks').pluck();
  const sessions = db.prepare(`SELECT id AS session_id, parliament_number, session_number, name, start_date, end_date, level, province_territory
    FROM sessions se WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.session_id = se.id)
      AND (@level IS NULL OR level = @level) AND (@province IS NULL OR province_territory = @province)
    ORDER BY start_date DESC, id`);

  const hasTermDocs = Boolean(db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'chunk_term_docs'").get());
  const termDocs = hasTermDocs ? db.prepare('SELECT term, docs FROM chunk_term_docs WHERE term IN (SELECT value FROM json_each(?))') : db.prepare('SELECT 1');
  const sessionIds = db.prepare(`SELECT id FROM sessions WHERE (@p IS NULL OR parliament_number = @p) AND (@s IS NULL OR session_number = @s)`).pluck();

  /** The best keyword matches (bm25) with their bm25 score (lower is better), at most `limit`. */
  function keywordScored(match: string, f: SearchFilters, limit: number): Array<[number, number]> {
    const w = chunkWhere(f);
    const where = w.clauses.length ? `AND ${w.clauses.join(' AND ')}` : '';
    // Without filters the index alone answers: joining every match to its chunk doubles the cost.
    const sql = where
      ? `SELECT c.rowid, bm25(chunks_fts) FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
        WHERE chunks_fts MATCH ? ${where} ORDER BY bm25(chunks_fts), c.rowid LIMIT ?`
      : 'SELECT rowid, bm25(chunks_fts) FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts), rowid LIMIT ?';
    return prepare(sql).raw().all(match, ...w.params, limit) as Array<[number, number]>;
  }

  return {
    /** Session ids matching a parliament and/or session number (the vector index filters on ids). */
    sessionIdsFor: (parliament: number | undefined, session: number | undefined) =>
      parliament === undefined && session === undefined ? null : (sessionIds.all({ p: parliament ?? null, s: session ?? null }) as string[]),
    /** Rowids of the best keyword matches (bm25), at most `limit`. `match` is an FTS5 query. */
    keyword(match: string, f: SearchFilters, limit: number): number[] {
      return keywordScored(match, f, limit).map(([rowid]) => rowid);
    },
    keywordScored,
    /** Rowids of the best keyword matches (bm25) among the newest `cap` chunks matching `match` (before filters). */
    keywordNewest(match: string, f: SearchFilters, limit: number, cap: number): number[] {
      const w = chunkWhere(f);
      const where = w.clauses.length ? `WHERE ${w.clauses.join(' AND ')}` : '';
      return prepare(`SELECT c.rowid FROM (SELECT rowid, bm25(chunks_fts) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid DESC LIMIT ?) m
        JOIN chunks c ON c.rowid = m.rowid ${where} ORDER BY m.score, c.rowid LIMIT ?`).pluck().all(match, cap, ...w.params, limit) as number[];
    },
    /** How many chunks hold each stem; null for a data file built without the counts. */
    termDocs(stems: string[]): Map<string, number> | null {
      if (!hasTermDocs) return null;
      return new Map((termDocs.raw().all(JSON.stringify(stems)) as Array<[string, number]>));
    },
    /** Newest first, for "recent" mode. */
    recent(f: SearchFilters, limit: number, offset: number): number[] {
      const w = chunkWhere(f);
      return prepare(`SELECT c.rowid FROM chunks c ${w} ORDER BY c.spoken_at DESC, c.rowid DESC LIMIT ? OFFSET ?`).pluck().all(...w.params, limit, offset) as number[];
    },
    countCapped(f: SearchFilters): number {
      const w = chunkWhere(f);
      return prepare(`SELECT count(*) FROM (SELECT 1 FROM chunks c ${w} LIMIT ${COUNT_CAP})`).pluck().get(...w.params) as number;
    },
    /** Whether chunk `rowid` passes the filters (vector candidates are checked this way). */
    passing(rowids: number[], f: SearchFilters): Set<number> {
      const w = chunkWhere(f);
      const rows = prepare(`SELECT c.rowid FROM chunks c WHERE c.rowid IN (SELECT value FROM json_each(?)) ${w.clauses.length ? `AND ${w.clauses.join(' AND ')}` : ''}`)
        .pluck().all(JSON.stringify(rowids), ...w.params) as number[];
      return new Set(rows);
    },
    rows(rowids: number[]): Map<number, ResultRow> {
      if (!rowids.length) return new Map();
      return new Map((byRowids.all(JSON.stringify(rowids)) as ResultRow[]).map((r) => [r.rowid, r]));
    },
    chunk: (id: string) => byId.get(id) as ResultRow | undefined,
    rowidOf: (id: string) => rowidOf.get(id) as number | undefined,
    totalChunks: () => totalChunks.get() as number,
    sessions: (level: string | null, province: string | null) => sessions.all({ level, province }) as SessionRow[],
  };
}

export type SearchQueries = ReturnType<typeof createSearchQueries>;
