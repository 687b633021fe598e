// Rows added, removed and changed per table between the previous data file and the new one,
// matched by primary key (tables without one: by whole row, so a changed row counts as one
// removed and one added).
import Database from 'better-sqlite3';
import { quoteName as q } from '../../src/core/data-file/sql-name.js';

export interface TableChange {
  previous: number | null;
  current: number;
  added: number;
  removed: number;
  changed: number | null;
}

interface Column {
  name: string;
  pk: number;
}

function realTables(db: Database.Database, schema: string): Set<string> {
  const rows = db
    .prepare(`SELECT name, sql FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as Array<{ name: string; sql: string }>;
  return new Set(rows.filter((r) => !/^CREATE VIRTUAL/i.test(r.sql)).map((r) => r.name));
}

/** Tables holding data: not SQLite's own, not virtual tables, not the shadow tables of FTS5 or
 *  R*Tree indexes (their row counts move with the index layout, not with the data). */
export function dataTables(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{
      name: string;
      sql: string;
    }>;
    const virtual = rows.filter((r) => /^CREATE VIRTUAL/i.test(r.sql)).map((r) => r.name);
    return rows
      .filter((r) => !virtual.includes(r.name) && !virtual.some((v) => r.name.startsWith(`${v}_`)) && r.name !== 'build')
      .map((r) => r.name)
      .sort();
  } finally {
    db.close();
  }
}

export function compareDataFiles(currentPath: string, previousPath: string | null, tables: string[]): Record<string, TableChange> {
  const db = new Database(currentPath, { readonly: true });
  const out: Record<string, TableChange> = {};
  try {
    if (previousPath) db.prepare('ATTACH DATABASE ? AS prev').run(previousPath);
    const mine = realTables(db, 'main');
    const theirs = previousPath ? realTables(db, 'prev') : new Set<string>();
    const count = (schema: string, t: string) => (db.prepare(`SELECT count(*) AS n FROM ${schema}.${q(t)}`).get() as { n: number }).n;
    for (const t of tables.filter((name) => mine.has(name)).sort()) {
      const current = count('main', t);
      if (!theirs.has(t)) {
        out[t] = { previous: previousPath ? 0 : null, current, added: current, removed: 0, changed: previousPath ? 0 : null };
        continue;
      }
      const cols = db.prepare(`SELECT name, pk FROM pragma_table_info(?, 'main')`).all(t) as Column[];
      const prevCols = new Set((db.prepare(`SELECT name FROM pragma_table_info(?, 'prev')`).all(t) as Column[]).map((c) => c.name));
      const shared = cols.filter((c) => prevCols.has(c.name));
      const keys = shared.filter((c) => c.pk > 0).map((c) => c.name);
      const previous = count('prev', t);
      if (keys.length) {
        const on = keys.map((k) => `n.${q(k)} = o.${q(k)}`).join(' AND ');
        const values = shared.filter((c) => c.pk === 0).map((c) => `n.${q(c.name)} IS o.${q(c.name)}`);
        const both = (db.prepare(`SELECT count(*) AS n FROM main.${q(t)} n JOIN prev.${q(t)} o ON ${on}`).get() as { n: number }).n;
        const changed = values.length
          ? (
              db
                .prepare(`SELECT count(*) AS n FROM main.${q(t)} n JOIN prev.${q(t)} o ON ${on} WHERE NOT (${values.join(' AND ')})`)
                .get() as { n: number }
            ).n
          : 0;
        out[t] = { previous, current, added: current - both, removed: previous - both, changed };
      } else {
        const list = shared.map((c) => q(c.name)).join(', ');
        const diff = (a: string, b: string) =>
          (
            db.prepare(`SELECT count(*) AS n FROM (SELECT ${list} FROM ${a}.${q(t)} EXCEPT SELECT ${list} FROM ${b}.${q(t)})`).get() as {
              n: number;
            }
          ).n;
        out[t] = { previous, current, added: diff('main', 'prev'), removed: diff('prev', 'main'), changed: null };
      }
    }
  } finally {
    db.close();
  }
  return out;
}
