// The hoc-members importer: parsing helpers, a hand-written fixture (malformed rows included), and
// the real 2023 snapshot in ../shared/datasets, whose expected values were read by hand with grep.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAddress } from '../../../build-db/import/hoc-members/address.js';
import { importHocMembers } from '../../../build-db/import/hoc-members/index.js';
import { legislatureTimestamp } from '../../../build-db/import/hoc-members/local-time.js';
import { honorific } from '../../../build-db/import/hoc-members/map-politician.js';
import { normalizePhone } from '../../../build-db/import/hoc-members/phone.js';
import { loadRidings } from '../../../build-db/import/hoc-members/ridings.js';
import { Identity } from '../../../build-db/import/identity.js';
import type { ImportOutput, Skip } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { datasetLine } from '../../helpers/dataset-line.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(from: string): { out: ImportOutput; skips: Skip[]; logs: string[] } {
  const skips: Skip[] = [];
  const logs: string[] = [];
  const out = importHocMembers(from, { identity: new Identity(), existing: {}, skip: (s) => skips.push(s), log: (m) => logs.push(m) });
  return { out, skips, logs };
}

describe('parsing helpers', () => {
  test('phones: one NNN-NNN-NNNN form; "missing" and letters are not phones', () => {
    expect(normalizePhone('613-992-0946')).toEqual({ phone: '613-992-0946' });
    expect(normalizePhone('1-800-665-8711')).toEqual({ phone: '800-665-8711' });
    expect(normalizePhone('(819) 228 1210')).toEqual({ phone: '819-228-1210' });
    expect(normalizePhone('missing')).toEqual({ phone: null, bad: 'missing' });
    expect(normalizePhone('123-456-7890')).toEqual({ phone: null, bad: '123-456-7890' });
    expect(normalizePhone(null)).toEqual({ phone: null, bad: null });
  });

  test('addresses: "(Main office)" after a stray CR LF, "Canada" line, missing city', () => {
    expect(parseAddress('2825 Clearbrook Road\r\n (Main office)\nSuite 205\nAbbotsford, British Columbia\nV2T 6S3')).toEqual({
      street: ['2825 Clearbrook Road', 'Suite 205'],
      city: 'Abbotsford',
      province: 'BC',
      postalCode: 'V2T 6S3',
      main: true,
    });
    expect(parseAddress('House of Commons\nOttawa, Ontario\nCanada\nK1A 0A6')).toEqual({
      street: ['House of Commons'],
      city: 'Ottawa',
      province: 'ON',
      postalCode: 'K1A 0A6',
      main: false,
    });
    expect(parseAddress('111 Peter Street (Main office)')).toEqual({
      street: ['111 Peter Street'],
      city: null,
      province: null,
      postalCode: null,
      main: true,
    });
  });

  test('Ottawa wall-clock dates get the offset of their day (EDT in September, EST in December)', () => {
    expect(legislatureTimestamp('2021-09-20T00:00:00', 'federal')).toBe('2021-09-20T00:00:00-04:00');
    expect(legislatureTimestamp('2022-12-12T00:00:00', 'federal')).toBe('2022-12-12T00:00:00-05:00');
    // 2023-03-12 02:00 EST became 03:00 EDT.
    expect(legislatureTimestamp('2023-03-12T01:30:00', 'federal')).toBe('2023-03-12T01:30:00-05:00');
    expect(legislatureTimestamp('2023-03-12T03:30:00', 'federal')).toBe('2023-03-12T03:30:00-04:00');
    expect(legislatureTimestamp('2023-02-30T00:00:00', 'federal')).toBeNull();
  });

  test("honorifics in the API's spelling", () => {
    expect(honorific('Right Hon.')).toBe('Rt. Hon.');
    expect(honorific('Hon.')).toBe('Hon.');
    expect(honorific('')).toBeNull();
  });
});

