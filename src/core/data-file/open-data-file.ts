// Opens a data file the way the server must: read-only, never written, memory-mapped.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SCHEMA_VERSION } from './schema.js';
import { loadSqliteVec } from '../natives/native-files.js';

export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

export interface BuildInfo {
  id: string;
  built_at: string;
  schema_version: number;
  dataset_name: string;
  is_demo: boolean;
  extracted_at: string;
  row_counts: Record<string, number>;
}

export interface DataFile {
  db: Database.Database;
  path: string;
  build: BuildInfo;
  close(): void;
}

export interface OpenOptions {
  /** Bytes of the file to memory-map (SQLite `mmap_size`). */
  mmapSize?: number;
}

/** 256 MiB: the default of `--mmap-size` (a file smaller than this is mapped whole). */
export const DEFAULT_MMAP_SIZE = 268_435_456;

export function openDataFile(path: string, { mmapSize = DEFAULT_MMAP_SIZE }: OpenOptions = {}): DataFile {
  if (!existsSync(path))
    throw new DataFileError(`data file ${path} does not exist (build one with: canpol build --sources DIR --out ${path})`);
  let db: Database.Database;
  try {
    // better-sqlite3 is built without URI filenames, so `immutable=1` is not available; read-only
    // plus query_only guarantees the server never writes, and mmap serves reads from the page cache.
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    // Keep the shared lock instead of taking and dropping it (with a journal check) per statement:
    // 4x cheaper point lookups. Nothing writes this file; a new build replaces it by rename.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma(`mmap_size = ${mmapSize}`);
    // sqlite-vec: its functions (vec_distance_cosine, vec_int8...) work in SQL on the stored int8
    // vectors (chunk_int8.vector_i8). Search itself does not call it: it scores in JavaScript
    // (src/server/search/vectors.ts).
    loadSqliteVec(db);
  } catch (err) {
    throw new DataFileError(`cannot open data file ${path}: ${(err as Error).message}`);
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      throw new DataFileError(
        `data file ${path} has schema version ${version}; this server reads version ${SCHEMA_VERSION}. Rebuild it with this version of canpol.`,
      );
    }
    const row = db.prepare('SELECT id, built_at, schema_version, dataset_name, is_demo, extracted_at, row_counts FROM build').get() as
      | (Omit<BuildInfo, 'is_demo' | 'row_counts'> & { is_demo: number; row_counts: string })
      | undefined;
    if (!row) throw new DataFileError(`data file ${path} has no build record; it was not made by canpol build`);
    const build: BuildInfo = { ...row, is_demo: row.is_demo === 1, row_counts: JSON.parse(row.row_counts) };
    return { db, path, build, close: () => db.close() };
  } catch (err) {
    db.close();
    if (err instanceof DataFileError) throw err;
    throw new DataFileError(`data file ${path} is not a canpol data file: ${(err as Error).message}`);
  }
}
