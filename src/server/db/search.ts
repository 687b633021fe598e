// SQL of the search endpoints: filters over the chunks table, posting lists of the keyword index,
// "recent" listing, and the rows a result is shaped from. Vectors live in src/server/search/vectors.ts.
import type Database from 'better-sqlite3';
import { createQueryCaches, SEARCH_CACHE_BYTES, type QueryCacheName } from '../search/query-caches.js';
import { AVERAGE_LENGTH } from '../../core/data-file/keyword-index.js';
import { decodePostings } from '../../core/data-file/posting-blob.js';
import type { Lang } from '../../core/text/terms.js';
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
  rowid: number;
  chunk_id: string;
  speech_id: string;
  chunk_index: number;
  text: string;
  char_start: number;
  char_end: number;
  spoken_at: string;
  language: Lang;
  level: string;
  province_territory: string | null;
  party_at_time: string | null;
  speaker_name_raw: string;
  speaker_role: string | null;
  speech_type: string;
  source_url: string | null;
  source_anchor: string | null;
  source_system: string;
  session_id: string | null;
  parliament_number: number | null;
  session_number: number | null;
  politician_id: string | null;
  politician_name: string | null;
  politician_slug: string | null;
  photo_url: string | null;
  politician_party: string | null;
  /** JSON array of the politician's live handles, [{platform, url, handle}] (null without a politician). */
  socials: string | null;
}

export interface SessionRow {
  session_id: string;
  parliament_number: number;
  session_number: number;
  name: string;
  start_date: string;
  end_date: string | null;
  level: string;
  province_territory: string | null;
}

const RESULT_SELECT = `SELECT c.rowid, c.id AS chunk_id, c.speech_id, c.chunk_index, c.text, c.char_start, c.char_end, c.spoken_at,
  c.language, c.level, c.province_territory, c.party_at_time, s.speaker_name_raw, s.speaker_role, s.speech_type, s.source_url,
  s.source_anchor, s.source_system, se.id AS session_id, se.parliament_number, se.session_number,
  p.id AS politician_id, p.name AS politician_name, p.external_parliament_slug AS politician_slug, p.photo_url,
  p.party AS politician_party,
  CASE WHEN p.id IS NULL THEN NULL ELSE (SELECT json_group_array(json_object('platform', platform, 'url', url, 'handle', handle))
    FROM (SELECT platform, url, handle FROM socials WHERE politician_id = p.id AND is_live = 1 ORDER BY platform, handle)) END AS socials
  FROM chunks c JOIN speeches s ON s.id = c.speech_id LEFT JOIN sessions se ON se.id = c.session_id
  LEFT JOIN politicians p ON p.id = c.politician_id`;

export const COUNT_CAP = 10_001;

/** An FTS5 query of one quoted token and nothing else. */
const LONE_TOKEN = /^"([^" ]+)"$/;

