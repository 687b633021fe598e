// What a data file holds, in a few figures /health states (docs/api-notes.md): the federal Parliaments
// with sessions on file, the newest House sitting in its Hansard, whether that Hansard is the record or
// a sample, the sitting MPs and the federal riding map lookups use. Computed once per file from small
// tables and one index walk (the newest chunk), never a scan of the speeches.
import type Database from 'better-sqlite3';

export interface DataContents {
  /** Federal Parliaments with at least one session in the file, ascending. */
  federal_parliaments: number[];
  /** The newest day of a House sitting (not a committee) in the federal Hansard, YYYY-MM-DD. */
  newest_house_sitting: string | null;
  /** The federal Hansard's coverage: the whole record (`live`), a sample of sittings (`partial`), or none. */
  federal_hansard: 'record' | 'sample' | 'none';
  sitting_federal_members: number;
  /** The federal boundary sets lookups match (the riding map in force). */
  federal_ridings: string[];
}

const hasTable = (db: Database.Database, name: string) =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?`).pluck().get(name) !== undefined;

export function readDataContents(db: Database.Database): DataContents {
  const parliaments = db
    .prepare(`SELECT DISTINCT parliament_number FROM sessions WHERE level = 'federal' AND parliament_number IS NOT NULL ORDER BY 1`)
    .pluck()
    .all() as number[];
  // chunks_by_time walks from the newest: the first federal House chunk is the newest sitting.
  const newest = hasTable(db, 'chunk_rows')
    ? ((db
        .prepare(
          `SELECT spoken_on FROM chunk_rows WHERE level = 'federal' AND speech_type <> 'committee' ORDER BY spoken_at DESC, rowid DESC LIMIT 1`,
        )
        .pluck()
        .get() as string | undefined) ?? null)
    : null;
  const hansard = db.prepare(`SELECT hansard_status FROM jurisdictions WHERE jurisdiction = 'federal'`).pluck().get() as string | undefined;
  const sitting = db
    .prepare(`SELECT count(*) FROM politicians WHERE level = 'federal' AND status = 'sitting' AND elected_office = 'MP'`)
    .pluck()
    .get() as number;
  const ridings = db
    .prepare(`SELECT DISTINCT source_set FROM boundaries WHERE level = 'federal' AND is_current = 1 ORDER BY 1`)
    .pluck()
    .all() as string[];
  return {
    federal_parliaments: parliaments,
    newest_house_sitting: newest,
    federal_hansard: hansard === 'live' ? 'record' : hansard === 'partial' ? 'sample' : 'none',
    sitting_federal_members: sitting,
    federal_ridings: ridings,
  };
}
