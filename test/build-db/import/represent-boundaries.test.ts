// represent-boundaries: the feature-rule parser, then the real shapefiles (reprojected bounding
// boxes checked against the independent mapshaper conversion in the manifest; Toronto City Hall's ward).
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { Identity } from '../../../build-db/import/identity.js';
import { emDashes, rulesFor, splitProperty, titleCase } from '../../../build-db/import/represent-boundaries/feature-rules.js';
import { importRepresentBoundaries, provinceOf } from '../../../build-db/import/represent-boundaries/index.js';
import { projectionFor } from '../../../build-db/import/represent-boundaries/projection.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { createBoundaryIndex } from '../../../src/geo/boundary-index.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('feature rules in words', () => {
  test('common phrasings become functions', () => {
    const r = rulesFor('x', { name_from: "'Ward ' followed by property WARD", keep: "features where property Municipali equals 'Brampton'" });
    if (!r.ok) throw new Error(r.reason);
    expect(r.rules.name({ WARD: 3 })).toBe('Ward 3');
    expect(r.rules.keep({ Municipali: 'Brampton' })).toBe(true);
    expect(r.rules.keep({ Municipali: 'Caledon' })).toBe(false);
    const two = rulesFor('x', { name_from: 'property PED_Name_E', keep: "features with YR equal to 2017 and WARDTYPE equal to 'WARD' only" });
    if (!two.ok) throw new Error(two.reason);
    expect(two.rules.name({ PED_NAME_E: 'Kent' })).toBe('Kent'); // DBF field case differs from the rule's
    expect(two.rules.keep({ YR: 2017, WARDTYPE: 'WARD' })).toBe(true);
    expect(two.rules.keep({ YR: 2010, WARDTYPE: 'WARD' })).toBe(false);
  });

  test('capitalised names and em dashes', () => {
    expect(titleCase('ARM RIVER-WATROUS')).toBe('Arm River-Watrous');
    expect(titleCase("  st.  catharines o'neil ")).toBe("St. Catharines O'Neil");
    expect(emDashes('Chester-St. Margaret\'s')).toBe('Chester—St. Margaret\'s');
  });

  test('an unknown phrasing is reported, not guessed', () => {
    expect(rulesFor('x', { name_from: 'whatever the clerk says' })).toMatchObject({ ok: false });
    expect(splitProperty({ keep: "one boundary set per municipality: features whose property Municipali equals the municipality's name" })).toBe('Municipali');
  });

  test('province from the division id, its SGC code or the domain', () => {
    expect(provinceOf('ocd-division/country:ca/province:nb', 'New Brunswick')).toBe('NB');
    expect(provinceOf('ocd-division/country:ca/csd:4611040', 'Winnipeg, MB')).toBe('MB');
    expect(provinceOf('ocd-division/country:ca/csd:%d', '%s, ON')).toBe('ON');
  });

  test('projection: crs_note EPSG code, geographic .prj, no .prj', () => {
    const utm = projectionFor(null, 'no .prj in source; coordinates assumed NAD83 / UTM 17N (EPSG:26917) from their range');
    if (!utm.ok) throw new Error(utm.reason);
    // UTM 17N central meridian is 81°W: easting 500000 at the equator is (-81, 0).
    const [lng, lat] = utm.projection.forward([500000, 0]);
    expect(lng).toBeCloseTo(-81, 6);
    expect(lat).toBeCloseTo(0, 6);
    expect(projectionFor('GEOGCS["GCS_WGS_1984"]', null)).toMatchObject({ ok: true });
    expect(projectionFor(null, null)).toMatchObject({ ok: false });
  });
});

