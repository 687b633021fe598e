// Alberta bill pages through import, build and the API. The page is written here by hand in the
// exact markup of assembly.ab.ca's bill page (Bill 26 of the 31st legislature's first session, its
// stages as the Assembly lists them, trimmed); the sponsor's mid links to the roster row written in
// the roster's markup. "Comes into Force" is not a stage of the spec: counted, not stored.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abBillsImporter } from '../../../build-db/import/ab-assembly/bills.js';
import { abMembersImporter } from '../../../build-db/import/ab-assembly/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const HAN = 'https://docs.assembly.ab.ca/LADDAR_files/docs/hansards/han/legislature_31/session_1';
const entry = (short: string, long: string, status: string, pdf: string | null) => `<div class="b_entry">
<div class="b_flex"><div class="b_date"><span class="rwd-show">${short}</span><span class="rwd-hide">${long}</span></div>
<div class="b_status">${status}</div>
</div>
<div class="b_hansard">${pdf ? `<a href='${HAN}/${pdf}' target='_blank'><i class="icon-file-pdf1 pdf"></i>1</a>` : ''}</div>
</div>
`;
const header = (t: string) => `<div class="b_header">\n<div class="b_readingtitle">${t}</div>\n</div>\n`;
const BILL_26 = `<div id="bill">
<div class="details">
<div class="laoTitle"><div class="fancy-title title-dotted-border title-center"><h1>Bill&nbsp;26: Health Statutes Amendment Act, 2024 (No. 2)</h1></div></div><div class="detail">
  <div>Bill</div>  <div>Bill&nbsp;26</div></div><div class="detail">
  <div>Title</div>  <div>Health Statutes Amendment Act, 2024 (No. 2)</div></div><div class="detail">
  <div>Legislature</div>  <div>Legislature 31, Session 1</div></div><div class="detail">
  <div>Sponsor</div>  <div><a href="/members/members-of-the-legislative-assembly/member-information?mid=0924&from=bill&billinfoid=12049">LaGrange</a></div></div><div class="detail">
   <div>Type</div>   <div>Government Bills</div></div>
</div><div class="bill-entries">
${header('First Reading')}${entry('Oct 31, 2024 pm', 'October 31, 2024 afternoon', 'passed on division', '20241031_1330_01_han.pdf#page=16')}${header('Second Reading')}${entry('Nov 5, 2024 pm', 'November 5, 2024 afternoon', '', '20241105_1330_01_han.pdf#page=18')}${entry('Nov 26, 2024 pm', 'November 26, 2024 afternoon', 'passed on division', '20241126_1330_01_han.pdf#page=17')}${header('Committee of the Whole')}${entry('Nov 27, 2024 eve', 'November 27, 2024 evening', 'passed', '20241127_1330_01_han.pdf#page=18')}${header('Third Reading')}${entry('Dec 3, 2024 pm', 'December 3, 2024 afternoon', 'passed on division', '20241203_1330_01_han.pdf#page=17')}${header('Royal Assent')}${entry('Dec 5, 2024', 'December 5, 2024', 'outside of House sitting', null)}${header('Comes into Force')}${entry('on proclamation with exceptions', 'on proclamation with exceptions', ' SA 2024 c16', null)}</div>
</div>`;
const ROSTER = `<table><tr>
<td>
<img class="MemPhoto" src="/images/default-source/members/mla-photos/ph-mla0924.jpg" alt="Adriana LaGrange"></td>
<td>
<a href="/members/members-of-the-legislative-assembly/member-information?mid=0924&legl=31&from=mla_home">LaGrange, Honourable Adriana </a></td>
<td>
UC</td>
<td>
Red Deer-North</td>
</tr></table>`;

describe('ab-bills: bill pages with every stage, sponsor by mid', () => {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-ab-bills-'));
  let app: ImportedApp;
  beforeAll(async () => {
    mkdirSync(join(dir, 'ab-members'));
    mkdirSync(join(dir, 'ab-bills'));
    writeFileSync(join(dir, 'ab-members', 'members-legl-31.html'), ROSTER);
    writeFileSync(join(dir, 'ab-bills', 'bill-12049.html'), BILL_26);
    // The sponsor links by the mid in its href (the roster's key), whatever dates the roster's observed term has.
    app = await importBuildServe([abMembersImporter, abBillsImporter], (i) => join(dir, i.datasetDir));
    // Import and build on a shared 2-core machine: beyond the 5 s default under load.
  }, 60_000);
  afterAll(() => {
    app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('stages in order with dates, outcomes and Hansard links; the sponsor linked by mid', () => {
    const [bill] = readFileSync(join(app.into, 'bills.ab-bills.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(bill).toMatchObject({
      session_key: 'ab/session/31-1',
      bill_number: '26',
      title: 'Health Statutes Amendment Act, 2024 (No. 2)',
      bill_type: 'Government Bills',
      introduced_date: '2024-10-31',
      source_id: '12049',
    });
    expect(bill.events.map((e: Json) => [e.stage, e.event_date, e.outcome])).toEqual([
      ['first_reading', '2024-10-31', 'passed on division'],
      ['second_reading', '2024-11-05', null],
      ['second_reading', '2024-11-26', 'passed on division'],
      ['committee', '2024-11-27', 'passed'],
      ['third_reading', '2024-12-03', 'passed on division'],
      ['royal_assent', '2024-12-05', 'outside of House sitting'],
    ]);
    expect(bill.events[0].source_url).toBe(`${HAN}/20241031_1330_01_han.pdf#page=16`);
    expect(bill.sponsors).toEqual([
      { politician_key: 'ab-assembly/member/0924', sponsor_name_raw: 'LaGrange', role: 'sponsor', ordering: 1 },
    ]);
    const entry = app.report.importers.find((e) => e.kind === 'ab-bills')!;
    expect(entry.stats).toMatchObject({ bills: 1, events: 6, sponsors_linked: 1, entries_not_a_stage: 1 });
  });

  test('built: the AB coverage row counts the bill; the session dated by its earliest event', async () => {
    const ab = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'AB');
    expect(ab).toMatchObject({ bills_status: 'partial', bills_count: 1 });
    const sessions = readFileSync(join(app.into, 'sessions.ab-bills.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(sessions).toEqual([expect.objectContaining({ key: 'ab/session/31-1', start_date: '2024-10-31' })]);
  });
});
