// The municipal rule of representatives by postcode on stand-in queries: the mayor from the first
// containing boundary that has one, one councillor of the winning ward, no at-large members.
import { expect, test } from 'bun:test';
import type { SittingPolitician } from '../../src/db/postcodes.js';
import type { BoundaryHit } from '../../src/geo/boundary-index.js';
import { createRepresentativeFinder } from '../../src/postcodes/representatives.js';

const hit = (constituency_id: string, level: BoundaryHit['level'] = 'municipal'): BoundaryHit =>
  ({ constituency_id, source_set: constituency_id.split('/')[0], slug: constituency_id.split('/')[1], name: constituency_id, level, province_territory: 'ON', area_sqkm: 1 });
const person = (id: string, mayor = false): SittingPolitician =>
  ({ politician: { id, full_name: id } as SittingPolitician['politician'], level: 'municipal', constituency_name: '', is_mayor: mayor });

const SITTING: Record<string, SittingPolitician[]> = {
  'town/whole': [person('at-large-a'), person('mayor-town', true), person('at-large-b')],
  'city/whole': [person('mayor-city', true), person('at-large-c')],
  'city-wards/ward-1': [person('councillor-1'), person('councillor-1b')],
  'fed/1': [person('mp')],
};
let queries = 0;
const find = createRepresentativeFinder({
  sittingIn: (id) => { queries++; return SITTING[id] ?? []; },
  offices: () => [],
  liveSocials: () => [],
});
const ids = (entries: ReturnType<typeof find>) => entries.map((e) => `${e.constituency_id}:${e.politician.id}`);

test('a city with wards: the mayor of the city boundary and the first councillor of the ward', () => {
  const containing = [hit('fed/1', 'federal'), hit('city-wards/ward-1'), hit('city/whole')];
  expect(ids(find(containing, { federal: containing[0], municipal: containing[1] }))).toEqual([
    'fed/1:mp', 'city/whole:mayor-city', 'city-wards/ward-1:councillor-1',
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
