// GET /politicians and its sub-resources, against the hand-written fixture (test/helpers/fixture.ts).
// Every expected value below is read off the fixture records by hand:
//
//   person  level/prov      active  terms          derived status  honorific  phone
//   alice   federal         yes     one open       sitting         Hon.       613-555-0101 (1st constituency office)
//   bob     federal         yes     open           sitting         null       819-555-0100 (own)
//   chloe   federal         no      closed         former          Dr.        null
//   diane   provincial ON   yes     open           sitting         null       null (only an 'other' office, no phone)
//   emile   provincial ON   yes     open, deceased former          null       null
//   frank   municipal QC    yes     open           sitting         null       null
//
// List order is by last name then first name (accents folded): Côté, Gagnon, Martin, Roy, Singh, Tremblay.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ids } from '../../../build-db/ids.js';
import { httpHelpers, type Json } from '../../helpers/http.js';
import { buildFixture, EXTRACTED_AT, fixtureIds, type Fixture } from '../../helpers/fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx?.cleanup());

const { json, ok, ok200 } = httpHelpers(() => fx);
const namesOf = (body: Json) => (body.items as Json[]).map((p) => p.full_name);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const LIST_FIELDS = [
  'id',
  'full_name',
  'honorific',
  'party',
  'status',
  'level',
  'province_territory',
  'constituency_id',
  'constituency_name',
  'elected_office',
  'photo_url',
  'email',
  'phone',
  'term_start_at',
  'last_verified_at',
].sort();

const DETAIL_FIELDS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'honorific',
  'party',
  'elected_office',
  'level',
  'province_territory',
  'constituency_name',
  'constituency_id',
  'email',
  'phone',
  'fax',
  'constituency_office_address',
  'legislature_office_address',
  'mailing_address',
  'status',
  'term_start_at',
  'term_end_at',
  'last_verified_at',
  'photo_url',
  'personal_url',
  'official_url',
  'social_urls',
  'is_active',
  'external_parliament_slug',
  'ab_assembly_mid',
].sort();

const OFFICE_FIELDS = [
  'kind',
  'address',
  'city',
  'province_territory',
  'postal_code',
  'phone',
  'fax',
  'email',
  'hours',
  'lat',
  'lng',
  'source',
].sort();
const SOCIAL_FIELDS = [
  'platform',
  'handle',
  'url',
  'follower_count',
  'lifetime_post_count',
  'last_post_at',
  'last_profile_check_at',
  'last_verified_at',
  'is_live',
].sort();
const POST_FIELDS = [
  'id',
  'politician_id',
  'platform',
  'post_id',
  'posted_at',
  'text',
  'url',
  'media_urls',
  'engagement',
  'scraped_at',
  'funded_by',
  'funded_by_url',
].sort();
const WEBSITE_FIELDS = ['id', 'url', 'hostname', 'label', 'is_active', 'last_scanned_at', 'created_at', 'updated_at', 'scan'].sort();
const SCAN_FIELDS = [
  'ip_country',
  'ip_city',
  'ip_latitude',
  'ip_longitude',
  'hosting_provider',
  'hosting_country',
  'sovereignty_tier',
  'cdn_detected',
  'cms_detected',
  'scanned_at',
].sort();

const keysOf = (o: object) => Object.keys(o).sort();

