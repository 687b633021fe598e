// The bc-members importer: hand-written LIMS answers in the exact layout of allMemberParliaments and
// allSessions (one member across two parliaments, a by-election, a resignation, a member gone with no
// date, an empty seat), then the real 43rd-Parliament answer saved by a public project (read from
// /work/public-docs, skipped when absent) with the datasets' BC bills and Hansard linked to it.
import { afterAll, describe, expect, test } from 'bun:test';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importBcHansard } from '../../../build-db/import/bc-hansard/index.js';
import { importBcLims } from '../../../build-db/import/bc-lims/index.js';
import { importBcMembers } from '../../../build-db/import/bc-members/index.js';
import { namesOf } from '../../../build-db/import/bc-members/roster.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { publicDoc } from '../../helpers/public-docs.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const folder = (files: Record<string, unknown>) => {
  const d = tempDir('canpol-bcmembers-');
  dirs.push(d);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(d, path, '..'), { recursive: true });
    writeFileSync(join(d, path), typeof body === 'string' ? body : JSON.stringify(body, null, 0));
  }
  return d;
};
const context = (people: Person[] = [], extractedAt = '2026-12-01T00:00:00Z') => {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, extractedAt, skip: (s) => skips.push(s), log: () => {} };
  return { ctx, skips };
};
type Politician = SourceInput<'politicians'>;

// allSessions as LIMS answers it (fields of ../shared/datasets/provincial-samples/bc-bills/bc_sessions.json).
const parliament = (n: number, start: string, end: string) => ({ id: n, number: n, annotation: 'nd', startDate: start, endDate: end });
const sessions = {
  data: {
    allSessions: {
      nodes: [
        {
          id: 172,
          number: 5,
          annotation: 'th',
          startDate: '2024-02-20',
          endDate: '2024-09-21',
          parliamentByParliamentId: parliament(42, '2020-12-07', '2024-09-21'),
        },
        {
          id: 206,
          number: 2,
          annotation: 'nd',
          startDate: '2026-02-12',
          endDate: '2026-09-22',
          parliamentByParliamentId: parliament(43, '2025-02-18', '2026-09-22'),
        },
      ],
    },
  },
};
// One allMemberParliaments node, the fields and nesting of the real answer.
const node = (o: {
  id: number;
  active?: boolean;
  party: string;
  riding: string;
  first: string;
  last: string;
  middle?: string;
  elected?: string[];
  resigned?: string[];
}) => ({
  memberId: o.id,
  active: o.active ?? true,
  partyByPartyId: { name: o.party, abbreviation: o.party },
  constituencyByConstituencyId: { name: o.riding },
  memberByMemberId: {
    id: o.id,
    firstName: o.first,
    lastName: o.last,
    middleName: o.middle ?? null,
    memberResignationsByMemberId: { nodes: (o.resigned ?? []).map((d) => ({ resignationDate: d })) },
    memberElectionsByMemberId: { nodes: (o.elected ?? [null as unknown as string]).map((d) => ({ electionDate: d })) },
  },
});
const answer = (nodes: unknown[]) => ({ data: { allMemberParliaments: { nodes } } });
const CONS = 'Conservative Party of British Columbia';
const NDP = 'British Columbia New Democratic Party';

