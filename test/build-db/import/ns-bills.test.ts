// Nova Scotia bills from the open-data API. The SODA answer below is written by hand in the layout
// of `data.novascotia.ca/resource/iz5x-dzyf.json` (a JSON array of rows; URL columns as
// `{"url": …}`, floating timestamps), its column names as a public client of the dataset records
// them (adminatthebunker/CanadianPoliticalData, services/scanner/src/legislative/ns_bills.py,
// "observed 2026-04"); no saved copy of a real answer was found. Bill 127's row is the one that
// client quotes; the others are made up in the same shape, with two broken rows that must be reported.
// Beside them, a Hansard sitting (written by hand in the transcript's markup, as a saved copy of the
// 24 February 2026 sitting prints its INTRODUCTION OF BILLS: "Bill No. 193 - An Act Respecting
// Energy. (Hon. Tim Houston)", bold lines under the bold heading) and the member list of ns-members.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nsBillsImporter } from '../../../build-db/import/ns-bills/index.js';
import { readNsBillRow } from '../../../build-db/import/ns-bills/soda-rows.js';
import { nsMembersImporter } from '../../../build-db/import/ns-hansard/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const page = (a: number, s: number, n: string) =>
  `https://nslegislature.ca/legislative-business/bills-statutes/bills/assembly-${a}-session-${s}/bill-${n}`;
const ROWS = [
  {
    title: 'Bill 127 - Protecting Nova Scotians Act',
    link: { url: page(65, 1, '127') },
    description: 'Royal Assent',
    date_status_changed: '2025-10-03T00:00:00.000',
    assembly_and_session: 'assembly-65-session-1',
    bill_number: '127',
    _1st_reading_bill: { url: 'https://nslegislature.ca/sites/default/files/legc/PDFs/annual%20statutes/2025%20Fall/b127.pdf' },
    _3rd_reading_bill: { url: 'https://nslegislature.ca/sites/default/files/legc/PDFs/annual%20statutes/2025%20Fall/c127.pdf' },
  },
  {
    title: 'Bill 193 - Powering the Economy Act',
    link: { url: page(65, 1, '193') },
    description: 'First Reading',
    date_status_changed: '2026-02-24T00:00:00.000',
    assembly_and_session: 'assembly-65-session-1',
    bill_number: '193',
  },
  {
    title: 'Bill 12 - Law Amendments Committee Example Act',
    link: { url: page(64, 1, '12') },
    description: 'Law Amendments Committee',
    date_status_changed: '2022-03-01T00:00:00.000',
    assembly_and_session: 'assembly-64-session-1',
    bill_number: '12',
  },
  { title: 'Bill 5 - No Session Act', description: 'First Reading', assembly_and_session: 'assembly-65', bill_number: '5' },
  { ...{ title: 'Bill 127 - Protecting Nova Scotians Act' }, assembly_and_session: 'assembly-65-session-1', bill_number: '127' },
];

const SITTING = `<html><head><link rel="canonical" href="https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26feb24" /></head><body>
\t\t<div class="hsd_body">
\t\t\t<p class="hsd_center"><b>HALIFAX, TUESDAY, FEBRUARY 24, 2026</b></p>
\t\t\t<p class="hsd_center"><b>1:06 P.M.</b></p>
\t\t\t<p>  <a name="speaker0005"></a><a href="/members/speaker/" title="View Profile">THE SPEAKER</a> <a href="#speaker0004" title="Previous">&laquo;</a> <a href="#speaker0006" title="Next">&raquo;</a> :  Order, please.</p>
\t\t\t<p>  <b>INTRODUCTION OF  BILLS</b></p>
\t\t\t<p>  <b>Bill No. 193 -  An Act Respecting Energy. (Hon. Tim Houston)</b></p>
\t\t\t<p><b>  Bill No. 194 -  An Act to Establish a Financial Accountability Office. (Hon. Iain Rankin)</b></p>
\t\t\t<p><a name=HPage2348></a>[<a href="#IPage2348">Page  2348</a>]</p>
\t\t\t<p><b>  Bill No. 195 -  An Act to Amend Chapter 2 of the Acts of 2010, the Finance Act. (Hon. Nobody Known)</b></p>
\t\t\t<p>  <a name="speaker0027"></a><a href="/members/speaker/" title="View Profile">THE SPEAKER</a> <a href="#speaker0026" title="Previous">&laquo;</a> <a href="#speaker0028" title="Next">&raquo;</a> :  Ordered that these bills be read a second time on a future day.</p>
\t\t\t<p>  <b>NOTICES OF  MOTION</b></p>
\t\t</div></body></html>`;
const ROSTER = `<h2 class="paragraph-header">Assembly 65</h2>November 26, 2024 - September 18, 2026
<table  class="views-table cols-3"><tbody>
<tr><td><a href="/members/profiles/tim-houston/history">Houston, Hon. Tim</a></td><td>PC</td><td>Pictou East</td></tr>
<tr><td><a href="/members/profiles/iain-rankin/history">Rankin, Hon. Iain</a></td><td>LIB</td><td>Timberlea-Prospect</td></tr>
</tbody></table>`;

