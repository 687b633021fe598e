// The boundaries of a previous data file (`--reuse`), copied instead of repaired, measured and
// simplified again, when they are the rows this build would write. The geo phase is most of a
// nightly build that changed no boundary (1,557 boundaries, 2.7 M vertices through polyclip's
// union: 4-10 minutes on 2 cores, every night). Nothing is trusted that is not checked:
//   1. the same inputs: the previous file was built with this schema and source format from the
//      same boundary files (their sha256 in its build record);
//   2. the same tables: `boundaries` and `boundaries_bbox` defined by the same SQL, and one row per
//      source record at rowids 1…N (no record was refused);
//   3. the same code: a sample of the records, spread over the file, derived again by this build
//      (deriveBoundary: repair, measure, simplify, encode) equals the stored rows, every column.
// The geometry warnings of the previous build record (repairs) are kept with the rows.
import type Database from 'better-sqlite3';
import { SCHEMA_VERSION } from '../../src/core/data-file/schema.js';
import { hasTables, PREVIOUS } from '../previous-file.js';
import { partFilesOf, type SourceRecords } from '../sources/files.js';
import { SOURCE_FORMAT_VERSION } from '../sources/schemas.js';
import { deriveBoundary, GEOMETRY_WARNING, type GeoPhaseSummary } from './write-boundaries.js';

const TABLES = ['boundaries', 'boundaries_bbox'] as const;
/** Records derived again to check the code (evenly spread, first and last among them). */
const SAMPLE = 6;

type Row = Record<string, unknown>;

function parsed<T>(text: unknown): T | null {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) =>
  a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.from(a).equals(Buffer.from(b)) : (a ?? null) === (b ?? null);

/** Why the previous file's boundaries (attached) are not the ones this build would write; null when they are. */
export function boundaryCarryMismatch(
  db: Database.Database,
  digests: Record<string, string>,
  rows: SourceRecords['boundaries'],
): string | null {
  if (!hasTables(db, ['build', ...TABLES], PREVIOUS)) return 'it holds no boundaries of this form';
  const build = db.prepare(`SELECT * FROM ${PREVIOUS}.build`).get() as Row | undefined;
  if (!build) return 'it has no build record';
  if (build.schema_version !== SCHEMA_VERSION) return `it has schema ${build.schema_version}, this build ${SCHEMA_VERSION}`;
  if (build.source_format_version !== SOURCE_FORMAT_VERSION)
    return `it was built from source format ${build.source_format_version}, this build reads ${SOURCE_FORMAT_VERSION}`;
  const theirs = parsed<Record<string, string>>(build.source_digests);
  if (!theirs) return 'its build record names no source digests';
  const mine = partFilesOf('boundaries', Object.keys(digests));
  const previous = partFilesOf('boundaries', Object.keys(theirs));
  if (mine.join('\n') !== previous.join('\n')) return `it was built from other boundary files (${previous.join(', ') || 'none'})`;
  const changed = mine.find((file) => digests[file] !== theirs[file]);
  if (changed) return `its ${changed} was another file (sha256 differs)`;
  for (const table of TABLES) {
    const definition = (schema: string) => db.prepare(`SELECT sql FROM ${schema}.sqlite_schema WHERE name = ?`).pluck().get(table);
    if (definition('main') !== definition(PREVIOUS)) return `its ${table} table is defined differently`;
  }
  const held = db.prepare(`SELECT count(*) AS n, coalesce(max(rowid), 0) AS last FROM ${PREVIOUS}.boundaries`).get() as {
    n: number;
    last: number;
  };
  if (held.n !== rows.length || held.last !== rows.length)
    return `it holds ${held.n} boundaries (the last at rowid ${held.last}), this build reads ${rows.length}`;
  const at = db.prepare(`SELECT * FROM ${PREVIOUS}.boundaries WHERE rowid = ?`);
  const picks = new Set(
    Array.from({ length: Math.min(SAMPLE, rows.length) }, (_, i) => Math.round((i * (rows.length - 1)) / Math.max(1, SAMPLE - 1))),
  );
  for (const i of picks) {
    const { file, line, record } = rows[i];
    const derived = deriveBoundary(record, i + 1);
    if (!derived.ok) return `${file}:${line} is refused by this build (${derived.reason})`;
    const stored = at.get(i + 1) as Row;
    const column = Object.keys(stored).find((c) => !same(derived.row[c], stored[c]));
    if (column) return `boundary ${i + 1} (${file}:${line}) differs in ${column}`;
  }
  return null;
}

/** Copies the previous file's boundaries when boundaryCarryMismatch finds nothing; null (and why, in
 *  the progress) when the phase must run. */
export function carryBoundaries(
  db: Database.Database,
  digests: Record<string, string>,
  rows: SourceRecords['boundaries'],
  onProgress: (msg: string) => void,
): GeoPhaseSummary | null {
  if (!rows.length) return null;
  const started = performance.now();
  const why = boundaryCarryMismatch(db, digests, rows);
  const checked = ((performance.now() - started) / 1000).toFixed(1);
  if (why) {
    onProgress(`geo: boundaries not carried over from the previous file (${why}; checked in ${checked}s)`);
    return null;
  }
  db.exec(`INSERT INTO main.boundaries SELECT * FROM ${PREVIOUS}.boundaries ORDER BY rowid`);
  db.exec(`INSERT INTO main.boundaries_bbox SELECT * FROM ${PREVIOUS}.boundaries_bbox`);
  const vertices = db.prepare('SELECT coalesce(sum(vertices), 0) FROM main.boundaries').pluck().get() as number;
  const previousWarnings = parsed<string[]>(db.prepare(`SELECT warnings FROM ${PREVIOUS}.build`).pluck().get()) ?? [];
  const warnings = previousWarnings.filter((w) => GEOMETRY_WARNING.test(w));
  const seconds = (performance.now() - started) / 1000;
  onProgress(
    `geo phase: ${rows.length} boundaries (${vertices} vertices) carried over from the previous file (checked in ${checked}s) in ${seconds.toFixed(1)}s`,
  );
  return {
    boundaries: rows.length,
    rejected: 0,
    repaired: warnings.length,
    vertices,
    simplifiedVertices: 0,
    seconds,
    warnings,
  };
}
