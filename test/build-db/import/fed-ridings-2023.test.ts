// fed-ridings-2023: a small GeoJSON written here (split ridings merged, every skip reason, names from
// the attribute table), the 2013 set superseded by it, then the real files of ../shared/datasets with
// the counts their SOURCE.md states.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { importFedRidings } from '../../../build-db/import/fed-ridings-2013/index.js';
import { FED_2023_FULL, FED_2023_SET, FED_2023_SIMPLIFIED, importFedRidings2023 } from '../../../build-db/import/fed-ridings-2023/index.js';
import { representationOrderInForce } from '../../../build-db/import/boundaries/representation-orders.js';
import { Identity } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportedRecords, Skip } from '../../../build-db/import/types.js';
import { box } from '../../helpers/boundary-fixture.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function context(existing: ImportedRecords = {}) {
  const skips: Skip[] = [];
  const logs: string[] = [];
  const ctx: ImportContext = { identity: new Identity([]), existing, skip: (s) => skips.push(s), log: (m) => logs.push(m) };
  return { ctx, skips, logs };
}

const feature = (id: unknown, geometry: unknown, name = 'Somewhere') => ({
  type: 'Feature',
  properties: { id, name, ED_NAMEF: `${name} (fr)`, REPORDER: '2023' },
  geometry,
});
const square = (x: number) => ({ type: 'Polygon', coordinates: [box(x, 47, x + 1, 48)] });

describe('the in-force dates of a Representation Order', () => {
  test('from its first general election to the dissolution of its last Parliament', () => {
    // 2013: the 2015-10-19 election to the 44th Parliament's dissolution, 2025-03-23.
    expect(representationOrderInForce(2013)).toEqual({ from: '2015-10-19', to: '2025-03-23' });
    // 2023: the 2025-04-28 election, still in force.
    expect(representationOrderInForce(2023)).toEqual({ from: '2025-04-28', to: null });
    expect(representationOrderInForce(1999)).toBeNull();
  });
});

describe('fed-ridings-2023 on a small file', () => {
  const datasets = tempDir('canpol-fed23-');
  dirs.push(datasets);
  const dir = join(datasets, 'fed-ridings-2023');
  mkdirSync(dir);
  mkdirSync(join(datasets, 'fed-ridings-2023-attributes'));
  writeFileSync(
    join(dir, FED_2023_SIMPLIFIED),
    gzipSync(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature(10001, square(-53)),
          feature(10002, square(-55)),
          feature(10002, { type: 'MultiPolygon', coordinates: [[box(-57, 47, -56, 48)]] }), // a second part of 10002
          feature('1x', square(-59)),
          feature(10003, {
            type: 'Polygon',
            coordinates: [
              [
                [-60, 47],
                [-59, 47],
                [-59, 48],
                [-60, 48],
              ],
            ],
          }), // not closed
          feature(10004, { type: 'Point', coordinates: [-53, 47] }),
        ],
      }),
    ),
  );
  writeFileSync(
    join(datasets, 'fed-ridings-2023-attributes/FED_CA_2023_EN.csv'),
    'FED_NUM,ED_NAMEE,ED_NAMEF,REP_ORDER\n10001,Avalon,Avalon-FR,2023\n10002,St. John\u0092s East,St. John’s-Est,2023\n10009,Labrador,Labrador,2023\n',
  );

  const { ctx, skips } = context();
  const out = importFedRidings2023(dir, ctx);
  const boundaries = out.records.boundaries!;

  test('one boundary per FED number, parts merged into a MultiPolygon, names from the official table', () => {
    expect(boundaries.map((b) => b.slug)).toEqual(['10001', '10002']);
    expect(boundaries[0]).toMatchObject({
      source_set: FED_2023_SET,
      name: 'Avalon',
      name_fr: 'Avalon-FR',
      level: 'federal',
      effective_from: '2025-04-28',
      effective_to: null,
      geometry: { type: 'Polygon' },
    });
    // U+0092 in the table is the apostrophe of the upstream naming rule.
    expect(boundaries[1]).toMatchObject({ name: "St. John's East", name_fr: 'St. John’s-Est', geometry: { type: 'MultiPolygon' } });
    expect(boundaries[1].geometry.coordinates).toHaveLength(2);
    expect(out.stats!.merged_features).toBe(1);
  });

  test('the simplified file says so in boundaries_version', () => {
    expect(boundaries[0].boundaries_version).toBe('2023 Representation Order (simplified polygons: not authoritative at edges)');
  });

  test('every skipped feature, and a riding of the table without a polygon, is reported', () => {
    expect(skips.map((s) => s.reason).sort()).toEqual([
      'geometry not a Polygon or MultiPolygon',
      'id not a 5-digit FED number',
      'invalid geometry',
      'riding of the attribute table without a polygon',
    ]);
    expect(skips.find((s) => s.reason === 'invalid geometry')).toMatchObject({ file: FED_2023_SIMPLIFIED, record: 'feature 5 id 10003' });
    expect(skips.find((s) => s.reason.startsWith('riding of the attribute'))!.record).toBe('FED_NUM 10009 Labrador');
  });

  test('a full-resolution file beside it wins and is not called simplified', () => {
    writeFileSync(
      join(dir, FED_2023_FULL),
      gzipSync(JSON.stringify({ type: 'FeatureCollection', features: [feature(10001, square(-53))] })),
    );
    const full = importFedRidings2023(dir, context().ctx).records.boundaries!;
    expect(full.map((b) => b.slug)).toEqual(['10001']);
    expect(full[0].boundaries_version).toBe('2023 Representation Order');
    rmSync(join(dir, FED_2023_FULL));
  });

  test('the 2013 set ends at the 2025 dissolution and is superseded once the 2023 set is in the bundle', () => {
    const d13 = join(datasets, 'fed-ridings-2013');
    mkdirSync(d13);
    writeFileSync(
      join(d13, 'fed_2013_representation_order.geojson.gz'),
      gzipSync(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: { FEDNUM: 10001, ENNAME: 'Avalon', REPORDER: '2013' }, geometry: square(-53) }],
        }),
      ),
    );
    const alone = importFedRidings(d13, context().ctx).records.boundaries!;
    expect(alone[0]).toMatchObject({ effective_from: '2015-10-19', effective_to: '2025-03-23', superseded_by: null });
    const after = importFedRidings(d13, context({ boundaries }).ctx).records.boundaries!;
    expect(after[0].superseded_by).toBe(FED_2023_SET);
  });
});

