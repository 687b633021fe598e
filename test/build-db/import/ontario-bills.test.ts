// Ontario bills from ola.org's bills listings and status pages (fixtures/ola-bills: written by hand in
// the pages' layout, with bills, sponsors and dates the 41st Parliament's Hansard records), sponsors
// linked against the member list of a real Hansard PDF (/work/public-docs, skipped when absent); the
// nightly's listers on a real saved listing and the whole path against the loopback upstream.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { olaBillListings, olaBillStatus } from '../../../build-db/fetch/ola-listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import { importOntarioBills } from '../../../build-db/import/ontario-bills/index.js';
import { importOntarioHansard } from '../../../build-db/import/ontario-hansard/index.js';
import { readStatusPage } from '../../../build-db/import/ontario-bills/pages.js';
import { importRosterPages } from '../../../build-db/import/ontario-members/index.js';
import { addListedMembers, withListedMembers } from '../../../build-db/import/ontario-members/listed-members.js';
import type { ImportContext, ImportedRecords, Skip, SourceInput } from '../../../build-db/import/types.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { OLA_41, olaHouseDocuments } from '../../helpers/ola-pages.js';
import { publicDoc } from '../../helpers/public-docs.js';
import { startUpstream } from '../../helpers/upstream-server.js';
import { tempDir } from '../../helpers/fixture.js';

const FIXTURES = join(import.meta.dir, 'fixtures', 'ola-bills');
const SAVED = 'thejoycething-code+parl-monitor/tests/fixtures/prov';
const LIST = publicDoc(`${SAVED}/on_members_20170921.json`);
const LISTING_43_1 = publicDoc(`${SAVED}/on_bills_43_1.html`);
const HOUSE_DOCS = publicDoc(`${SAVED}/on_house_docs.html`);
const SITTING = join(import.meta.dir, '../../../../shared/datasets/ontario-hansard-2014-2018/html/2015-04-02.html.gz');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = tempDir('canpol-onbills-');
  dirs.push(d);
  return d;
};
const ctxOf = (people: Person[] = [], skips: Skip[] = [], existing: ImportedRecords = {}): ImportContext => ({
  identity: new Identity(people),
  existing,
  skip: (s) => skips.push(s),
  log: () => {},
});
/** The fixtures with the House documents page of the 41st Parliament's sessions beside them. */
function folder(): string {
  const d = temp();
  cpSync(FIXTURES, d, { recursive: true });
  writeFileSync(join(d, 'house-documents.html'), olaHouseDocuments(OLA_41));
  return d;
}
/** The 41st Parliament's members as the Hansard of 2017-09-21 lists them. */
function members(): Person[] {
  const runs = (JSON.parse(readFileSync(LIST!, 'utf8')) as Array<[number, number, number, string, number]>).map(
    ([page, x, y, text, right]) => ({
      page,
      x,
      y,
      text,
      width: right - x,
      size: 8,
    }),
  );
  const base = importRosterPages(temp(), ctxOf());
  const people = new Map((base.records.politicians ?? []).map((p) => [p.key, p] as const));
  addListedMembers(people, 'hansard-2017-09-21.pdf', runs, ctxOf());
  return withListedMembers(base, [...people.values()], ['hansard-2017-09-21.pdf']).records.politicians as Person[];
}
type Bill = SourceInput<'bills'>;

describe('the pages', () => {
  test('a status table whose rows lack </tr>, with and without the Outcome column', () => {
    const old = readStatusPage(readFileSync(join(FIXTURES, 'bills/41-1/bill-77-status.html'), 'utf8'))!;
    expect(old.map((r) => [r.date, r.stage, r.outcome])).toEqual([
      ['2015-03-11', 'First Reading', null],
      ['2015-04-02', 'Second Reading', null],
      ['2015-06-04', 'Third Reading', null],
      ['2015-06-04', 'Royal Assent', null],
    ]);
    const recent = readStatusPage(readFileSync(join(FIXTURES, 'bills/43-1/bill-28-status.html'), 'utf8'))!;
    expect(recent[1]).toEqual({
      date: '2022-11-03',
      dateText: 'November 3, 2022',
      stage: 'Second Reading',
      activity: 'Vote',
      outcome: 'Carried on division',
      committee: null,
    });
    expect(readStatusPage('<html><table><tr><td>x</td></tr></table></html>')).toBeNull();
  });
});