// A datasets folder written by hand: members, their XML rows, and a riding list whose names are
// spelled with other dashes and without accents, to show the comparison ignores both.
function writeFixtureDatasets(): string {
  const root = tempDir('canpol-hocm-');
  dirs.push(root);
  const members = join(root, 'hoc-members-2023');
  const ocd = join(root, 'ocd-division-ids-ca/country-ca');
  mkdirSync(members, { recursive: true });
  mkdirSync(ocd, { recursive: true });
  writeFileSync(
    join(ocd, 'ca_federal_electoral_districts-2013.csv'),
    [
      'id,name,name_fr,validFrom,validThrough',
      'ocd-division/country:ca/ed:35082-2013,Parry Sound–Muskoka,Parry Sound–Muskoka,2015-10-19,2024-04-23',
      'ocd-division/country:ca/ed:24012-2013,Berthier--Maskinonge,Berthier--Maskinonge,2015-10-19,2024-04-23',
      datasetLine('ocd-division-ids-ca/country-ca/ca_federal_electoral_districts-2013.csv', 'ocd-division/country:ca/ed:59040-2013,'),
      // Two numbers for one name: such a riding must not be numbered at all.
      'ocd-division/country:ca/ed:99001-2013,Twin Town,Twin Town,2015-10-19,2024-04-23',
      'ocd-division/country:ca/ed:99002-2013,"Twin, Other",Twin Town,2015-10-19,2024-04-23',
    ].join('\n'),
  );
  const hill = (phone: string, fax: string | null = null) => ({
    type: 'central',
    physical: 'House of Commons\nOttawa, Ontario\nCanada\nK1A 0A6',
    phone,
    fax,
  });
  const member = (id: string | null, first: string | null, last: string | null, riding: string, extra: Record<string, unknown> = {}) => ({
    id,
    firstName: first,
    lastName: last,
    honorific: '',
    isCurrent: true,
    fromDate: '2021-09-20',
    party: 'Liberal',
    email: `${(first ?? 'x').toLowerCase()}@parl.gc.ca`,
    addresses: [hill('613-555-0101')],
    urls: { contact: `https://www.ourcommons.ca/members/en/x(${id})` },
    constituency: { id: '', name: riding },
    ...extra,
  });
  const main = {
    type: 'main-local',
    physical: '1 Main Street (Main office)\nHuntsville, Ontario\nP1H 1A1',
    phone: '705-555-0100',
    fax: '705-555-0199',
  };
  writeFileSync(
    join(members, 'federal-legislators.json'),
    JSON.stringify([
      member('1001', 'Ana', 'Nova', 'Parry Sound—Muskoka', {
        honorific: 'Hon.',
        addresses: [
          { type: 'local', physical: '9 Side Road\nBracebridge, Ontario\nP1L 1A1', phone: 'missing', fax: 'call us' },
          main,
          { ...main, type: 'main-local' }, // the same office twice: dropped and counted
          hill('613-555-0101', '613-555-0102'),
        ],
        urls: { contact: 'https://www.ourcommons.ca/members/en/ana-nova(1001)', website: 'https://ananova.example.ca' },
      }),
      member('1002', 'Benoît', 'Côté', 'Berthier—Maskinongé', { party: 'Bloc Québécois', fromDate: '2022-12-12' }),
      member('1003', 'Harjit', 'Sajjan', 'Vancouver South'),
      member('1004', null, 'Nameless', 'Parry Sound—Muskoka'),
      member('1005', 'Lost', 'Riding', 'Nowhere Else'),
      member(null, 'No', 'Id', 'Vancouver South'),
      member('1006', 'Twin', 'Member', 'Twin Town'),
    ]),
  );
  const xml = (first: string, last: string, riding: string, from: string, hon = '') => `<MemberOfParliament>
        ${hon ? `<PersonShortHonorific>${hon}</PersonShortHonorific>` : '<PersonShortHonorific />'}
        <PersonOfficialFirstName>${first}</PersonOfficialFirstName>
        <PersonOfficialLastName>${last}</PersonOfficialLastName>
        <ConstituencyName>${riding}</ConstituencyName><CaucusShortName>Liberal</CaucusShortName>
        <FromDateTime>${from}</FromDateTime><ToDateTime xsi:nil="true" />
    </MemberOfParliament>`;
  writeFileSync(
    join(members, 'parliament-members.xml'),
    `<ArrayOfMemberOfParliament xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
    ${xml('Ana', 'Nova', 'Parry Sound—Muskoka', '2021-09-20T00:00:00', 'Hon.')}
    ${xml('Benoît', 'Côté', 'Berthier—Maskinongé', '2022-12-12T00:00:00')}
    ${xml('Harjit S.', 'Sajjan', 'Vancouver South', '2021-09-20T00:00:00')}
    ${xml('Gone', 'Member', 'Somewhere', '2021-09-20T00:00:00')}
</ArrayOfMemberOfParliament>`,
  );
  return members;
}

