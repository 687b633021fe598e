// fed-ridings-2013: a small GeoJSON written here (every skip reason), then the real file with
// answers looked up by hand, and point-in-polygon on real polygons through a small real bundle.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { importFedRidings } from '../../../build-db/import/fed-ridings-2013/index.js';
import { Identity } from '../../../build-db/import/identity.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { createBoundaryIndex } from '../../../src/core/geo/boundary-index.js';
import { box } from '../../helpers/boundary-fixture.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function context() {
  const skips: Skip[] = [];
  const logs: string[] = [];
  const ctx: ImportContext = { identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: (m) => logs.push(m) };
  return { ctx, skips, logs };
}

describe('fed-ridings-2013 on a small file', () => {
  const datasets = tempDir('canpol-fed-');
  dirs.push(datasets);
  const dir = join(datasets, 'fed-ridings-2013');
  mkdirSync(dir);
  mkdirSync(join(datasets, 'ocd-division-ids-ca'));
  const feature = (FEDNUM: unknown, geometry: unknown, ENNAME = 'Somewhere--Else') => ({
    type: 'Feature',
    properties: { FEDNUM, ENNAME, FRNAME: 'Ailleurs', REPORDER: '2013' },
    geometry,
  });
  writeFileSync(
    join(dir, 'fed_2013_representation_order.geojson.gz'),
    gzipSync(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature(10001, { type: 'Polygon', coordinates: [box(-53, 47, -52, 48)] }),
          feature(10002, { type: 'Polygon', coordinates: [box(-54, 47, -53, 48)] }),
          feature('1x', { type: 'Polygon', coordinates: [box(-55, 47, -54, 48)] }),
          feature(10003, {
            type: 'Polygon',
            coordinates: [
              [
                [-55, 47],
                [-54, 47],
                [-54, 48],
                [-55, 48],
              ],
            ],
          }), // not closed
          feature(10001, { type: 'Polygon', coordinates: [box(-53, 47, -52, 48)] }),
          feature(10004, { type: 'Point', coordinates: [-53, 47] }),
        ],
      }),
    ),
  );
  writeFileSync(join(dir, 'SOURCE.md'), '* **1 riding is truncated.** Affected: 10002 Somewhere.\n* Every geometry is a Polygon.\n');
  writeFileSync(
    join(datasets, 'ocd-division-ids-ca/country-ca.csv'),
    'id,name,sameAs,validThrough,name_fr,validFrom\nocd-division/country:ca/ed:10001-2013,Avalon,,2024-04-23,Avalon-FR,2015-10-19\n',
  );

  const { ctx, skips, logs } = context();
  const out = importFedRidings(dir, ctx);
  const boundaries = out.records.boundaries!;

  test('keeps the valid ridings with OCD names, else the file name with em-dashes; in force from the 2015 election to the 2025 dissolution', () => {
    expect(boundaries.map((b) => b.slug)).toEqual(['10001', '10002']);
    // The OCD list ends the order at the 2023 order's proclamation (2024-04-23); the House sat for these
    // ridings until it was dissolved on 2025-03-23.
    expect(boundaries[0]).toMatchObject({
      source_set: 'federal-electoral-districts-2013',
      name: 'Avalon',
      name_fr: 'Avalon-FR',
      level: 'federal',
      province_territory: null,
      effective_from: '2015-10-19',
      effective_to: '2025-03-23',
      ocd_id: 'ocd-division/country:ca/ed:10001-2013',
    });
    expect(boundaries[1]).toMatchObject({ name: 'Somewhere—Else', name_fr: 'Ailleurs', effective_from: '2015-10-19', ocd_id: null });
  });

  test('reports every skipped feature with a reason', () => {
    expect(skips.map((s) => s.reason).sort()).toEqual([
      'FEDNUM not a 5-digit number',
      'FEDNUM repeated',
      'geometry not a Polygon or MultiPolygon',
      'invalid geometry',
    ]);
    expect(skips.find((s) => s.reason === 'invalid geometry')!.detail).toContain('must be closed');
  });

  test('warns about the ridings SOURCE.md lists as truncated', () => {
    expect(out.stats!.truncated_upstream).toBe(1);
    expect(logs.filter((l) => l.startsWith('warning: 10002'))).toHaveLength(1);
  });
});

