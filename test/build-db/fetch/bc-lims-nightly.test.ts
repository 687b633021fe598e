// The BC LIMS sources of the nightly against the loopback upstream laid out as lims.leg.bc.ca: the
// sessions list and each parliament's members asked by GraphQL POST, each session's bills by GET
// at the id the list gives with the session's V&P listing and its sitting days, then the importers on
// what was fetched (sponsors and voters linked to the members).
// The members answer is hand-written in the layout of the real one (test/build-db/import/bc-members.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMBERS_QUERY } from '../../../build-db/fetch/bc-lims-listers.js';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { importBcLims } from '../../../build-db/import/bc-lims/index.js';
import { importBcMembers } from '../../../build-db/import/bc-members/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, SourceInput } from '../../../build-db/import/types.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { publishFile } from '../../helpers/publisher-folder.js';

const SAMPLES = join(DATASETS, 'provincial-samples', 'bc-bills');
const HAVE = existsSync(join(SAMPLES, 'bc_sessions.json'));
const GRAPHQL = 'https://api.lims.leg.bc.ca/graphql';

test('the listers: each session of the parliaments asked for gets its bills by its LIMS id, each parliament its members by its id', () => {
  const sessions = JSON.stringify({
    data: {
      allSessions: {
        nodes: [
          { id: 172, number: 5, parliamentByParliamentId: { id: 42, number: 42 } },
          { id: 173, number: 1, parliamentByParliamentId: { id: 43, number: 43 } },
          { id: 206, number: 2, parliamentByParliamentId: { id: 43, number: 43 } },
          { id: 'x', number: 3, parliamentByParliamentId: { id: 43, number: 43 } },
        ],
      },
    },
  });
  const bills = LISTERS['bc-lims-bills'](sessions, (p) => p, GRAPHQL, { from_parliament: 43 });
  expect(bills.files.map((f) => [f.path, f.url, f.list_with ?? null])).toEqual([
    ['bc-bills/bc_bills_173.json', 'https://lims.leg.bc.ca/pdms/bills/progress-of-bills/173', null],
    ['bc-bills/bc_bills_206.json', 'https://lims.leg.bc.ca/pdms/bills/progress-of-bills/206', null],
    ['bc-votes/bc_vp_list_43rd1st.json', 'https://lims.leg.bc.ca/pdms/votes-and-proceedings/43rd1st', 'bc-lims-vp-days'],
    ['bc-votes/bc_vp_list_43rd2nd.json', 'https://lims.leg.bc.ca/pdms/votes-and-proceedings/43rd2nd', 'bc-lims-vp-days'],
  ]);
  const days = LISTERS['bc-lims-vp-days'](
    JSON.stringify({
      allParliamentaryFileAttributes: {
        nodes: [
          { fileName: 'v260219.htm', filePath: '/ldp/43rd2nd/votes', published: true },
          { fileName: 'v260423.htm', filePath: '/ldp/43rd2nd/votes', published: false },
          { fileName: 'index.pdf', filePath: '/ldp/43rd2nd/votes', published: true },
        ],
      },
    }),
    (p) => p,
    'https://lims.leg.bc.ca/pdms/votes-and-proceedings/43rd2nd',
  );
  expect(days.files.map((f) => [f.path, f.url, f.immutable])).toEqual([
    ['bc-votes/43rd2nd/v260219.htm', 'https://lims.leg.bc.ca/pdms/ldp/43rd2nd/votes/v260219.htm', true],
  ]);
  expect(days.problems).toEqual(['V&P listing: a file that is not a sitting day\'s ("/ldp/43rd2nd/votes"/"index.pdf")']);
  expect(bills.problems).toEqual(['session node 4: no id and number or parliament id and number']);
  const members = LISTERS['bc-lims-members'](sessions, (p) => p, GRAPHQL, { from_parliament: 42 });
  expect(members.files.map((f) => [f.path, f.url, f.graphql?.variables])).toEqual([
    ['bc-members/bc_members_42.json', GRAPHQL, { parliamentId: 42 }],
    ['bc-members/bc_members_43.json', GRAPHQL, { parliamentId: 43 }],
  ]);
  expect(LISTERS['bc-lims-members']('{"errors": []}', (p) => p, GRAPHQL).problems).toEqual([
    'sessions answer has no data.allSessions.nodes',
  ]);
});