describe('a hand-written snapshot', () => {
  const from = writeFixtureDatasets();
  const { out, skips } = run(from);
  const politicians = out.records.politicians ?? [];
  const offices = out.records.offices ?? [];
  const byKey = (k: string) => politicians.find((p) => p.key === k);

  test('good members become politicians; malformed ones are skipped with a reason', () => {
    expect(politicians.map((p) => p.key).sort()).toEqual(['ca-hoc/person/1001', 'ca-hoc/person/1002', 'ca-hoc/person/1003']);
    const reasons = skips.map((s) => `${s.record} | ${s.reason}`);
    expect(reasons).toContain('member #4 (id 1004) Nameless | member without a name');
    expect(reasons).toContain('member #6 No Id | member without a PersonId');
    expect(reasons).toContain('member 1005 Lost Riding | riding not numbered: unknown riding');
    expect(reasons).toContain('member 1006 Twin Member | riding not numbered: riding name has several numbers');
    expect(reasons).toContain('MemberOfParliament #4 Gone Member | XML member matched no PersonId record');
  });

  test('riding names are numbered with dashes and accents ignored', () => {
    expect(byKey('ca-hoc/person/1001')).toMatchObject({
      constituency_id: 'federal-electoral-districts-2013/35082',
      constituency_name: 'Parry Sound—Muskoka',
    });
    expect(byKey('ca-hoc/person/1002')).toMatchObject({
      constituency_id: 'federal-electoral-districts-2013/24012',
      constituency_name: 'Berthier—Maskinongé',
      party: 'Bloc Québécois',
    });
  });

  test('offices: Hill office first, main office before others, exact duplicate dropped, bad phone and fax reported', () => {
    const mine = offices.filter((o) => o.politician_key === 'ca-hoc/person/1001');
    expect(mine.map((o) => [o.kind, o.city, o.phone, o.fax])).toEqual([
      ['legislature', 'Ottawa', '613-555-0101', '613-555-0102'],
      ['constituency', 'Huntsville', '705-555-0100', '705-555-0199'],
      ['constituency', 'Bracebridge', null, null],
    ]);
    expect(mine[0].email).toBe('ana@parl.gc.ca');
    expect(out.stats?.offices_duplicate_dropped).toBe(1);
    const bad = skips.filter((s) => s.record === 'member 1001 Ana Nova').map((s) => [s.reason, s.detail]);
    expect(bad).toEqual([
      ['office phone unreadable (office kept without it)', 'local: "missing"'],
      ['office fax unreadable (office kept without it)', 'local: "call us"'],
    ]);
  });

  test('member fields: Hill phone and fax, addresses, URLs, honorific', () => {
    expect(byKey('ca-hoc/person/1001')).toMatchObject({
      name: 'Ana Nova',
      honorific: 'Hon.',
      phone: '613-555-0101',
      fax: '613-555-0102',
      email: 'ana@parl.gc.ca',
      constituency_office_address: '1 Main Street\nHuntsville ON  P1H 1A1',
      legislature_office_address: 'House of Commons\nOttawa ON  K1A 0A6',
      official_url: 'https://www.ourcommons.ca/members/en/ana-nova(1001)',
      personal_url: 'https://ananova.example.ca',
      elected_office: 'MP',
      level: 'federal',
      is_active: true,
    });
  });

  test('terms from the XML on the Ottawa clock; a differently spelled name joins on last name + riding and is reported', () => {
    expect(byKey('ca-hoc/person/1001')!.terms).toEqual([
      {
        start_at: '2021-09-20T00:00:00-04:00',
        end_at: null,
        elected_office: 'MP',
        constituency_id: 'federal-electoral-districts-2013/35082',
        constituency_name: 'Parry Sound—Muskoka',
        party: 'Liberal',
        parliament_number: 44,
      },
    ]);
    expect(byKey('ca-hoc/person/1002')!.terms[0].start_at).toBe('2022-12-12T00:00:00-05:00');
    expect(byKey('ca-hoc/person/1003')).toMatchObject({ name: 'Harjit S. Sajjan', first_name: 'Harjit', last_name: 'Sajjan' });
    expect(out.stats).toMatchObject({ terms_joined_by_name_riding: 2, terms_joined_by_last_name_riding: 1, 'xml_json_differ:name': 1 });
  });

  test('parties with the shared keys; coverage claims no status', () => {
    expect(out.records.parties).toEqual([
      { key: 'ca/party/liberal', name: 'Liberal Party of Canada', short_name: 'Liberal', level: 'federal' },
      { key: 'ca/party/bloc-quebecois', name: 'Bloc Québécois', short_name: 'Bloc', level: 'federal' },
    ]);
    expect(out.coverage).toEqual([{ jurisdiction: 'federal', source_urls: { members: 'https://www.ourcommons.ca/members/en' } }]);
  });

  test('without a riding list nothing is numbered, and every member says why', () => {
    const lone = join(tempDir('canpol-hocm-lone-'), 'hoc-members-2023');
    dirs.push(join(lone, '..'));
    mkdirSync(lone);
    writeFileSync(
      join(lone, 'federal-legislators.json'),
      JSON.stringify([{ id: '7', firstName: 'A', lastName: 'B', party: 'Liberal', constituency: { name: 'Avalon' }, addresses: [] }]),
    );
    const r = run(lone);
    expect(r.out.records.politicians).toEqual([]);
    expect(r.skips.map((s) => s.reason)).toEqual(['riding not numbered: unknown riding']);
  });
});

