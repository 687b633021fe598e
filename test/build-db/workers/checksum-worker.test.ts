// The build's checksums on two threads (build-db/workers/checksum-worker.ts): the worker hashes the
// tables it takes from the shared queue exactly as this thread would, and computeChecksums returns the
// same checksums, in the same order, however the tables were shared out.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checksumWorker } from '../../../build-db/workers/checksum-worker.js';
import { checksumsFromQueue, computeChecksums, largestFirst, storedTables } from '../../../src/core/data-file/data-checksums.js';

const dir = mkdtempSync(join(tmpdir(), 'canpol-checksum-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Tables of 3, 300 and 30,000 rows (one WITHOUT ROWID, one without an index), analysed. */
function sample(): string {
  const path = join(dir, `sample-${Math.random().toString(36).slice(2)}.db`);
  const db = new Database(path);
  db.exec(`CREATE TABLE small (id INTEGER PRIMARY KEY, name TEXT, score REAL);
    CREATE TABLE middle (k TEXT PRIMARY KEY, v BLOB, n INTEGER) WITHOUT ROWID;
    CREATE TABLE large (id INTEGER PRIMARY KEY, text TEXT NOT NULL, flag INTEGER);
    CREATE INDEX large_by_flag ON large (flag);
    CREATE TABLE plain (x INTEGER, y TEXT)`);
  db.transaction(() => {
    for (let i = 0; i < 3; i++) db.prepare('INSERT INTO small VALUES (?, ?, ?)').run(i, `n${i}`, i / 3);
    for (let i = 0; i < 300; i++)
      db.prepare('INSERT INTO middle VALUES (?, ?, ?)').run(`k${i}`, Buffer.from([i & 255, 7]), i === 5 ? null : i);
    for (let i = 0; i < 30_000; i++)
      db.prepare('INSERT INTO large VALUES (?, ?, ?)').run(i, `paragraph ${i} é ${'x'.repeat(i % 50)}`, i % 3);
    for (let i = 0; i < 40; i++) db.prepare('INSERT INTO plain VALUES (?, ?)').run(i, null);
  })();
  db.exec('ANALYZE');
  db.close();
  return path;
}

describe('table checksums on a worker thread', () => {
  test('the largest tables first, by the row counts ANALYZE recorded', () => {
    const db = new Database(sample(), { readonly: true });
    expect(
      largestFirst(db, storedTables(db))
        .map((t) => t.name)
        .slice(0, 4),
    ).toEqual(['large', 'middle', 'plain', 'small']);
    db.close();
  });

  test('a worker that takes every table hashes each as this thread does', () => {
    const path = sample();
    const db = new Database(path, { readonly: true });
    const tables = largestFirst(db, storedTables(db));
    const alone = checksumsFromQueue(db, tables, new Int32Array(new SharedArrayBuffer(4)));
    const helper = checksumWorker(path);
    const queue = new Int32Array(new SharedArrayBuffer(4));
    helper.start(tables, queue);
    // Wait until the worker has taken every table, so that it hashes them all.
    for (let waited = 0; Atomics.load(queue, 0) < tables.length && waited < 30_000; waited += 10)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    expect(checksumsFromQueue(db, tables, queue)).toEqual([]);
    const theirs = helper.finish();
    expect(theirs.map((t) => t.checksum)).toEqual(alone);
    expect(theirs.every((t) => t.seconds >= 0)).toBe(true);
    db.close();
  });

  test('computeChecksums with a worker gives the checksums of one thread, in table-name order', () => {
    const path = sample();
    const db = new Database(path, { readonly: true });
    const one = computeChecksums(db);
    const helper = checksumWorker(path);
    const seen: string[] = [];
    const two = computeChecksums(db, { helper, onTable: (c) => seen.push(c.name) });
    helper.close();
    expect(two).toEqual(one);
    expect(seen.sort()).toEqual(
      storedTables(db)
        .map((t) => t.name)
        .sort(),
    );
    db.close();
  });

  test('a worker that cannot open the file fails the step with its error', () => {
    const helper = checksumWorker(join(dir, 'missing.db'));
    helper.start([{ name: 'small', withoutRowid: false }], new Int32Array(new SharedArrayBuffer(4)));
    expect(() => helper.finish()).toThrow(/build worker: .*missing\.db|unable to open/i);
  });
});
