// GET /postcodes/{postcode} and /representatives on the squares of test/helpers/boundary-fixture.ts
// plus hand-placed postcode points: every expected value follows from the coordinates below.
//
//   K1A0A6 (nar): 2 addresses at (45.65, -75.7) + 1 at (45.8, -75.6) → mean (45.7, -75.666667), 3 points: ward-1
//   K1A0B1 (nar): 1 address at (45.7, -75.3): ward-2
//   K1A0C1 (cache override): (45.3, -75.7), inside 35001's lake hole: no federal riding
//   FSA K1A: address-weighted mean of its nar codes = (45.7*3 + 45.7)/4, (-75.666667*3 - 75.3)/4 → (45.7, -75.575), 4 points
//   FSA K1B: only the FSA file's point (45.5, -74.75): riding 35002; X0A (63.75, -68.52): outside every boundary
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { boundaryRecords } from '../../helpers/boundary-fixture.js';
import { buildFixture, EXTRACTED_AT, fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { httpHelpers, type Json } from '../../helpers/http.js';
import { ids } from '../../../build-db/ids.js';

const NAR_DATE = '2024-06-28T00:00:00Z';
const FSA_DATE = '2021-06-19T00:00:00Z';
const term = (start_at: string, end_at: string | null = null) => ({ start_at, end_at });
const municipal = { level: 'municipal', province_territory: 'ON', party: 'Independent', is_active: true };

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture((r) => {
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
        key: 'p/atlarge',
        name: 'Al Large',
        elected_office: 'Councillor at large',
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
        personal_url: 'https://wanda.example.org/',
        terms: [term('2022-11-15T00:00:00Z')],
      },
      {
        ...municipal,
        key: 'p/ward1-old',
        name: 'Oscar Old',
        elected_office: 'Councillor',
        constituency_id: 'city-wards/ward-1',
        constituency_name: 'Ward 1',
        is_active: false,
        terms: [term('2018-12-01T00:00:00Z', '2022-11-15T00:00:00Z')],
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
    r.socials.push({
      politician_key: 'p/ward1',
      platform: 'mastodon',
      handle: '@wanda@example.social',
      url: 'https://example.social/@wanda',
      is_live: false,
    });
    extra.postcode_points = [
      { postcode: 'K1A0A6', lat: 45.65, lng: -75.7, addresses: 2, city: 'Ottawa', province_territory: 'ON', fetched_at: NAR_DATE },
      { postcode: 'K1A0A6', lat: 45.8, lng: -75.6, city: 'Ottawa', fetched_at: NAR_DATE },
      { postcode: 'K1A0B1', lat: 45.7, lng: -75.3, city: 'Ottawa', fetched_at: NAR_DATE },
    ];
    extra.postcode_overrides = [{ postcode: 'K1A0C1', lat: 45.3, lng: -75.7, city: 'Ottawa', note: 'government code' }];
    extra.fsa_points = [
      {
        fsa: 'K1A',
        lat: 45.42,
        lng: -75.7,
        city: 'Government of Canada Ottawa and Gatineau offices',
        province_territory: 'ON',
        fetched_at: FSA_DATE,
      },
      { fsa: 'K1B', lat: 45.5, lng: -74.75, city: 'Ottawa East', province_territory: 'ON', fetched_at: FSA_DATE },
      { fsa: 'X0A', lat: 63.75, lng: -68.52, city: 'Outer Nunavut (Iqaluit)', province_territory: 'NU', fetched_at: FSA_DATE },
    ];
  });
});
afterAll(() => fx.cleanup());

const { ok200, getJson, expectInvalid, expectNotFound, expectCache } = httpHelpers(() => fx);
const RESOLUTION_FIELDS = [
  'postcode',
  'is_fsa',
  'latlng',
  'city',
  'province',
  'source',
  'fetched_at',
  'address_points',
  'approximate',
  'boundaries',
];
const ids_ = (body: Json) => Object.fromEntries(Object.entries(body.boundaries).map(([l, m]) => [l, (m as Json)?.constituency_id ?? null]));

