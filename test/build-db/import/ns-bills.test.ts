// Nova Scotia bills from the open-data API. The SODA answer below is written by hand in the layout
// of `data.novascotia.ca/resource/iz5x-dzyf.json` (a JSON array of rows; URL columns as
// `{"url": …}`, floating timestamps), its column names as a public client of the dataset records
// them (adminatthebunker/CanadianPoliticalData, services/scanner/src/legislative/ns_bills.py,
// "observed 2026-04"); no saved copy of a real answer was found. Bill 127's row is the one that
// client quotes; the others are made up in the same shape, with two broken rows that must be reported.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nsBillsImporter } from '../../../build-db/import/ns-bills/index.js';
import { readNsBillRow } from '../../../build-db/import/ns-bills/soda-rows.js';
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
      writeFileSync(join(dir, 'iz5x-dzyf.json'), JSON.stringify(ROWS));
      app = await importBuildServe([nsBillsImporter], () => dir);
    }, 60_000);
    afterAll(() => {
      app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('three bills with their latest status as an event; the broken and repeated rows reported', async () => {
      const lines = readFileSync(join(app.into, 'bills.ns-bills.jsonl'), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(3);
      const skipped = app.report.skipped.filter((s) => s.importer === 'ns-bills');
      expect(skipped.map((s) => [s.record, s.reason])).toEqual([
        ['row 4', 'row unreadable: assembly_and_session'],
        ['row 5 (Bill 127, 65-1)', 'second row for the same bill'],
      ]);
      const list = await app.get('/bills?province_territory=NS&q=Protecting');
      expect(list.items).toHaveLength(1);
      const [bill] = list.items as Json[];
      expect(bill).toMatchObject({ bill_number: '127', title: 'Protecting Nova Scotians Act', status: 'Royal Assent' });
      const events = (await app.get(`/bills/${bill.id}/events`)).events as Json[];
      expect(events).toEqual([expect.objectContaining({ stage: 'royal_assent', event_date: '2025-10-03', stage_label: 'Royal Assent' })]);
      const first = (await app.get('/bills?province_territory=NS&q=Powering')).items[0];
      expect(first.introduced_date).toBe('2026-02-24');
      const committee = (await app.get('/bills?province_territory=NS&q=Law%20Amendments')).items[0];
      expect(((await app.get(`/bills/${committee.id}/events`)).events as Json[])[0].stage).toBe('committee');
    });

    test('coverage: NS bills partial with the count, and why only the latest status', async () => {
      const ns = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'NS');
      expect(ns).toMatchObject({ bills_status: 'partial', bills_count: 3 });
      expect(ns.notes).toContain('names no sponsor');
    });
  });
});