describe.skipIf(!existsSync(DATASETS))('fed-ridings-2013 on the real file', () => {
  const { ctx, skips, logs } = context();
  const out = importFedRidings(join(DATASETS, 'fed-ridings-2013'), ctx);
  const boundaries = out.records.boundaries!;
  const bySlug = new Map(boundaries.map((b) => [b.slug, b]));

  test('338 ridings, none skipped; names from the OCD list', () => {
    // SOURCE.md: "338 features, one per riding"
    expect(boundaries).toHaveLength(338);
    expect(skips).toEqual([]);
    // country-ca.csv: ocd-division/country:ca/ed:35075-2013,Ottawa Centre,…,Ottawa-Centre,…,2015-10-19;
    // in force until the 44th Parliament's dissolution (2025-03-23).
    expect(bySlug.get('35075')).toMatchObject({
      name: 'Ottawa Centre',
      name_fr: 'Ottawa-Centre',
      effective_from: '2015-10-19',
      effective_to: '2025-03-23',
    });
  });

  test('the 6 truncated ridings of SOURCE.md are warnings', () => {
    const warned = logs
      .filter((l) => l.startsWith('warning:'))
      .map((l) => l.slice(9, 14))
      .sort();
    expect(warned).toEqual(['12005', '24026', '24046', '46001', '46010', '59009']);
  });

  test('real polygons: landmarks, a hole, a shared vertex, outside Canada', () => {
    // Only the ridings around the landmarks, so the build stays fast.
    const keep = ['35075', '35077', '35078', '35101', '24023', '24073'];
    const dir = tempDir('canpol-fed-real-');
    dirs.push(dir);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ format_version: 1, name: 'fed test', demo: false, extracted_at: '2026-01-01T00:00:00Z' }),
    );
    writeFileSync(join(dir, 'jurisdictions.jsonl'), '');
    writeFileSync(join(dir, 'boundaries.jsonl'), `${keep.map((k) => JSON.stringify(bySlug.get(k))).join('\n')}\n`);
    const built = buildDataFile({ sources: dir, out: join(dir, 'x.db') });
    expect(built.ok).toBe(true);
    const db = new Database(join(dir, 'x.db'), { readonly: true });
    const index = createBoundaryIndex({ db });
    const federal = (lat: number, lng: number) => index.winners(lng, lat).federal?.slug ?? null;
    // Parliament Hill (45.4236, -75.7009) is in Ottawa Centre (Elections Canada riding 35075).
    expect(federal(45.4236, -75.7009)).toBe('35075');
    // Toronto City Hall (100 Queen St W, 43.6534, -79.3841) is in Spadina—Fort York (35101).
    expect(federal(43.6534, -79.3841)).toBe('35101');
    // Sherbrooke (24073) is an enclave cut out of Compton—Stanstead (24023) as a hole: downtown
    // Sherbrooke (45.4042, -71.8929) is in the hole, so in Sherbrooke and not in Compton—Stanstead.
    expect(index.lookup(-71.8929, 45.4042).map((h) => h.slug)).toEqual(['24073']);
    // A vertex shared by Ottawa Centre and Ottawa South lies on both boundaries: the smaller area wins.
    const ring = (slug: string) => (bySlug.get(slug)!.geometry.coordinates as number[][][])[0];
    const south = new Set(ring('35077').map((p) => p.join(',')));
    const vanier = new Set(ring('35078').map((p) => p.join(','))); // skip the tri-point with Ottawa—Vanier
    const shared = ring('35075').find((p) => south.has(p.join(',')) && !vanier.has(p.join(',')))!;
    expect(
      index
        .lookup(shared[0], shared[1])
        .map((h) => h.slug)
        .sort(),
    ).toEqual(['35075', '35077']);
    const smaller = index.lookup(shared[0], shared[1]).sort((a, b) => a.area_sqkm - b.area_sqkm)[0].slug;
    expect(federal(shared[1], shared[0])).toBe(smaller);
    // Chicago (41.8781, -87.6298) is in no Canadian riding.
    expect(index.winners(-87.6298, 41.8781)).toEqual({});
    db.close();
  });
});
