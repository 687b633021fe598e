// Checksums of what a data file stores, recorded by the build as its last step and checked by the
// server at start (cheaply) and by `canpol verify` (fully). SQLite's own integrity check proves the
// file's structure, not its contents: a page of the stored encoder model scribbled over is still a
// well-formed overflow page. These prove the contents are the bytes the build wrote.
//
// - per table: SHA-256 over every row in key order (rowid, or the primary key of a WITHOUT ROWID
//   table), each value written as a type letter and its text (`n`; `i<integer>;`; `f<real>;`;
//   `t<length>:<text>`; `b<length>:<bytes>`). Virtual tables are covered by their shadow tables.
// - per stored blob (the encoder's model and card): SHA-256 of its bytes, and its length.
// - the schema: SHA-256 over sqlite_schema's rows (type, name, table, SQL) but the checksums' own.
//
// Rows are read one at a time (a table is never held in memory, only the row being hashed), so a
// file of tens of GB is checked in one pass at the speed SQLite reads it.
import { createHash, type Hash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { quoteName as quote } from './sql-name.js';

export const CHECKSUMS_TABLE = 'checksums';
export const CHECKSUMS_TABLE_SQL = `CREATE TABLE ${CHECKSUMS_TABLE} (
  kind TEXT NOT NULL,               -- table, blob or schema
  name TEXT NOT NULL,               -- the table; the blob as <table>/<key>; sqlite_schema
  sha256 TEXT NOT NULL,
  rows INTEGER,                     -- rows hashed (tables)
  bytes INTEGER NOT NULL,           -- characters and bytes hashed (tables), the blob's length (blobs)
  PRIMARY KEY (kind, name)
) WITHOUT ROWID`;

export type ChecksumKind = 'table' | 'blob' | 'schema';

export interface Checksum {
  kind: ChecksumKind;
  name: string;
  sha256: string;
  rows: number | null;
  bytes: number;
}

/** Tables whose rows are named blobs (key → value), each checked on its own. */
const BLOB_TABLES = [{ table: 'encoder', key: 'name', value: 'value' }] as const;

export interface TableInfo {
  name: string;
  withoutRowid: boolean;
}

/** Every table that holds rows, shadow tables of virtual tables included, but the checksums. */
export function storedTables(db: Database.Database): TableInfo[] {
  const rows = db
    .prepare("SELECT name, type, wr FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'shadow') ORDER BY name")
    .all() as Array<{ name: string; wr: number }>;
  return rows
    .filter((r) => r.name !== CHECKSUMS_TABLE && r.name !== 'sqlite_schema')
    .map((r) => ({ name: r.name, withoutRowid: r.wr === 1 }));
}

function keyOrder(db: Database.Database, t: TableInfo): string {
  if (!t.withoutRowid) return 'rowid';
  const pk = (db.prepare(`SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`).all(t.name) as Array<{ name: string }>).map(
    (c) => quote(c.name),
  );
  return pk.join(', ');
}

/** Hashes rows as they come: text is gathered into one string per ~64 kB, blobs go in directly. */
function rowHasher() {
  const hash: Hash = createHash('sha256');
  let pending = '';
  let bytes = 0;
  return {
    row(values: unknown[]): void {
      let s = 'r';
      for (const v of values) {
        if (v === null) s += 'n';
        else if (typeof v === 'bigint') s += `i${v};`;
        else if (typeof v === 'number') s += `f${v};`;
        else if (typeof v === 'string') s += `t${v.length}:${v}`;
        else {
          const b = v as Buffer;
          pending += `${s}b${b.length}:`;
          s = '';
          hash.update(pending);
          hash.update(b);
          bytes += pending.length + b.length;
          pending = '';
        }
      }
      pending += s;
      if (pending.length >= 65536) {
        hash.update(pending);
        bytes += pending.length;
        pending = '';
      }
    },
    digest(): { sha256: string; bytes: number } {
      hash.update(pending);
      bytes += pending.length;
      pending = '';
      return { sha256: hash.digest('hex'), bytes };
    },
  };
}

/** Rows hashed between two calls of `onRows`. */
export const ROWS_PER_CALL = 20_000;

export function tableChecksum(db: Database.Database, t: TableInfo, onRows?: () => void): Checksum {
  const select = t.withoutRowid ? `SELECT * FROM ${quote(t.name)}` : `SELECT rowid, * FROM ${quote(t.name)}`;
  const stmt = db
    .prepare(`${select} ORDER BY ${keyOrder(db, t)}`)
    .raw(true)
    .safeIntegers(true);
  const h = rowHasher();
  let rows = 0;
  for (const values of stmt.iterate() as Iterable<unknown[]>) {
    h.row(values);
    if (++rows % ROWS_PER_CALL === 0) onRows?.();
  }
  return { kind: 'table', name: t.name, rows, ...h.digest() };
}

export function schemaChecksum(db: Database.Database): Checksum {
  const h = rowHasher();
  const rows = db
    .prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE tbl_name <> ? ORDER BY type, name')
    .raw(true)
    .all(CHECKSUMS_TABLE) as unknown[][];
  for (const r of rows) h.row(r);
  return { kind: 'schema', name: 'sqlite_schema', rows: rows.length, ...h.digest() };
}

/** The named blobs a file stores (a blob is read whole: these are megabytes, not gigabytes). */
export function blobChecksums(db: Database.Database): Checksum[] {
  const out: Checksum[] = [];
  const present = new Set(storedTables(db).map((t) => t.name));
  for (const { table, key, value } of BLOB_TABLES) {
    if (!present.has(table)) continue;
    const rows = db.prepare(`SELECT ${quote(key)} AS k, ${quote(value)} AS v FROM ${quote(table)} ORDER BY ${quote(key)}`).all() as Array<{
      k: string;
      v: Buffer | string;
    }>;
    for (const { k, v } of rows) {
      const bytes = typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
      out.push({
        kind: 'blob',
        name: `${table}/${k}`,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        rows: null,
        bytes: bytes.length,
      });
    }
  }
  return out;
}

export interface ChecksumProgress {
  /** Called after each table, with how long it took. */
  onTable?(c: Checksum, seconds: number): void;
  /** Called every ROWS_PER_CALL rows: the build checks its memory there. Every row read leaves
   *  garbage (a 10 GB speeches table at 8 M chunks), which Bun collects late: an 8 M rebuild rose
   *  from 1.5 to 2.3 GB resident during this step without the check. */
  onRows?(): void;
  /** A second thread that hashes tables beside this one (build-db/workers/checksum-worker.ts). */
  helper?: ChecksumHelper | null;
}

/** Hashes tables on another thread: it takes them from the same queue (`takeNext`) and returns
 *  the checksums of those it took, with how long each took. */
export interface ChecksumHelper {
  start(tables: TableInfo[], queue: Int32Array): void;
  finish(): Array<{ checksum: Checksum; seconds: number }>;
}

/** The tables, the largest first by the row counts ANALYZE recorded (sqlite_stat1; 0 where it has
 *  none), so that two threads taking them in turn finish together: the speeches are more than half. */
export function largestFirst(db: Database.Database, tables: TableInfo[]): TableInfo[] {
  const hasStats = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get();
  const rows = new Map<string, number>();
  if (hasStats) {
    for (const { tbl, stat } of db.prepare('SELECT tbl, stat FROM sqlite_stat1').all() as Array<{ tbl: string; stat: string }>) {
      rows.set(tbl, Math.max(rows.get(tbl) ?? 0, Number.parseInt(stat, 10) || 0));
    }
  }
  return [...tables].sort((a, b) => (rows.get(b.name) ?? 0) - (rows.get(a.name) ?? 0) || (a.name < b.name ? -1 : 1));
}

/** Takes the next table's index from a queue shared between threads (its first element). */
export const takeNext = (queue: Int32Array): number => Atomics.add(queue, 0, 1);

/** Hashes the tables taken from `queue` until none is left. */
export function checksumsFromQueue(
  db: Database.Database,
  tables: TableInfo[],
  queue: Int32Array,
  { onTable, onRows }: ChecksumProgress = {},
): Checksum[] {
  const out: Checksum[] = [];
  for (let i; (i = takeNext(queue)) < tables.length; ) out.push(timedChecksum(db, tables[i], { onTable, onRows }));
  return out;
}

/** One table's checksum, reported to `onTable` with how long it took. */
function timedChecksum(db: Database.Database, t: TableInfo, { onTable, onRows }: ChecksumProgress): Checksum {
  const started = performance.now();
  const c = tableChecksum(db, t, onRows);
  onTable?.(c, (performance.now() - started) / 1000);
  return c;
}

/** Every checksum of a file: the schema, each blob, each table (the tables in name order, however
 *  many threads hashed them). */
export function computeChecksums(db: Database.Database, { helper, ...progress }: ChecksumProgress = {}): Checksum[] {
  const out = [schemaChecksum(db), ...blobChecksums(db)];
  const tables = storedTables(db);
  const queue = new Int32Array(new SharedArrayBuffer(4));
  const order = helper ? largestFirst(db, tables) : tables;
  helper?.start(order, queue);
  const mine = checksumsFromQueue(db, order, queue, progress);
  const theirs = helper ? helper.finish() : [];
  for (const t of theirs) progress.onTable?.(t.checksum, t.seconds);
  const byName = new Map([...mine, ...theirs.map((t) => t.checksum)].map((c) => [c.name, c]));
  return [...out, ...tables.map((t) => byName.get(t.name)!)];
}

/** Writes the checksums into the file (the build's last step; the file is then only read). */
export function recordChecksums(db: Database.Database, progress: ChecksumProgress = {}): Checksum[] {
  const sums = computeChecksums(db, progress);
  db.exec(`DROP TABLE IF EXISTS ${CHECKSUMS_TABLE}; ${CHECKSUMS_TABLE_SQL}`);
  const insert = db.prepare(
    `INSERT INTO ${CHECKSUMS_TABLE} (kind, name, sha256, rows, bytes) VALUES (@kind, @name, @sha256, @rows, @bytes)`,
  );
  db.transaction(() => {
    for (const c of sums) insert.run(c);
  })();
  return sums;
}

export function recordedChecksums(db: Database.Database): Checksum[] | null {
  if (!db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(CHECKSUMS_TABLE)) return null;
  return db.prepare(`SELECT kind, name, sha256, rows, bytes FROM ${CHECKSUMS_TABLE} ORDER BY kind, name`).all() as Checksum[];
}

/** Throws when a previous data file's stored blobs (its encoder, which --reuse copies) differ from
 *  their recorded checksums. A file from before checksums were recorded cannot be checked: it passes. */
export function assertReusableBlobs(db: Database.Database, path: string): void {
  const recorded = recordedChecksums(db);
  if (!recorded) return;
  const want = new Map(recorded.filter((c) => c.kind === 'blob').map((c) => [c.name, c.sha256]));
  const bad = blobChecksums(db)
    .filter((b) => want.has(b.name) && want.get(b.name) !== b.sha256)
    .map((b) => b.name);
  if (bad.length)
    throw new Error(
      `--reuse ${path}: its stored ${bad.join(', ')} ${bad.length > 1 ? 'do' : 'does'} not match the checksum its build recorded (damaged); build without --reuse, or from an intact file`,
    );
}

export interface ChecksumReport {
  /** What was compared: the schema, the blobs and the table list always; every table's rows when full. */
  checked: { schema: number; blobs: number; tables: number };
  problems: string[];
}

const differs = (what: string, want: Checksum, got: Checksum) =>
  `${what} does not match the checksum its build recorded (sha256 ${want.sha256.slice(0, 12)}…, ${want.rows ?? want.bytes} ${want.rows !== null ? 'rows' : 'bytes'}; ` +
  `the file holds ${got.sha256.slice(0, 12)}…, ${got.rows ?? got.bytes}): it was changed or damaged after the build`;

/** Tables the quick check hashes too: the build record, and every table holding blobs the server
 *  decodes (a column declared BLOB, like geometries and vectors, or one without a type, like the
 *  shadow tables of the full-text and R*Tree indexes). A damaged blob is still a well-formed page,
 *  so SQLite's own checks pass it, and the answer built from it is wrong with status 200. The
 *  stored blobs themselves (the encoder) are checked one by one instead. */
function quickTables(db: Database.Database, tables: TableInfo[]): Set<string> {
  const blobby = db.prepare("SELECT count(*) FROM pragma_table_info(?) WHERE upper(type) = 'BLOB' OR type = ''").pluck();
  const perBlob = new Set<string>(BLOB_TABLES.map((b) => b.table));
  return new Set(['build', ...tables.filter((t) => !perBlob.has(t.name) && (blobby.get(t.name) as number) > 0).map((t) => t.name)]);
}

/** Compares a file with its recorded checksums. Quick: the schema, every blob, the build record,
 *  the tables of blobs (quickTables) and the list of tables (one read of the blobs: 1.7-2.5 s on the
 *  115 MB real file, of which 46 MB are geometries). Full: every table's rows too. */
export function checkChecksums(db: Database.Database, { full, ...progress }: { full: boolean } & ChecksumProgress): ChecksumReport {
  const report: ChecksumReport = { checked: { schema: 0, blobs: 0, tables: 0 }, problems: [] };
  const recorded = recordedChecksums(db);
  if (!recorded) {
    report.problems.push('it has no checksums table: it was not made by canpol build, or its build did not finish');
    return report;
  }
  const want = new Map(recorded.map((c) => [`${c.kind}:${c.name}`, c]));
  const compare = (what: string, got: Checksum) => {
    const w = want.get(`${got.kind}:${got.name}`);
    if (!w) report.problems.push(`${what} has no recorded checksum: it was added after the build`);
    else if (w.sha256 !== got.sha256) report.problems.push(differs(what, w, got));
    want.delete(`${got.kind}:${got.name}`);
  };
  compare('the schema', schemaChecksum(db));
  report.checked.schema = 1;
  for (const b of blobChecksums(db)) {
    compare(`stored blob ${b.name}`, b);
    report.checked.blobs++;
  }
  const tables = storedTables(db);
  const quick = full ? null : quickTables(db, tables);
  for (const t of tables) {
    if (quick && !quick.has(t.name)) {
      if (!want.has(`table:${t.name}`)) report.problems.push(`table ${t.name} has no recorded checksum: it was added after the build`);
      want.delete(`table:${t.name}`);
      continue;
    }
    compare(`table ${t.name}`, timedChecksum(db, t, progress));
    report.checked.tables++;
  }
  for (const gone of want.values())
    report.problems.push(`${gone.kind === 'blob' ? 'stored blob' : gone.kind} ${gone.name} is missing: the build recorded its checksum`);
  return report;
}
