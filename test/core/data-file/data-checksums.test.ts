// Integrity you can check (issue 21 item 2): the build records a checksum per table and per stored
// blob; the quick check (server start) and the full one (`canpol verify`) find contents changed after
// the build that SQLite's own integrity check cannot see.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  assertReusableBlobs,
  computeChecksums,
  recordChecksums,
  recordedChecksums,
  ROWS_PER_CALL,
  storedTables,
} from '../../../src/core/data-file/data-checksums.js';
import { DataFileError } from '../../../src/core/data-file/open-data-file.js';
import { verifyDataFile } from '../../../src/core/data-file/verify-data-file.js';
import { openCheckedDataFile } from '../../../src/server/ops/check-data-file.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

let fx: Fixture;
let withModel: string;
const model = randomBytes(600_000); // a stored encoder model: ~150 overflow pages of 4 kB

beforeAll(() => {
  fx = buildFixture();
  // The fixture is too small to learn an encoder: give a copy one, then record its checksums as the
  // build's last step does.
  withModel = join(fx.dir, 'with-model.db');
  copyFileSync(fx.dbPath, withModel);
  const db = new Database(withModel);
  db.exec('CREATE TABLE encoder (name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID');
  db.prepare('INSERT INTO encoder VALUES (?, ?), (?, ?)').run('model.onnx', model, 'card.json', Buffer.from('{"dim":8}'));
  recordChecksums(db);
  db.close();
});
afterAll(() => fx.cleanup());

const copy = (name: string, from = withModel) => {
  const to = join(fx.dir, name);
  copyFileSync(from, to);
  return to;
};

/** Overwrites `pages` pages of the file that hold the model's bytes, after each page's 4-byte link to
 *  the next overflow page: the chain stays whole, so SQLite's integrity check still says ok. */
function scribbleInsideModel(path: string, pages: number): number {
  const file = readFileSync(path);
  const pageSize = file.readUInt16BE(16);
  const fd = openSync(path, 'r+');
  let done = 0;
  try {
    for (let at = pageSize; at < file.length && done < pages; at += pageSize) {
      if (model.indexOf(file.subarray(at + 4, at + 68)) < 0) continue; // not one of the model's pages
      writeSync(fd, Buffer.alloc(pageSize - 4, 0x5a), 0, pageSize - 4, at + 4);
      done++;
    }
  } finally {
    closeSync(fd);
  }
  return done;
}

const refusal = (path: string, verify: 'quick' | 'full') => {
  try {
    openCheckedDataFile(path, { mmapSize: 0, verify }).close();
  } catch (err) {
    expect(err).toBeInstanceOf(DataFileError);
    return (err as Error).message;
  }
  return null;
};

describe('recorded by the build', () => {
  test('one checksum per stored table (shadow tables of virtual ones included), per stored blob, and the schema', () => {
    const db = new Database(fx.dbPath, { readonly: true });
    const sums = recordedChecksums(db)!;
    const tables = storedTables(db).map((t) => t.name);
    db.close();
    expect(tables).toContain('boundaries_bbox_node'); // the R-tree's rows
    expect(tables).not.toContain('checksums');
    expect(sums.filter((c) => c.kind === 'table').map((c) => c.name)).toEqual(tables);
    expect(sums.filter((c) => c.kind === 'schema').map((c) => c.name)).toEqual(['sqlite_schema']);
    for (const c of sums) expect(c.sha256).toMatch(/^[0-9a-f]{64}$/);
    const bills = sums.find((c) => c.name === 'bills')!;
    expect(bills.rows).toBe(fx.data.build.row_counts.bills);
    const r = verifyDataFile(fx.dbPath);
    expect(r.ok).toBe(true);
    expect(r.checksums).toEqual({ schema: 1, blobs: 0, tables: tables.length });
  });

  test('they name contents, not pages: a copy laid out anew (VACUUM INTO) still verifies', () => {
    const vacuumed = join(fx.dir, 'vacuumed.db');
    const db = new Database(withModel, { readonly: true });
    db.exec(`VACUUM INTO '${vacuumed}'`);
    db.close();
    expect(verifyDataFile(vacuumed).problems).toEqual([]);
  });
});

