// GET /boundaries, /boundaries/{source_set}/{slug}, /boundaries/lookup and the politician's boundary,
// on the hand-made squares of test/helpers/boundary-fixture.ts (every answer follows from the drawing).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../../src/server/http/app.js';
import { ApiError } from '../../../src/core/errors.js';
import { boundaryRecords } from '../../helpers/boundary-fixture.js';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { httpHelpers, type Json } from '../../helpers/http.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture((r) => {
    (r as unknown as { boundaries: unknown[] }).boundaries = boundaryRecords();
  });
});
afterAll(() => fx.cleanup());

const { ok200, expectInvalid, expectNotFound, expectCache, listField } = httpHelpers(() => fx);

const ITEM_FIELDS = [
  'constituency_id',
  'name',
  'level',
  'province_territory',
  'source_set',
  'area_sqkm',
  'centroid',
  'effective_from',
  'effective_to',
  'boundaries_version',
];

describe('GET /boundaries', () => {
  test('lists every boundary without geometry, federal first, then by province and constituency_id', async () => {
    const body = await ok200('/boundaries');
    expect(body).toMatchObject({ page: 1, limit: 50, total: 8, pages: 1 });
    expect(body.items.map((b: Json) => b.constituency_id)).toEqual([
      'fed-2023/35001',
      'fed-2023/35002',
      'fed-2023/35003',
      'on-2018/old-riding',
      'on-2022/ottawa-centre',
      'city-wards/ward-1',
      'city-wards/ward-2',
      'city/whole',
    ]);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual([...ITEM_FIELDS].sort());
  });

  test('item values: area is geodesic km², centroid the area-weighted centre', async () => {
    const [first] = (await ok200('/boundaries?level=federal&limit=1')).items;
    expect(first).toMatchObject({
      constituency_id: 'fed-2023/35001',
      name: 'Ottawa Centre',
      level: 'federal',
      province_territory: null,
      source_set: 'fed-2023',
      effective_from: '2024-04-23',
      effective_to: null,
      boundaries_version: '2023',
    });
    // 1°x1° at 45-46°N is ~78.7 km x 111.1 km ≈ 8,740 km²; the 0.2°x0.2° lake takes ~1/25 of a degree square.
    expect(first.area_sqkm).toBeGreaterThan(8000);
    expect(first.area_sqkm).toBeLessThan(8700);
    // The lake sits south-west of the centre, so the centroid moves north-east of (-75.5, 45.5).
    expect(first.centroid.lng).toBeGreaterThan(-75.5);
    expect(first.centroid.lat).toBeGreaterThan(45.5);
  });

  test('level and province filters; province is ignored for federal', async () => {
    expect(await listField('/boundaries?level=municipal', 'constituency_id')).toEqual([
      'city-wards/ward-1',
      'city-wards/ward-2',
      'city/whole',
    ]);
    expect((await ok200('/boundaries?level=federal&province_territory=QC')).total).toBe(3);
    expect((await ok200('/boundaries?level=provincial&province_territory=QC')).total).toBe(0);
    expect((await ok200('/boundaries?province_territory=on')).total).toBe(8);
  });

  test('bbox keeps boundaries whose simplified bounding box intersects', async () => {
    // Only the eastern square of 35003 reaches east of -73.9.
    expect(await listField('/boundaries?bbox=-73.9,44.1,-73.8,44.2', 'constituency_id')).toEqual(['fed-2023/35003']);
    // A box touching ward-2's east edge (-75.2) from outside still intersects (edges count).
    expect(await listField('/boundaries?level=municipal&bbox=-75.2,45.7,-75.1,45.8', 'constituency_id')).toEqual([
      'city-wards/ward-2',
      'city/whole',
    ]);
    expect((await ok200('/boundaries?bbox=-100,50,-99,51')).total).toBe(0);
  });

  test('pagination past the end keeps the total', async () => {
    const body = await ok200('/boundaries?limit=3&page=4');
    expect(body).toMatchObject({ items: [], total: 8, pages: 3, page: 4, limit: 3 });
  });

  test('400s name every bad parameter', async () => {
    await expectInvalid('/boundaries?limit=0', ['limit']);
    await expectInvalid('/boundaries?limit=101&page=0', ['limit', 'page']);
    await expectInvalid('/boundaries?level=city', ['level']);
    await expectInvalid('/boundaries?province_territory=XX', ['province_territory']);
    await expectInvalid('/boundaries?bbox=1,2,3', ['bbox']);
    await expectInvalid('/boundaries?bbox=a,b,c,d', ['bbox']);
    await expectInvalid('/boundaries?bbox=-70,45,-71,46', ['bbox']); // min > max
    await expectInvalid('/boundaries?bbox=-200,45,-71,46', ['bbox']);
    await expectInvalid('/boundaries?level=federal&level=provincial', ['level']);
  });

  test('cache 3600 s', () => expectCache('/boundaries', 3600));
});

