// The chunks in rowid order, a batch at a time: the build's search steps read them this way because
// better-sqlite3 cannot write while a statement iterates, and they write as they go.
import type Database from 'better-sqlite3';

export function* chunkBatches<T extends { rowid: number }>(db: Database.Database, columns: string, size: number): Generator<T[]> {
  const page = db.prepare(`SELECT rowid, ${columns} FROM chunks WHERE rowid > ? ORDER BY rowid LIMIT ?`);
  for (let last = 0; ; ) {
    const rows = page.all(last, size) as T[];
    if (!rows.length) return;
    last = rows[rows.length - 1].rowid;
    yield rows;
  }
}