describe.skipIf(!LIST)('importing', () => {
  test('bills with their stages, introduced on first reading, sponsors linked among the members serving that day', () => {
    const skips: Skip[] = [];
    const out = importOntarioBills(folder(), ctxOf(members(), skips));
    const bills = out.records.bills as Bill[];
    const bill = (session: string, n: string) => bills.find((b) => b.session_key === session && b.bill_number === n)!;
    const b77 = bill('on/session/41-1', '77');
    expect(b77).toMatchObject({
      title: 'Affirming Sexual Orientation and Gender Identity Act, 2015',
      bill_type: 'Public bill',
      introduced_date: '2015-03-11',
      status: 'Royal Assent: Royal Assent received',
      source_url: 'https://www.ola.org/en/legislative-business/bills/parliament-41/session-1/bill-77',
    });
    expect(b77.events!.map((e) => [e.stage, e.event_date])).toEqual([
      ['first_reading', '2015-03-11'],
      ['second_reading', '2015-04-02'],
      ['third_reading', '2015-06-04'],
      ['royal_assent', '2015-06-04'],
    ]);
    expect(b77.sponsors).toEqual([
      { politician_key: 'on-ola/member/cheri-dinovo', sponsor_name_raw: 'DiNovo, Cheri', role: 'sponsor', ordering: 1 },
    ]);
    expect(bill('on/session/41-1', '23').sponsors![0].politician_key).toBe('on-ola/member/julia-munro');
    // A row whose stage is none of the spec's is counted, not stored.
    expect(bill('on/session/41-1', '23').events!.length).toBe(2);
    expect(out.stats).toMatchObject({ bills: 3, events: 10, rows_not_a_stage: 1, sponsors_linked: 2 });
    // Bill 28 of the 43rd Parliament: its sponsor is no member of the list (the 41st's); reported.
    const b28 = bill('on/session/43-1', '28');
    expect(b28.sponsors![0]).toMatchObject({ politician_key: null, sponsor_name_raw: 'Lecce, Hon. Stephen' });
    expect(skips).toEqual([
      {
        file: 'bills/parliament-43-session-1.html',
        record: 'Bill 28',
        reason: 'sponsor unlinked: no Ontario member of that name serving on the first reading',
        detail: 'Lecce, Hon. Stephen',
      },
    ]);
    // Sessions dated by the House documents page; the 43rd's (not on that page here) by its first event.
    expect(out.records.sessions).toEqual([
      expect.objectContaining({ key: 'on/session/41-1', start_date: '2014-07-02', end_date: '2016-09-08' }),
      expect.objectContaining({ key: 'on/session/43-1', start_date: '2022-10-31' }),
    ]);
    expect(out.coverage[0]).toMatchObject({ jurisdiction: 'ON', bills: 'partial' });
  });

  test('a session another part already holds is not written again; its bills stay', () => {
    const out = importOntarioBills(folder(), ctxOf(members(), [], { sessions: [{ key: 'on/session/41-1' } as SourceInput<'sessions'>] }));
    expect((out.records.sessions ?? []).map((s) => s.key)).toEqual(['on/session/43-1']);
    expect((out.records.bills as Bill[]).length).toBe(3);
  });
});

describe.skipIf(!LIST || !existsSync(SITTING))('with the Hansard', () => {
  test("the Hansard imported after the bills: its division on Bill 77's second reading (2015-04-02) names the bill", () => {
    const people = members();
    const bills = importOntarioBills(folder(), ctxOf(people));
    const dir = temp();
    mkdirSync(join(dir, 'html'));
    copyFileSync(SITTING, join(dir, 'html', '2015-04-02.html.gz'));
    const out = importOntarioHansard(dir, ctxOf(people, [], bills.records));
    const votes = (out.records.votes ?? []) as Array<SourceInput<'votes'>>;
    const on77 = votes.filter((v) => v.bill_number === '77');
    expect(on77.length).toBe(1);
    expect(on77[0]).toMatchObject({ session_key: 'on/session/41-1', result: 'passed' });
  });
});

