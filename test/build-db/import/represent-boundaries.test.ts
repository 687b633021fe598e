// represent-boundaries: the feature-rule parser, then the real shapefiles (reprojected bounding
// boxes checked against the independent mapshaper conversion in the manifest; Toronto City Hall's ward).
import { afterAll, describe, expect, test } from 'bun:test';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { Identity } from '../../../build-db/import/identity.js';
import {
  emDashes,
  inferName as inferredName,
  rulesFor,
  splitProperty,
  titleCase,
} from '../../../build-db/import/represent-boundaries/feature-rules.js';
import { importRepresentBoundaries, provinceOf, representBoundariesImporter } from '../../../build-db/import/represent-boundaries/index.js';
import { datasetPath, runImport, summarize } from '../../../build-db/import/run-import.js';
import { projectionFor } from '../../../build-db/import/represent-boundaries/projection.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { createBoundaryIndex } from '../../../src/core/geo/boundary-index.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('feature rules in words', () => {
  test("common phrasings become functions, on the file's own fields", () => {
    const r = rulesFor(
      'x',
      { name_from: "'Ward ' followed by property WARD", keep: "features where property Municipali equals 'Brampton'" },
      ['WARD', 'Municipali'],
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.rules.name({ WARD: 3 })).toBe('Ward 3');
    expect(r.rules.keep({ Municipali: 'Brampton' })).toBe(true);
    expect(r.rules.keep({ Municipali: 'Caledon' })).toBe(false);
    const two = rulesFor(
      'x',
      { name_from: 'property PED_Name_E', keep: "features with YR equal to 2017 and WARDTYPE equal to 'WARD' only" },
      ['PED_NAME_E', 'YR', 'WARDTYPE'],
    );
    if (!two.ok) throw new Error(two.reason);
    expect(two.rules.name({ PED_NAME_E: 'Kent' })).toBe('Kent'); // DBF field case differs from the rule's
    expect(two.rules.keep({ YR: 2017, WARDTYPE: 'WARD' })).toBe(true);
    expect(two.rules.keep({ YR: 2010, WARDTYPE: 'WARD' })).toBe(false);
  });

  test('several attributes joined; one value for one feature and another for the rest; a bilingual municipality list', () => {
    const joined = rulesFor('x', { name_from: "properties TOWN and WARD joined by ' - '" }, ['TOWN', 'WARD']);
    if (!joined.ok) throw new Error(joined.reason);
    expect(joined.rules.name({ TOWN: 'Kent', WARD: 'North' })).toBe('Kent - North');
    expect(joined.rules.name({ TOWN: 'Kent', WARD: '' })).toBeNull();
    const nb = rulesFor(
      'x',
      {
        name_from: "'South Ward' for the feature with OBJECTID 35, otherwise 'North Ward'",
        keep: 'features whose Mun_Name is the Grand Falls / Grand-Sault municipality (backslash-separated bilingual name)',
      },
      ['OBJECTID', 'Mun_Name'],
    );
    if (!nb.ok) throw new Error(nb.reason);
    expect([nb.rules.name({ OBJECTID: 35 }), nb.rules.name({ OBJECTID: 36 })]).toEqual(['South Ward', 'North Ward']);
    expect(nb.rules.keep({ Mun_Name: 'Grand Falls \\ Grand-Sault' })).toBe(true);
    expect(nb.rules.keep({ Mun_Name: 'Upper Miramichi' })).toBe(false);
  });

  test('prose: the attribute the rule names, else the one text attribute naming each kept feature, said in a note', () => {
    const features = [
      { ID: 1, CODE: 'A', DISTRICT: 'NORTH END', URL: 'http://x/1', NOTE: 'same' },
      { ID: 2, CODE: 'B', DISTRICT: 'SOUTH END', URL: 'http://x/2', NOTE: 'same' },
    ];
    const inferred = rulesFor(
      'x',
      { name_from: 'a custom naming function upstream (district name from the attributes)' },
      Object.keys(features[0]),
      features,
    );
    if (!inferred.ok) throw new Error(inferred.reason);
    // CODE is unique too, but DISTRICT reads like a name; URLs and numbers never name; all capitals are capitalised.
    expect(features.map(inferred.rules.name)).toEqual(['North End', 'South End']);
    expect(inferred.notes).toEqual([
      'naming rule "a custom naming function upstream (district name from the attributes)" is prose: inferred from the attributes, DISTRICT (text, different for each of the 2 features kept), capitalised as a name',
    ]);
    const named = rulesFor(
      'x',
      { name_from: 'a custom naming function upstream (ward name from CODE)' },
      Object.keys(features[0]),
      features,
    );
    if (!named.ok) throw new Error(named.reason);
    expect(features.map(named.rules.name)).toEqual(['A', 'B']);
    expect(inferredName(['ID', 'NOTE'], features)).toBeNull();
  });

  test('a rule that cannot be applied is refused with the reason, never guessed', () => {
    expect(
      rulesFor(
        'x',
        { name_from: 'whatever the clerk says' },
        ['ID', 'NOTE'],
        [
          { ID: 1, NOTE: 'same' },
          { ID: 2, NOTE: 'same' },
        ],
      ),
    ).toEqual({
      ok: false,
      reason: 'naming rule not understood and no attribute names each feature: "whatever the clerk says" (fields: ID, NOTE)',
    });
    expect(rulesFor('x', { name_from: 'property ED_NAME' }, ['ENGLISH_NA'])).toEqual({
      ok: false,
      reason: 'naming rule cannot be applied: "property ED_NAME" names ED_NAME, which the file does not have (fields: ENGLISH_NA)',
    });
    expect(rulesFor('x', { name_from: 'property NAME', keep: 'features the council likes' }, ['NAME'])).toEqual({
      ok: false,
      reason: 'filter rule not understood: "features the council likes"',
    });
    expect(
      splitProperty({ keep: "one boundary set per municipality: features whose property Municipali equals the municipality's name" }),
    ).toBe('Municipali');
  });

  test('capitalised names and em dashes', () => {
    expect(titleCase('ARM RIVER-WATROUS')).toBe('Arm River-Watrous');
    expect(titleCase("  st.  catharines o'neil ")).toBe("St. Catharines O'Neil");
    expect(emDashes("Chester-St. Margaret's")).toBe("Chester—St. Margaret's");
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
  const manifest = JSON.parse(readFileSync(join(from, 'manifest.json'), 'utf8')) as Array<{
    slug: string;
    boundary_set_names: string[];
    bbox: number[];
    feature_count: number;
  }>;

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
      if (
        set.boundary_set_names[0].includes('%s') ||
        set.slug === 'ca-nb-wards' ||
        /csd-352(1010|1024)$/.test(set.slug) ||
        set.slug === 'country-ca-csd-3515014'
      )
        continue; // filtered or split sets
      const name = set.boundary_set_names[0]
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/['’]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const mine = boundaries.filter((b) => b.source_set === name);
      expect(mine.length).toBeGreaterThan(0);
      const xs = mine.flatMap((b) => (b.geometry.coordinates as number[][][][]).flatMap((p) => p[0]));
      const box = [
        Math.min(...xs.map((p) => p[0])),
        Math.min(...xs.map((p) => p[1])),
        Math.max(...xs.map((p) => p[0])),
        Math.max(...xs.map((p) => p[1])),
      ];
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
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ format_version: 1, name: 'rep test', demo: false, extracted_at: '2026-01-01T00:00:00Z' }),
    );
    writeFileSync(join(dir, 'jurisdictions.jsonl'), '');
    writeFileSync(
      join(dir, 'boundaries.jsonl'),
      `${boundaries
        .filter((b) => keep.has(b.source_set))
        .map((b) => JSON.stringify(b))
        .join('\n')}\n`,
    );
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
  }, 60_000); // builds a data file from four real sets: 5-8 s on 2 cores, more under load
});

