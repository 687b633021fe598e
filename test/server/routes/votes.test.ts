// GET /votes, /votes/{id}, /votes/{id}/positions against the hand-written fixture.
// Every expected value below is read off `fixtureRecords()` in test/helpers/fixture.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ids } from '../../../build-db/ids.js';
import { httpHelpers, type Json } from '../../helpers/http.js';
import { buildFixture, EXTRACTED_AT, fixtureIds, type Fixture } from '../../helpers/fixture.js';

const { vote1, vote2, vote3, c11, c2, on5, session44, sessionOn, alice, bob, chloe, diane, emile } = fixtureIds;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MALFORMED_ID = 'not-a-uuid';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.cleanup());

// ---- small helpers -------------------------------------------------------------------------------

const { getJson, expectInvalid, expectNotFound, expectCache, listField } = httpHelpers(() => fx);
const listIds = (query: string) => listField(`/votes${query}`) as Promise<string[]>;
const expectCache300 = (path: string) => expectCache(path, 300);

// ---- expected values (decisions 5) ---------------------------------------------------------------

const LIST_FIELDS = [
  'id',
  'session_id',
  'level',
  'province_territory',
  'bill_id',
  'vote_type',
  'occurred_at',
  'result',
  'ayes',
  'nays',
  'abstentions',
  'motion_text',
  'source_system',
  'source_url',
  'created_at',
  'updated_at',
  'parliament_number',
  'session_number',
  'session_name',
  'bill_number',
  'bill_title',
  'positions_count',
];
const DETAIL_FIELDS = [...LIST_FIELDS, 'bill_short_title'];
const POSITION_FIELDS = [
  'id',
  'vote_id',
  'politician_id',
  'politician_name_raw',
  'party_at_time',
  'constituency_at_time',
  'position',
  'politician_name',
  'politician_party_current',
  'external_parliament_slug',
];

const federalSession = {
  session_id: session44,
  level: 'federal',
  province_territory: null,
  parliament_number: 44,
  session_number: 1,
  session_name: '44th Parliament, 1st Session',
};
const ontarioSession = {
  session_id: sessionOn,
  level: 'provincial',
  province_territory: 'ON',
  parliament_number: 43,
  session_number: 1,
  session_name: '43rd Parliament, 1st Session',
};
const recordTimes = { created_at: EXTRACTED_AT, updated_at: EXTRACTED_AT };

const vote1Item = {
  id: vote1,
  ...federalSession,
  bill_id: c11,
  vote_type: 'division',
  occurred_at: '2024-05-01T23:59:00Z',
  result: 'passed',
  ayes: 2,
  nays: 1,
  abstentions: 0,
  motion_text: 'That the bill be read a third time.',
  source_system: 'hoc',
  source_url: null,
  ...recordTimes,
  bill_number: 'C-11',
  bill_title: 'Online Streaming Act',
  positions_count: 4,
};
const vote2Item = {
  id: vote2,
  ...federalSession,
  bill_id: null,
  vote_type: 'voice',
  occurred_at: '2024-05-02T00:00:00Z',
  result: 'passed',
  ayes: null,
  nays: null,
  abstentions: null,
  motion_text: null,
  source_system: 'hoc',
  source_url: null,
  ...recordTimes,
  bill_number: null,
  bill_title: null,
  positions_count: 0,
};
const vote3Item = {
  id: vote3,
  ...ontarioSession,
  bill_id: on5,
  vote_type: 'division',
  occurred_at: '2024-04-30T15:00:00Z',
  result: 'tied',
  ayes: 1,
  nays: 1,
  abstentions: null,
  motion_text: null,
  source_system: 'ola',
  source_url: null,
  ...recordTimes,
  bill_number: '5',
  bill_title: 'Ontario Demo Act',
  positions_count: 2,
};

/** Newest first by occurred_at. */
const ALL_IN_ORDER = [vote2, vote1, vote3];

