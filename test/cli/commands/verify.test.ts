// canpol verify: a sound file passes; a corrupted, foreign or tampered one fails with the reason.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { verifyDataFile } from '../../../src/core/data-file/verify-data-file.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';
import { scribbledCopy } from '../../helpers/damaged-file.js';

describe('verifyDataFile', () => {
  let fx: Fixture;
  beforeAll(() => {
    fx = buildFixture();
  });
  afterAll(() => fx.cleanup());

  test('a freshly built file is sound', () => {
    const r = verifyDataFile(fx.dbPath);
    expect(r).toMatchObject({
      ok: true,
      integrity: ['ok'],
      problems: [],
      build_id: fx.data.build.id,
      schema_version: fx.data.build.schema_version,
    });
  });

  test('a file whose pages are overwritten fails the integrity check', () => {
    // Scribble over the second page (a b-tree page): the header and schema page stay readable.
    const bad = scribbledCopy(fx.dbPath, join(fx.dir, 'corrupt.db'), 1);
    const r = verifyDataFile(bad);
    expect(r.ok).toBe(false);
    expect(r.problems.join(' ')).toMatch(/integrity check failed|malformed|unreadable/);
  });

  test('row counts that disagree with the build record fail', () => {
    const edited = join(fx.dir, 'edited.db');
    copyFileSync(fx.dbPath, edited);
    const db = new Database(edited);
    const [table] = Object.entries(fx.data.build.row_counts).find(([, n]) => n > 0)!;
    db.prepare(`DELETE FROM "${table}" WHERE rowid IN (SELECT rowid FROM "${table}" LIMIT 1)`).run();
    db.close();
    expect(verifyDataFile(edited).problems).toContain(
      `table ${table} has ${fx.data.build.row_counts[table] - 1} rows; the build record says ${fx.data.build.row_counts[table]}`,
    );
  });

  test('not a data file, or missing', () => {
    const text = join(fx.dir, 'not.db');
    writeFileSync(text, 'hello');
    expect(verifyDataFile(text).ok).toBe(false);
    expect(verifyDataFile(join(fx.dir, 'absent.db')).problems[0]).toContain('does not exist');
  });
});
