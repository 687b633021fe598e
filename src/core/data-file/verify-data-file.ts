// The checks a data file passes before it is published or served: it opens the way the server
// opens it (schema version, build record), and its contents are the build's. Two depths:
//
// - quick (server start and reload, by default): the schema, every stored blob (the encoder model),
//   every table of blobs the server decodes (geometries, vectors, postings, index shadow tables)
//   and the build record against their recorded checksums, and the list of tables. One read of
//   the blobs, not of the whole file.
// - full (`canpol verify`, the nightly before it publishes): also SQLite's integrity check, every
//   table's row count against the build record, and every table's rows against their checksum.
//   One read of the whole file.
import { statSync } from 'node:fs';
import { checkChecksums, type ChecksumProgress, type ChecksumReport } from './data-checksums.js';
import { DataFileError, openDataFile, type DataFile } from './open-data-file.js';
import { quoteName } from './sql-name.js';

export type VerifyDepth = 'quick' | 'full';

export interface VerifyResult {
  ok: boolean;
  path: string;
  depth: VerifyDepth;
  bytes: number | null;
  build_id: string | null;
  built_at: string | null;
  schema_version: number | null;
  /** SQLite `integrity_check` output: ["ok"] when sound; [] when not run (quick). */
  integrity: string[];
  /** How many recorded checksums were compared. */
  checksums: ChecksumReport['checked'];
  problems: string[];
}

const INTEGRITY_LINES = 20;

export interface VerifyOptions extends ChecksumProgress {
  depth?: VerifyDepth;
}

/** The checks of an open file; its problems are added to `result`. */
export function verifyOpenFile(file: DataFile, result: VerifyResult, progress: ChecksumProgress = {}): void {
  const full = result.depth === 'full';
  result.build_id = file.build.id;
  result.built_at = file.build.built_at;
  result.schema_version = file.build.schema_version;
  if (full) {
    try {
      result.integrity = (file.db.pragma(`integrity_check(${INTEGRITY_LINES})`) as Array<{ integrity_check: string }>).map(
        (r) => r.integrity_check,
      );
    } catch (err) {
      result.integrity = [(err as Error).message];
    }
    if (result.integrity.join() !== 'ok') result.problems.push(`SQLite integrity check failed: ${result.integrity.slice(0, 5).join('; ')}`);
    for (const [table, claimed] of Object.entries(file.build.row_counts)) {
      try {
        const { n } = file.db.prepare(`SELECT count(*) AS n FROM ${quoteName(table)}`).get() as { n: number };
        if (n !== claimed) result.problems.push(`table ${table} has ${n} rows; the build record says ${claimed}`);
      } catch (err) {
        result.problems.push(`table ${table} unreadable: ${(err as Error).message}`);
      }
    }
  }
  try {
    const sums = checkChecksums(file.db, { full, ...progress });
    result.checksums = sums.checked;
    result.problems.push(...sums.problems);
  } catch (err) {
    result.problems.push(`checksums could not be computed: ${(err as Error).message}`);
  }
  result.ok = result.problems.length === 0;
}

/** A result with nothing checked yet. */
export const newVerifyResult = (path: string, depth: VerifyDepth): VerifyResult => ({
  ok: false,
  path,
  depth,
  bytes: null,
  build_id: null,
  built_at: null,
  schema_version: null,
  integrity: [],
  checksums: { schema: 0, blobs: 0, tables: 0 },
  problems: [],
});

export function verifyDataFile(path: string, { depth = 'full', ...progress }: VerifyOptions = {}): VerifyResult {
  const result = newVerifyResult(path, depth);
  try {
    result.bytes = statSync(path).size;
  } catch {
    /* openDataFile says it is missing */
  }
  let file;
  try {
    file = openDataFile(path, { mmapSize: 0 });
  } catch (err) {
    result.problems.push(err instanceof DataFileError ? err.message : `cannot open ${path}: ${(err as Error).message}`);
    return result;
  }
  try {
    verifyOpenFile(file, result, progress);
  } finally {
    file.close();
  }
  return result;
}
