// BC recorded divisions from the sitting days' Votes and Proceedings: a day written by hand in the
// publisher's layout (that of the saved day v250506: Nays before Yeas in one table, a member's bill
// "M 213", the table inside a <p>), then the real day v260421 saved by a public project (read from
// /work/public-docs, skipped when absent) linked to the real 43rd-Parliament roster.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importBcLims } from '../../../build-db/import/bc-lims/index.js';
import { readVpDivisions, sittingTime } from '../../../build-db/import/bc-lims/vp-divisions.js';
import { importBcMembers } from '../../../build-db/import/bc-members/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { publicDoc } from '../../helpers/public-docs.js';
import { bcMember } from '../../helpers/bc-roster.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const folder = () => {
  const d = tempDir('canpol-bcvp-');
  dirs.push(d);
  return d;
};
const context = (people: Person[] = []) => {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  return { ctx, skips };
};
const sessions = {
  data: {
    allSessions: {
      nodes: [
        {
          id: 173,
          number: 1,
          annotation: 'st',
          startDate: '2025-02-18',
          endDate: '2026-02-12',
          parliamentByParliamentId: { id: 43, number: 43, annotation: 'rd', startDate: '2025-02-18', endDate: null },
        },
      ],
    },
  },
};
const cell = (names: string[]) => `    <td valign="top" width="25%">${names.map((n) => `${n} <br>`).join('\n      ')}</td>`;
const table = (...parts: Array<[string, string[][]]>) =>
  `<p>\n<table width="600" cellpadding="0" cellspacing="0" class="division">\n${parts
    .map(
      ([head, cols]) =>
        `  <tr>\n    <td valign="top" class="head" colspan="4">${head}</td>\n  </tr>\n  <tr>\n${cols.map(cell).join('\n')}\n  </tr>`,
    )
    .join('\n')}\n</table>\n</p>`;
const DAY = `<html><head></head><body>
<p class="time">Ten o’clock a.m. </p>
<p>On the motion of <em>Steve Kooner</em> that Bill (No.&nbsp;M 213) intituled <em>Drug Use Prevention Education in Schools&nbsp;Act</em> be introduced and read a first time, the House divided. </p>
<p>Motion agreed to <em>nemine contradicente</em> on the following division: </p>
${table(['Yeas — 3', [['B. Anderson', 'G. Anderson'], ['Kooner']]])}
<h2 class="date2">Tuesday, May 6, 2025 </h2>
<p class="time">One-thirty o’clock p.m. </p>
<p>The House resumed the adjourned debate on the amendment to the motion for second reading of Bill (No.&nbsp;5) intituled <em>Budget Measures Implementation Act,&nbsp;2025</em>. </p>
<p>The amendment on the motion for second reading of Bill (No.&nbsp;5) was negatived on the following division: </p>
${table(['Nays — 2', [['B. Anderson'], ['G. Anderson']]], ['Yeas — 1', [['Kooner']]])}
<p>The House divided. </p>
<p>Motion agreed to on the following division: </p>
${table(['Yeas — 3', [['B. Anderson', 'Kooner']]])}
</body></html>`;
const member = (id: number, first: string, last: string) =>
  bcMember(id, first, last, { start_at: '2025-02-18T00:00:00Z', end_at: null, elected_office: 'MLA' });

test('a V&P day read: sides in either order, the bill (a member bill by its number), the sitting time, the result as printed', () => {
  const d = readVpDivisions(DAY);
  expect(d.map((x) => [x.index, x.yeas, x.nays, x.printed, x.bill, x.sittingStart])).toEqual([
    [1, ['B. Anderson', 'G. Anderson', 'Kooner'], [], { yeas: 3, nays: null }, '213', 10 * 3600],
    [2, ['Kooner'], ['B. Anderson', 'G. Anderson'], { yeas: 1, nays: 2 }, '5', 13.5 * 3600],
    [3, ['B. Anderson', 'Kooner'], [], { yeas: 3, nays: null }, null, 13.5 * 3600],
  ]);
  expect(d[1].resultLine).toBe('The amendment on the motion for second reading of Bill (No. 5) was negatived on the following division:');
  expect(sittingTime('Two-forty-five o’clock p.m.')).toBe(14.75 * 3600);
  expect(sittingTime('at noon')).toBeNull();
});