describe('a stored model damaged inside (the issue: 40 pages, accepted before)', () => {
  test('SQLite finds nothing, but the quick check at start and canpol verify refuse it, naming the blob', () => {
    const bad = copy('model-40-pages.db');
    expect(scribbleInsideModel(bad, 40)).toBe(40);
    const db = new Database(bad, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    expect(refusal(withModel, 'quick')).toBeNull();
    expect(refusal(bad, 'quick')).toMatch(
      /^data file \S+ refused: stored blob encoder\/model\.onnx does not match the checksum its build recorded \(sha256 [0-9a-f]{12}…, 600000 bytes; the file holds [0-9a-f]{12}…, 600000\): it was changed or damaged after the build/,
    );
    const full = verifyDataFile(bad);
    expect(full.ok).toBe(false);
    expect(full.integrity).toEqual(['ok']);
    expect(full.problems.join('\n')).toContain('stored blob encoder/model.onnx does not match');
    expect(full.problems.join('\n')).toContain('table encoder does not match');
    expect(() => {
      const d = new Database(bad, { readonly: true });
      try {
        assertReusableBlobs(d, bad);
      } finally {
        d.close();
      }
    }).toThrow(/--reuse \S+: its stored encoder\/model\.onnx does not match the checksum its build recorded/);
  });
});

describe('contents changed after the build', () => {
  test('a value changed in a table: row counts agree, SQLite finds nothing; canpol verify names the table (the quick check does not read tables)', () => {
    const edited = copy('edited-value.db');
    const db = new Database(edited);
    db.prepare("UPDATE bills SET title = title || ' (edited)' WHERE rowid = (SELECT min(rowid) FROM bills)").run();
    db.close();
    const r = verifyDataFile(edited);
    expect(r.integrity).toEqual(['ok']);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^table bills does not match the checksum its build recorded/);
    expect(refusal(edited, 'quick')).toBeNull();
    expect(refusal(edited, 'full')).toContain('table bills does not match');
  });

  test('the schema or the build record changed, a table added or dropped: the quick check refuses', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['index.db', 'CREATE INDEX extra ON bills (title)', /the schema does not match/],
      ['build.db', "UPDATE build SET dataset_name = 'other'", /table build does not match/],
      ['added.db', 'CREATE TABLE extra (x)', /table extra has no recorded checksum: it was added after the build/],
      ['dropped.db', 'DROP TABLE posts', /table posts is missing: the build recorded its checksum/],
    ];
    for (const [name, sql, problem] of cases) {
      const path = copy(name);
      const db = new Database(path);
      db.exec(sql);
      db.close();
      expect(refusal(path, 'quick')).toMatch(problem);
    }
  });

  test('a file without checksums (not from canpol build, or a build that did not finish) is refused', () => {
    const bare = copy('no-checksums.db', fx.dbPath);
    const db = new Database(bare);
    db.exec('DROP TABLE checksums');
    db.close();
    expect(refusal(bare, 'quick')).toContain('it has no checksums table');
  });
});

describe('long tables call back while they are hashed', () => {
  test('onRows is called every ROWS_PER_CALL rows (the build checks its memory there); the sums do not change', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE big (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE small (id INTEGER PRIMARY KEY)');
    const ins = db.prepare('INSERT INTO big (v) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2.5 * ROWS_PER_CALL; i++) ins.run(`row ${i}`);
    })();
    db.prepare('INSERT INTO small VALUES (1)').run();
    let calls = 0;
    const withCalls = computeChecksums(db, {
      onRows: () => {
        calls++;
      },
    });
    expect(calls).toBe(2); // 50,000 rows of big: at 20,000 and 40,000; small: none
    expect(withCalls).toEqual(computeChecksums(db));
    db.close();
  });
});
