// GET /bills, /bills/{id}, /bills/{id}/events, /bills/{id}/sponsors against the hand-written fixture.
// Every expected value below is read off `fixtureRecords()` in test/helpers/fixture.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ids } from '../../../build-db/ids.js';
import { httpHelpers, type Json } from '../../helpers/http.js';
import { buildFixture, EXTRACTED_AT, fixtureIds, type Fixture } from '../../helpers/fixture.js';

const { c11, c2, s201, on5, session44, sessionOn, alice, bob, diane } = fixtureIds;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MALFORMED_ID = 'not-a-uuid';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.cleanup());

// ---- small helpers -------------------------------------------------------------------------------

const { getJson, expectInvalid, expectNotFound, expectCache, listField } = httpHelpers(() => fx);
const listIds = (query: string) => listField(`/bills${query}`) as Promise<string[]>;
const expectCache300 = (path: string) => expectCache(path, 300);

// ---- expected values -----------------------------------------------------------------------------

const LIST_FIELDS = [
  'id',
  'session_id',
  'level',
  'province_territory',
  'bill_number',
  'title',
  'short_title',
  'bill_type',
  'status',
  'status_changed_at',
  'introduced_date',
  'source_system',
  'source_url',
  'first_seen_at',
  'updated_at',
  'parliament_number',
  'session_number',
  'session_name',
  'events_count',
  'sponsors_count',
];
const DETAIL_FIELDS = [...LIST_FIELDS, 'source_id', 'session_start_date', 'session_end_date', 'votes_count'];
const EVENT_FIELDS = [
  'id',
  'bill_id',
  'stage',
  'stage_label',
  'event_type',
  'outcome',
  'committee_name',
  'event_date',
  'source_url',
  'created_at',
];
const SPONSOR_FIELDS = [
  'id',
  'bill_id',
  'politician_id',
  'sponsor_name_raw',
  'role',
  'ordering',
  'created_at',
  'politician_name',
  'politician_party',
  'external_parliament_slug',
];

const session44Labels = { session_id: session44, parliament_number: 44, session_number: 1, session_name: '44th Parliament, 1st Session' };
const recordTimes = { first_seen_at: EXTRACTED_AT, updated_at: EXTRACTED_AT };

const c11Item = {
  id: c11,
  ...session44Labels,
  level: 'federal',
  province_territory: null,
  bill_number: 'C-11',
  title: 'Online Streaming Act',
  short_title: 'Streaming',
  bill_type: 'Government Bill',
  status: 'Royal Assent',
  status_changed_at: null,
  introduced_date: '2022-02-02',
  source_system: 'legisinfo',
  source_url: null,
  ...recordTimes,
  events_count: 4,
  sponsors_count: 2,
};
const on5Item = {
  id: on5,
  session_id: sessionOn,
  parliament_number: 43,
  session_number: 1,
  session_name: '43rd Parliament, 1st Session',
  level: 'provincial',
  province_territory: 'ON',
  bill_number: '5',
  title: 'Ontario Demo Act',
  short_title: null,
  bill_type: 'Public',
  status: 'Second Reading',
  status_changed_at: null,
  introduced_date: null,
  source_system: 'ola',
  source_url: null,
  ...recordTimes,
  events_count: 0,
  sponsors_count: 0,
};

/** C-11 and S-201 share introduced_date 2022-02-02: the tie-breaker is id. */
const feb2 = [c11, s201].sort();
/** introduced_date desc (2022-02-02, 2022-02-02, 2021-11-25), the undated Ontario bill last. */
const ALL_IN_ORDER = [...feb2, c2, on5];

// ---- GET /bills ----------------------------------------------------------------------------------

