// First-seen dates carried over from the previous data file (`--reuse`, the last published one in
// the nightly): a record's first_seen_at / created_at is when this project first held it, so a
// rebuild must not reset it to the build's extraction time. The earlier of the two is kept.
import type Database from 'better-sqlite3';
import { PREVIOUS } from './previous-file.js';

/** Tables keyed by a stable `id` (build-db/ids.ts) and their first-seen column. */
export const FIRST_SEEN = [
  ['bills', 'first_seen_at'],
  ['bill_events', 'created_at'],
  ['bill_sponsors', 'created_at'],
  ['votes', 'created_at'],
  ['websites', 'created_at'],
] as const;

const hasColumn = (db: Database.Database, table: string, column: string) =>
  (db.prepare(`SELECT count(*) FROM ${PREVIOUS}.pragma_table_info(?) WHERE name IN ('id', ?)`).pluck().get(table, column) as number) === 2;

/** With the previous file attached as PREVIOUS: rows it also held get its earlier date. Returns rows changed per table. */
export function carryFirstSeen(db: Database.Database): Record<string, number> {
  const carried: Record<string, number> = {};
  for (const [table, column] of FIRST_SEEN) {
    // A previous file of another layout (older schema) simply has nothing to give.
    if (!hasColumn(db, table, column)) continue;
    carried[table] = db
      .prepare(`UPDATE main.${table} SET ${column} = p.${column} FROM ${PREVIOUS}.${table} AS p
      WHERE p.id = main.${table}.id AND p.${column} < main.${table}.${column}`)
      .run().changes;
  }
  return carried;
}