describe.skipIf(!HAVE)('the nightly on the loopback LIMS', () => {
  const manifest = subsetManifest(['bc-lims-bills', 'bc-lims-members']);
  let up: Upstream;
  let root: string;
  let cache: string;
  const put = (path: string, body: string) => publishFile(root, path, body);
  const member = (id: number, first: string, last: string, riding: string) => ({
    memberId: id,
    active: true,
    partyByPartyId: { name: 'British Columbia New Democratic Party', abbreviation: 'BC NDP' },
    constituencyByConstituencyId: { name: riding },
    memberByMemberId: {
      id,
      firstName: first,
      lastName: last,
      middleName: null,
      memberResignationsByMemberId: { nodes: [] },
      memberElectionsByMemberId: { nodes: [{ electionDate: null }] },
    },
  });
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canpol-lims-publisher-'));
    cache = mkdtempSync(join(tmpdir(), 'canpol-lims-cache-'));
    put(
      'api.lims.leg.bc.ca/graphql/BcMembers/43',
      JSON.stringify({
        data: {
          allMemberParliaments: {
            nodes: [
              member(72, 'Niki', 'Sharma', 'Vancouver-Hastings'),
              member(5, 'Brenda', 'Bailey', 'Vancouver-South Granville'),
              member(372, 'Dana', 'Lajeunesse', 'Juan de Fuca-Malahat'),
            ],
          },
        },
      }),
    );
    mkdirSync(join(root, 'lims.leg.bc.ca/pdms/bills/progress-of-bills'), { recursive: true });
    copyFileSync(join(SAMPLES, 'bc_bills_206.json'), join(root, 'lims.leg.bc.ca/pdms/bills/progress-of-bills/206'));
    // 43-1's id answered with 43-2's bills: the trap LIMS sets for an id it does not know.
    copyFileSync(join(SAMPLES, 'bc_bills_206.json'), join(root, 'lims.leg.bc.ca/pdms/bills/progress-of-bills/173'));
    // The V&P listings (43-2's from the datasets) and its two days, written by hand in the publisher's
    // layout (that of the saved day v260421: a division table of surnames under "Yeas — N").
    put('lims.leg.bc.ca/pdms/votes-and-proceedings/43rd1st', JSON.stringify({ allParliamentaryFileAttributes: { nodes: [] } }));
    copyFileSync(
      join(DATASETS, 'provincial-samples/bc-votes/bc_vp_list_43rd2nd.json'),
      join(root, 'lims.leg.bc.ca/pdms/votes-and-proceedings/43rd2nd'),
    );
    const day = (names: string[]) =>
      `<html><body>\n<p xmlns="" class="time">Ten o’clock a.m. </p>\n<p xmlns="">On the motion for second reading of Bill (No.&nbsp;3) the House divided. </p>\n<p xmlns="">Motion agreed to on the following division: </p>\n<table width="600" cellpadding="0" cellspacing="0" class="division">\n<tr>\n<td valign="top" class="head" colspan="4">Yeas — ${names.length}</td>\n</tr>\n<tr>\n<td valign="top" width="25%">${names.join(' <br>\n')}<br></td>\n</tr>\n</table>\n</body></html>\n`;
    put('lims.leg.bc.ca/pdms/ldp/43rd2nd/votes/v260219.htm', day(['Sharma', 'Bailey', 'Lajeunesse']));
    put('lims.leg.bc.ca/pdms/ldp/43rd2nd/votes/v260421.htm', day(['Sharma', 'Bailey']));
    up = await startUpstream(manifest, DATASETS, root);
  });
  afterAll(async () => {
    await up.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5 });

  test('sessions and members asked by POST, bills by GET at the listed ids; the importers link every sponsor by id', async () => {
    const r = await fetchNow();
    expect(r.sources.map((s) => [s.id, s.status])).toEqual([
      ['bc-lims-bills', 'fresh'],
      ['bc-lims-members', 'fresh'],
    ]);
    expect(up.requests.map((q) => `${q.status} ${q.path}`).sort()).toEqual([
      '200 /api.lims.leg.bc.ca/graphql/BcMembers/43',
      '200 /api.lims.leg.bc.ca/graphql/BcSessions',
      '200 /api.lims.leg.bc.ca/graphql/BcSessions',
      '200 /lims.leg.bc.ca/pdms/bills/progress-of-bills/173',
      '200 /lims.leg.bc.ca/pdms/bills/progress-of-bills/206',
      '200 /lims.leg.bc.ca/pdms/ldp/43rd2nd/votes/v260219.htm',
      '200 /lims.leg.bc.ca/pdms/ldp/43rd2nd/votes/v260421.htm',
      '200 /lims.leg.bc.ca/pdms/votes-and-proceedings/43rd1st',
      '200 /lims.leg.bc.ca/pdms/votes-and-proceedings/43rd2nd',
    ]);
    const dir = join(cache, 'provincial-samples');
    expect(readFileSync(join(dir, 'bc-bills/bc_sessions.json'), 'utf8')).toBe(readFileSync(join(SAMPLES, 'bc_sessions.json'), 'utf8'));
    const skips: string[] = [];
    const ctx = (people: Person[] = []): ImportContext => ({
      identity: new Identity(people),
      existing: {},
      skip: (s) => skips.push(`${s.file} ${s.record}: ${s.reason}`),
      log: () => {},
    });
    const people = importBcMembers(dir, ctx()).records.politicians as Person[];
    expect(people.map((p) => p.key).sort()).toEqual(['bc-lims/member/372', 'bc-lims/member/5', 'bc-lims/member/72']);
    const lims = importBcLims(dir, ctx(people)).records;
    const bills = lims.bills as Array<SourceInput<'bills'>>;
    // Each day's division, every position linked, on Bill 3 of 43-2 (in the bundle).
    expect(
      (lims.votes as Array<SourceInput<'votes'>>).map((v) => [v.key, v.bill_number, v.ayes, v.positions!.every((p) => p.politician_key)]),
    ).toEqual([
      ['bc/vote/43-2/2026-02-19/1', '3', 3, true],
      ['bc/vote/43-2/2026-04-21/1', '3', 2, true],
    ]);
    // 43-2's three bills, each sponsor linked; the same bills under 43-1's id are refused.
    expect(bills.map((b) => [b.session_key, b.bill_number, b.sponsors?.[0]?.politician_key])).toEqual([
      ['bc/session/43-2', '1', 'bc-lims/member/72'],
      ['bc/session/43-2', '3', 'bc-lims/member/5'],
      ['bc/session/43-2', '226', 'bc-lims/member/372'],
    ]);
    expect(skips.filter((s) => s.includes("bill's files are of another session")).length).toBe(3);
  });

  test('the POST carries the query the importer reads; a second night asks again and finds nothing new', async () => {
    expect(manifest.sources.find((s) => s.id === 'bc-lims-members')!.files[0].graphql!.query).toContain('allSessions');
    expect(MEMBERS_QUERY).toContain('allMemberParliaments(condition: {parliamentId: $parliamentId})');
    up.requests.length = 0;
    const r = await fetchNow();
    expect(r.sources.every((s) => s.items.new.length === 0 && s.items.changed.length === 0)).toBe(true);
    expect(up.requests.filter((q) => q.path.includes('/graphql/')).length).toBe(3);
    // A sitting day's V&P, once held, is not asked for again.
    expect(up.requests.filter((q) => q.path.includes('/votes/v26')).length).toBe(0);
  });
});