describe('GET /postcodes/{postcode}', () => {
  test('a register code: the mean of its address points, with their count', async () => {
    const body = await ok200('/postcodes/K1A0A6');
    expect(Object.keys(body).sort()).toEqual([...RESOLUTION_FIELDS].sort());
    expect(body).toMatchObject({
      postcode: 'K1A 0A6',
      is_fsa: false,
      latlng: { lat: 45.7, lng: -75.666667 },
      city: 'Ottawa',
      province: 'ON',
      source: 'nar',
      fetched_at: NAR_DATE,
      address_points: 3,
      approximate: false,
    });
    expect(ids_(body)).toEqual({ federal: 'fed-2023/35001', provincial: 'on-2022/ottawa-centre', municipal: 'city-wards/ward-1' });
  });

  test('every accepted input form gives the same answer', async () => {
    const want = await ok200('/postcodes/K1A0A6');
    for (const form of ['K1A%200A6', 'K1A-0A6', 'k1a0a6', 'k1a%200a6']) expect(await ok200(`/postcodes/${form}`)).toEqual(want);
  });

  test('boundary slots are identical to /boundaries/lookup at the same point', async () => {
    const body = await ok200('/postcodes/K1A0A6');
    const lookup = await ok200(`/boundaries/lookup?lat=${body.latlng.lat}&lng=${body.latlng.lng}`);
    expect(body.boundaries).toEqual(lookup);
    expect(body.boundaries.federal.boundary_geojson.type).toBe('MultiPolygon');
  });

  test('an FSA is always fsa_derived: the address-weighted mean of its codes, not the FSA file point', async () => {
    const body = await ok200('/postcodes/k1a');
    expect(body).toMatchObject({
      postcode: 'K1A',
      is_fsa: true,
      latlng: { lat: 45.7, lng: -75.575 },
      source: 'fsa_derived',
      approximate: true,
      address_points: 4,
      city: 'Government of Canada Ottawa and Gatineau offices',
      province: 'ON',
      fetched_at: NAR_DATE,
    });
    expect(ids_(body).municipal).toBe('city-wards/ward-1');
  });

  test('a full code not on file falls back to its FSA, approximate', async () => {
    const body = await ok200('/postcodes/K1A9Z9');
    expect(body).toMatchObject({
      postcode: 'K1A 9Z9',
      is_fsa: false,
      latlng: { lat: 45.7, lng: -75.575 },
      source: 'fsa_derived',
      approximate: true,
      address_points: 4,
    });
  });

  test('an FSA with no address points answers from the FSA file, address_points null', async () => {
    const body = await ok200('/postcodes/K1B1A1');
    expect(body).toMatchObject({
      postcode: 'K1B 1A1',
      is_fsa: false,
      latlng: { lat: 45.5, lng: -74.75 },
      source: 'fsa_derived',
      approximate: true,
      address_points: null,
      fetched_at: FSA_DATE,
      city: 'Ottawa East',
    });
    expect(ids_(body)).toEqual({ federal: 'fed-2023/35002', provincial: 'on-2022/ottawa-centre', municipal: null });
  });

  test('an override is `cache`, exact, without address points; dated by the manifest when it has no date', async () => {
    const body = await ok200('/postcodes/K1A-0C1');
    expect(body).toMatchObject({
      postcode: 'K1A 0C1',
      source: 'cache',
      approximate: false,
      address_points: null,
      latlng: { lat: 45.3, lng: -75.7 },
      fetched_at: EXTRACTED_AT,
      province: 'ON',
    });
    // (45.3, -75.7) is in 35001's lake hole and in no ward.
    expect(ids_(body)).toEqual({ federal: null, provincial: 'on-2022/ottawa-centre', municipal: null });
  });

  test('a point outside every boundary: all slots null', async () => {
    expect(ids_(await ok200('/postcodes/X0A'))).toEqual({ federal: null, provincial: null, municipal: null });
  });

  test('unknown codes and FSAs are 404 not_found', async () => {
    await expectNotFound('/postcodes/K1C1A1');
    await expectNotFound('/postcodes/K1C');
    await expectNotFound('/postcodes/H0H0H0');
  });

  test('every malformed form is the 400 of decisions 2 naming postcode', async () => {
    for (const bad of [
      'K1',
      'K1A0A',
      'K1A0A6X',
      'K1A%20%200A6',
      'K1A_0A6',
      'KKA0A6',
      '123',
      'D1A0A6',
      'K1O0A6',
      'U1A',
      'W1A0A6',
      'Z1A',
      'K1A0Q6',
    ]) {
      await expectInvalid(`/postcodes/${bad}`, ['postcode']);
      await expectInvalid(`/postcodes/${bad}/representatives`, ['postcode']);
    }
  });

  test('cache: a day for the resolution, five minutes for representatives', async () => {
    await expectCache('/postcodes/K1A0A6', 86400);
    await expectCache('/postcodes/K1A0A6/representatives', 300);
  });
});