async function expectError(path: string, status: number, code: string): Promise<Json> {
  const res = await fx.get(path);
  const body = await json(res);
  expect(res.status).toBe(status);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  expect(body.statusCode).toBe(status);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

async function expectInvalid(path: string, params: string[]): Promise<Json> {
  const body = await expectError(path, 400, 'invalid_parameter');
  expect(body.error).toBe('Bad Request');
  expect(Array.isArray(body.issues)).toBe(true);
  expect((body.issues as Json[]).map((i) => i.param).sort()).toEqual([...params].sort());
  for (const issue of body.issues) expect(typeof issue.message).toBe('string');
  return body;
}

async function expectNotFound(path: string): Promise<Json> {
  const body = await expectError(path, 404, 'not_found');
  expect(body.error).toBe('Not Found');
  return body;
}

describe('GET /politicians', () => {
  test('envelope, defaults and Cache-Control 300', async () => {
    const { res, body } = await ok('/politicians');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(keysOf(body)).toEqual(['items', 'limit', 'page', 'pages', 'total']);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(50);
    expect(body.total).toBe(4);
    expect(body.pages).toBe(1);
  });

  test('every list item has exactly the documented fields, none missing', async () => {
    const body = await ok200('/politicians?status=all');
    expect(body.items).toHaveLength(6);
    for (const item of body.items) expect(keysOf(item)).toEqual(LIST_FIELDS);
  });

  test('list item of Alice, by hand: honorific, phone fallback, latest term, last_verified_at', async () => {
    const body = await ok200('/politicians?q=alice');
    expect(body.items).toEqual([
      {
        id: fixtureIds.alice,
        full_name: 'Hon. Alice Martin',
        honorific: 'Hon.',
        party: 'Liberal',
        status: 'sitting',
        level: 'federal',
        province_territory: null,
        constituency_id: 'fed-2023/35001',
        constituency_name: 'Ottawa Centre',
        elected_office: 'MP',
        photo_url: null,
        email: 'alice@example.org',
        phone: '613-555-0101', // own phone null: first constituency office's phone
        term_start_at: '2021-09-20T00:00:00Z', // the latest term
        last_verified_at: EXTRACTED_AT, // no updated_at: the manifest's extraction time
      },
    ]);
  });

  test('own phone wins; no own phone and no constituency office phone gives null', async () => {
    const items: Json[] = (await ok200('/politicians?status=all')).items;
    const phone = (id: string) => items.find((p) => p.id === id).phone;
    expect(phone(fixtureIds.bob)).toBe('819-555-0100');
    expect(phone(fixtureIds.diane)).toBeNull(); // her only office is 'other', without a phone
    expect(phone(fixtureIds.chloe)).toBeNull();
  });

  test('honorific derived from the name prefix: Hon., Dr., else null', async () => {
    const items: Json[] = (await ok200('/politicians?status=all')).items;
    const honorifics = Object.fromEntries(items.map((p) => [p.full_name, p.honorific]));
    expect(honorifics).toEqual({
      'Hon. Alice Martin': 'Hon.',
      'Bob Tremblay': null,
      'Dr. Chloé Côté': 'Dr.',
      'Diane Singh': null,
      'Émile Roy': null,
      'Frank Gagnon': null,
    });
  });

  describe('status', () => {
    test('default is sitting: former (Chloé) and deceased (Émile) are excluded', async () => {
      const body = await ok200('/politicians');
      expect(namesOf(body)).toEqual(['Frank Gagnon', 'Hon. Alice Martin', 'Diane Singh', 'Bob Tremblay']);
      expect(body.items.every((p: Json) => p.status === 'sitting')).toBe(true);
      expect(await ok200('/politicians?status=sitting')).toEqual(body);
    });

    test('former lists the inactive and the deceased, both reported as former', async () => {
      const body = await ok200('/politicians?status=former');
      expect(body.total).toBe(2);
      expect(namesOf(body)).toEqual(['Dr. Chloé Côté', 'Émile Roy']);
      expect(body.items.map((p: Json) => p.status)).toEqual(['former', 'former']);
    });

    test('all lists everyone; status only ever sitting or former', async () => {
      const body = await ok200('/politicians?status=all');
      expect(body.total).toBe(6);
      expect(namesOf(body)).toEqual(['Dr. Chloé Côté', 'Frank Gagnon', 'Hon. Alice Martin', 'Émile Roy', 'Diane Singh', 'Bob Tremblay']);
      for (const p of body.items) expect(['sitting', 'former']).toContain(p.status);
    });

    test('invalid status is 400', async () => {
      await expectInvalid('/politicians?status=deceased', ['status']);
    });
  });

  describe('jurisdiction', () => {
    test('federal maps to level=federal', async () => {
      expect(namesOf(await ok200('/politicians?jurisdiction=federal'))).toEqual(['Hon. Alice Martin', 'Bob Tremblay']);
      const all = await ok200('/politicians?jurisdiction=federal&status=all');
      expect(all.total).toBe(3);
      expect(all.items.every((p: Json) => p.level === 'federal' && p.province_territory === null)).toBe(true);
    });

    test('a province code maps to level=provincial AND that province, case-insensitively', async () => {
      const on = await ok200('/politicians?jurisdiction=ON');
      expect(namesOf(on)).toEqual(['Diane Singh']);
      expect(await ok200('/politicians?jurisdiction=on')).toEqual(on);
      const onAll = await ok200('/politicians?jurisdiction=ON&status=all');
      expect(namesOf(onAll)).toEqual(['Émile Roy', 'Diane Singh']);
      expect(onAll.items.every((p: Json) => p.level === 'provincial' && p.province_territory === 'ON')).toBe(true);
      expect(await ok200('/politicians?jurisdiction=FEDERAL')).toEqual(await ok200('/politicians?jurisdiction=federal'));
    });

    test('a municipal politician never appears for his province (Frank, QC)', async () => {
      for (const status of ['sitting', 'all']) {
        const qc = await ok200(`/politicians?jurisdiction=QC&status=${status}`);
        expect(qc).toEqual({ items: [], page: 1, limit: 50, total: 0, pages: 0 });
      }
    });

    test('omitted means every level, municipal included', async () => {
      expect(namesOf(await ok200('/politicians'))).toContain('Frank Gagnon');
    });

    test('an unknown jurisdiction is 400', async () => {
      for (const j of ['XX', 'ontario', 'f', 'provincial']) await expectInvalid(`/politicians?jurisdiction=${j}`, ['jurisdiction']);
    });
  });

  describe('role, constituency_id, q', () => {
    test('role is a case-insensitive substring of elected_office', async () => {
      expect(namesOf(await ok200('/politicians?role=mp'))).toEqual(['Hon. Alice Martin', 'Diane Singh', 'Bob Tremblay']);
      expect(namesOf(await ok200('/politicians?role=MPP'))).toEqual(['Diane Singh']);
      expect(namesOf(await ok200('/politicians?role=COUNCIL'))).toEqual(['Frank Gagnon']);
      expect(namesOf(await ok200('/politicians?role=mpp&status=all'))).toEqual(['Émile Roy', 'Diane Singh']);
      expect((await ok200('/politicians?role=senator')).total).toBe(0);
    });

    test('constituency_id is an exact match', async () => {
      expect(namesOf(await ok200('/politicians?constituency_id=fed-2023/24001'))).toEqual(['Bob Tremblay']);
      expect((await ok200('/politicians?constituency_id=fed-2023/2400')).total).toBe(0);
      expect((await ok200('/politicians?constituency_id=FED-2023/24001')).total).toBe(0);
      // Chloé's riding: she is former, so only status=all finds her.
      expect((await ok200('/politicians?constituency_id=fed-2023/24002')).total).toBe(0);
      expect(namesOf(await ok200('/politicians?constituency_id=fed-2023/24002&status=all'))).toEqual(['Dr. Chloé Côté']);
    });

    test('q is a case- and accent-insensitive name substring', async () => {
      expect(namesOf(await ok200('/politicians?q=chloe&status=all'))).toEqual(['Dr. Chloé Côté']);
      expect(namesOf(await ok200(`/politicians?q=${encodeURIComponent('CÔTÉ')}&status=all`))).toEqual(['Dr. Chloé Côté']);
      expect(namesOf(await ok200('/politicians?q=emile&status=all'))).toEqual(['Émile Roy']);
      expect(namesOf(await ok200('/politicians?q=TREMB'))).toEqual(['Bob Tremblay']);
      expect((await ok200('/politicians?q=chloe')).total).toBe(0); // former, excluded by default
    });

    test('q treats % and _ literally', async () => {
      for (const q of ['%', '_', 'a%n', 'Bob_Tremblay', '%25']) {
        expect((await ok200(`/politicians?q=${encodeURIComponent(q)}&status=all`)).total).toBe(0);
      }
    });

    test('filters combine', async () => {
      expect(namesOf(await ok200('/politicians?jurisdiction=federal&role=mp&q=bob'))).toEqual(['Bob Tremblay']);
      expect((await ok200('/politicians?jurisdiction=ON&q=bob')).total).toBe(0);
    });

    test('length limits: role 1-60, q and constituency_id 1-200', async () => {
      await expectInvalid(`/politicians?role=${'a'.repeat(61)}`, ['role']);
      await expectInvalid(`/politicians?q=${'a'.repeat(201)}`, ['q']);
      await expectInvalid(`/politicians?constituency_id=${'a'.repeat(201)}`, ['constituency_id']);
      expect((await ok200(`/politicians?q=${'a'.repeat(200)}`)).total).toBe(0);
    });
  });

  describe('pagination', () => {
    async function walk(query: string, limit: number) {
      const first = await ok200(`/politicians?${query}&limit=${limit}&page=1`);
      const seen: string[] = [];
      for (let page = 1; page <= first.pages; page++) {
        const body = await ok200(`/politicians?${query}&limit=${limit}&page=${page}`);
        expect(body.page).toBe(page);
        expect(body.limit).toBe(limit);
        expect(body.total).toBe(first.total);
        expect(body.pages).toBe(first.pages);
        expect(body.items.length).toBeLessThanOrEqual(limit);
        seen.push(...body.items.map((p: Json) => p.id));
      }
      return { total: first.total as number, pages: first.pages as number, seen };
    }

    test('limit=1 over status=all: pages = total, every id exactly once, deterministic order', async () => {
      const a = await walk('status=all', 1);
      expect(a.total).toBe(6);
      expect(a.pages).toBe(6);
      expect(a.seen).toHaveLength(6);
      expect(new Set(a.seen).size).toBe(6);
      expect([...a.seen].sort()).toEqual(
        [fixtureIds.alice, fixtureIds.bob, fixtureIds.chloe, fixtureIds.diane, fixtureIds.emile, fixtureIds.frank].sort(),
      );
      expect(a.seen).toEqual([fixtureIds.chloe, fixtureIds.frank, fixtureIds.alice, fixtureIds.emile, fixtureIds.diane, fixtureIds.bob]);
      expect((await walk('status=all', 1)).seen).toEqual(a.seen);
    });

    test('pages = ceil(total / limit)', async () => {
      const b = await walk('status=all', 4);
      expect(b.pages).toBe(2);
      expect(b.seen).toEqual((await walk('status=all', 1)).seen);
      expect((await ok200('/politicians?status=all&limit=4&page=2')).items).toHaveLength(2);
      expect((await ok200('/politicians?limit=3')).pages).toBe(2); // 4 sitting
      expect((await ok200('/politicians?status=all&limit=6')).pages).toBe(1);
      expect((await ok200('/politicians?limit=100')).limit).toBe(100);
    });

    test('a page past the end is empty with the true total', async () => {
      expect(await ok200('/politicians?status=all&limit=1&page=7')).toEqual({ items: [], page: 7, limit: 1, total: 6, pages: 6 });
      expect(await ok200('/politicians?page=99')).toEqual({ items: [], page: 99, limit: 50, total: 4, pages: 1 });
    });

    test('pages is 0 when total is 0', async () => {
      expect(await ok200('/politicians?q=nobody')).toEqual({ items: [], page: 1, limit: 50, total: 0, pages: 0 });
    });
  });

  describe('parameter validation', () => {
    test('limit outside 1-100 or not an integer is 400', async () => {
      for (const l of ['0', '101', 'abc', '-1', '1.5', '']) await expectInvalid(`/politicians?limit=${l}`, ['limit']);
    });

    test('page 0 or not an integer is 400', async () => {
      for (const p of ['0', '-1', 'x', '1e2']) await expectInvalid(`/politicians?page=${p}`, ['page']);
    });

    test('issues list every bad parameter, not just the first', async () => {
      const body = await expectInvalid('/politicians?limit=0&page=0&status=x', ['limit', 'page', 'status']);
      expect(body.issues).toHaveLength(3);
      await expectInvalid(`/politicians?limit=abc&jurisdiction=XX&role=${'r'.repeat(61)}`, ['limit', 'jurisdiction', 'role']);
    });

    test('a known parameter given twice is 400', async () => {
      await expectInvalid('/politicians?status=all&status=former', ['status']);
      await expectInvalid('/politicians?limit=1&limit=1', ['limit']);
      await expectInvalid('/politicians?q=a&q=b&page=0', ['q', 'page']);
    });

    test('unknown parameters are ignored', async () => {
      const plain = await ok200('/politicians');
      expect(await ok200('/politicians?foo=bar')).toEqual(plain);
      expect(await ok200('/politicians?foo=1&foo=2&province=QC&level=municipal')).toEqual(plain);
    });
  });
});

describe('GET /politicians/{id}', () => {
  test('response is { politician, websites, boundary, terms }, Cache-Control 60', async () => {
    const { res, body } = await ok(`/politicians/${fixtureIds.alice}`);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(keysOf(body)).toEqual(['boundary', 'politician', 'terms', 'websites']);
    expect(body.boundary).toBeNull();
  });

  test('terms: the term history in start order, the open one last (docs/api-notes.md)', async () => {
    const { terms, politician } = await ok200(`/politicians/${fixtureIds.alice}`);
    expect(terms.map((t: Json) => [t.start_at, t.end_at])).toEqual([
      ['2015-10-19T00:00:00Z', '2019-10-21T00:00:00Z'],
      ['2021-09-20T00:00:00Z', null],
    ]);
    for (const t of terms)
      expect(keysOf(t)).toEqual([
        'constituency_id',
        'constituency_name',
        'elected_office',
        'end_at',
        'observed',
        'parliament_number',
        'party',
        'start_at',
      ]);
    expect(politician.term_start_at).toBe('2021-09-20T00:00:00Z');
    const chloe = await ok200(`/politicians/${fixtureIds.chloe}`);
    expect(chloe.politician.status).toBe('former');
    expect(chloe.terms.every((t: Json) => t.end_at !== null)).toBe(true);
  });

  test('every politician has exactly the documented detail fields; mailing_address null; is_active boolean', async () => {
    for (const id of [fixtureIds.alice, fixtureIds.bob, fixtureIds.chloe, fixtureIds.diane, fixtureIds.emile, fixtureIds.frank]) {
      const { politician, boundary } = await ok200(`/politicians/${id}`);
      expect(keysOf(politician)).toEqual(DETAIL_FIELDS);
      expect(politician.id).toBe(id);
      expect(politician.mailing_address).toBeNull();
      expect(typeof politician.is_active).toBe('boolean');
      expect(typeof politician.social_urls).toBe('object');
      expect(Array.isArray(politician.social_urls)).toBe(false);
      expect(politician.social_urls).not.toBeNull();
      expect(['sitting', 'former']).toContain(politician.status);
      expect(boundary).toBeNull();
    }
  });

  test('Alice in full, by hand', async () => {
    const { politician } = await ok200(`/politicians/${fixtureIds.alice}`);
    expect(politician).toEqual({
      id: fixtureIds.alice,
      name: 'Hon. Alice Martin',
      first_name: 'Alice',
      last_name: 'Martin',
      honorific: 'Hon.',
      party: 'Liberal',
      elected_office: 'MP',
      level: 'federal',
      province_territory: null,
      constituency_name: 'Ottawa Centre',
      constituency_id: 'fed-2023/35001',
      email: 'alice@example.org',
      phone: '613-555-0101',
      fax: null,
      constituency_office_address: null,
      legislature_office_address: null,
      mailing_address: null,
      status: 'sitting',
      term_start_at: '2021-09-20T00:00:00Z',
      term_end_at: null,
      last_verified_at: EXTRACTED_AT,
      photo_url: null,
      personal_url: null,
      official_url: null,
      social_urls: { bluesky: 'https://bsky.app/profile/alice.example' },
      is_active: true,
      external_parliament_slug: 'alice-martin',
      ab_assembly_mid: null,
    });
  });

  test('social_urls come from live handles only', async () => {
    // Bob: live twitter, dead mastodon.
    expect((await ok200(`/politicians/${fixtureIds.bob}`)).politician.social_urls).toEqual({ twitter: 'https://twitter.com/bobt' });
    expect((await ok200(`/politicians/${fixtureIds.diane}`)).politician.social_urls).toEqual({});
  });

  test('former and deceased: status former, is_active false, term_end_at of the closed term', async () => {
    const chloe = (await ok200(`/politicians/${fixtureIds.chloe}`)).politician;
    expect(chloe.status).toBe('former');
    expect(chloe.is_active).toBe(false);
    expect(chloe.honorific).toBe('Dr.');
    expect(chloe.term_start_at).toBe('2015-10-19T00:00:00Z');
    expect(chloe.term_end_at).toBe('2021-09-20T00:00:00Z');
    const emile = (await ok200(`/politicians/${fixtureIds.emile}`)).politician;
    expect(emile.status).toBe('former');
    expect(emile.is_active).toBe(false);
  });

  test('legislature_office_address may contain a newline', async () => {
    const diane = (await ok200(`/politicians/${fixtureIds.diane}`)).politician;
    expect(diane.legislature_office_address).toBe("Room 1\nQueen's Park");
    expect(diane.province_territory).toBe('ON');
    expect(diane.is_active).toBe(true);
  });

  test('websites: only active ones, each with its latest scan', async () => {
    const { websites } = await ok200(`/politicians/${fixtureIds.alice}`);
    expect(websites).toHaveLength(1);
    const [site] = websites;
    expect(keysOf(site)).toEqual(WEBSITE_FIELDS);
    expect(keysOf(site.scan)).toEqual(SCAN_FIELDS);
    expect(site).toEqual({
      id: ids.website('p/alice', 'https://alice.example.org/'),
      url: 'https://alice.example.org/',
      hostname: 'alice.example.org',
      label: 'Personal',
      is_active: true,
      last_scanned_at: '2024-06-01T00:00:00Z',
      created_at: EXTRACTED_AT,
      updated_at: EXTRACTED_AT,
      scan: {
        ip_country: 'CA',
        ip_city: null,
        ip_latitude: null,
        ip_longitude: null,
        hosting_provider: 'Demo Host',
        hosting_country: null,
        sovereignty_tier: 1,
        cdn_detected: null,
        cms_detected: null,
        scanned_at: '2024-06-01T00:00:00Z',
      },
    });
    expect((await ok200(`/politicians/${fixtureIds.bob}`)).websites).toEqual([]);
  });

  test('an upper-case UUID of a known politician resolves', async () => {
    const body = await ok200(`/politicians/${fixtureIds.alice.toUpperCase()}`);
    expect(body.politician.id).toBe(fixtureIds.alice);
    expect(body).toEqual(await ok200(`/politicians/${fixtureIds.alice}`));
  });

  test('unknown UUID is 404 not_found with the error shape, no-store', async () => {
    const body = await expectNotFound(`/politicians/${UNKNOWN_ID}`);
    expect(keysOf(body)).toEqual(['code', 'error', 'message', 'statusCode']);
  });

  test('malformed id is 404 not_found', async () => {
    await expectNotFound('/politicians/not-a-uuid');
    await expectNotFound(`/politicians/${fixtureIds.alice}x`);
    await expectNotFound(`/politicians/${fixtureIds.alice.slice(0, -1)}`);
  });
});

describe('GET /politicians/{id}/offices', () => {
  test('Cache-Control 600; ordered constituency, legislature, other; the duplicate dropped', async () => {
    const { res, body } = await ok(`/politicians/${fixtureIds.alice}/offices`);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=600');
    expect(keysOf(body)).toEqual(['items']);
    for (const o of body.items) expect(keysOf(o)).toEqual(OFFICE_FIELDS);
    const none = { postal_code: null, fax: null, email: null, hours: null, source: null };
    expect(body.items).toEqual([
      {
        kind: 'constituency',
        address: '1 Bank St',
        city: 'Ottawa',
        province_territory: 'ON',
        phone: '613-555-0101',
        lat: 45.42,
        lng: -75.69,
        ...none,
      },
      {
        kind: 'constituency',
        address: '2 Bank St',
        city: 'Ottawa',
        province_territory: 'ON',
        phone: '613-555-0102',
        lat: null,
        lng: null,
        ...none,
      },
      {
        kind: 'legislature',
        address: 'House of Commons',
        city: null,
        province_territory: null,
        phone: '613-555-0001',
        lat: null,
        lng: null,
        ...none,
      },
    ]);
  });

  test('an office without a phone is kept', async () => {
    const body = await ok200(`/politicians/${fixtureIds.diane}/offices`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ kind: 'other', address: 'Campaign office', phone: null });
  });

  test('a politician with no offices gives { items: [] }', async () => {
    expect(await ok200(`/politicians/${fixtureIds.bob}/offices`)).toEqual({ items: [] });
    expect(await ok200(`/politicians/${fixtureIds.chloe}/offices`)).toEqual({ items: [] });
  });

  test('upper-case UUID resolves', async () => {
    expect((await ok200(`/politicians/${fixtureIds.alice.toUpperCase()}/offices`)).items).toHaveLength(3);
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/politicians/${UNKNOWN_ID}/offices`);
    await expectNotFound('/politicians/not-a-uuid/offices');
  });
});

describe('GET /politicians/{id}/socials', () => {
  const bobTwitter = {
    platform: 'twitter',
    handle: 'bobt',
    url: 'https://twitter.com/bobt',
    follower_count: 1200,
    lifetime_post_count: null,
    last_post_at: null,
    last_profile_check_at: null,
    last_verified_at: null,
    is_live: true,
  };
  const bobMastodon = {
    platform: 'mastodon',
    handle: '@bob@example.social',
    url: 'https://example.social/@bob',
    follower_count: null,
    lifetime_post_count: null,
    last_post_at: null,
    last_profile_check_at: null,
    last_verified_at: null,
    is_live: false,
  };
  const byPlatform = (items: Json[]) => [...items].sort((a, b) => a.platform.localeCompare(b.platform));

  test('live handles only by default; Cache-Control 300', async () => {
    const { res, body } = await ok(`/politicians/${fixtureIds.bob}/socials`);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(body).toEqual({ items: [bobTwitter] });
    for (const s of body.items) expect(keysOf(s)).toEqual(SOCIAL_FIELDS);
  });

  test('include_dead=true or 1 adds the dead handle; is_live is a boolean', async () => {
    for (const v of ['true', '1']) {
      const body = await ok200(`/politicians/${fixtureIds.bob}/socials?include_dead=${v}`);
      expect(byPlatform(body.items)).toEqual([bobMastodon, bobTwitter]);
      for (const s of body.items) expect(typeof s.is_live).toBe('boolean');
    }
  });

  test('include_dead=false or 0 returns live handles only', async () => {
    for (const v of ['false', '0']) {
      expect(await ok200(`/politicians/${fixtureIds.bob}/socials?include_dead=${v}`)).toEqual({ items: [bobTwitter] });
    }
  });

  test('include_dead=yes is 400', async () => {
    await expectInvalid(`/politicians/${fixtureIds.bob}/socials?include_dead=yes`, ['include_dead']);
    await expectInvalid(`/politicians/${fixtureIds.bob}/socials?include_dead=true&include_dead=false`, ['include_dead']);
  });

  test('other politicians: Alice one live handle; none gives []', async () => {
    const alice = await ok200(`/politicians/${fixtureIds.alice}/socials`);
    expect(alice.items).toHaveLength(1);
    expect(alice.items[0]).toMatchObject({
      platform: 'bluesky',
      handle: 'alice.example',
      url: 'https://bsky.app/profile/alice.example',
      is_live: true,
    });
    expect(await ok200(`/politicians/${fixtureIds.chloe}/socials?include_dead=true`)).toEqual({ items: [] });
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/politicians/${UNKNOWN_ID}/socials`);
    await expectNotFound('/politicians/not-a-uuid/socials');
  });
});