describe('the nightly', () => {
  test.skipIf(!HOUSE_DOCS)("House documents (saved) → each session's bills listing, the path built as the Assembly spells it", () => {
    const listed = olaBillListings(
      readFileSync(HOUSE_DOCS!, 'utf8'),
      () => '',
      'https://www.ola.org/en/legislative-business/house-documents',
      {
        from_parliament: 42,
      },
    );
    expect(listed.files.map((f) => [f.path, f.url, f.immutable ?? false])).toEqual([
      ['bills/parliament-42-session-1.html', 'https://www.ola.org/en/legislative-business/bills/parliament-42/session-1', true],
      ['bills/parliament-42-session-2.html', 'https://www.ola.org/en/legislative-business/bills/parliament-42/session-2', true],
      ['bills/parliament-43-session-1.html', 'https://www.ola.org/en/legislative-business/bills/parliament-43/session-1', true],
    ]);
  });

  test.skipIf(!LISTING_43_1)("a session's bills listing (saved) → each bill's status page, never a query string", () => {
    const listed = olaBillStatus(
      readFileSync(LISTING_43_1!, 'utf8'),
      () => '',
      'https://www.ola.org/en/legislative-business/bills/parliament-43/session-1',
    );
    expect(listed.files.map((f) => f.path)).toEqual([
      'bills/43-1/bill-1-status.html',
      'bills/43-1/bill-26-status.html',
      'bills/43-1/bill-28-status.html',
      'bills/43-1/bill-30-status.html',
      'bills/43-1/bill-pr1-status.html',
    ]);
    expect(listed.files.find((f) => f.path.endsWith('bill-28-status.html'))!.url).toBe(
      'https://www.ola.org/en/legislative-business/bills/parliament-43/session-1/bill-28/status',
    );
    expect(listed.files.every((f) => !f.url.includes('?'))).toBe(true);
  });

  test('House documents → bills listings → status pages from the loopback, then imported', async () => {
    const m = repoManifest();
    const source = m.sources.find((s) => s.id === 'ola-bills')!;
    const manifest = {
      ...m,
      defaults: { ...m.defaults, spacing_ms: 0 },
      // The hand-written pages are short beside the real ones.
      sources: [
        {
          ...source,
          check: { ...source.check, min_bytes: 200 },
          files: source.files.map((f) => ({ ...f, check: { ...f.check, min_bytes: 100 } })),
        },
      ],
    };
    // The publisher's pages at their paths: the House documents page, the 41-1 listing and its status pages.
    const up = await startUpstream(manifest, temp());
    const at = (url: string, body: string | Buffer) =>
      up.behave(up.pathOf(url), { kind: 'replace', body, contentType: 'text/html; charset=UTF-8' });
    at('https://www.ola.org/en/legislative-business/house-documents', olaHouseDocuments(OLA_41.slice(0, 1)));
    const base = 'https://www.ola.org/en/legislative-business/bills/parliament-41/session-1';
    at(base, readFileSync(join(FIXTURES, 'bills/parliament-41-session-1.html')));
    for (const n of ['23', '77']) at(`${base}/bill-${n}/status`, readFileSync(join(FIXTURES, `bills/41-1/bill-${n}-status.html`)));
    try {
      const cache = temp();
      const report = await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 0, backoffMs: 5 });
      expect(report.sources[0].status, JSON.stringify(report.sources[0])).toBe('fresh');
      expect(up.requests.map((r) => r.path.replace(/^\/www\.ola\.org/, ''))).toEqual([
        '/en/legislative-business/house-documents',
        '/en/legislative-business/bills/parliament-41/session-1',
        '/en/legislative-business/bills/parliament-41/session-1/bill-23/status',
        '/en/legislative-business/bills/parliament-41/session-1/bill-77/status',
      ]);
      const out = importOntarioBills(join(cache, 'ontario-bills'), ctxOf());
      expect((out.records.bills as Bill[]).map((b) => [b.bill_number, b.events!.length])).toEqual([
        ['23', 2],
        ['77', 4],
      ]);
    } finally {
      await up.close();
    }
  });
});
