// The municipal rule of representatives by postcode on stand-in queries: the mayor from the first
// containing boundary that has one, one councillor of the winning ward, no at-large members.
import { expect, test } from 'bun:test';
import type { SittingPolitician } from '../../../src/server/db/postcodes.js';
import type { BoundaryHit } from '../../../src/core/geo/boundary-index.js';
import { createRepresentativeFinder } from '../../../src/server/postcodes/representatives.js';

const hit = (constituency_id: string, level: BoundaryHit['level'] = 'municipal'): BoundaryHit => ({
  constituency_id,
  source_set: constituency_id.split('/')[0],
  slug: constituency_id.split('/')[1],
  name: constituency_id,
  level,
  province_territory: 'ON',
  area_sqkm: 1,
});
const person = (id: string, mayor = false): SittingPolitician => ({
  politician: { id, full_name: id } as SittingPolitician['politician'],
  level: 'municipal',
  constituency_name: '',
  is_mayor: mayor,
});

const SITTING: Record<string, SittingPolitician[]> = {
  'town/whole': [person('at-large-a'), person('mayor-town', true), person('at-large-b')],
  'city/whole': [person('mayor-city', true), person('at-large-c')],
  'city-wards/ward-1': [person('councillor-1'), person('councillor-1b')],
  'fed/1': [person('mp')],
};
// A Represent roster: the mayor sits for `<ward set>/<municipality>`, a constituency no polygon has.
const atLargeMayor: SittingPolitician = {
  politician: {
    id: 'mayor-wardville',
    full_name: 'mayor-wardville',
    constituency_id: 'wardville-wards/wardville',
  } as SittingPolitician['politician'],
  level: 'municipal',
  constituency_name: 'Wardville',
  is_mayor: true,
};
const BY_SET: Record<string, SittingPolitician[]> = {
  'wardville-wards': [person('councillor-w2'), atLargeMayor],
  'city-wards': [person('councillor-1'), person('councillor-1b')],
};
SITTING['wardville-wards/ward-2'] = [person('councillor-w2')];
let queries = 0;
const find = createRepresentativeFinder({
  sittingIn: (id) => {
    queries++;
    return SITTING[id] ?? [];
  },
  sittingInSet: (set) => BY_SET[set] ?? [],
  offices: () => [],
  liveSocials: () => [],
});
const ids = (entries: ReturnType<typeof find>) => entries.map((e) => `${e.constituency_id}:${e.politician.id}`);

test('a city with wards: the mayor of the city boundary and the first councillor of the ward', () => {
  const containing = [hit('fed/1', 'federal'), hit('city-wards/ward-1'), hit('city/whole')];
  expect(ids(find(containing, { federal: containing[0], municipal: containing[1] }))).toEqual([
    'fed/1:mp',
    'city/whole:mayor-city',
    'city-wards/ward-1:councillor-1',
  ]);
});

test('a town without wards: its mayor only, never its at-large councillors', () => {
  const town = hit('town/whole');
  expect(ids(find([town], { municipal: town }))).toEqual(['town/whole:mayor-town']);
});

test('a ward whose city has no mayor on file: just the councillor; each boundary is queried once', () => {
  const before = queries;
  const ward = hit('city-wards/ward-1');
  expect(ids(find([ward], { municipal: ward }))).toEqual(['city-wards/ward-1:councillor-1']);
  expect(ids(find([ward], { municipal: ward }))).toEqual(['city-wards/ward-1:councillor-1']);
  expect(queries - before).toBe(0); // ward-1 was already looked up by the first test
});

test('a mayor elected at large by a ward set (Represent): found by the set of the ward holding the point, under their own constituency', () => {
  const ward = hit('wardville-wards/ward-2');
  const entries = find([ward], { municipal: ward });
  expect(ids(entries)).toEqual(['wardville-wards/wardville:mayor-wardville', 'wardville-wards/ward-2:councillor-w2']);
  expect(entries[0].constituency_name).toBe('Wardville');
  expect(entries[0].boundary_source_set).toBe('wardville-wards');
});

test('a mayor with a whole-city boundary wins over an at-large one of the ward set', () => {
  const containing = [hit('city-wards/ward-1'), hit('city/whole')];
  expect(ids(find(containing, { municipal: containing[0] }))[0]).toBe('city/whole:mayor-city');
});
