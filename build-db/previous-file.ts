// The previous data file of a `--reuse` build, attached to the file being written under one schema
// name for the whole write: the speeches and chunk rows are carried over from it inside the build's
// transaction (reuse-speeches.ts), its keyword index after it (search/reuse-keyword-index.ts). It is
// attached once, before the transaction (ATTACH cannot run inside one), and detached at the end.
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';

/** The schema name the previous file is attached under. */
export const PREVIOUS = 'previous';

export function attachPrevious(db: Database.Database, path: string): void {
  if (!existsSync(path)) throw new Error(`--reuse ${path}: no such file`);
  try {
    db.prepare(`ATTACH DATABASE ? AS ${PREVIOUS}`).run(path);
  } catch (err) {
    throw new Error(`--reuse ${path}: ${(err as Error).message}`, { cause: err });
  }
}

export function detachPrevious(db: Database.Database): void {
  db.exec(`DETACH DATABASE ${PREVIOUS}`);
}

/** Whether every one of `names` is a table or view of `schema` (the previous file attached, or a
 *  connection's own `main`). */
export function hasTables(db: Database.Database, names: readonly string[], schema = 'main'): boolean {
  const found = db
    .prepare(`SELECT count(*) FROM ${schema}.sqlite_schema WHERE name IN (${names.map(() => '?').join(', ')})`)
    .pluck()
    .get(...names) as number;
  return found === names.length;
}