describe('GET /politicians/{id}/posts', () => {
  const post1 = {
    id: ids.post('twitter', '1'),
    politician_id: fixtureIds.bob,
    platform: 'twitter',
    post_id: '1',
    posted_at: '2024-01-01T10:00:00Z',
    text: 'Happy new year',
    url: 'https://twitter.com/bobt/status/1',
    media_urls: ['https://example.org/a.jpg'],
    engagement: { likes: 3 },
    scraped_at: '2024-01-02T00:00:00Z',
    funded_by: null,
    funded_by_url: null,
  };
  const post2 = {
    id: ids.post('twitter', '2'),
    politician_id: fixtureIds.bob,
    platform: 'twitter',
    post_id: '2',
    posted_at: '2024-02-01T10:00:00Z',
    text: 'February',
    url: 'https://twitter.com/bobt/status/2',
    media_urls: [],
    engagement: null,
    scraped_at: '2024-02-02T00:00:00Z',
    funded_by: 'Demo Fund',
    funded_by_url: 'https://example.org/fund',
  };
  const postB3 = {
    id: ids.post('bluesky', 'b3'),
    politician_id: fixtureIds.bob,
    platform: 'bluesky',
    post_id: 'b3',
    posted_at: '2024-03-01T10:00:00Z',
    text: null,
    url: 'https://bsky.app/b3',
    media_urls: [],
    engagement: null,
    scraped_at: '2024-03-02T00:00:00Z',
    funded_by: null,
    funded_by_url: null,
  };

  test('newest first, every field; Cache-Control 60', async () => {
    const { res, body } = await ok(`/politicians/${fixtureIds.bob}/posts`);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(keysOf(body)).toEqual(['items']);
    for (const p of body.items) {
      expect(keysOf(p)).toEqual(POST_FIELDS);
      expect(Array.isArray(p.media_urls)).toBe(true);
    }
    expect(body.items).toEqual([postB3, post2, post1]);
  });

  test('platform filter: one platform or a comma-separated list', async () => {
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?platform=twitter`)).items).toEqual([post2, post1]);
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?platform=bluesky`)).items).toEqual([postB3]);
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?platform=twitter,bluesky`)).items).toEqual([postB3, post2, post1]);
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?platform=mastodon`)).items).toEqual([]);
  });

  test('an invalid platform is 400', async () => {
    await expectInvalid(`/politicians/${fixtureIds.bob}/posts?platform=myspace`, ['platform']);
    await expectInvalid(`/politicians/${fixtureIds.bob}/posts?platform=twitter,myspace`, ['platform']);
  });

  test('limit 1-200', async () => {
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?limit=1`)).items).toEqual([postB3]);
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?limit=2&platform=twitter`)).items).toEqual([post2, post1]);
    expect((await ok200(`/politicians/${fixtureIds.bob}/posts?limit=200`)).items).toHaveLength(3);
    for (const l of ['0', '201', 'abc']) await expectInvalid(`/politicians/${fixtureIds.bob}/posts?limit=${l}`, ['limit']);
    await expectInvalid(`/politicians/${fixtureIds.bob}/posts?limit=201&platform=x`, ['limit', 'platform']);
  });

  test('a politician without posts gives []', async () => {
    expect(await ok200(`/politicians/${fixtureIds.alice}/posts`)).toEqual({ items: [] });
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/politicians/${UNKNOWN_ID}/posts`);
    await expectNotFound('/politicians/not-a-uuid/posts');
  });
});