describe('GET /boundaries/{source_set}/{slug}', () => {
  test('returns the boundary with its simplified MultiPolygon (holes kept)', async () => {
    const { boundary } = await ok200('/boundaries/fed-2023/35001');
    expect(Object.keys(boundary).sort()).toEqual([...ITEM_FIELDS, 'boundary_geojson'].sort());
    expect(boundary.boundary_geojson.type).toBe('MultiPolygon');
    expect(boundary.boundary_geojson.coordinates).toHaveLength(1);
    expect(boundary.boundary_geojson.coordinates[0]).toHaveLength(2); // outer ring and the lake
  });

  test('a MultiPolygon keeps both parts', async () => {
    const { boundary } = await ok200('/boundaries/fed-2023/35003');
    expect(boundary.boundary_geojson.coordinates).toHaveLength(2);
  });

  test('precision rounds coordinates', async () => {
    const { boundary } = await ok200('/boundaries/fed-2023/35001?precision=1');
    const values = boundary.boundary_geojson.coordinates.flat(3) as number[];
    for (const x of values) expect(Math.abs(x * 10 - Math.round(x * 10))).toBeLessThan(1e-9);
  });

  test('404 for an unknown boundary; 400 for a malformed path or precision', async () => {
    await expectNotFound('/boundaries/fed-2023/99999');
    await expectNotFound('/boundaries/nope/35001');
    await expectInvalid('/boundaries/Fed_2023/35001', ['source_set']);
    await expectInvalid('/boundaries/fed-2023/35%20001?precision=0', ['slug', 'precision']);
    await expectInvalid('/boundaries/fed-2023/35001?precision=16', ['precision']);
    await expectInvalid('/boundaries/fed-2023/35001?precision=2.5', ['precision']);
  });

  test('cache 3600 s', () => expectCache('/boundaries/fed-2023/35001', 3600));
});