describe.skipIf(!existsSync(join(DATASETS, 'fed-ridings-2023')))('fed-ridings-2023 on the real file', () => {
  const { ctx, skips } = context();
  const out = importFedRidings2023(join(DATASETS, 'fed-ridings-2023'), ctx);
  const boundaries = out.records.boundaries!;
  const bySlug = new Map(boundaries.map((b) => [b.slug, b]));

  test('343 ridings from 352 features, none skipped, every name from the attribute table', () => {
    // SOURCE.md: "352 features for 343 ridings: six multi-part ridings are split across features"
    expect(boundaries).toHaveLength(343);
    expect(out.stats).toMatchObject({ features: 352, merged_features: 9, named_from_attributes: 343 });
    expect(skips).toEqual([]);
    // SOURCE.md counts per province: ON 122 ridings (FED 35xxx), QC 78 (24xxx).
    expect(boundaries.filter((b) => b.slug.startsWith('35'))).toHaveLength(122);
    expect(boundaries.filter((b) => b.slug.startsWith('24'))).toHaveLength(78);
  });

  test('split ridings become one MultiPolygon with all their parts', () => {
    // SOURCE.md: 24021 ×3, 46009 ×4.
    for (const [fed, n] of [
      ['24021', 3],
      ['46009', 4],
      ['12006', 2],
    ] as const) {
      const g = bySlug.get(fed)!.geometry;
      expect(g.type).toBe('MultiPolygon');
      expect(g.coordinates.length).toBeGreaterThanOrEqual(n);
    }
  });

  test('names in English and French from the official table', () => {
    // FED_CA_2023_EN.csv: 35075,Oakville East,Oakville-Est; 10006,St. John's East,St. John’s-Est
    expect(bySlug.get('35075')).toMatchObject({
      name: 'Oakville East',
      name_fr: 'Oakville-Est',
      ocd_id: 'ocd-division/country:ca/ed:35075-2023',
    });
    expect(bySlug.get('10006')).toMatchObject({ name: "St. John's East", name_fr: 'St. John’s-Est' });
  });
});