function recordedAverageLength(db: Database.Database): number | null {
  if (!db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'chunk_term_stats'").get()) return null;
  const v = db.prepare('SELECT value FROM chunk_term_stats WHERE name = ?').pluck().get(AVERAGE_LENGTH) as number | undefined;
  return typeof v === 'number' && v > 0 ? v : null;
}

/** The chunks the build counted (`build.row_counts`, written after the chunks and checked by
 *  `canpol verify --full`); null for a file without that count. Counting them at start scans an
 *  index of every chunk (at 8 M chunks, the content-hash index's ~75,000 pages). */
function recordedChunkCount(db: Database.Database): number | null {
  try {
    const json = db.prepare('SELECT row_counts FROM build').pluck().get() as string | undefined;
    const n = json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>).chunk_rows;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

/** `cacheBytes`: the caps of the caches in front of the reads search repeats (src/server/search/query-caches.ts). */
export function createSearchQueries(db: Database.Database, cacheBytes: Record<QueryCacheName, number> = SEARCH_CACHE_BYTES) {
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
  const sessions =
    db.prepare(`SELECT id AS session_id, parliament_number, session_number, name, start_date, end_date, level, province_territory
    FROM sessions se WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.session_id = se.id)
      AND (@level IS NULL OR level = @level) AND (@province IS NULL OR province_territory = @province)
    ORDER BY start_date DESC, id`);

  const termLevels = db
    .prepare('SELECT term, docs, level_docs FROM chunk_term_docs WHERE term IN (SELECT value FROM json_each(?)) ORDER BY term')
    .raw();
  // The primary key's order: a range of it is the terms starting with a prefix.
  const termsFrom = db.prepare('SELECT term FROM chunk_term_docs WHERE term >= ? AND term < ? ORDER BY term LIMIT ?').pluck();
  const sessionIds = db
    .prepare(`SELECT id FROM sessions WHERE (@p IS NULL OR parliament_number = @p) AND (@s IS NULL OR session_number = @s)`)
    .pluck();
  // One JSON array per list: better-sqlite3 costs ~0.15 µs per row returned, a third more than this.
  const postings = db
    .prepare('SELECT json_group_array(rowid) FROM (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid DESC LIMIT ?)')
    .pluck();
  const levelList = db.prepare('SELECT docs, rowids FROM chunk_postings WHERE token = ?').raw();
  const matching = db.prepare('SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?').pluck();
  const countUpTo = db.prepare('SELECT count(*) FROM (SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)').pluck();
  const sessionStartsOf = db
    .prepare(
      'SELECT c.rowid, se.start_date FROM chunks c JOIN sessions se ON se.id = c.session_id WHERE c.rowid IN (SELECT value FROM json_each(?))',
    )
    .raw();
  const textsOf = db.prepare('SELECT rowid, text, language FROM chunks WHERE rowid IN (SELECT value FROM json_each(?))').raw();
  const counted = new Map<string, number>();
  // The file is immutable: what is counted once stays true.
  const chunkCount = recordedChunkCount(db) ?? (totalChunks.get() as number);
  const maxRowid = (db.prepare('SELECT max(rowid) FROM chunks').pluck().get() as number | null) ?? 0;
  const averageLength = recordedAverageLength(db);
  // The first and last instants come from the chunks_by_time index (min/max of spoken_on would read
  // every chunk: 1.7 s at server start with 1 M). A local date can fall in the year before or after
  // its instant's UTC year, so the span is one year wider each side; a year without chunks matches none.
  const edge = (order: 'ASC' | 'DESC') =>
    db.prepare(`SELECT substr(spoken_at, 1, 4) FROM chunks ORDER BY spoken_at ${order} LIMIT 1`).pluck().get() as string | undefined;
  const [firstYear, lastYear] = [edge('ASC'), edge('DESC')];
  const texts = (rowids: readonly number[]): Map<number, { text: string; language: Lang }> => {
    if (!rowids.length) return new Map();
    return new Map(
      (textsOf.all(JSON.stringify(rowids)) as Array<[number, string, Lang]>).map(([r, text, language]) => [r, { text, language }]),
    );
  };
  const caches = createQueryCaches<ResultRow>(
    {
      termLevels: (stems) =>
        new Map(
          (termLevels.all(JSON.stringify(stems)) as Array<[string, number, string]>).map(([t, docs, l]) => [
            t,
            { docs, levels: JSON.parse(l) as number[] },
          ]),
        ),
      postings: (match, limit) => {
        // A lone token (a level list read without a filter) has a blob of its own; anything else (a
        // list and filters, a facet token) is FTS5's to answer.
        const lone = LONE_TOKEN.exec(match);
        const list = lone ? (levelList.get(lone[1]) as [number, Uint8Array | null] | undefined) : undefined;
        return list?.[1]
          ? decodePostings(list[1], limit, list[0])
          : Int32Array.from(JSON.parse(postings.get(match, limit) as string) as number[]);
      },
      texts,
      rows: (rowids) => {
        if (!rowids.length) return new Map();
        return new Map((byRowids.all(JSON.stringify(rowids)) as ResultRow[]).map((r) => [r.rowid, r]));
      },
    },
    cacheBytes,
  );

  return {
    /** Session ids matching a parliament and/or session number (the vector index filters on ids). */
    sessionIdsFor: (parliament: number | undefined, session: number | undefined) =>
      parliament === undefined && session === undefined
        ? null
        : (sessionIds.all({ p: parliament ?? null, s: session ?? null }) as string[]),
    /** Chunks holding each stem, in all and per impact level (src/core/data-file/keyword-index.ts), in stem order (kept). */
    termLevels: caches.termLevels,
    /** Rowids of the chunks an FTS5 query matches, newest first, at most `limit` (kept; never modify it). */
    postings: caches.postings,
    /** A chunk's words and stems (kept), for snippets and the cross-lingual check. */
    chunkWords: caches.chunkWords,
    chunkWordsOf: caches.chunkWordsOf,
    /** The caches' sizes and counts, for /metrics. */
    cacheStats: caches.stats,
    maxRowid: () => maxRowid,
    /** The average chunk length the keyword index's levels were computed with; null for a file
     *  that does not record it (built before chunk_term_stats). */
    averageLength: () => averageLength,
    /** Index terms starting with `prefix` (at most `limit`, in order). */
    termsStartingWith: (prefix: string, limit: number) => termsFrom.all(prefix, `${prefix}\uffff`, limit) as string[],
    /** How many chunks an FTS5 query matches (remembered: filters repeat, and the file never changes). */
    matchCount(match: string): number {
      let n = counted.get(match);
      if (n === undefined) {
        n = matching.get(match) as number;
        if (counted.size >= 10_000) counted.clear();
        counted.set(match, n);
      }
      return n;
    },
    /** Chunks an FTS5 query matches, counted up to `cap` (the count's cost stops there). */
    countMatching: (match: string, cap: number) => countUpTo.get(match, cap) as number,
    /** Years that hold every chunk's local date (null when there are no chunks). */
    yearSpan: (): [number, number] | null => (firstYear && lastYear ? [Number(firstYear) - 1, Number(lastYear) + 1] : null),
    /** Newest first, for "recent" mode. */
    recent(f: SearchFilters, limit: number, offset: number): number[] {
      const w = chunkWhere(f);
      return prepare(`SELECT c.rowid FROM chunks c ${w} ORDER BY c.spoken_at DESC, c.rowid DESC LIMIT ? OFFSET ?`)
        .pluck()
        .all(...w.params, limit, offset) as number[];
    },
    countCapped(f: SearchFilters): number {
      const w = chunkWhere(f);
      return prepare(`SELECT count(*) FROM (SELECT 1 FROM chunks c ${w} LIMIT ${COUNT_CAP})`)
        .pluck()
        .get(...w.params) as number;
    },
    /** Whether chunk `rowid` passes the filters (vector candidates are checked this way). */
    passing(rowids: number[], f: SearchFilters): Set<number> {
      const w = chunkWhere(f);
      const rows = prepare(
        `SELECT c.rowid FROM chunks c WHERE c.rowid IN (SELECT value FROM json_each(?)) ${w.clauses.length ? `AND ${w.clauses.join(' AND ')}` : ''}`,
      )
        .pluck()
        .all(JSON.stringify(rowids), ...w.params) as number[];
      return new Set(rows);
    },
    /** The rows results are shaped from, by rowid (kept; never modify them). */
    rows: caches.rows,
    chunk: (id: string) => byId.get(id) as ResultRow | undefined,
    /** Text and language of chunks, for the checks a row id cannot answer (quoted phrases, bill numbers). */
    texts: caches.texts,
    /** The start date of each chunk's session (chunks without a session are absent). */
    sessionStarts: (rowids: readonly number[]): Map<number, string> =>
      rowids.length ? new Map(sessionStartsOf.all(JSON.stringify(rowids)) as Array<[number, string]>) : new Map(),
    rowidOf: (id: string) => rowidOf.get(id) as number | undefined,
    totalChunks: () => chunkCount,
    /** Chunks in the file, also under a legislature's statistics (federated.ts): what filters' shares are reckoned against. */
    fileChunks: () => chunkCount,
    sessions: (level: string | null, province: string | null) => sessions.all({ level, province }) as SessionRow[],
  };
}

export type SearchQueries = ReturnType<typeof createSearchQueries>;
