// GET /coverage, /jurisdiction-sources and /health against the hand-written fixture (test/helpers/fixture.ts).
// Counts by hand from the fixture records:
//
//   jurisdiction  bills_status  bills                 votes       speeches          sitting politicians
//   federal       live          C-11, C-2, S-201 (3)  v/1, v/2    s/1, s/2, s/4 (3) Alice, Bob (2; Chloé is former)
//   ON            partial       5 (1)                 v/3 (1)     s/3 (1)           Diane (1; Émile is deceased)
//   QC            blocked       0                     0           0                 0 (Frank is municipal)
//   the 11 others (not in the bundle): every status none, every count 0 — one row per jurisdiction, all 14.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { JURISDICTIONS } from '../../../src/core/domain/enums.js';
import { httpHelpers, type Json } from '../../helpers/http.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx?.cleanup());

const { json, ok, ok200 } = httpHelpers(() => fx);
const totalOf = async (path: string) => (await ok200(path)).total as number;
const keysOf = (o: object) => Object.keys(o).sort();

const ROW_FIELDS = [
  'jurisdiction',
  'legislature_name',
  'seats',
  'bills_status',
  'hansard_status',
  'votes_status',
  'committees_status',
  'bills_count',
  'speeches_count',
  'votes_count',
  'politicians_count',
  'last_verified_at',
  'source_urls',
  'notes',
  'politicians_status',
].sort();

const FEDERAL_ROW = {
  jurisdiction: 'federal',
  legislature_name: 'Parliament of Canada',
  seats: 343,
  bills_status: 'live',
  hansard_status: 'live',
  votes_status: 'live',
  committees_status: 'partial',
  bills_count: 3,
  speeches_count: 3,
  votes_count: 2,
  politicians_count: 2,
  last_verified_at: '2026-10-30T12:00:00Z',
  source_urls: { bills: 'https://example.org/bills' },
  notes: 'Demo data: fixture.',
  // Members on file and no claim: lifted from none to partial at build.
  politicians_status: 'partial',
};