describe('ns-bills: the Socrata rows', () => {
  test('a row gives the session, number, title without its "Bill N -" prefix, status and date', () => {
    expect(readNsBillRow(ROWS[0])).toMatchObject({
      assembly: 65,
      session: 1,
      number: '127',
      title: 'Protecting Nova Scotians Act',
      status: 'Royal Assent',
      statusDate: '2025-10-03',
      url: page(65, 1, '127'),
    });
    expect(readNsBillRow(ROWS[3])).toMatchObject({ field: 'assembly_and_session' });
    expect(readNsBillRow({ ...ROWS[1], date_status_changed: 'soon' })).toMatchObject({ field: 'date_status_changed' });
  });

  describe('through import and build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canpol-ns-bills-'));
    let app: ImportedApp;
    beforeAll(async () => {
      mkdirSync(join(dir, 'ns-hansard', 'assembly-65-session-1'), { recursive: true });
      mkdirSync(join(dir, 'ns-members'));
      writeFileSync(join(dir, 'ns-hansard', 'iz5x-dzyf.json'), JSON.stringify(ROWS));
      writeFileSync(join(dir, 'ns-hansard', 'assembly-65-session-1', 'house_26feb24.htm'), SITTING);
      writeFileSync(join(dir, 'ns-members', 'members-assembly-65.html'), ROSTER);
      app = await importBuildServe([nsMembersImporter, nsBillsImporter], (i) => join(dir, i.datasetDir));
    }, 60_000);
    afterAll(() => {
      app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('three bills from the rows, two more from Hansard; the broken and repeated rows, the unknown introducer reported', async () => {
      const lines = readFileSync(join(app.into, 'bills.ns-bills.jsonl'), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(5);
      const skipped = app.report.skipped.filter((s) => s.importer === 'ns-bills');
      expect(skipped.map((s) => [s.record, s.reason])).toEqual([
        ['row 4', 'row unreadable: assembly_and_session'],
        ['row 5 (Bill 127, 65-1)', 'second row for the same bill'],
        ['Bill 195 (Nobody Known)', 'sponsor unlinked: no Nova Scotia member of that name serving that day'],
      ]);
      const list = await app.get('/bills?province_territory=NS&q=Protecting');
      expect(list.items).toHaveLength(1);
      const [bill] = list.items as Json[];
      expect(bill).toMatchObject({ bill_number: '127', title: 'Protecting Nova Scotians Act', status: 'Royal Assent' });
      const events = (await app.get(`/bills/${bill.id}/events`)).events as Json[];
      expect(events).toEqual([expect.objectContaining({ stage: 'royal_assent', event_date: '2025-10-03', stage_label: 'Royal Assent' })]);
      // Bill 193: the row's status and short title, Hansard's first reading, long title and introducer.
      const first = (await app.get('/bills?province_territory=NS&q=Powering')).items[0];
      expect(first).toMatchObject({
        introduced_date: '2026-02-24',
        title: 'An Act Respecting Energy',
        short_title: 'Powering the Economy Act',
      });
      const firstEvents = ((await app.get(`/bills/${first.id}/events`)).events as Json[]).map((e) => [e.stage, e.event_date]);
      expect(firstEvents).toEqual([['first_reading', '2026-02-24']]);
      const sponsors = (await app.get(`/bills/${first.id}/sponsors`)).sponsors as Json[];
      expect(sponsors.map((p) => [p.sponsor_name_raw, p.politician_name])).toEqual([['Tim Houston', 'Tim Houston']]);
      // Bill 194 is in no row: written from Hansard alone, its introducer linked.
      const fao = (await app.get('/bills?province_territory=NS&q=Financial%20Accountability')).items[0];
      expect(fao).toMatchObject({ bill_number: '194', introduced_date: '2026-02-24', status: null });
      const committee = (await app.get('/bills?province_territory=NS&q=Law%20Amendments')).items[0];
      expect(((await app.get(`/bills/${committee.id}/events`)).events as Json[])[0].stage).toBe('committee');
    });

    test('coverage: NS bills partial with the count, and why only the latest status', async () => {
      const ns = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'NS');
      expect(ns).toMatchObject({ bills_status: 'partial', bills_count: 5 });
      expect(ns.notes).toContain('names no sponsor');
      expect(ns.notes).toContain('3 with the first reading and the introducer as printed in Hansard (2 sponsors linked)');
    });
  });
});
