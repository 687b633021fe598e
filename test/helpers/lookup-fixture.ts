// The fixture plus the squares of boundary-fixture.ts, their members and a few postcode points,
// for the offline commands (lookup, search, the binary). Answers by construction (see
// test/server/routes/postcodes.test.ts for the derivations):
//   K1A0A6 → 35001 (Alice Martin), on-2022/ottawa-centre (Olivia Brant), the mayor, ward-1 (Wanda One)
//   45.7,-75.3 → fed 35001, on-2022/ottawa-centre, city-wards/ward-2; K1C1A1 is not in the data (404)
import type { FixtureRecords } from './fixture.js';
import { boundaryRecords } from './boundary-fixture.js';

const term = (start_at: string, end_at: string | null = null) => ({ start_at, end_at });
const municipal = { level: 'municipal', province_territory: 'ON', party: 'Independent', is_active: true };

export function withBoundariesAndPostcodes(r: FixtureRecords): void {
  const extra = r as unknown as Record<string, unknown[]>;
  extra.boundaries = boundaryRecords();
  r.politicians.push(
    {
      key: 'p/olivia',
      name: 'Olivia Brant',
      first_name: 'Olivia',
      last_name: 'Brant',
      party: 'Liberal',
      elected_office: 'MPP',
      level: 'provincial',
      province_territory: 'ON',
      constituency_id: 'on-2022/ottawa-centre',
      constituency_name: 'Ottawa Centre',
      is_active: true,
      terms: [term('2022-06-02T00:00:00Z')],
    },
    {
      ...municipal,
      key: 'p/mayor',
      name: 'Mary Mayor',
      first_name: 'Mary',
      last_name: 'Mayor',
      elected_office: 'Mayor',
      constituency_id: 'city/whole',
      constituency_name: 'The City',
      terms: [term('2022-11-15T00:00:00Z')],
    },
    {
      ...municipal,
      key: 'p/ward1',
      name: 'Wanda One',
      elected_office: 'Councillor',
      constituency_id: 'city-wards/ward-1',
      constituency_name: 'Ward 1',
      terms: [term('2022-11-15T00:00:00Z')],
    },
    {
      ...municipal,
      key: 'p/ward2',
      name: 'Walter Two',
      elected_office: 'Councillor',
      constituency_id: 'city-wards/ward-2',
      constituency_name: 'Ward 2',
      terms: [term('2022-11-15T00:00:00Z')],
    },
  );
  extra.postcode_points = [
    {
      postcode: 'K1A0A6',
      lat: 45.65,
      lng: -75.7,
      addresses: 2,
      city: 'Ottawa',
      province_territory: 'ON',
      fetched_at: '2024-06-28T00:00:00Z',
    },
    { postcode: 'K1A0A6', lat: 45.8, lng: -75.6, city: 'Ottawa', fetched_at: '2024-06-28T00:00:00Z' },
  ];
}

/** [level, constituency_id, full name] of each representative of a representatives body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const representativesOf = (body: any): string[][] =>
  body.representatives.map((r: any) => [r.level, r.constituency_id, r.politician.full_name]);

export const K1A0A6_REPRESENTATIVES = [
  ['federal', 'fed-2023/35001', 'Hon. Alice Martin'],
  ['provincial', 'on-2022/ottawa-centre', 'Olivia Brant'],
  ['municipal', 'city/whole', 'Mary Mayor'],
  ['municipal', 'city-wards/ward-1', 'Wanda One'],
];
