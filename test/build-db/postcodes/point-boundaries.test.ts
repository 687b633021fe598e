// The containing boundaries of every postcode and FSA point, computed at build
// (build-db/postcodes/write-point-boundaries.ts) and read by /postcodes/*, must be the live lookup's
// answer: checked on the hand-drawn squares (answers follow from the drawing) and on every code of
// the demo data, against a copy of the same file without the table (the routes then test polygons).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { createBoundaryIndex } from '../../../src/core/geo/boundary-index.js';
import { createApp } from '../../../src/server/http/app.js';
import { boundaryRecords } from '../../helpers/boundary-fixture.js';
import { buildFixture, tempDir, type Fixture } from '../../helpers/fixture.js';

const REPO = join(import.meta.dir, '../../..');

const storedSets = (db: Database.Database) =>
  new Map(
    (
      db
        .prepare(`SELECT b.code, s.containing FROM postcode_boundaries b
  JOIN point_boundary_sets s ON s.id = b.set_id`)
        .raw()
        .all() as Array<[string, string]>
    ).map(([code, json]) => [code, JSON.parse(json) as string[]]),
  );

describe('on the hand-drawn squares (test/helpers/boundary-fixture.ts)', () => {
  let fx: Fixture;
  beforeAll(() => {
    fx = buildFixture((r) => {
      const extra = r as unknown as Record<string, unknown[]>;
      extra.boundaries = boundaryRecords();
      extra.postcode_points = [
        { postcode: 'K1A0A6', lat: 45.7, lng: -75.7 }, // ward-1 of the city, in 35001 and ottawa-centre
        { postcode: 'K1A0B1', lat: 45.7, lng: -75.7 }, // the same point: shares the answer
        { postcode: 'K1A0C1', lat: 45.3, lng: -75.7 }, // in 35001's lake hole: no federal riding
      ];
      extra.fsa_points = [
        { fsa: 'K1B', lat: 45.5, lng: -75, province_territory: 'ON' }, // on the shared edge of 35001 and 35002
        { fsa: 'X0A', lat: 63.75, lng: -68.52, province_territory: 'NU' }, // outside every square
      ];
    });
  });
  afterAll(() => fx.cleanup());

  test('every code and FSA gets the boundaries containing its point, winner first per level', () => {
    const sets = storedSets(fx.data.db);
    expect(sets.get('K1A0A6')).toEqual(['fed-2023/35001', 'on-2022/ottawa-centre', 'city-wards/ward-1', 'city/whole']);
    expect(sets.get('K1A0C1')).toEqual(['on-2022/ottawa-centre']);
    // Edges count as inside; the smaller riding wins the shared edge (decisions 5), so it comes first.
    expect(sets.get('K1B')).toEqual(['fed-2023/35002', 'fed-2023/35001', 'on-2022/ottawa-centre']);
    expect(sets.get('X0A')).toEqual([]);
    // K1A: the address-weighted mean of its codes, (45.7*2 + 45.3)/3, -75.7: in 35001, outside the city.
    expect(sets.get('K1A')).toEqual(['fed-2023/35001', 'on-2022/ottawa-centre']);
    const sharing = fx.data.db.prepare('SELECT set_id FROM postcode_boundaries WHERE code IN (?, ?)').pluck().all('K1A0A6', 'K1A0B1');
    expect(new Set(sharing).size).toBe(1);
    expect(fx.data.db.prepare('SELECT count(*) FROM point_boundary_sets').pluck().get()).toBe(5);
  });

  test('the routes answer from the stored sets: a tampered set changes the answer', async () => {
    const copy = join(fx.dir, 'tampered.db');
    copyFileSync(fx.dbPath, copy);
    const db = new Database(copy);
    // Give K1A0A6 the answer of the lake-hole code: no federal riding, no ward.
    db.prepare(
      `UPDATE postcode_boundaries SET set_id = (SELECT set_id FROM postcode_boundaries WHERE code = 'K1A0C1') WHERE code = 'K1A0A6'`,
    ).run();
    db.close();
    const data = openDataFile(copy);
    try {
      const body = (await (await createApp({ data }).request('/api/public/v1/postcodes/K1A0A6')).json()) as {
        boundaries: Record<string, unknown>;
      };
      expect(body.boundaries.federal).toBeNull();
      expect(body.boundaries.municipal).toBeNull();
    } finally {
      data.close();
    }
  });
});

describe('every demo postcode and FSA', () => {
  const dir = tempDir('canpol-point-boundaries-');
  let built: DataFile;
  let live: DataFile;
  let codes: string[] = [];
  beforeAll(() => {
    const demo = join(dir, 'demo');
    const gen = spawnSync(join(REPO, 'node_modules/.bin/bun'), [join(REPO, 'data/generate-demo.ts'), demo], { encoding: 'utf8' });
    if (gen.status !== 0) throw new Error(gen.stderr);
    const out = join(dir, 'demo.db');
    const result = buildDataFile({ sources: demo, out, now: new Date('2026-11-02T00:00:00Z') });
    if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 3)));
    // The same file without the precomputed tables: what a file built before them is served as.
    const bare = join(dir, 'live.db');
    copyFileSync(out, bare);
    const db = new Database(bare);
    db.exec('DROP TABLE postcode_boundaries; DROP TABLE point_boundary_sets');
    db.close();
    built = openDataFile(out);
    live = openDataFile(bare);
    const fsas = built.db.prepare('SELECT fsa FROM fsas ORDER BY fsa').pluck().all() as string[];
    // Full codes on file, FSAs, and one code per FSA that is not on file (it falls back to its FSA's point).
    codes = [
      ...(built.db.prepare('SELECT postcode FROM postcodes ORDER BY postcode').pluck().all() as string[]),
      ...fsas,
      ...fsas.map((f) => `${f}9Z9`),
    ];
  }, 60_000);
  afterAll(() => {
    built?.close();
    live?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the stored list is the live index lookup at the stored point', () => {
    const index = createBoundaryIndex({ db: built.db });
    const sets = storedSets(built.db);
    const points = built.db
      .prepare('SELECT postcode, lat, lng FROM postcodes UNION ALL SELECT fsa, lat, lng FROM fsas')
      .raw()
      .all() as Array<[string, number, number]>;
    expect(points.length).toBeGreaterThan(1000);
    expect(sets.size).toBe(points.length);
    let located = 0;
    for (const [code, lat, lng] of points) {
      const want = index.lookup(lng, lat).map((h) => h.constituency_id);
      if (want.length) located++;
      expect([code, sets.get(code)]).toEqual([code, want]);
    }
    // The demo places every point inside its boundaries (data/demo-postcodes.ts).
    expect(located).toBe(points.length);
  });

  test('/postcodes/{pc}/representatives answers identically from the stored sets and from polygons', async () => {
    const fast = createApp({ data: built });
    const slow = createApp({ data: live });
    const differ: string[] = [];
    for (const code of codes) {
      const path = `/api/public/v1/postcodes/${code}/representatives`;
      const [a, b] = await Promise.all([fast.request(path), slow.request(path)]);
      expect(a.status).toBe(200);
      if ((await a.text()) !== (await b.text())) differ.push(code);
    }
    expect(differ).toEqual([]);
  }, 30_000);
});
