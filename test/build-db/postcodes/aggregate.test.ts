// The build's postcode arithmetic: per code the mean of its address points, per FSA the
// address-weighted mean, overrides winning, FSA file as the fallback.
import { expect, test } from 'bun:test';
import { aggregatePostcodes } from '../../../build-db/postcodes/aggregate.js';

const at = <R>(record: R, line = 1) => ({ file: 'x.jsonl', line, record });
const point = (postcode: string, lat: number, lng: number, addresses = 1, city: string | null = null) =>
  at({ postcode, lat, lng, addresses, city, province_territory: null, fetched_at: null });
const EXTRACTED = '2026-01-01T00:00:00Z';

test('a code is the mean of its address points, weighted by the addresses each record stands for', () => {
  const { postcodes } = aggregatePostcodes(
    [point('K1A0A6', 45.0, -75.0, 2, 'Ottawa'), point('K1A0A6', 46.0, -76.0, 1, 'Gatineau'), point('K1A0A6', 45.5, -75.5, 1, 'Ottawa')],
    [],
    [],
    EXTRACTED,
  );
  // (45*2 + 46 + 45.5) / 4 = 45.375; (-75*2 - 76 - 75.5) / 4 = -75.375
  expect(postcodes).toEqual([
    {
      postcode: 'K1A0A6',
      fsa: 'K1A',
      source: 'nar',
      lat: 45.375,
      lng: -75.375,
      address_points: 4,
      city: 'Ottawa',
      province_territory: 'ON',
      fetched_at: EXTRACTED,
    },
  ]);
});

test('an FSA is the address-weighted mean of its codes, not the mean of code centres', () => {
  const { fsas } = aggregatePostcodes(
    [point('K1A0A6', 45, -75, 3), point('K1A0B1', 46, -76, 1)],
    [],
    [at({ fsa: 'K1A', lat: 40, lng: -70, city: 'Ottawa (File)', province_territory: 'ON', fetched_at: null })],
    EXTRACTED,
  );
  // (45*3 + 46) / 4 = 45.25: the FSA file's point is not used when address points exist.
  expect(fsas).toEqual([
    {
      fsa: 'K1A',
      basis: 'addresses',
      lat: 45.25,
      lng: -75.25,
      address_points: 4,
      postcodes: 2,
      city: 'Ottawa (File)',
      province_territory: 'ON',
      fetched_at: EXTRACTED,
    },
  ]);
});

test('the FSA file answers for FSAs without address points; overrides win over the register', () => {
  const { postcodes, fsas, warnings } = aggregatePostcodes(
    [point('K1A0A6', 45, -75, 5)],
    [
      at(
        {
          postcode: 'K1A0A6',
          lat: 45.1,
          lng: -75.1,
          city: 'Ottawa',
          province_territory: null,
          note: 'Parliament',
          fetched_at: '2025-02-03T00:00:00Z',
        },
        1,
      ),
      at({ postcode: 'K1A0A6', lat: 1, lng: 1, city: null, province_territory: null, note: null, fetched_at: null }, 2),
      at({ postcode: 'X0A0H0', lat: 63.7, lng: -68.5, city: 'Iqaluit', province_territory: null, note: null, fetched_at: null }, 3),
    ],
    [at({ fsa: 'H2X', lat: 45.51, lng: -73.57, city: 'Montréal', province_territory: 'QC', fetched_at: '2021-06-19T00:00:00Z' })],
    EXTRACTED,
  );
  expect(postcodes.map((p) => [p.postcode, p.source, p.lat, p.address_points, p.province_territory, p.fetched_at])).toEqual([
    ['K1A0A6', 'cache', 45.1, null, 'ON', '2025-02-03T00:00:00Z'],
    ['X0A0H0', 'cache', 63.7, null, 'NU', EXTRACTED],
  ]);
  expect(fsas.map((f) => [f.fsa, f.basis, f.lat, f.address_points, f.postcodes])).toEqual([
    ['H2X', 'fsa_point', 45.51, null, 0],
    // K1A's only code is overridden: no address point is left, so the overrides are averaged.
    ['K1A', 'overrides', 45.1, null, 1],
    ['X0A', 'overrides', 63.7, null, 1],
  ]);
  expect(warnings).toEqual([
    'x.jsonl:2: postcode: K1A0A6 is already overridden at x.jsonl:1; this row is ignored',
    'postcode_overrides: 1 override(s) replace codes the address register also places; the override wins',
  ]);
});