describe.skipIf(!existsSync(DATASETS))('represent-boundaries on the real shapefiles', async () => {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const from = join(DATASETS, 'represent-boundaries');
  const out = await importRepresentBoundaries(from, ctx);
  const boundaries = out.records.boundaries!;
  const manifest = JSON.parse(readFileSync(join(from, 'manifest.json'), 'utf8')) as Array<{ slug: string; boundary_set_names: string[]; bbox: number[]; feature_count: number }>;

  test('every set is imported; skips are filter rules only', () => {
    expect(out.stats!.sets).toBe(65);
    expect(skips.filter((s) => s.reason !== "filtered out by the set's keep rule")).toEqual([]);
    // manifest: Peterborough keeps YR 2017 WARDs only (5 of 112 features; SOURCE.md), Toronto 2018 has 25 wards.
    expect(boundaries.filter((b) => b.source_set === 'peterborough-wards')).toHaveLength(5);
    expect(boundaries.filter((b) => b.source_set === 'toronto-wards-2018')).toHaveLength(25);
    expect(boundaries.filter((b) => b.source_set === 'ontario-electoral-districts-2022')).toHaveLength(124);
  });

  test('reprojected bounding boxes agree with the independent mapshaper conversion to 0.001°', () => {
    for (const set of manifest) {
      if (set.boundary_set_names[0].includes('%s') || set.slug === 'ca-nb-wards' || /csd-352(1010|1024)$/.test(set.slug) || set.slug === 'country-ca-csd-3515014') continue; // filtered or split sets
      const name = set.boundary_set_names[0].normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      const mine = boundaries.filter((b) => b.source_set === name);
      expect(mine.length).toBeGreaterThan(0);
      const xs = mine.flatMap((b) => (b.geometry.coordinates as number[][][][]).flatMap((p) => p[0]));
      const box = [Math.min(...xs.map((p) => p[0])), Math.min(...xs.map((p) => p[1])), Math.max(...xs.map((p) => p[0])), Math.max(...xs.map((p) => p[1]))];
      box.forEach((v, i) => expect(Math.abs(v - set.bbox[i])).toBeLessThan(0.001));
    }
  });

  test('older maps are superseded by the newest of the same division', () => {
    const of = (set: string) => new Set(boundaries.filter((b) => b.source_set === set).map((b) => b.superseded_by ?? null));
    expect(of('toronto-wards-2010')).toEqual(new Set(['toronto-wards-2018']));
    expect(of('new-brunswick-electoral-districts-2018')).toEqual(new Set(['new-brunswick-electoral-districts-2024']));
    expect(of('new-brunswick-electoral-districts-2024')).toEqual(new Set([null]));
  });

  test("Toronto City Hall is in ward 10 Spadina-Fort York; Brampton's own ward wins over Peel's copy", () => {
    const keep = new Set(['toronto-wards-2018', 'toronto-wards-2010', 'brampton-wards', 'peel-wards']);
    const dir = tempDir('canpol-rep-real-');
    dirs.push(dir);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format_version: 1, name: 'rep test', demo: false, extracted_at: '2026-01-01T00:00:00Z' }));
    writeFileSync(join(dir, 'jurisdictions.jsonl'), '');
    writeFileSync(join(dir, 'boundaries.jsonl'), boundaries.filter((b) => keep.has(b.source_set)).map((b) => JSON.stringify(b)).join('\n') + '\n');
    const built = buildDataFile({ sources: dir, out: join(dir, 'x.db') });
    expect(built.ok).toBe(true);
    const db = new Database(join(dir, 'x.db'), { readonly: true });
    const index = createBoundaryIndex({ db });
    // City of Toronto ward profiles (25-ward model, 2018): City Hall, 100 Queen St W (43.6534, -79.3841), is in Ward 10 Spadina-Fort York.
    expect(index.winners(-79.3841, 43.6534).municipal?.constituency_id).toBe('toronto-wards-2018/spadina-fort-york');
    // Brampton City Hall (2 Wellington St W, 43.6852, -79.7596) is in Brampton's Ward 3; the Peel file has the same polygon.
    const hits = index.lookup(-79.7596, 43.6852).map((h) => h.constituency_id);
    expect(hits).toContain('peel-wards/brampton-ward-3');
    expect(index.winners(-79.7596, 43.6852).municipal?.constituency_id).toBe('brampton-wards/ward-3');
    db.close();
  });
});
