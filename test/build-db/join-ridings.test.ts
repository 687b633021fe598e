// Provincial ridings joined to the map in force when the term began: records written by hand, the
// riding names as the 2022 Ontario map in the real file prints them (em dashes) and as a roster
// may print them (hyphens); then, on the real file when present, that every name of that map is
// told apart by the folded form the join uses.
import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { joinRidings } from '../../build-db/join-ridings.js';
import { placeName } from '../../build-db/import/identity.js';
import type { BoundaryRecord, PoliticianRecord } from '../../build-db/sources/schemas.js';

const boundary = (source_set: string, slug: string, name: string, province = 'ON'): BoundaryRecord =>
  ({ source_set, slug, name, level: 'provincial', province_territory: province, boundaries_version: '2021-03-29' }) as BoundaryRecord;
const term = (start: string, riding: string | null, parliament: number): PoliticianRecord['terms'][number] => ({
  start_at: `${start}T00:00:00Z`,
  end_at: null,
  elected_office: 'MPP',
  constituency_id: null,
  constituency_name: riding,
  party: null,
  parliament_number: parliament,
  observed: false,
});
const person = (key: string, province: string, riding: string, terms: ReturnType<typeof term>[]): PoliticianRecord =>
  ({
    key,
    name: key,
    level: 'provincial',
    province_territory: province,
    constituency_name: riding,
    constituency_id: null,
    terms,
  }) as unknown as PoliticianRecord;
const MAP = [
  boundary('ontario-electoral-districts-2022', 'scarborough-rouge-park', 'Scarborough—Rouge Park'),
  boundary('ontario-electoral-districts-2022', 'kiiwetinoong', 'Kiiwetinoong'),
  boundary('toronto-wards-2018', 'scarborough-rouge-park', 'Scarborough-Rouge Park'),
];

test('a term begun after the map was first used joins its riding; one begun before, a riding the map does not name, and a province without a map do not', () => {
  const on = person('on/1', 'ON', 'Scarborough-Rouge Park', [
    term('2018-07-11', 'Scarborough-Rouge Park', 42),
    term('2022-08-08', 'Scarborough-Rouge Park', 43),
  ]);
  const gone = person('on/2', 'ON', 'Sudbury East', [term('2022-08-08', 'Sudbury East', 43)]);
  const bc = person('bc/1', 'BC', 'Vancouver-Hastings', [term('2025-02-18', 'Vancouver-Hastings', 43)]);
  const r = joinRidings([on, gone, bc], MAP);
  expect(on.terms.map((t) => t.constituency_id)).toEqual([null, 'ontario-electoral-districts-2022/scarborough-rouge-park']);
  expect(on.constituency_id).toBe('ontario-electoral-districts-2022/scarborough-rouge-park');
  expect(gone.terms[0].constituency_id).toBeNull();
  expect(bc.terms[0].constituency_id).toBeNull();
  expect(r).toEqual({
    joined: 1,
    unjoined: {
      'ON: term begun before the first map in the file was used': 1,
      'ON: riding not named on ontario-electoral-districts-2022': 1,
      'BC: no map of the province in the file with a known first use': 1,
    },
  });
});

test('a term that already names its boundary, a federal member and a map that is not in the file are left as they are', () => {
  const fed = {
    ...person('fed/1', 'ON', 'Scarborough—Rouge Park', [term('2022-08-08', 'Scarborough—Rouge Park', 44)]),
    level: 'federal',
  } as PoliticianRecord;
  const named = person('on/3', 'ON', 'Kiiwetinoong', [{ ...term('2022-08-08', 'Kiiwetinoong', 43), constituency_id: 'x/y' }]);
  const noMap = person('on/4', 'ON', 'Kiiwetinoong', [term('2022-08-08', 'Kiiwetinoong', 43)]);
  expect(joinRidings([fed, named], MAP)).toEqual({ joined: 0, unjoined: {} });
  expect(fed.terms[0].constituency_id).toBeNull();
  expect(named.terms[0].constituency_id).toBe('x/y');
  expect(joinRidings([noMap], MAP.slice(2)).unjoined).toEqual({ 'ON: no map of the province in the file with a known first use': 1 });
});

const REAL = join(import.meta.dir, '../../data/real.db');
describe.skipIf(!existsSync(REAL))('the real file', () => {
  test("the 2022 Ontario map's 124 names are 124 distinct folded names", () => {
    const db = new Database(REAL, { readonly: true });
    const names = db.prepare("SELECT name FROM boundaries WHERE source_set = 'ontario-electoral-districts-2022'").pluck().all() as string[];
    db.close();
    expect(names.length).toBe(124);
    expect(new Set(names.map(placeName)).size).toBe(124);
  });
});
