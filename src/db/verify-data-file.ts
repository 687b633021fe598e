// The checks a data file passes before it is published or served: it opens the way the server
// opens it (schema version, build record), SQLite finds no corruption, and every table holds the
// row count its build record claims.
import { statSync } from 'node:fs';
import { DataFileError, openDataFile } from './open-data-file.js';

export interface VerifyResult {
  ok: boolean;
  path: string;
  bytes: number | null;
  build_id: string | null;
  built_at: string | null;
  schema_version: number | null;
  /** SQLite `integrity_check` output: ["ok"] when sound. */
  integrity: string[];
  problems: string[];
}

const INTEGRITY_LINES = 20;

export function verifyDataFile(path: string): VerifyResult {
  const result: VerifyResult = { ok: false, path, bytes: null, build_id: null, built_at: null, schema_version: null, integrity: [], problems: [] };
  try { result.bytes = statSync(path).size; } catch { /* openDataFile says it is missing */ }
  let file;
  try {
    file = openDataFile(path, { mmapSize: 0 });
  } catch (err) {
    result.problems.push(err instanceof DataFileError ? err.message : `cannot open ${path}: ${(err as Error).message}`);
    return result;
  }
  try {
    result.build_id = file.build.id;
    result.built_at = file.build.built_at;
    result.schema_version = file.build.schema_version;
    try {
      result.integrity = (file.db.pragma(`integrity_check(${INTEGRITY_LINES})`) as Array<{ integrity_check: string }>).map((r) => r.integrity_check);
    } catch (err) {
      result.integrity = [(err as Error).message];
    }
    if (result.integrity.join() !== 'ok') result.problems.push(`SQLite integrity check failed: ${result.integrity.slice(0, 5).join('; ')}`);
    for (const [table, claimed] of Object.entries(file.build.row_counts)) {
      try {
        const { n } = file.db.prepare(`SELECT count(*) AS n FROM "${table.replace(/"/g, '""')}"`).get() as { n: number };
        if (n !== claimed) result.problems.push(`table ${table} has ${n} rows; the build record says ${claimed}`);
      } catch (err) {
        result.problems.push(`table ${table} unreadable: ${(err as Error).message}`);
      }
    }
  } finally {
    file.close();
  }
  result.ok = result.problems.length === 0;
  return result;
}