describe('hand-written LIMS answers', () => {
  const from = folder({
    'bc-bills/bc_sessions.json': sessions,
    'bc-members/bc_members_42.json': answer([
      node({ id: 7, party: 'BC United', riding: 'Abbotsford South', first: 'Bruce', last: 'Banman', elected: ['2020-10-24T00:00:00'] }),
      node({
        id: 90,
        active: false,
        party: NDP,
        riding: 'Vancouver-Mount Pleasant',
        first: 'Melanie',
        last: 'Mark',
        resigned: ['2023-02-28T00:00:00'],
      }),
      node({ id: 91, party: NDP, riding: 'Vancouver-Mount Pleasant', first: 'Joan', last: 'Phillip', elected: ['2023-06-24T00:00:00'] }),
    ]),
    'bc-members/bc_members_43.json': answer([
      node({ id: 7, party: 'Independent', riding: 'Abbotsford South', first: 'Bruce', last: 'Banman' }),
      node({ id: 356, active: false, party: CONS, riding: 'Abbotsford-Mission', first: 'Reann', last: 'Gasper' }),
      node({ id: 368, party: NDP, riding: 'Cowichan Valley', first: "Qwulti'stunaat - Debra", last: 'Toporowski' }),
      node({ id: 445, active: false, party: 'Vacant', riding: 'Abbotsford-Mission', first: 'Vacant', last: 'Seat', elected: [] }),
    ]),
  });
  const { ctx, skips } = context();
  const out = importBcMembers(from, ctx);
  const people = (out.records.politicians ?? []) as Politician[];
  const byKey = (k: string) => people.find((p) => p.key === k)!;

  test('one person per LIMS member id across parliaments, a term per parliament with its riding and party', () => {
    expect(people.map((p) => p.key).sort()).toEqual([
      'bc-lims/member/356',
      'bc-lims/member/368',
      'bc-lims/member/7',
      'bc-lims/member/90',
      'bc-lims/member/91',
    ]);
    const banman = byKey('bc-lims/member/7');
    expect(banman).toMatchObject({
      name: 'Bruce Banman',
      level: 'provincial',
      province_territory: 'BC',
      elected_office: 'MLA',
      party: 'Independent',
      is_active: true,
    });
    expect(banman.terms.map((t) => [t.start_at, t.end_at, t.party, t.constituency_name, t.parliament_number])).toEqual([
      // The 42nd is over (the 43rd follows it): it ends on its printed end date.
      ['2020-12-07T00:00:00Z', '2024-09-21T00:00:00Z', 'BC United', 'Abbotsford South', 42],
      // The 43rd runs: LIMS prints an end date for it in advance, which is not taken as one.
      ['2025-02-18T00:00:00Z', null, 'Independent', 'Abbotsford South', 43],
    ]);
  });

  test('a resignation ends the seat, a by-election inside the parliament starts one', () => {
    expect(byKey('bc-lims/member/90').terms.map((t) => [t.start_at, t.end_at])).toEqual([['2020-12-07T00:00:00Z', '2023-02-28T00:00:00Z']]);
    expect(byKey('bc-lims/member/90').is_active).toBe(false);
    expect(byKey('bc-lims/member/91').terms.map((t) => [t.start_at, t.end_at])).toEqual([['2023-06-24T00:00:00Z', '2024-09-21T00:00:00Z']]);
  });

  test('a member no longer active with no date: closed on the day the roster was read (or the printed end before it), and reported', () => {
    expect(byKey('bc-lims/member/356').terms[0].end_at).toBe('2026-09-22T00:00:00Z');
    expect(byKey('bc-lims/member/356').is_active).toBe(false);
    expect(skips.find((s) => s.record === 'member 356')?.reason).toBe(
      'left during the parliament, LIMS gives no date: term closed on the day the roster was read',
    );
    const early = context([], '2026-05-01T00:00:00Z');
    const again = importBcMembers(from, early.ctx).records.politicians as Politician[];
    expect(again.find((p) => p.key === 'bc-lims/member/356')!.terms[0].end_at).toBe('2026-05-01T00:00:00Z');
  });

  test('the empty seat LIMS lists as a member is no person; the Indigenous and English names both match', () => {
    expect(people.some((p) => p.name.includes('Vacant'))).toBe(false);
    expect(skips.filter((s) => s.reason === 'vacant seat, not a member').map((s) => s.detail)).toEqual([
      'vacant seat of Abbotsford-Mission',
    ]);
    expect(byKey('bc-lims/member/368')).toMatchObject({ name: 'Debra Toporowski', first_name: 'Debra' });
    expect(byKey('bc-lims/member/368').other_names).toContain("Qwulti'stunaat Toporowski");
    expect(namesOf({ firstName: 'Sharon', middleName: 'L.', lastName: 'Hartwell' })).toEqual({
      name: 'Sharon Hartwell',
      other: ['Sharon L. Hartwell'],
    });
  });

  test('a roster of a parliament the sessions list does not date, and a file that is not an answer, are reported', () => {
    const bad = folder({
      'bc-bills/bc_sessions.json': sessions,
      'bc-members/bc_members_41.json': answer([]),
      'bc-members/bc_members_43.json': { errors: [{ message: 'x' }] },
    });
    const { ctx: c, skips: s } = context();
    expect(importBcMembers(bad, c).records.politicians ?? []).toEqual([]);
    expect(s.map((x) => [x.file, x.reason])).toEqual([
      ['bc-members/bc_members_41.json', 'roster of a parliament the sessions list does not date'],
      ['bc-members/bc_members_43.json', 'not an allMemberParliaments answer'],
    ]);
  });

  test('no roster file: nothing, and no coverage claimed', () => {
    const out2 = importBcMembers(folder({ 'bc-bills/bc_sessions.json': sessions }), context().ctx);
    expect(out2.records).toEqual({});
    expect(out2.coverage).toEqual([]);
  });
});