const NOTHING = { bills_count: 0, votes_count: 0, speeches_count: 0, politicians_count: 0 };
const HAND_COUNTS: Record<string, typeof NOTHING> = {
  ...Object.fromEntries(JURISDICTIONS.map((j) => [j, NOTHING])),
  federal: { bills_count: 3, votes_count: 2, speeches_count: 3, politicians_count: 2 },
  ON: { bills_count: 1, votes_count: 1, speeches_count: 1, politicians_count: 1 },
};
const ALL = ['federal', 'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];
const NONE = ALL.filter((j) => !['federal', 'ON', 'QC'].includes(j));

/** The list endpoints' own answer for a jurisdiction, with the same filters the spec gives them. */
async function endpointCounts(jurisdiction: string) {
  const where = jurisdiction === 'federal' ? 'level=federal' : `level=provincial&province_territory=${jurisdiction}`;
  return {
    bills_count: await totalOf(`/bills?${where}`),
    votes_count: await totalOf(`/votes?${where}`),
    politicians_count: await totalOf(`/politicians?jurisdiction=${jurisdiction}`),
  };
}

async function expectInvalid(path: string, params: string[]) {
  const res = await fx.get(path);
  const body = await json(res);
  expect(res.status).toBe(400);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  expect(body).toMatchObject({ statusCode: 400, code: 'invalid_parameter', error: 'Bad Request' });
  expect(typeof body.message).toBe('string');
  expect((body.issues as Json[]).map((i) => i.param).sort()).toEqual([...params].sort());
}

describe('GET /coverage', () => {
  test('{ jurisdictions, summary }, Cache-Control 300', async () => {
    const { res, body } = await ok('/coverage');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(keysOf(body)).toEqual(['jurisdictions', 'summary']);
  });

  test('one row per jurisdiction, all 14, federal first then provinces, every field present', async () => {
    const { jurisdictions } = await ok200('/coverage');
    expect(jurisdictions.map((r: Json) => r.jurisdiction)).toEqual(ALL);
    for (const row of jurisdictions) expect(keysOf(row)).toEqual(ROW_FIELDS);
  });

  test('a jurisdiction the bundle does not describe: its legislature, none everywhere, zero counts', async () => {
    const bc = (await ok200('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'BC');
    expect(bc).toMatchObject({
      legislature_name: 'Legislative Assembly of British Columbia',
      seats: 93,
      bills_status: 'none',
      hansard_status: 'none',
      votes_status: 'none',
      committees_status: 'none',
      ...NOTHING,
      last_verified_at: null,
    });
  });

  test('the federal row in full, by hand', async () => {
    const { jurisdictions } = await ok200('/coverage');
    expect(jurisdictions[0]).toEqual(FEDERAL_ROW);
  });

  test('a row without optional source fields: nulls and an empty source_urls object, demo note added', async () => {
    const on = (await ok200('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'ON');
    expect(on).toMatchObject({
      jurisdiction: 'ON',
      legislature_name: 'Legislative Assembly of Ontario',
      seats: 124,
      bills_status: 'partial',
      hansard_status: 'none',
      votes_status: 'partial',
      committees_status: 'none',
      last_verified_at: null,
      source_urls: {},
      politicians_status: 'partial',
    });
    // The bundle is a demo bundle, so every row's notes say so (docs/source-format.md, manifest.demo).
    expect(on.notes).toStartWith('Demo data');
  });

  test('counts equal the hand-derived numbers', async () => {
    const { jurisdictions } = await ok200('/coverage');
    for (const row of jurisdictions) {
      const { bills_count, votes_count, speeches_count, politicians_count } = row;
      expect({ bills_count, votes_count, speeches_count, politicians_count }).toEqual(HAND_COUNTS[row.jurisdiction]);
    }
  });

  test('counts equal what the list endpoints return', async () => {
    const { jurisdictions } = await ok200('/coverage');
    for (const row of jurisdictions) {
      const counts = await endpointCounts(row.jurisdiction);
      expect({ bills_count: row.bills_count, votes_count: row.votes_count, politicians_count: row.politicians_count }).toEqual(counts);
    }
    // Spelled out for the two populated jurisdictions.
    expect(await totalOf('/politicians?jurisdiction=federal')).toBe(2);
    expect(await totalOf('/bills?level=federal')).toBe(3);
    expect(await totalOf('/votes?level=federal')).toBe(2);
    expect(await totalOf('/politicians?jurisdiction=ON')).toBe(1);
    expect(await totalOf('/bills?level=provincial&province_territory=ON')).toBe(1);
    expect(await totalOf('/votes?level=provincial&province_territory=ON')).toBe(1);
  });

  test('summary counts bills_status over all jurisdictions', async () => {
    const { summary } = await ok200('/coverage');
    expect(summary).toEqual({ total: 14, live: 1, partial: 1, blocked: 1, none: 11 });
  });

  test('status filters rows by bills_status; summary stays over all jurisdictions', async () => {
    const live = await ok200('/coverage?status=live');
    expect(live.jurisdictions).toEqual([FEDERAL_ROW]);
    expect(live.summary).toEqual({ total: 14, live: 1, partial: 1, blocked: 1, none: 11 });
    expect((await ok200('/coverage?status=partial')).jurisdictions.map((r: Json) => r.jurisdiction)).toEqual(['ON']);
    expect((await ok200('/coverage?status=blocked')).jurisdictions.map((r: Json) => r.jurisdiction)).toEqual(['QC']);
    const none = await ok200('/coverage?status=none');
    expect(none.jurisdictions.map((r: Json) => r.jurisdiction)).toEqual(NONE);
    expect(none.summary.total).toBe(14);
  });

  test('an invalid status is 400; a repeated one too; unknown parameters are ignored', async () => {
    await expectInvalid('/coverage?status=unknown', ['status']);
    await expectInvalid('/coverage?status=LIVE', ['status']);
    await expectInvalid('/coverage?status=live&status=partial', ['status']);
    expect(await ok200('/coverage?foo=bar')).toEqual(await ok200('/coverage'));
  });
});

describe('GET /jurisdiction-sources', () => {
  test('{ items } with the same rows as /coverage, no summary; Cache-Control 300', async () => {
    const { res, body } = await ok('/jurisdiction-sources');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(keysOf(body)).toEqual(['items']);
    expect(body.items.map((r: Json) => r.jurisdiction)).toEqual(ALL);
    for (const row of body.items) expect(keysOf(row)).toEqual(ROW_FIELDS);
    expect(body.items[0]).toEqual(FEDERAL_ROW);
    expect(body.items).toEqual((await ok200('/coverage')).jurisdictions);
  });
});

describe('GET /health', () => {
  test('status ok, a 32-hex build id, demo true', async () => {
    const { body } = await ok('/health');
    expect(body.status).toBe('ok');
    expect(body.build_id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.demo).toBe(true);
  });

  test('lives outside the API prefix', async () => {
    expect((await fx.get('/api/public/v1/health')).status).toBe(404);
  });

  test('says what the file holds: Parliaments, newest House sitting, sample or record, sitting MPs, riding map', async () => {
    const { body } = await ok('/health');
    // The fixture's federal row is hansard_status live; its sessions, speeches and boundaries are
    // read back from the file itself, so this checks the figures against independent queries.
    const db = fx.data.db;
    expect(body.holds).toEqual({
      federal_parliaments: db.prepare(`SELECT DISTINCT parliament_number FROM sessions WHERE level = 'federal' ORDER BY 1`).pluck().all(),
      newest_house_sitting: db
        .prepare(`SELECT max(substr(spoken_at, 1, 10)) FROM speeches WHERE level = 'federal' AND speech_type <> 'committee'`)
        .pluck()
        .get(),
      federal_hansard: 'record',
      sitting_federal_members: 2,
      federal_ridings: db
        .prepare(`SELECT DISTINCT source_set FROM boundaries WHERE level = 'federal' AND superseded_by IS NULL`)
        .pluck()
        .all(),
    });
  });
});

describe('GET /', () => {
  test('points to /docs, the OpenAPI document and /health instead of a bare 404', async () => {
    const res = await fx.app.request('/');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ docs: '/docs', openapi: '/api/public/v1/openapi.json', health: '/health' });
    expect((await fx.app.request(body.docs as string)).status).toBe(200);
    expect((await fx.app.request(body.openapi as string)).status).toBe(200);
  });
});
