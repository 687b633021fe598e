// The server refuses a corrupt, truncated, foreign or incompatible data file with a message that
// says why (at start and on reload), and opens a sound one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DataFileError } from '../../../src/core/data-file/open-data-file.js';
import { headerProblem, openCheckedDataFile } from '../../../src/server/ops/check-data-file.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';
import { withBoundariesAndPostcodes } from '../../helpers/lookup-fixture.js';
import { scribbledCopy } from '../../helpers/damaged-file.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.cleanup());

const refusal = (path: string, verify: 'quick' | 'full' | 'off' = 'full') => {
  try {
    openCheckedDataFile(path, { mmapSize: 0, verify }).close();
  } catch (err) {
    expect(err).toBeInstanceOf(DataFileError);
    return (err as Error).message;
  }
  throw new Error(`${path} was accepted`);
};

describe('openCheckedDataFile', () => {
  test('a sound file opens, with its build record', () => {
    const file = openCheckedDataFile(fx.dbPath, { mmapSize: 0, verify: 'full' });
    expect(file.build.id).toBe(fx.data.build.id);
    file.close();
    expect(headerProblem(fx.dbPath)).toBeNull();
  });

  test('a file with a scribbled page is refused by the integrity check, and only when verify is on', () => {
    const bad = scribbledCopy(fx.dbPath, join(fx.dir, 'corrupt.db'));
    expect(refusal(bad)).toMatch(/^data file .*corrupt\.db refused: .*(integrity check failed|malformed|unreadable).*canpol verify/);
    // With --verify-data off only the header, schema version and build record are read: it opens.
    openCheckedDataFile(bad, { mmapSize: 0, verify: 'off' }).close();
  });

  test('a truncated file (a half-finished copy) is refused by the header check even without verify', () => {
    const cut = join(fx.dir, 'cut.db');
    copyFileSync(fx.dbPath, cut);
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    expect(refusal(cut, 'off')).toMatch(
      /refused: it is \d+ bytes but its header says \d+ pages of \d+ \(\d+ bytes\): truncated or still being copied/,
    );
  });

  test('a damaged geometry blob (the same length, still a well-formed page) is refused by the default quick check', () => {
    const withShapes = buildFixture(withBoundariesAndPostcodes);
    const bad = join(withShapes.dir, 'geometry.db');
    copyFileSync(withShapes.dbPath, bad);
    const db = new Database(bad);
    const row = db.prepare('SELECT rowid, simple_fgb FROM boundaries ORDER BY rowid LIMIT 1').get() as {
      rowid: number;
      simple_fgb: Buffer;
    };
    const flipped = Buffer.from(row.simple_fgb);
    flipped[flipped.length - 9] ^= 0x40; // a coordinate's byte: the shape moves, the blob still decodes
    db.prepare('UPDATE boundaries SET simple_fgb = ? WHERE rowid = ?').run(flipped, row.rowid);
    db.close();
    expect(refusal(bad, 'quick')).toContain('table boundaries');
    expect(() => openCheckedDataFile(bad, { mmapSize: 0, verify: 'off' }).close()).not.toThrow();
    expect(() => openCheckedDataFile(withShapes.dbPath, { mmapSize: 0, verify: 'quick' }).close()).not.toThrow();
    withShapes.cleanup();
  });

  test('a FIFO, a device or a socket at the path is refused before it is opened (reading a FIFO would hang the server), even without verify', () => {
    const fifo = join(fx.dir, 'fifo.db');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const t0 = performance.now();
    expect(refusal(fifo, 'off')).toBe(`data file ${fifo} refused: it is a FIFO (named pipe), not a regular file`);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(refusal('/dev/zero', 'off')).toBe('data file /dev/zero refused: it is a device, not a regular file');
    expect(headerProblem('/dev/null')).toBe('it is a device, not a regular file');
  });

  test('not a database, missing, another schema version, no build record', () => {
    const text = join(fx.dir, 'text.db');
    writeFileSync(text, 'x'.repeat(4096));
    expect(refusal(text, 'off')).toContain('it is not a SQLite database (bad header)');
    expect(refusal(join(fx.dir, 'absent.db'))).toContain('does not exist');
    const old = join(fx.dir, 'old.db');
    copyFileSync(fx.dbPath, old);
    const db = new Database(old);
    db.pragma('user_version = 1');
    db.close();
    expect(refusal(old)).toMatch(/has schema version 1; this server reads version \d+\. Rebuild it/);
    const bare = join(fx.dir, 'bare.db');
    const empty = new Database(bare);
    empty.pragma(`user_version = ${fx.data.build.schema_version}`);
    empty.exec('CREATE TABLE t (x)');
    empty.close();
    expect(refusal(bare, 'off')).toMatch(/not a canpol data file|no build record/);
  });
});