const REAL = publicDoc('thejoycething-code/parl-monitor', 'tests/fixtures/prov/bc_members_43.json');
const SAMPLES = join(DATASETS, 'provincial-samples');
describe.skipIf(!REAL || !existsSync(SAMPLES))('the real 43rd-Parliament roster (public-docs) with the datasets BC samples', () => {
  const from = folder({});
  mkdirSync(join(from, 'bc-members'));
  mkdirSync(join(from, 'bc-bills'));
  if (REAL) cpSync(REAL, join(from, 'bc-members/bc_members_43.json'));
  if (existsSync(SAMPLES)) cpSync(join(SAMPLES, 'bc-bills/bc_sessions.json'), join(from, 'bc-bills/bc_sessions.json'));
  const { ctx, skips } = context();
  const people = (importBcMembers(from, ctx).records.politicians ?? []) as Politician[];

  test('93 members (the 93 seats), the two empty seats left out, two members gone without a date', () => {
    expect(people.length).toBe(93);
    expect(skips.filter((s) => s.reason === 'vacant seat, not a member').length).toBe(2);
    expect(
      people
        .filter((p) => !p.is_active)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Joan Phillip', 'Reann Gasper']);
    expect(people.find((p) => p.key === 'bc-lims/member/72')).toMatchObject({
      name: 'Niki Sharma',
      constituency_name: 'Vancouver-Hastings',
      party: 'British Columbia New Democratic Party',
    });
  });

  test("every bill's sponsor links by LIMS member id", () => {
    const { ctx: c } = context(people as Person[]);
    const bills = importBcLims(SAMPLES, c).records.bills as Array<SourceInput<'bills'>>;
    expect(bills.map((b) => [b.bill_number, b.sponsors![0].politician_key])).toEqual([
      ['1', 'bc-lims/member/72'],
      ['3', 'bc-lims/member/5'],
      ['226', 'bc-lims/member/372'],
    ]);
  });

  test('BC Hansard: every member turn and the chair link; what stays unlinked is people who are not members', () => {
    const { ctx: c, skips: s } = context(people as Person[]);
    const speeches = importBcHansard(join(DATASETS, 'bc-hansard-html-samples'), c).records.speeches as Array<SourceInput<'speeches'>>;
    const members = speeches.filter((x) => !x.is_presiding);
    const linked = members.filter((x) => x.politician_key);
    // Measured: 264 of 271 turns not from the chair; the 7 others are guests at a ceremony, the
    // Lieutenant Governor and the Law Clerk.
    expect(linked.length).toBe(264);
    expect(members.length).toBe(271);
    expect(
      members
        .filter((x) => !x.politician_key)
        .map((x) => x.speaker_name_raw)
        .sort(),
    ).toEqual([
      'Cyril Bennett-Nabess',
      'Diane Sam',
      'Elder Tax’ayee / Anne McDames',
      'Hon. Wendy Cocchia (Lieutenant Governor)',
      'Jeannie George',
      'Mary Ann Thomas',
      'Seunghee Suzie Seo (Law Clerk and Parliamentary Counsel)',
    ]);
    expect(linked.find((x) => x.speaker_name_raw === 'Debra Toporowski / Qwulti’stunaat')?.politician_key).toBe('bc-lims/member/368');
    // The chair's turns link through the office named (masthead Speaker, "[… in the chair.]" markers).
    const chair = speeches.filter((x) => x.is_presiding);
    const byHolder: Record<string, number> = {};
    for (const x of chair) {
      const name = people.find((p) => p.key === x.politician_key)?.name ?? 'unlinked';
      byHolder[name] = (byHolder[name] ?? 0) + 1;
    }
    // Measured: the pages' 108 presiding turns; the regex check of which holder each one is lives in
    // bc-hansard-presiding.test.ts.
    expect(byHolder).toEqual({ 'Raj Chouhan': 78, 'Mable Elmore': 18, 'Lorne Doerkson': 12 });
    expect(s.filter((x) => x.reason === 'speaker unlinked: presiding officer not named').length).toBe(0);
  });
});
