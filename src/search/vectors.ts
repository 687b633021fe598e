// The vector index: sqlite-vec's vec0 table, cosine distance, with the search filters as metadata
// columns so a filtered k-nearest-neighbour query filters during the scan (a post-filter would
// return fewer than k results under selective filters).
import type Database from 'better-sqlite3';
import type { SearchFilters } from '../db/search.js';

export const VECTOR_TABLE_SQL = (dim: number) => `
CREATE VIRTUAL TABLE chunk_vectors USING vec0(
  embedding float[${dim}] distance_metric=cosine,
  language text, level text, province_territory text, speech_type text, spoken_on text,
  is_presiding integer, politician_active integer, politician_id text, party text, session_id text
);`;

/** sqlite-vec caps k at 4096. */
export const MAX_K = 4096;

export interface Neighbour { rowid: number; similarity: number }

export interface VectorIndex {
  count(): number;
  nearest(query: Float32Array, k: number, f: SearchFilters, sessionIds: string[] | null): Neighbour[];
  /** Stored vectors by chunk rowid (missing ones are absent). */
  vectors(rowids: number[]): Map<number, Float32Array>;
}

export function hasVectorTable(db: Database.Database): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'chunk_vectors'").get());
}

/** Needs sqlite-vec loaded on `db`. `sessionIds`: the parliament/session filter resolved to ids. */
export function createVectorIndex(db: Database.Database): VectorIndex {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
    return stmt;
  };
  const count = db.prepare('SELECT count(*) FROM chunk_vectors').pluck();
  const byRowid = db.prepare('SELECT rowid, embedding FROM chunk_vectors WHERE rowid IN (SELECT value FROM json_each(?))');
  const list = (n: number) => `(${Array(n).fill('?').join(', ')})`;
  return {
    count: () => count.get() as number,
    nearest(query, k, f, sessionIds) {
      const clauses: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, ...p: unknown[]) => { clauses.push(sql); params.push(...p); };
      if (f.langs.length < 2) add('language = ?', f.langs[0]);
      if (f.level) add('level = ?', f.level);
      if (f.province_territory) add('province_territory = ?', f.province_territory);
      if (f.politician_ids) add(`politician_id IN ${list(f.politician_ids.length)}`, ...f.politician_ids);
      if (f.party) add('party = ?', f.party.toLowerCase());
      if (f.from) add('spoken_on >= ?', f.from);
      if (f.to) add('spoken_on <= ?', f.to);
      if (f.exclude_presiding) add('is_presiding = ?', 0n);
      if (f.politician_active) add('politician_active = ?', f.politician_active === 'active' ? 1n : 0n);
      if (f.session_id) add('session_id = ?', f.session_id);
      if (sessionIds) add(sessionIds.length ? `session_id IN ${list(sessionIds.length)}` : '0', ...sessionIds);
      if (f.speech_type) add(`speech_type IN ${list(f.speech_type.length)}`, ...f.speech_type);
      const sql = `SELECT rowid, distance FROM chunk_vectors WHERE embedding MATCH ? AND k = ? ${clauses.map((c) => `AND ${c}`).join(' ')}`;
      const rows = prepare(sql).all(query, Math.min(k, MAX_K), ...params) as Array<{ rowid: number; distance: number }>;
      return rows.map((r) => ({ rowid: r.rowid, similarity: 1 - r.distance }));
    },
    vectors(rowids) {
      const out = new Map<number, Float32Array>();
      if (!rowids.length) return out;
      for (const r of byRowid.all(JSON.stringify(rowids)) as Array<{ rowid: number; embedding: Buffer }>) {
        out.set(r.rowid, new Float32Array(r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength)));
      }
      return out;
    },
  };
}