describe('GET /boundaries/lookup', () => {
  const ids = (body: Json) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, (v as Json)?.constituency_id ?? null]));

  test('one boundary per level; the superseded map never matches', async () => {
    const body = await ok200('/boundaries/lookup?lat=45.75&lng=-75.7');
    expect(ids(body)).toEqual({ federal: 'fed-2023/35001', provincial: 'on-2022/ottawa-centre', municipal: 'city-wards/ward-1' });
    expect(Object.keys(body.federal).sort()).toEqual([...ITEM_FIELDS, 'boundary_geojson'].sort());
  });

  test('a point in the lake hole is in no federal riding', async () => {
    expect(ids(await ok200('/boundaries/lookup?lat=45.3&lng=-75.7'))).toEqual({
      federal: null,
      provincial: 'on-2022/ottawa-centre',
      municipal: null,
    });
  });

  test('a point on a shared edge goes to the smaller riding; equal areas to the lower constituency_id', async () => {
    expect(ids(await ok200('/boundaries/lookup?lat=45.5&lng=-75')).federal).toBe('fed-2023/35002');
    expect(ids(await ok200('/boundaries/lookup?lat=45.75&lng=-75.5')).municipal).toBe('city-wards/ward-1');
  });

  test('the second part of a MultiPolygon matches', async () => {
    expect(ids(await ok200('/boundaries/lookup?lat=44.25&lng=-73.75')).federal).toBe('fed-2023/35003');
  });

  test('outside every boundary: all null', async () => {
    expect(await ok200('/boundaries/lookup?lat=41&lng=-100')).toEqual({ federal: null, provincial: null, municipal: null });
  });

  test('level returns only that slot', async () => {
    expect(ids(await ok200('/boundaries/lookup?lat=45.75&lng=-75.7&level=municipal'))).toEqual({ municipal: 'city-wards/ward-1' });
  });

  test('400s: missing, partial or out-of-range coordinates, bad level', async () => {
    await expectInvalid('/boundaries/lookup', ['lat', 'lng']);
    await expectInvalid('/boundaries/lookup?lat=45', ['lng']);
    await expectInvalid('/boundaries/lookup?lng=-75', ['lat']);
    await expectInvalid('/boundaries/lookup?lat=39.9&lng=-75', ['lat']);
    await expectInvalid('/boundaries/lookup?lat=85.1&lng=-49', ['lat', 'lng']);
    await expectInvalid('/boundaries/lookup?lat=45&lng=-145.5', ['lng']);
    await expectInvalid('/boundaries/lookup?lat=abc&lng=-75', ['lat']);
    await expectInvalid('/boundaries/lookup?lat=45&lng=-75&level=ward', ['level']);
    await expectInvalid('/boundaries/lookup?postcode=K1', ['postcode']);
    await expectInvalid('/boundaries/lookup?postcode=K1A0A6K1A', ['postcode']);
  });

  test('without postcode data a postcode is 404', () => expectNotFound('/boundaries/lookup?postcode=K1A0A6&lat=45.75&lng=-75.7'));

  test('a postcode wins over lat/lng and uses its location', async () => {
    const app = createApp({
      data: fx.data,
      logError: (err) => {
        throw err;
      },
      locatePostcode: (pc) => {
        if (pc === 'bad')
          throw new ApiError('invalid_parameter', 'postcode is malformed', [{ param: 'postcode', message: 'is malformed' }]);
        return pc === 'K1A0A6' ? { lat: 44.25, lng: -73.75 } : null;
      },
    });
    const res = await app.request('/api/public/v1/boundaries/lookup?postcode=K1A0A6&lat=45.75&lng=-75.7');
    expect(ids(await res.json())).toEqual({ federal: 'fed-2023/35003', provincial: null, municipal: null });
    expect((await app.request('/api/public/v1/boundaries/lookup?postcode=H0H0H0')).status).toBe(404);
    expect((await app.request('/api/public/v1/boundaries/lookup?postcode=bad')).status).toBe(400);
  });

  test('cache 3600 s', () => expectCache('/boundaries/lookup?lat=45.75&lng=-75.7', 3600));
});

describe('politician boundary', () => {
  test('filled when the constituency has a boundary', async () => {
    const { boundary } = await ok200(`/politicians/${fixtureIds.alice}`);
    expect(Object.keys(boundary).sort()).toEqual(['boundary_geojson', 'centroid_lat', 'centroid_lng', 'constituency_id', 'level', 'name']);
    expect(boundary).toMatchObject({ constituency_id: 'fed-2023/35001', name: 'Ottawa Centre', level: 'federal' });
    expect(boundary.boundary_geojson.type).toBe('MultiPolygon');
  });

  test('null when it has none', async () => {
    expect((await ok200(`/politicians/${fixtureIds.diane}`)).boundary).toBeNull(); // on-2022/toronto-centre is not drawn
  });
});