// A set whose rule cannot be applied never disappears quietly: the import fails naming it, or the
// operator leaves it out by name and every summary ends with it (Stratford PE's 3 wards, copied).
describe.skipIf(!existsSync(DATASETS))('a set whose rule cannot be applied', () => {
  const real = join(DATASETS, 'represent-boundaries');
  const setsOf = JSON.parse(readFileSync(join(real, 'manifest.json'), 'utf8')) as Array<Record<string, unknown>>;
  const stratford = setsOf.find((s) => s.slug === 'country-ca-csd-1102080')!;
  function folder(): string {
    const dir = tempDir('canpol-rep-refuse-');
    dirs.push(dir);
    const from = join(dir, 'represent-boundaries');
    cpSync(join(real, stratford.original_dir as string), join(from, stratford.original_dir as string), { recursive: true });
    const broken = {
      ...stratford,
      slug: 'country-ca-csd-broken',
      boundary_set_names: ['Broken wards'],
      feature_rules: { name_from: 'property WARD_LABEL' },
    };
    writeFileSync(join(from, 'manifest.json'), JSON.stringify([stratford, broken]));
    return dir;
  }

  test('fails the import naming the set, and writes nothing', async () => {
    const dir = folder();
    const into = join(dir, 'bundle');
    const run = runImport({ importers: [representBoundariesImporter], fromOf: datasetPath(dir), into });
    await expect(run).rejects.toThrow(
      /country-ca-csd-broken \(represent-boundaries, 3 records\): naming rule cannot be applied: "property WARD_LABEL" names WARD_LABEL, which the file does not have/,
    );
    expect(existsSync(join(into, 'boundaries.represent-boundaries.jsonl'))).toBe(false);
  });

  test('--skip-boundary-sets leaves it out on purpose: the other sets import, the report and both summaries repeat it', async () => {
    const dir = folder();
    const into = join(dir, 'bundle');
    const report = await runImport({
      importers: [representBoundariesImporter],
      fromOf: datasetPath(dir),
      into,
      skipSets: ['country-ca-csd-broken'],
    });
    expect(report.skipped_sets).toEqual([
      { importer: 'represent-boundaries', set: 'country-ca-csd-broken', reason: expect.stringContaining('WARD_LABEL'), records: 3 },
    ]);
    expect(summarize(report).split('\n').slice(-4).join('\n')).toMatch(
      /^!{100}\n!!! 1 SET\(S\) LEFT OUT OF THIS DATA \(--skip-boundary-sets\), 3 records not imported:\n!!! {3}country-ca-csd-broken \(represent-boundaries\): 3 records: .*WARD_LABEL.*\n!{100}$/,
    );
    const parts = readFileSync(join(into, 'boundaries.represent-boundaries.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).source_set);
    expect(new Set(parts)).toEqual(new Set(['stratford-wards']));
    writeFileSync(join(into, 'jurisdictions.jsonl'), '');
    const built = buildDataFile({ sources: into, out: join(dir, 'x.db') });
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    expect(built.skippedSets).toEqual(report.skipped_sets);
  });
});
