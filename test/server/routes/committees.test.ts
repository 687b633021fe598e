// GET /committees/meetings against the hand-written fixture: one meeting per meeting_url of the
// committee speeches (s/1 + s/2 federal, s/3 Ontario); the floor speech s/4 makes no meeting.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { httpHelpers } from '../../helpers/http.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.cleanup());

// ---- small helpers -------------------------------------------------------------------------------

const { getJson, expectInvalid, listField } = httpHelpers(() => fx);
const listUrls = (query: string) => listField(`/committees/meetings${query}`, 'meeting_url') as Promise<string[]>;

// ---- expected values -----------------------------------------------------------------------------

const ITEM_FIELDS = [
  'meeting_url',
  'level',
  'province_territory',
  'source_system',
  'date',
  'first_spoken_at',
  'last_spoken_at',
  'speech_count',
];

const FEDERAL_URL = 'https://example.org/committee/chpc/1';
const ONTARIO_URL = 'https://example.org/ola/committee/7';

const federalMeeting = {
  meeting_url: FEDERAL_URL,
  level: 'federal',
  province_territory: null,
  source_system: 'hoc-committees',
  date: '2024-03-05',
  first_spoken_at: '2024-03-06T00:30:00Z',
  last_spoken_at: '2024-03-06T01:30:00Z',
  speech_count: 2,
};
const ontarioMeeting = {
  meeting_url: ONTARIO_URL,
  level: 'provincial',
  province_territory: 'ON',
  source_system: 'ola-committees',
  date: '2024-04-10',
  first_spoken_at: '2024-04-10T14:00:00Z',
  last_spoken_at: '2024-04-10T14:00:00Z',
  speech_count: 1,
};

// ---- GET /committees/meetings --------------------------------------------------------------------

describe('GET /committees/meetings', () => {
  test('list envelope: one meeting per meeting_url of committee speeches only', async () => {
    const { status, body } = await getJson('/committees/meetings');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['items', 'limit', 'page', 'pages', 'total']);
    expect(body).toMatchObject({ page: 1, limit: 50, total: 2, pages: 1 });
  });

  test('items have exactly the spec fields', async () => {
    const { body } = await getJson('/committees/meetings');
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual([...ITEM_FIELDS].sort());
  });

  test('items newest date first, with span and speech count', async () => {
    const { body } = await getJson('/committees/meetings');
    expect(body.items).toEqual([ontarioMeeting, federalMeeting]);
  });

  test('date is the Ottawa local date of the first speech: 2024-03-06T00:30Z..01:30Z (evening of 5 March in Ottawa) is dated 2024-03-05, not the UTC day', async () => {
    // 23:30Z on 5 March is 18:30 in Ottawa (EST, UTC-5); the meeting ends 19:30 the same local day.
    const { body } = await getJson('/committees/meetings?level=federal');
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      date: '2024-03-05',
      first_spoken_at: '2024-03-06T00:30:00Z',
      last_spoken_at: '2024-03-06T01:30:00Z',
    });
  });

  describe('filters', () => {
    test('level', async () => {
      expect(await listUrls('?level=federal')).toEqual([FEDERAL_URL]);
      expect(await listUrls('?level=provincial')).toEqual([ONTARIO_URL]);
      expect(await listUrls('?level=municipal')).toEqual([]);
      await expectInvalid('/committees/meetings?level=national', ['level']);
    });

    test('province_territory (case-insensitive; not a code is 400)', async () => {
      expect(await listUrls('?province_territory=ON')).toEqual([ONTARIO_URL]);
      expect(await listUrls('?province_territory=on')).toEqual([ONTARIO_URL]);
      expect(await listUrls('?province_territory=QC')).toEqual([]);
      await expectInvalid('/committees/meetings?province_territory=ZZ', ['province_territory']);
    });

    test('source_system (exact; longer than 64 characters is 400)', async () => {
      expect(await listUrls('?source_system=hoc-committees')).toEqual([FEDERAL_URL]);
      expect(await listUrls('?source_system=ola-committees')).toEqual([ONTARIO_URL]);
      expect(await listUrls('?source_system=hoc')).toEqual([]); // the floor speech's system makes no meeting
      expect(await listUrls(`?source_system=${'x'.repeat(64)}`)).toEqual([]);
      await expectInvalid(`/committees/meetings?source_system=${'x'.repeat(65)}`, ['source_system']);
    });

    describe('from / to are inclusive bounds on the meeting date', () => {
      test('to=2024-03-05 includes the federal meeting (its local date), though it sat on 6 March UTC', async () => {
        expect(await listUrls('?to=2024-03-05')).toEqual([FEDERAL_URL]);
      });

      test('from=2024-03-06 excludes the federal meeting dated 2024-03-05', async () => {
        expect(await listUrls('?from=2024-03-06')).toEqual([ONTARIO_URL]);
      });

      test("the same day on both bounds returns that day's meeting", async () => {
        expect(await listUrls('?from=2024-03-05&to=2024-03-05')).toEqual([FEDERAL_URL]);
        expect(await listUrls('?from=2024-04-10&to=2024-04-10')).toEqual([ONTARIO_URL]);
        expect(await listUrls('?from=2024-03-06&to=2024-03-06')).toEqual([]);
      });

      test('to=2024-03-04 is before every meeting', async () => {
        expect(await listUrls('?to=2024-03-04')).toEqual([]);
      });

      test('from after to is 400 with the issue on to', async () => {
        await expectInvalid('/committees/meetings?from=2024-04-11&to=2024-04-10', ['to']);
      });

      test('an impossible calendar date is 400', async () => {
        await expectInvalid('/committees/meetings?from=2024-02-30', ['from']);
        await expectInvalid('/committees/meetings?to=20240305', ['to']);
      });
    });

    test('filters combine with AND', async () => {
      expect(await listUrls('?level=federal&from=2024-04-01')).toEqual([]);
      expect(await listUrls('?level=provincial&province_territory=ON&source_system=ola-committees')).toEqual([ONTARIO_URL]);
    });
  });

  describe('pagination', () => {
    test('walking limit=1 visits every meeting once, newest first', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 2; page++) {
        const { body } = await getJson(`/committees/meetings?limit=1&page=${page}`);
        expect(body).toMatchObject({ page, limit: 1, total: 2, pages: 2 });
        expect(body.items).toHaveLength(1);
        seen.push(body.items[0].meeting_url);
      }
      expect(seen).toEqual([ONTARIO_URL, FEDERAL_URL]);
    });

    test('a page past the end is empty with the true total', async () => {
      const { status, body } = await getJson('/committees/meetings?limit=1&page=3');
      expect(status).toBe(200);
      expect(body).toEqual({ items: [], page: 3, limit: 1, total: 2, pages: 2 });
    });

    test('no match gives total 0 and pages 0', async () => {
      expect((await getJson('/committees/meetings?level=municipal')).body).toEqual({ items: [], page: 1, limit: 50, total: 0, pages: 0 });
    });

    test('limit must be 1-100; every bad parameter is listed', async () => {
      expect((await getJson('/committees/meetings?limit=100')).body.limit).toBe(100);
      await expectInvalid('/committees/meetings?limit=0', ['limit']);
      await expectInvalid('/committees/meetings?limit=101', ['limit']);
      await expectInvalid('/committees/meetings?limit=0&page=0&from=x', ['limit', 'page', 'from']);
    });

    test('a known parameter given twice is 400', async () => {
      await expectInvalid('/committees/meetings?level=federal&level=provincial', ['level']);
    });
  });

  test('Cache-Control: public, max-age=300', async () => {
    const res = await fx.get('/committees/meetings');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  });
});