describe('GET /postcodes/{postcode}/representatives', () => {
  const who = (body: Json) => body.representatives.map((r: Json) => [r.level, r.constituency_id, r.politician.full_name]);

  test('federal, provincial, then the mayor and the one ward councillor; never at-large or former members', async () => {
    const body = await ok200('/postcodes/K1A0A6/representatives');
    expect(who(body)).toEqual([
      ['federal', 'fed-2023/35001', 'Hon. Alice Martin'],
      ['provincial', 'on-2022/ottawa-centre', 'Olivia Brant'],
      ['municipal', 'city/whole', 'Mary Mayor'],
      ['municipal', 'city-wards/ward-1', 'Wanda One'],
    ]);
    const { representatives, ...rest } = body;
    expect(rest).toEqual(await ok200('/postcodes/K1A0A6'));
    expect(representatives.length).toBe(4);
  });

  test('entry shape (decisions 5): politician list fields plus names, URLs, social_urls; offices; live socials only', async () => {
    const [alice] = (await ok200('/postcodes/K1A0A6/representatives')).representatives;
    expect(Object.keys(alice).sort()).toEqual([
      'boundary_source_set',
      'constituency_id',
      'constituency_name',
      'level',
      'offices',
      'politician',
      'socials',
    ]);
    expect(alice).toMatchObject({
      level: 'federal',
      constituency_id: 'fed-2023/35001',
      constituency_name: 'Ottawa Centre',
      boundary_source_set: 'fed-2023',
    });
    expect(alice.politician).toMatchObject({
      id: fixtureIds.alice,
      full_name: 'Hon. Alice Martin',
      first_name: 'Alice',
      last_name: 'Martin',
      status: 'sitting',
      party: 'Liberal',
      personal_url: null,
      official_url: null,
      social_urls: { bluesky: 'https://bsky.app/profile/alice.example' },
    });
    expect(Object.keys(alice.politician).sort()).toEqual([
      'constituency_id',
      'constituency_name',
      'elected_office',
      'email',
      'first_name',
      'full_name',
      'honorific',
      'id',
      'last_name',
      'last_verified_at',
      'level',
      'official_url',
      'party',
      'personal_url',
      'phone',
      'photo_url',
      'province_territory',
      'social_urls',
      'status',
      'term_start_at',
    ]);
    // The fixture's offices: the constituency ones first (decisions 5), the duplicate phone dropped at build.
    expect(alice.offices.map((o: Json) => [o.kind, o.address])).toEqual([
      ['constituency', '1 Bank St'],
      ['constituency', '2 Bank St'],
      ['legislature', 'House of Commons'],
    ]);
    expect(alice.socials.map((s: Json) => [s.platform, s.is_live])).toEqual([['bluesky', true]]);
    const wanda = (await ok200('/postcodes/K1A0A6/representatives')).representatives[3];
    expect(wanda.politician.id).toBe(ids.politician('p/ward1'));
    expect(wanda.socials).toEqual([]); // her only handle is dead
  });

  test('the other ward of the same city gets its own councillor and the same mayor', async () => {
    expect(who(await ok200('/postcodes/K1A%200B1/representatives'))).toEqual([
      ['federal', 'fed-2023/35001', 'Hon. Alice Martin'],
      ['provincial', 'on-2022/ottawa-centre', 'Olivia Brant'],
      ['municipal', 'city/whole', 'Mary Mayor'],
      ['municipal', 'city-wards/ward-2', 'Walter Two'],
    ]);
  });

  test('a riding without a sitting member contributes nobody; no boundary, nobody', async () => {
    // 35002 has no politician in the fixture.
    expect(who(await ok200('/postcodes/K1B/representatives'))).toEqual([['provincial', 'on-2022/ottawa-centre', 'Olivia Brant']]);
    expect((await ok200('/postcodes/X0A0A0/representatives')).representatives).toEqual([]);
    await expectNotFound('/postcodes/K1C1A1/representatives');
  });
});

describe('GET /boundaries/lookup?postcode=', () => {
  test('resolves the postcode and uses its point; it wins over lat/lng', async () => {
    const viaPostcode = await ok200('/boundaries/lookup?postcode=K1A0A6&lat=50&lng=-100');
    expect(viaPostcode).toEqual((await ok200('/postcodes/K1A0A6')).boundaries);
  });

  test('malformed is a 400 on postcode, unknown a 404', async () => {
    await expectInvalid('/boundaries/lookup?postcode=D1A0A6', ['postcode']);
    const { status } = await getJson('/boundaries/lookup?postcode=K1C1A1');
    expect(status).toBe(404);
  });
});