test('the importer: positions linked by surname and initial among members serving that day; a miscounted division refused', () => {
  const from = folder();
  mkdirSync(join(from, 'bc-bills'));
  mkdirSync(join(from, 'bc-votes/43rd1st'), { recursive: true });
  writeFileSync(join(from, 'bc-bills/bc_sessions.json'), JSON.stringify(sessions));
  writeFileSync(join(from, 'bc-votes/43rd1st/v250506.htm'), DAY);
  // Progress of bills of 43-1 as LIMS answers it (the fields of the datasets' sample), one member's bill.
  writeFileSync(
    join(from, 'bc-bills/bc_bills_173.json'),
    JSON.stringify([
      {
        billId: 2300,
        billNumber: 213,
        title: 'Drug Use Prevention Education in Schools Act',
        billTypeId: 2,
        firstReading: '2025-05-06',
        memberId: 395,
        memberAlias: 'Steve Kooner',
        files: { nodes: [{ readingTypeName: '1st Reading', readingDate: '2025-05-06', path: '/ldp/43rd1st/1st_read/m213-1.htm' }] },
      },
    ]),
  );
  writeFileSync(join(from, 'bc-votes/43rd1st/v260301.htm'), DAY);
  const people = [member(2, 'Brittny', 'Anderson'), member(383, 'George', 'Anderson'), member(395, 'Steve', 'Kooner')];
  const { ctx, skips } = context(people);
  const out = importBcLims(from, ctx);
  const votes = out.records.votes as Array<SourceInput<'votes'>>;
  // Bill M 213 is in the bundle (its progress of bills was read), Bill 5 is not: that vote names none.
  expect(votes.map((v) => [v.key, v.bill_number, v.result, v.ayes, v.nays, v.occurred_at])).toEqual([
    ['bc/vote/43-1/2025-05-06/1', '213', 'passed', 3, 0, '2025-05-06T10:00:00-07:00'],
    ['bc/vote/43-1/2025-05-06/2', null, 'defeated', 1, 2, '2025-05-06T13:30:00-07:00'],
  ]);
  expect(votes[1].positions!.map((p) => [p.politician_name_raw, p.politician_key, p.position])).toEqual([
    ['Kooner', 'bc-lims/member/395', 'yea'],
    ['B. Anderson', 'bc-lims/member/2', 'nay'],
    ['G. Anderson', 'bc-lims/member/383', 'nay'],
  ]);
  expect(votes[0].source_url).toBe('https://lims.leg.bc.ca/pdms/ldp/43rd1st/votes/v250506.htm');
  expect(skips.map((s) => [s.file, s.record, s.reason])).toEqual([
    ['bc-votes/43rd1st/v250506.htm', 'division 3 of 2025-05-06', 'division refused: names do not add up to the printed totals'],
    ['bc-votes/43rd1st/v260301.htm', 'whole file', "V&P day outside its folder's session"],
  ]);
  expect(out.coverage[0].votes).toBe('partial');
});

const ROSTER = publicDoc('thejoycething-code/parl-monitor', 'tests/fixtures/prov/bc_members_43.json');
const V260421 = publicDoc('thejoycething-code/parl-monitor', 'tests/fixtures/prov/bc_vp_v260421.htm');
const SESSIONS = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/bc-bills/bc_sessions.json');
describe.skipIf(!ROSTER || !V260421)('the real V&P day of 2026-04-21 with the real roster', () => {
  test('third reading of Bill 14: 89 yeas as printed, every one linked to a member of the 43rd Parliament', () => {
    const from = folder();
    mkdirSync(join(from, 'bc-bills'));
    mkdirSync(join(from, 'bc-members'));
    mkdirSync(join(from, 'bc-votes/43rd2nd'), { recursive: true });
    copyFileSync(SESSIONS, join(from, 'bc-bills/bc_sessions.json'));
    copyFileSync(ROSTER!, join(from, 'bc-members/bc_members_43.json'));
    copyFileSync(V260421!, join(from, 'bc-votes/43rd2nd/v260421.htm'));
    const people = importBcMembers(from, context().ctx).records.politicians as Person[];
    const { ctx, skips } = context(people);
    const votes = importBcLims(from, ctx).records.votes as Array<SourceInput<'votes'>>;
    expect(votes.length).toBe(1);
    // Bill 14 is not among the datasets' three bills of 43-2: the vote names it in its question only.
    expect(votes[0].motion_text).toContain('Bill (No. 14)');
    expect(votes[0]).toMatchObject({ session_key: 'bc/session/43-2', bill_number: null, result: 'passed', ayes: 89, nays: 0 });
    expect(votes[0].positions!.filter((p) => p.politician_key).length).toBe(89);
    expect(skips.filter((s) => s.reason.startsWith('voter unlinked'))).toEqual([]);
    const by = (raw: string) => votes[0].positions!.find((p) => p.politician_name_raw === raw)?.politician_key;
    expect([by('B. Anderson'), by('G. Anderson'), by('L. Neufeld'), by('K. Neufeld'), by('Rattée'), by('Chandra Herbert')]).toEqual([
      'bc-lims/member/2',
      'bc-lims/member/383',
      'bc-lims/member/388',
      'bc-lims/member/357',
      'bc-lims/member/398',
      'bc-lims/member/13',
    ]);
    // The Speaker (Chouhan) does not vote: the 89 and the 93 seats differ by him and three absent.
    expect(votes[0].positions!.some((p) => p.politician_key === 'bc-lims/member/16')).toBe(false);
  });
});
