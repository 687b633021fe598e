// `--reuse` and the boundaries (build-db/geo/reuse-boundaries.ts): a previous file's boundaries are
// copied when it was built from the same boundary files and a sample of its rows is what this build
// derives; the file is then equal, table by table, to a build without it (the repairs' warnings
// too). Another boundary file, or a row this build would write differently, and they are written.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { computeChecksums } from '../../../src/core/data-file/data-checksums.js';
import { boundaryRecords } from '../../helpers/boundary-fixture.js';
import { tempDir } from '../../helpers/fixture.js';
import { reuseBuilder } from '../../helpers/reuse-builds.js';

const dir = tempDir('canpol-carry-geo-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The hand-made boundaries, one of them a bow-tie the geo phase repairs (and warns of).
const build = reuseBuilder({
  dir,
  now: new Date('2026-11-02T00:00:00Z'),
  base: (r) => {
    const rows = boundaryRecords();
    rows[6].geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [-75.5, 45.6],
          [-75.2, 45.9],
          [-75.2, 45.6],
          [-75.5, 45.9],
          [-75.5, 45.6],
        ],
      ],
    };
    (r as unknown as { boundaries: unknown[] }).boundaries = rows;
  },
});

function checksums(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(computeChecksums(db).map((c) => [`${c.kind} ${c.name}`, c.sha256]));
  } finally {
    db.close();
  }
}
const geometryWarnings = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (JSON.parse(db.prepare('SELECT warnings FROM build').pluck().get() as string) as string[]).filter((w) =>
      w.includes(': geometry: '),
    );
  } finally {
    db.close();
  }
};
const carried = (log: string[]) => log.some((m) => /^geo phase: 8 boundaries .* carried over from the previous file/.test(m));
const notCarried = (log: string[]) => log.find((m) => m.startsWith('geo: boundaries not carried over'));

describe('--reuse copies the boundaries only when they are the ones this build would write', () => {
  const first = build(null);

  test('same boundary files: copied, and the file equals a build without --reuse in every checksum, repairs named', () => {
    const warnings = geometryWarnings(first.out);
    expect(warnings).toEqual([expect.stringMatching(/^boundaries\.jsonl:7: geometry: city-wards\/ward-2: self-intersecting/)]);
    const second = build(first.out);
    expect(carried(second.log)).toBe(true);
    expect(second.log.some((m) => m.startsWith('geo: 8 of'))).toBe(false);
    expect(geometryWarnings(second.out)).toEqual(warnings);
    expect(checksums(second.out)).toEqual(checksums(build(null).out));
  }, 120_000);

  test('a boundary changed: its file differs, nothing is copied, the change is written', () => {
    const changed = build(first.out, (r) => {
      (r as unknown as { boundaries: Array<{ name: string }> }).boundaries[1].name = 'Ottawa East and Vanier';
    });
    expect(notCarried(changed.log)).toContain('its boundaries.jsonl was another file (sha256 differs)');
    const db = new Database(changed.out, { readonly: true });
    expect(db.prepare("SELECT name FROM boundaries WHERE slug = '35002'").pluck().get()).toBe('Ottawa East and Vanier');
    db.close();
  }, 120_000);

  test('a previous file whose rows this build would not write (as older code might have): written again', () => {
    const path = join(dir, 'tampered.db');
    copyFileSync(first.out, path);
    const db = new Database(path);
    db.exec('UPDATE boundaries SET area_sqkm = area_sqkm + 1 WHERE rowid = 1');
    db.close();
    const again = build(path);
    expect(notCarried(again.log)).toContain('boundary 1 (boundaries.jsonl:1) differs in area_sqkm');
    expect(checksums(again.out)).toEqual(checksums(build(null).out));
  }, 120_000);

  test('no previous boundaries table of this form: written', () => {
    const path = join(dir, 'no-geo.db');
    copyFileSync(first.out, path);
    const db = new Database(path);
    db.exec('DROP TABLE boundaries_bbox');
    db.close();
    expect(notCarried(build(path).log)).toContain('it holds no boundaries of this form');
  }, 120_000);
});