// ---- GET /votes ----------------------------------------------------------------------------------

describe('GET /votes', () => {
  test('list envelope: default page 1, default limit 50 (decisions 5)', async () => {
    const { status, body } = await getJson('/votes');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['items', 'limit', 'page', 'pages', 'total']);
    expect(body).toMatchObject({ page: 1, limit: 50, total: 3, pages: 1 });
  });

  test('every list item has exactly the decisions-5 fields, nulls present rather than missing', async () => {
    const { body } = await getJson('/votes');
    expect(body.items).toHaveLength(3);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual([...LIST_FIELDS].sort());
  });

  test('list items, newest first, with session and bill labels and positions_count', async () => {
    const { body } = await getJson('/votes');
    expect(body.items).toEqual([vote2Item, vote1Item, vote3Item]);
  });

  describe('filters', () => {
    test('level', async () => {
      expect(await listIds('?level=federal')).toEqual([vote2, vote1]);
      expect(await listIds('?level=provincial')).toEqual([vote3]);
      expect(await listIds('?level=municipal')).toEqual([]);
      await expectInvalid('/votes?level=national', ['level']);
    });

    test('province_territory (case-insensitive; not a code is 400)', async () => {
      expect(await listIds('?province_territory=ON')).toEqual([vote3]);
      expect(await listIds('?province_territory=on')).toEqual([vote3]);
      expect(await listIds('?province_territory=QC')).toEqual([]);
      await expectInvalid('/votes?province_territory=ZZ', ['province_territory']);
    });

    test('session_id (malformed is 400)', async () => {
      expect(await listIds(`?session_id=${session44}`)).toEqual([vote2, vote1]);
      expect(await listIds(`?session_id=${sessionOn}`)).toEqual([vote3]);
      expect(await listIds(`?session_id=${UNKNOWN_ID}`)).toEqual([]);
      await expectInvalid('/votes?session_id=44-1', ['session_id']);
    });

    test('bill_id (malformed is 400)', async () => {
      expect(await listIds(`?bill_id=${c11}`)).toEqual([vote1]);
      expect(await listIds(`?bill_id=${on5}`)).toEqual([vote3]);
      expect(await listIds(`?bill_id=${c2}`)).toEqual([]);
      await expectInvalid('/votes?bill_id=C-11', ['bill_id']);
    });

    test('result (enum; outside the enum is 400)', async () => {
      expect(await listIds('?result=passed')).toEqual([vote2, vote1]);
      expect(await listIds('?result=tied')).toEqual([vote3]);
      expect(await listIds('?result=defeated')).toEqual([]);
      await expectInvalid('/votes?result=carried', ['result']);
      await expectInvalid('/votes?result=Passed', ['result']);
    });

    test('vote_type (enum; outside the enum is 400)', async () => {
      expect(await listIds('?vote_type=voice')).toEqual([vote2]);
      expect(await listIds('?vote_type=division')).toEqual([vote1, vote3]);
      expect(await listIds('?vote_type=consensus')).toEqual([]);
      await expectInvalid('/votes?vote_type=recorded', ['vote_type']);
    });

    describe('occurred_from / occurred_to are inclusive of whole days', () => {
      test('occurred_to=2024-05-01 includes the 23:59Z vote and excludes the one at 2024-05-02T00:00:00Z', async () => {
        expect(await listIds('?occurred_to=2024-05-01')).toEqual([vote1, vote3]);
      });

      test('occurred_from=2024-05-02 includes only the vote at 2024-05-02T00:00:00Z', async () => {
        expect(await listIds('?occurred_from=2024-05-02')).toEqual([vote2]);
      });

      test('occurred_from=2024-05-01 includes the vote at 23:59Z that day', async () => {
        expect(await listIds('?occurred_from=2024-05-01')).toEqual([vote2, vote1]);
      });

      test('the same day on both bounds returns that whole day', async () => {
        expect(await listIds('?occurred_from=2024-05-01&occurred_to=2024-05-01')).toEqual([vote1]);
        expect(await listIds('?occurred_from=2024-04-30&occurred_to=2024-04-30')).toEqual([vote3]);
        expect(await listIds('?occurred_from=2024-04-29&occurred_to=2024-04-29')).toEqual([]);
      });

      test('from after to is 400 with the issue on occurred_to', async () => {
        await expectInvalid('/votes?occurred_from=2024-05-02&occurred_to=2024-05-01', ['occurred_to']);
      });

      test('an impossible calendar date is 400', async () => {
        await expectInvalid('/votes?occurred_from=2024-02-30', ['occurred_from']);
        await expectInvalid('/votes?occurred_to=2024-05-01T00:00:00Z', ['occurred_to']);
      });
    });

    test('filters combine with AND', async () => {
      expect(await listIds('?level=federal&vote_type=division')).toEqual([vote1]);
      expect(await listIds(`?bill_id=${c11}&result=tied`)).toEqual([]);
    });
  });

  describe('pagination', () => {
    test('walking limit=1 visits every vote once, newest first', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const { body } = await getJson(`/votes?limit=1&page=${page}`);
        expect(body).toMatchObject({ page, limit: 1, total: 3, pages: 3 });
        expect(body.items).toHaveLength(1);
        seen.push(body.items[0].id);
      }
      expect(seen).toEqual(ALL_IN_ORDER);
    });

    test('pages = ceil(total / limit); a page past the end is empty with the true total', async () => {
      expect((await getJson('/votes?limit=2')).body).toMatchObject({ total: 3, pages: 2 });
      expect((await getJson('/votes?limit=2&page=3')).body).toEqual({ items: [], page: 3, limit: 2, total: 3, pages: 2 });
    });

    test('limit must be 1-100; every bad parameter is listed', async () => {
      expect((await getJson('/votes?limit=100')).body.limit).toBe(100);
      await expectInvalid('/votes?limit=0', ['limit']);
      await expectInvalid('/votes?limit=101', ['limit']);
      await expectInvalid('/votes?limit=101&page=0&result=x&vote_type=y', ['limit', 'page', 'result', 'vote_type']);
    });

    test('a known parameter given twice is 400', async () => {
      await expectInvalid('/votes?result=passed&result=tied', ['result']);
    });
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300('/votes');
  });
});