describe('GET /bills', () => {
  test('list envelope with every bill, default page 1 and limit 50', async () => {
    const { status, body } = await getJson('/bills');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['items', 'limit', 'page', 'pages', 'total']);
    expect(body).toMatchObject({ page: 1, limit: 50, total: 4, pages: 1 });
    expect(body.items).toHaveLength(4);
  });

  test('every list item has exactly the list fields, nulls present rather than missing', async () => {
    const { body } = await getJson('/bills');
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual([...LIST_FIELDS].sort());
  });

  test('list item values for C-11 (federal: province_territory null; 4 events, 2 sponsors)', async () => {
    const { body } = await getJson('/bills');
    expect(body.items.find((b: Json) => b.id === c11)).toEqual(c11Item);
  });

  test('list item values for the Ontario bill (no introduced date, no events or sponsors)', async () => {
    const { body } = await getJson('/bills');
    expect(body.items.find((b: Json) => b.id === on5)).toEqual(on5Item);
  });

  test('events_count and sponsors_count of every bill', async () => {
    const { body } = await getJson('/bills');
    const counts = Object.fromEntries(body.items.map((b: Json) => [b.bill_number, [b.events_count, b.sponsors_count]]));
    expect(counts).toEqual({ 'C-11': [4, 2], 'C-2': [0, 0], 'S-201': [0, 1], '5': [0, 0] });
  });

  test('order: introduced_date descending, null last, ties by id', async () => {
    expect(await listIds('')).toEqual(ALL_IN_ORDER);
  });

  describe('filters', () => {
    test('level', async () => {
      expect(await listIds('?level=federal')).toEqual([...feb2, c2]);
      expect(await listIds('?level=provincial')).toEqual([on5]);
      expect(await listIds('?level=municipal')).toEqual([]);
    });

    test('level outside the enum is 400', async () => {
      await expectInvalid('/bills?level=national', ['level']);
    });

    test('province_territory is case-insensitive', async () => {
      expect(await listIds('?province_territory=ON')).toEqual([on5]);
      expect(await listIds('?province_territory=on')).toEqual([on5]);
      expect(await listIds('?province_territory=QC')).toEqual([]);
    });

    test('province_territory that is not a province or territory code is 400', async () => {
      await expectInvalid('/bills?province_territory=ZZ', ['province_territory']);
      await expectInvalid('/bills?province_territory=ONT', ['province_territory']);
    });

    test('session_id', async () => {
      expect(await listIds(`?session_id=${sessionOn}`)).toEqual([on5]);
      expect(await listIds(`?session_id=${session44}`)).toEqual([...feb2, c2]);
      expect(await listIds(`?session_id=${UNKNOWN_ID}`)).toEqual([]);
    });

    test('malformed session_id is 400', async () => {
      await expectInvalid('/bills?session_id=44-1', ['session_id']);
    });

    test('status is an exact, case-sensitive match', async () => {
      expect(await listIds('?status=Royal%20Assent')).toEqual([c11]);
      expect(await listIds('?status=royal%20assent')).toEqual([]);
      expect(await listIds('?status=Royal')).toEqual([]);
      expect(await listIds('?status=Second%20Reading')).toEqual([c2, on5]);
    });

    test('sponsor_politician_id: bills sponsored or co-sponsored by the politician', async () => {
      expect(await listIds(`?sponsor_politician_id=${alice}`)).toEqual([c11]);
      expect(await listIds(`?sponsor_politician_id=${bob}`)).toEqual([s201]);
      expect(await listIds(`?sponsor_politician_id=${diane}`)).toEqual([]);
    });

    test('malformed sponsor_politician_id is 400', async () => {
      await expectInvalid('/bills?sponsor_politician_id=alice', ['sponsor_politician_id']);
    });

    describe('q', () => {
      test('matches title and short_title, case-insensitively', async () => {
        expect(await listIds('?q=streaming')).toEqual([c11]);
        expect(await listIds('?q=STREAMING')).toEqual([c11]);
        expect(await listIds('?q=online%20stream')).toEqual([c11]);
      });

      test('matches bill_number case-insensitively (c-2 finds C-2 only)', async () => {
        expect(await listIds('?q=c-2')).toEqual([c2]);
        expect(await listIds('?q=s-201')).toEqual([s201]);
      });

      test('is accent-insensitive: erablieres finds "érablières"', async () => {
        expect(await listIds('?q=erablieres')).toEqual([s201]);
        expect(await listIds('?q=%C3%89RABLI%C3%88RES')).toEqual([s201]); // ÉRABLIÈRES
      });

      test('% is matched literally, not as a wildcard', async () => {
        expect(await listIds('?q=50%25')).toEqual([c2]);
        expect(await listIds('?q=%25')).toEqual([c2]);
        expect(await listIds('?q=a%25t')).toEqual([]); // would match "Act" if % were a wildcard
      });

      test('_ is matched literally, not as a wildcard', async () => {
        expect(await listIds('?q=things_and')).toEqual([c2]);
        expect(await listIds('?q=_')).toEqual([c2]);
        expect(await listIds('?q=c_11')).toEqual([]); // would match "C-11" if _ were a wildcard
      });

      test('no match gives an empty page with total 0 and pages 0', async () => {
        const { status, body } = await getJson('/bills?q=nothing-like-this');
        expect(status).toBe(200);
        expect(body).toEqual({ items: [], page: 1, limit: 50, total: 0, pages: 0 });
      });

      test('q longer than 200 characters is 400', async () => {
        expect(await listIds(`?q=${'a'.repeat(200)}`)).toEqual([]);
        await expectInvalid(`/bills?q=${'a'.repeat(201)}`, ['q']);
      });
    });

    describe('introduced_from / introduced_to', () => {
      test("both bounds are inclusive: the same day on both returns exactly that day's bills", async () => {
        expect(await listIds('?introduced_from=2022-02-02&introduced_to=2022-02-02')).toEqual(feb2);
      });

      test('a lone bound excludes bills without an introduced date', async () => {
        expect(await listIds('?introduced_from=2021-11-25')).toEqual([...feb2, c2]);
        expect(await listIds('?introduced_from=2021-11-26')).toEqual(feb2);
        expect(await listIds('?introduced_to=2021-11-25')).toEqual([c2]);
        expect(await listIds('?introduced_to=2021-11-24')).toEqual([]);
      });

      test('from after to is 400 with the issue on introduced_to', async () => {
        await expectInvalid('/bills?introduced_from=2022-02-03&introduced_to=2022-02-02', ['introduced_to']);
      });

      test('an impossible calendar date is 400', async () => {
        await expectInvalid('/bills?introduced_from=2022-02-30', ['introduced_from']);
        await expectInvalid('/bills?introduced_to=2022-2-3', ['introduced_to']);
      });
    });

    test('filters combine with AND', async () => {
      expect(await listIds('?level=federal&status=Second%20Reading')).toEqual([c2]);
      expect(await listIds(`?level=federal&sponsor_politician_id=${alice}&q=c-2`)).toEqual([]);
    });

    test('unknown query parameters are ignored', async () => {
      expect(await listIds('?colour=blue')).toEqual(ALL_IN_ORDER);
    });
  });

  describe('pagination', () => {
    test('walking limit=1 visits every bill once, in the unpaged order', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const { status, body } = await getJson(`/bills?limit=1&page=${page}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({ page, limit: 1, total: 4, pages: 4 });
        expect(body.items).toHaveLength(1);
        seen.push(body.items[0].id);
      }
      expect(seen).toEqual(ALL_IN_ORDER);
    });

    test('pages = ceil(total / limit)', async () => {
      const { body } = await getJson('/bills?limit=3');
      expect(body).toMatchObject({ total: 4, limit: 3, pages: 2 });
      expect(body.items.map((b: Json) => b.id)).toEqual(ALL_IN_ORDER.slice(0, 3));
      const page2 = await getJson('/bills?limit=3&page=2');
      expect(page2.body.items.map((b: Json) => b.id)).toEqual(ALL_IN_ORDER.slice(3));
    });

    test('a page past the end is an empty page with the true total', async () => {
      const { status, body } = await getJson('/bills?limit=1&page=5');
      expect(status).toBe(200);
      expect(body).toEqual({ items: [], page: 5, limit: 1, total: 4, pages: 4 });
    });

    test('limit 100 is accepted; 0 and 101 are 400', async () => {
      expect((await getJson('/bills?limit=100')).body.limit).toBe(100);
      await expectInvalid('/bills?limit=0', ['limit']);
      await expectInvalid('/bills?limit=101', ['limit']);
      await expectInvalid('/bills?limit=ten', ['limit']);
    });

    test('page 0 is 400', async () => {
      await expectInvalid('/bills?page=0', ['page']);
    });

    test('a 400 lists every bad parameter, not just the first', async () => {
      await expectInvalid(`/bills?limit=0&page=0&level=national&province_territory=ZZ&session_id=x&introduced_from=2022-02-30`, [
        'limit',
        'page',
        'level',
        'province_territory',
        'session_id',
        'introduced_from',
      ]);
    });

    test('a known parameter given twice is 400', async () => {
      await expectInvalid('/bills?level=federal&level=federal', ['level']);
      await expectInvalid('/bills?limit=1&limit=2&q=a&q=b', ['limit', 'q']);
    });
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300('/bills');
    await expectCache300('/bills?level=federal&limit=1');
  });
});

// ---- GET /bills/{id} -----------------------------------------------------------------------------

describe('GET /bills/{id}', () => {
  test('C-11: the list fields plus source_id, session dates and votes_count (1 vote)', async () => {
    const { status, body } = await getJson(`/bills/${c11}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['bill']);
    expect(body.bill).toEqual({
      ...c11Item,
      source_id: '11465',
      session_start_date: '2021-11-22',
      session_end_date: '2025-01-06',
      votes_count: 1,
    });
  });

  test('every detail field is present, null rather than missing', async () => {
    for (const id of ALL_IN_ORDER) {
      const { body } = await getJson(`/bills/${id}`);
      expect(Object.keys(body.bill).sort()).toEqual([...DETAIL_FIELDS].sort());
    }
  });

  test('Ontario bill: open session (session_end_date null), no source_id, 1 vote', async () => {
    const { body } = await getJson(`/bills/${on5}`);
    expect(body.bill).toEqual({
      ...on5Item,
      source_id: null,
      session_start_date: '2022-08-08',
      session_end_date: null,
      votes_count: 1,
    });
  });

  test('votes_count of bills without votes is 0', async () => {
    expect((await getJson(`/bills/${c2}`)).body.bill.votes_count).toBe(0);
    expect((await getJson(`/bills/${s201}`)).body.bill.votes_count).toBe(0);
  });

  test('detail agrees with the list item', async () => {
    const list = (await getJson('/bills')).body.items;
    for (const item of list) {
      const { body } = await getJson(`/bills/${item.id}`);
      expect(body.bill).toMatchObject(item);
    }
  });

  test('unknown id is 404 not_found', async () => {
    await expectNotFound(`/bills/${UNKNOWN_ID}`);
  });

  test('malformed id is 404 not_found', async () => {
    await expectNotFound(`/bills/${MALFORMED_ID}`);
    await expectNotFound(`/bills/${c11}x`);
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300(`/bills/${c11}`);
  });
});

