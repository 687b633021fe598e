// The bc-lims importer on the real LIMS samples in ../shared/datasets/provincial-samples (skipped
// when absent), checked against the values printed in those files, then hand-written JSON for the
// traps: a session id LIMS answered with another session's bills, an unknown bill type, bad JSON,
// and sponsors linked by LIMS member id or by name once a BC roster is in the bundle.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importBcLims, memberKey } from '../../../build-db/import/bc-lims/index.js';
import { voteNumbers } from '../../../build-db/import/bc-lims/votes-listing.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const SAMPLES = join(import.meta.dir, '../../../../shared/datasets/provincial-samples');
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-bclims-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(from: string, people: Person[] = []) {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const out = importBcLims(from, ctx) as ImportOutput;
  return {
    out,
    skips,
    bills: (out.records.bills ?? []) as Array<SourceInput<'bills'>>,
    sessions: (out.records.sessions ?? []) as Array<SourceInput<'sessions'>>,
  };
}

describe.skipIf(!existsSync(SAMPLES))('the real samples', () => {
  const { bills, sessions, skips, out } = run(SAMPLES);

  test('sessions of the 42nd and 43rd Parliaments with LIMS dates', () => {
    expect(sessions.length).toBe(
      JSON.parse(readFileSync(join(SAMPLES, 'bc-bills/bc_sessions.json'), 'utf8')).data.allSessions.nodes.length,
    );
    expect(sessions.find((s) => s.key === 'bc/session/43-2')).toEqual({
      key: 'bc/session/43-2',
      level: 'provincial',
      province_territory: 'BC',
      parliament_number: 43,
      session_number: 2,
      name: '43rd Parliament, 2nd Session',
      start_date: '2026-02-12',
      end_date: '2026-09-22',
    });
  });

  test('Bill 3 (43-2): every dated reading, royal assent with its chapter, the sponsor as printed', () => {
    const b = bills.find((x) => x.bill_number === '3')!;
    expect(b).toMatchObject({
      session_key: 'bc/session/43-2',
      title: 'Budget Measures Implementation Act (No. 2), 2026',
      bill_type: 'Government Bill',
      status: 'Royal Assent (chapter 2)',
      introduced_date: '2026-02-17',
      source_system: 'bc-lims',
      source_id: '2406',
      sponsors: [{ politician_key: null, sponsor_name_raw: 'Brenda Bailey', role: 'sponsor', ordering: 1 }],
    });
    expect(b.events!.map((e) => [e.stage, e.event_date, e.source_url ?? null])).toEqual([
      ['first_reading', '2026-02-17', 'https://lims.leg.bc.ca/pdms/ldp/43rd2nd/1st_read/gov03-1.htm'],
      ['second_reading', '2026-02-26', null],
      ['committee', '2026-03-05', null],
      ['committee', '2026-03-05', null],
      ['third_reading', '2026-03-05', 'https://lims.leg.bc.ca/pdms/ldp/43rd2nd/3rd_read/gov03-3.htm'],
      ['royal_assent', '2026-03-12', null],
    ]);
    // Committee of the Whole and report on one day stay two events (the build refuses duplicates).
    const keys = b.events!.map((e) => `${e.stage} ${e.event_date} ${e.event_type}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("Bill 226: a member's bill reinstated from the session before, first read then", () => {
    expect(bills.find((x) => x.bill_number === '226')).toMatchObject({
      bill_type: "Member's Bill",
      introduced_date: '2025-11-26',
      status: 'Second reading',
    });
    expect(out.stats!.bills_reinstated).toBe(1);
  });

  test('no roster: sponsors unlinked and reported; the listed V&P days without their file reported, no division invented', () => {
    expect(skips.filter((s) => s.reason === 'sponsor unlinked: no BC member roster in the bundle').map((s) => s.record)).toEqual([
      'bill 1',
      'bill 3',
      'bill 226',
    ]);
    // "43 and 44" are the day's Votes and Proceedings issues (the file's title: "Votes Nos. 43 and 44"), not divisions.
    expect(skips.filter((s) => s.reason.startsWith('sitting day listed')).map((s) => s.record)).toEqual([
      'v260219.htm of 2026-02-19 (Votes and Proceedings No. 4, 5)',
      'v260421.htm of 2026-04-21 (Votes and Proceedings No. 43, 44)',
    ]);
    expect(out.records.votes).toBeUndefined();
    expect(out.coverage[0]).toMatchObject({ jurisdiction: 'BC', bills: 'partial' });
    expect(out.coverage[0].notes).toContain('unverified');
  });
});

describe('hand-written LIMS JSON', () => {
  const sessions = {
    data: {
      allSessions: {
        nodes: [
          {
            id: 206,
            number: 2,
            annotation: 'nd',
            startDate: '2026-02-12',
            endDate: null,
            parliamentByParliamentId: { id: 43, number: 43 },
          },
          {
            id: 207,
            number: 3,
            annotation: 'rd',
            startDate: '2026-10-01',
            endDate: null,
            parliamentByParliamentId: { id: 43, number: 43 },
          },
          { id: 'x', number: 1 },
        ],
      },
    },
  };
  const bill = (n: number, extra: object = {}) => ({
    billId: 9000 + n,
    billNumber: n,
    title: `Act ${n}`,
    billTypeId: 1,
    memberId: 72,
    memberAlias: 'Niki Sharma',
    firstReading: '2026-02-12',
    files: { nodes: [{ readingTypeName: '1st Reading', readingDate: '2026-02-12', path: `/ldp/43rd2nd/1st_read/gov${n}-1.htm` }] },
    ...extra,
  });
  const dir = temp();
  mkdirSync(join(dir, 'bc-bills'));
  mkdirSync(join(dir, 'bc-votes'));
  writeFileSync(join(dir, 'bc-bills', 'bc_sessions.json'), JSON.stringify(sessions));
  writeFileSync(
    join(dir, 'bc-bills', 'bc_bills_206.json'),
    JSON.stringify([bill(1), bill(2, { billTypeId: 7 }), bill(3, { memberId: null, memberAlias: 'Someone Else' }), { title: 'no number' }]),
  );
  // LIMS answered session 207 with 43-2's bills: refused.
  writeFileSync(join(dir, 'bc-bills', 'bc_bills_207.json'), JSON.stringify([bill(1)]));
  writeFileSync(join(dir, 'bc-bills', 'bc_bills_999.json'), '[]');
  writeFileSync(join(dir, 'bc-votes', 'bc_vp_list_43rd2nd.json'), '{not json');

  const sharma: Person = {
    key: memberKey(72),
    name: 'Niki Sharma',
    level: 'provincial',
    province_territory: 'BC',
    terms: [{ start_at: '2024-11-18T00:00:00Z' }],
  };
  const other: Person = {
    key: 'bc/someone-else',
    name: 'Someone Else',
    level: 'provincial',
    province_territory: 'BC',
    terms: [{ start_at: '2024-11-18T00:00:00Z' }],
  };
  const { bills, skips, sessions: s } = run(dir, [sharma, other]);

  test('malformed inputs are reported with file, record and reason', () => {
    expect(s.map((x) => x.key)).toEqual(['bc/session/43-2', 'bc/session/43-3']);
    const by = (file: string) => skips.filter((x) => x.file === file).map((x) => [x.record, x.reason]);
    expect(by('bc-bills/bc_sessions.json')).toEqual([['node 3', 'session node unreadable']]);
    expect(by('bc-bills/bc_bills_206.json')).toEqual([
      ['bill 2', 'unknown bill type id'],
      ['bill #4', 'bill without a number'],
    ]);
    expect(by('bc-bills/bc_bills_207.json')).toEqual([['bill 1', "bill's files are of another session"]]);
    expect(by('bc-bills/bc_bills_999.json')).toEqual([['whole file', 'bills of a session id not in the sessions list']]);
    expect(by('bc-votes/bc_vp_list_43rd2nd.json')).toEqual([['whole file', 'file is not valid JSON']]);
  });

  test('sponsors: by LIMS member id, else by name among BC members', () => {
    expect(bills.map((b) => [b.bill_number, b.sponsors![0].politician_key])).toEqual([
      ['1', memberKey(72)],
      ['3', 'bc/someone-else'],
    ]);
  });

  test('vote numbers of a listing entry', () => {
    expect(voteNumbers('4 and 5')).toEqual([4, 5]);
    expect(voteNumbers('12, 13 and 14')).toEqual([12, 13, 14]);
  });
});