// ---- GET /votes/{id} -----------------------------------------------------------------------------

describe('GET /votes/{id}', () => {
  test('detail is the list item plus bill_short_title', async () => {
    const { status, body } = await getJson(`/votes/${vote1}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['vote']);
    expect(body.vote).toEqual({ ...vote1Item, bill_short_title: 'Streaming' });
  });

  test('every detail field is present, null rather than missing', async () => {
    for (const id of ALL_IN_ORDER) {
      const { body } = await getJson(`/votes/${id}`);
      expect(Object.keys(body.vote).sort()).toEqual([...DETAIL_FIELDS].sort());
    }
  });

  test('a vote without a bill has null bill linkage', async () => {
    const { body } = await getJson(`/votes/${vote2}`);
    expect(body.vote).toEqual({ ...vote2Item, bill_short_title: null });
  });

  test('a tied vote: result tied with ayes == nays', async () => {
    const { body } = await getJson(`/votes/${vote3}`);
    expect(body.vote).toEqual({ ...vote3Item, bill_short_title: null });
    expect(body.vote.result).toBe('tied');
    expect(body.vote.ayes).toBe(body.vote.nays);
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/votes/${UNKNOWN_ID}`);
    await expectNotFound(`/votes/${MALFORMED_ID}`);
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300(`/votes/${vote1}`);
  });
});

// ---- GET /votes/{id}/positions -------------------------------------------------------------------