// ---- GET /bills/{id}/events ----------------------------------------------------------------------

describe('GET /bills/{id}/events', () => {
  const event = (
    stage: string,
    stage_label: string,
    event_date: string,
    event_type: string | null,
    committee_name: string | null = null,
  ) => ({
    id: ids.billEvent(c11, stage, event_date, event_type, committee_name),
    bill_id: c11,
    stage,
    stage_label,
    event_type,
    outcome: null,
    committee_name,
    event_date,
    source_url: null,
    created_at: EXTRACTED_AT,
  });

  test('C-11: four events ordered by event_date ascending, not by file order', async () => {
    // The fixture lists committee (2022-06-01) before second_reading (2022-03-29); dates decide.
    const { status, body } = await getJson(`/bills/${c11}/events`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['bill_id', 'events']);
    expect(body.bill_id).toBe(c11);
    expect(body.events.map((e: Json) => e.stage)).toEqual(['first_reading', 'second_reading', 'committee', 'royal_assent']);
    expect(body.events.map((e: Json) => e.event_date)).toEqual(['2022-02-02', '2022-03-29', '2022-06-01', '2023-04-27']);
  });

  test('event fields and values', async () => {
    const { body } = await getJson(`/bills/${c11}/events`);
    for (const e of body.events) expect(Object.keys(e).sort()).toEqual([...EVENT_FIELDS].sort());
    expect(body.events).toEqual([
      event('first_reading', 'First reading', '2022-02-02', 'House'),
      event('second_reading', 'Second reading', '2022-03-29', 'House'),
      event('committee', 'Committee', '2022-06-01', 'House', 'CHPC'),
      event('royal_assent', 'Royal assent', '2023-04-27', null),
    ]);
  });

  test("the number of events equals the bill's events_count", async () => {
    const { body } = await getJson(`/bills/${c11}/events`);
    expect(body.events).toHaveLength(c11Item.events_count);
  });

  test('a bill with no events gives { bill_id, events: [] }', async () => {
    const { status, body } = await getJson(`/bills/${c2}/events`);
    expect(status).toBe(200);
    expect(body).toEqual({ bill_id: c2, events: [] });
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/bills/${UNKNOWN_ID}/events`);
    await expectNotFound(`/bills/${MALFORMED_ID}/events`);
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300(`/bills/${c11}/events`);
  });
});

// ---- GET /bills/{id}/sponsors --------------------------------------------------------------------

describe('GET /bills/{id}/sponsors', () => {
  test("C-11: sponsors ordered by ordering; the matched one carries the politician's fields", async () => {
    const { status, body } = await getJson(`/bills/${c11}/sponsors`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['bill_id', 'sponsors']);
    expect(body.bill_id).toBe(c11);
    for (const s of body.sponsors) expect(Object.keys(s).sort()).toEqual([...SPONSOR_FIELDS].sort());
    expect(body.sponsors).toEqual([
      {
        id: ids.billSponsor(c11, 0),
        bill_id: c11,
        politician_id: alice,
        sponsor_name_raw: 'Alice Martin',
        role: 'sponsor',
        ordering: 0,
        created_at: EXTRACTED_AT,
        politician_name: 'Hon. Alice Martin',
        politician_party: 'Liberal',
        external_parliament_slug: 'alice-martin',
      },
      {
        id: ids.billSponsor(c11, 1),
        bill_id: c11,
        politician_id: null,
        sponsor_name_raw: 'Some Senator',
        role: 'co_sponsor',
        ordering: 1,
        created_at: EXTRACTED_AT,
        politician_name: null,
        politician_party: null,
        external_parliament_slug: null,
      },
    ]);
  });

  test('a matched politician without a parliament slug has external_parliament_slug null', async () => {
    const { body } = await getJson(`/bills/${s201}/sponsors`);
    expect(body).toEqual({
      bill_id: s201,
      sponsors: [
        {
          id: ids.billSponsor(s201, 0),
          bill_id: s201,
          politician_id: bob,
          sponsor_name_raw: 'Bob Tremblay',
          role: 'sponsor',
          ordering: 0,
          created_at: EXTRACTED_AT,
          politician_name: 'Bob Tremblay',
          politician_party: 'Conservative',
          external_parliament_slug: null,
        },
      ],
    });
  });

  test("the number of sponsors equals the bill's sponsors_count", async () => {
    const { body } = await getJson(`/bills/${c11}/sponsors`);
    expect(body.sponsors).toHaveLength(c11Item.sponsors_count);
  });

  test('a bill with no sponsors gives { bill_id, sponsors: [] }', async () => {
    const { status, body } = await getJson(`/bills/${on5}/sponsors`);
    expect(status).toBe(200);
    expect(body).toEqual({ bill_id: on5, sponsors: [] });
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/bills/${UNKNOWN_ID}/sponsors`);
    await expectNotFound(`/bills/${MALFORMED_ID}/sponsors`);
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300(`/bills/${c11}/sponsors`);
  });
});