describe.skipIf(!existsSync(join(DATASETS, 'hoc-members-2023')))('the 2023 snapshot (real files)', () => {
  const { out, skips } = run(join(DATASETS, 'hoc-members-2023'));
  const politicians = out.records.politicians ?? [];
  const offices = out.records.offices ?? [];
  const byKey = (k: string) => politicians.find((p) => p.key === k)!;
  const officesOf = (k: string) => offices.filter((o) => o.politician_key === k);

  test('337 politicians, every riding numbered (SOURCE.md: 337 sitting members)', () => {
    expect(politicians).toHaveLength(337);
    expect(skips.filter((s) => s.reason.startsWith('riding not numbered'))).toEqual([]);
    expect(new Set(politicians.map((p) => p.constituency_id)).size).toBe(337);
  });

  test('Ziad Aboultaif, read by hand from federal-legislators.json (id 89156, 2 addresses)', () => {
    expect(byKey('ca-hoc/person/89156')).toMatchObject({
      name: 'Ziad Aboultaif',
      email: 'ziad.aboultaif@parl.gc.ca',
      phone: '613-992-0946',
      fax: '613-992-0973',
      constituency_name: 'Edmonton Manning',
      constituency_id: 'federal-electoral-districts-2013/48016',
      party: 'Conservative',
      official_url: 'https://www.ourcommons.ca/members/en/ziad-aboultaif(89156)',
      personal_url: 'http://ziadaboultaif.ca',
    });
    expect(officesOf('ca-hoc/person/89156')).toHaveLength(2);
  });

  test('Diane Lebouthillier (id 88460): 5 offices, em dash and accented riding → 24026 (ocd list, DIRECTORY.md)', () => {
    expect(byKey('ca-hoc/person/88460')).toMatchObject({
      email: 'diane.lebouthillier@parl.gc.ca',
      phone: '613-992-6188',
      honorific: 'Hon.',
      constituency_name: 'Gaspésie—Les Îles-de-la-Madeleine',
      constituency_id: 'federal-electoral-districts-2013/24026',
    });
    const mine = officesOf('ca-hoc/person/88460');
    expect(mine).toHaveLength(5);
    // Her main-local office phone is 418-385-4264 in the JSON: listed first among constituency offices.
    expect(mine.filter((o) => o.kind === 'constituency')[0].phone).toBe('418-385-4264');
  });

  test('more ridings: Parry Sound—Muskoka 35082, Berthier—Maskinongé 24012, Louis-Hébert 24044', () => {
    expect(byKey('ca-hoc/person/105340').constituency_id).toBe('federal-electoral-districts-2013/35082'); // Scott Aitchison
    expect(byKey('ca-hoc/person/88418').constituency_id).toBe('federal-electoral-districts-2013/24012'); // Yves Perron
    expect(byKey('ca-hoc/person/88532').constituency_id).toBe('federal-electoral-districts-2013/24044'); // Joël Lightbound
  });

  test('Charles Sousa (id 114349) sits from 2022-12-12 (XML FromDateTime), midnight EST', () => {
    expect(byKey('ca-hoc/person/114349').terms[0].start_at).toBe('2022-12-12T00:00:00-05:00');
  });

  test('the XML\'s official names and "Right Hon."; the two spelled differently are joined and reported', () => {
    expect(byKey('ca-hoc/person/89497').name).toBe('Harjit S. Sajjan');
    expect(politicians.filter((p) => p.honorific === 'Rt. Hon.').map((p) => p.name)).toEqual(['Justin Trudeau']);
    expect(out.stats).toMatchObject({ terms_joined_by_name_riding: 335, terms_joined_by_last_name_riding: 2, offices_legislature: 337 });
    expect(skips.filter((s) => s.reason === 'XML member matched no PersonId record')).toEqual([]);
  });

  test('offices: 751 addresses in the JSON (SOURCE.md counts), 10 "missing" phones reported', () => {
    expect(offices).toHaveLength(751);
    expect(skips.filter((s) => s.reason.startsWith('office phone unreadable'))).toHaveLength(10);
    expect(out.records.parties?.map((p) => p.key).sort()).toEqual([
      'ca/party/bloc-quebecois',
      'ca/party/conservative',
      'ca/party/green',
      'ca/party/independent',
      'ca/party/liberal',
      'ca/party/ndp',
    ]);
  });

  test('riding lists: 338 numbers of the 2013 Order', () => {
    expect(loadRidings(join(DATASETS, 'hoc-members-2023')).size).toBe(338);
  });
});