describe('GET /votes/{id}/positions', () => {
  const positionId = (voteId: string, who: string) => ids.votePosition(voteId, who);

  test('ordered by position (yea, nay, abstain, paired, absent), then name', async () => {
    const { status, body } = await getJson(`/votes/${vote1}/positions`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['positions', 'vote_id']);
    expect(body.vote_id).toBe(vote1);
    // Fixture file order is nay, yea, yea, paired; the two yeas sort by name (Alice before Xavier).
    expect(body.positions.map((p: Json) => [p.position, p.politician_name_raw])).toEqual([
      ['yea', 'Alice Martin'],
      ['yea', 'Xavier Unmatched'],
      ['nay', 'Bob Tremblay'],
      ['paired', 'Chloé Côté'],
    ]);
  });

  test('position fields: politician labels from the politician when matched, null for the unmatched raw name', async () => {
    const { body } = await getJson(`/votes/${vote1}/positions`);
    for (const p of body.positions) expect(Object.keys(p).sort()).toEqual([...POSITION_FIELDS].sort());
    expect(body.positions).toEqual([
      {
        id: positionId(vote1, 'p/alice'),
        vote_id: vote1,
        politician_id: alice,
        politician_name_raw: 'Alice Martin',
        party_at_time: 'Liberal',
        constituency_at_time: null,
        position: 'yea',
        politician_name: 'Hon. Alice Martin',
        politician_party_current: 'Liberal',
        external_parliament_slug: 'alice-martin',
      },
      {
        id: positionId(vote1, 'raw:Xavier Unmatched'),
        vote_id: vote1,
        politician_id: null,
        politician_name_raw: 'Xavier Unmatched',
        party_at_time: 'Liberal',
        constituency_at_time: null,
        position: 'yea',
        politician_name: null,
        politician_party_current: null,
        external_parliament_slug: null,
      },
      {
        id: positionId(vote1, 'p/bob'),
        vote_id: vote1,
        politician_id: bob,
        politician_name_raw: 'Bob Tremblay',
        party_at_time: 'Conservative',
        constituency_at_time: null,
        position: 'nay',
        politician_name: 'Bob Tremblay',
        politician_party_current: 'Conservative',
        external_parliament_slug: null,
      },
      {
        id: positionId(vote1, 'p/chloe'),
        vote_id: vote1,
        politician_id: chloe,
        politician_name_raw: 'Chloé Côté',
        party_at_time: 'Bloc',
        constituency_at_time: null,
        position: 'paired',
        politician_name: 'Dr. Chloé Côté',
        politician_party_current: 'Bloc',
        external_parliament_slug: null,
      },
    ]);
  });

  test("the number of positions equals the vote's positions_count", async () => {
    const { body } = await getJson(`/votes/${vote1}/positions`);
    expect(body.positions).toHaveLength(vote1Item.positions_count);
  });

  test('a tied provincial vote: one yea, one nay, party_at_time null when not given', async () => {
    const { body } = await getJson(`/votes/${vote3}/positions`);
    expect(body.positions.map((p: Json) => [p.position, p.politician_id, p.party_at_time, p.politician_party_current])).toEqual([
      ['yea', diane, null, 'NDP'],
      ['nay', emile, null, 'PC'],
    ]);
    const yeas = body.positions.filter((p: Json) => p.position === 'yea').length;
    const nays = body.positions.filter((p: Json) => p.position === 'nay').length;
    expect(yeas).toBe(nays);
  });

  test('a voice vote has no positions', async () => {
    const { status, body } = await getJson(`/votes/${vote2}/positions`);
    expect(status).toBe(200);
    expect(body).toEqual({ vote_id: vote2, positions: [] });
  });

  test('unknown or malformed id is 404 not_found', async () => {
    await expectNotFound(`/votes/${UNKNOWN_ID}/positions`);
    await expectNotFound(`/votes/${MALFORMED_ID}/positions`);
  });

  test('Cache-Control: public, max-age=300', async () => {
    await expectCache300(`/votes/${vote1}/positions`);
  });
});
