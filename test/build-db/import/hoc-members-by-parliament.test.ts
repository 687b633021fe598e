// The hoc-members-by-parliament importer on hand-written member search exports in the House's layout
// (`<ArrayOfMemberOfParliament>` of `<MemberOfParliament>`, as in ../shared/datasets/hoc-members-2023
// and, with `<PersonId>` first, as OpenSanctions' crawler reads the live export), stored as the nightly
// stores them (`hoc-members-by-parliament/members-<p>.xml`), with riding numbers from a small OCD list.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importHocMembersByParliament } from '../../../build-db/import/hoc-members-by-parliament/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { DATASETS } from '../../helpers/nightly-manifest.js';
import { MEMBERS_45, memberExport, type MemberRow as Row } from '../../helpers/member-export.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const MEMBERS_44: Row[] = [
  {
    id: '25000',
    first: 'Lee',
    last: 'Gone',
    riding: 'Avalon',
    province: 'Newfoundland and Labrador',
    caucus: 'Liberal',
    from: '2021-09-20T00:00:00',
  },
];

// The riding rows the tests need, read from the real OCD list at test time (not copied into the repository).
const OCD_IDS = ['ed:35075-2013', 'ed:35079-2023', 'ed:35075-2023', 'ed:10001-2013', 'ed:10001-2023'].map(
  (ed) => `ocd-division/country:ca/${ed}`,
);
const OCD = (() => {
  const [header, ...rows] = readFileSync(join(DATASETS, 'ocd-division-ids-ca', 'country-ca.csv'), 'utf8').split('\n');
  return `${[header, ...OCD_IDS.map((id) => rows.find((r) => r.startsWith(`${id},`))!)].join('\n')}\n`;
})();

function datasets(files: Record<string, string>): string {
  const root = tempDir('canpol-members-by-parl-');
  dirs.push(root);
  mkdirSync(join(root, 'ocd-division-ids-ca'), { recursive: true });
  writeFileSync(join(root, 'ocd-division-ids-ca', 'country-ca.csv'), OCD);
  const from = join(root, 'hoc-members-by-parliament');
  mkdirSync(from, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(from, name), text);
  return from;
}

const PARLINFO_JANE: Person = {
  key: 'ca-parlinfo/person/555',
  name: 'Jane Doe',
  first_name: 'Jane',
  last_name: 'Doe',
  level: 'federal',
  terms: [
    {
      start_at: '2021-09-20T04:00:00Z',
      end_at: '2025-03-23T04:00:00Z',
      elected_office: 'MP',
      constituency_name: 'Ottawa Centre',
      parliament_number: 44,
    },
  ],
};

function run(from: string, people: Person[] = [PARLINFO_JANE]) {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const out = importHocMembersByParliament(from, ctx);
  const politicians = (out.records.politicians ?? []) as Array<SourceInput<'politicians'>>;
  return { out, skips, politicians, byName: (n: string) => politicians.find((p) => p.name === n)! };
}

describe('hoc-members-by-parliament importer', () => {
  test('one person per member, one term per row, keyed by PersonId or joined to ParlInfo by name, riding and dates', () => {
    const { politicians, byName, skips, out } = run(
      datasets({ 'members-45.xml': memberExport(MEMBERS_45), 'members-44.xml': memberExport(MEMBERS_44) }),
    );
    expect(skips).toEqual([]);
    expect(politicians.map((p) => p.key).sort()).toEqual(['ca-hoc/person/123456', 'ca-hoc/person/25000', 'ca-parlinfo/person/555']);

    // No PersonId in the row: the known ParlInfo person (same name, Ottawa Centre), this source's key an alias.
    const jane = byName('Jane Doe');
    expect(jane.key).toBe('ca-parlinfo/person/555');
    expect(jane.same_as).toEqual(['ca-hoc-member-search/jane-doe/ottawa-centre']);
    expect(jane.is_active).toBe(true);
    expect(jane.terms).toEqual([
      {
        start_at: '2025-04-28T00:00:00-04:00',
        end_at: null,
        elected_office: 'MP',
        party: 'Liberal',
        parliament_number: 45,
        constituency_id: 'federal-electoral-districts-2023/35079',
        constituency_name: 'Ottawa Centre',
      },
    ]);

    // A new 2025 member: under the PersonId, the riding of the 2023 Representation Order.
    const sam = byName('Sam Newman');
    expect(sam).toMatchObject({
      key: 'ca-hoc/person/123456',
      same_as: [],
      honorific: 'Hon.',
      party: 'Conservative',
      is_active: true,
      constituency_id: 'federal-electoral-districts-2023/35075',
      constituency_name: 'Oakville East',
    });

    // Left in August 2025; the 44th Parliament's open row ends at its dissolution (2025-03-23).
    const lee = byName('Lee Gone');
    expect(lee.is_active).toBe(false);
    expect(lee.terms!.map((t) => [t.parliament_number, t.constituency_id, t.start_at, t.end_at])).toEqual([
      [44, 'federal-electoral-districts-2013/10001', '2021-09-20T00:00:00-04:00', '2025-03-23T04:00:00Z'],
      [45, 'federal-electoral-districts-2023/10001', '2025-04-28T00:00:00-04:00', '2025-08-11T00:00:00-04:00'],
    ]);
    expect(out.stats).toMatchObject({
      rows_read: 4,
      politicians: 3,
      terms: 4,
      terms_open: 2,
      people_joined_by_name: 1,
      people_joined_by_new: 2,
      people_with_house_personid: 2,
    });
    expect(out.sources[0]).toMatchObject({ id: 'hoc-members-by-parliament', version: 'member search export, Parliaments 44, 45' });
  });

  test('without ParlInfo, a row without PersonId is a new person under its own key', () => {
    const { byName } = run(datasets({ 'members-45.xml': memberExport(MEMBERS_45) }), []);
    expect(byName('Jane Doe')).toMatchObject({ key: 'ca-hoc-member-search/jane-doe/ottawa-centre', same_as: [] });
  });

  test('a malformed record is named by file, record and field; the rest is imported', () => {
    const bad: Row[] = [
      ...MEMBERS_45,
      {
        id: '777',
        first: 'Bad',
        last: 'Date',
        riding: 'Avalon',
        province: 'Newfoundland and Labrador',
        caucus: 'Liberal',
        from: 'yesterday',
      },
      {
        id: 'x12',
        first: 'Bad',
        last: 'Id',
        riding: 'Avalon',
        province: 'Newfoundland and Labrador',
        caucus: 'Liberal',
        from: '2025-04-28T00:00:00',
      },
      {
        id: '778',
        first: 'No',
        last: '',
        riding: 'Avalon',
        province: 'Newfoundland and Labrador',
        caucus: 'Liberal',
        from: '2025-04-28T00:00:00',
      },
    ];
    const { politicians, skips } = run(datasets({ 'members-45.xml': memberExport(bad) }));
    expect(politicians.length).toBe(3);
    expect(skips).toEqual([
      {
        file: 'members-45.xml',
        record: 'MemberOfParliament #4 Bad Date',
        reason: 'XML member date unreadable',
        detail: 'FromDateTime "yesterday"',
      },
      {
        file: 'members-45.xml',
        record: 'MemberOfParliament #5 Bad Id',
        reason: 'XML member PersonId unreadable',
        detail: 'PersonId "x12"',
      },
      {
        file: 'members-45.xml',
        record: 'MemberOfParliament #6 No',
        reason: 'XML member without a name or riding',
        detail: 'PersonOfficialLastName missing',
      },
    ]);
  });

  test('the per-Parliament export (everyone who sat): a floor-crossing and a by-election change terms, nobody is deleted', () => {
    const everyone: Row[] = [
      ...MEMBERS_45.filter((r) => r.first !== 'Sam'),
      // Crossed the floor on 2025-11-04: the export gives one row per caucus.
      {
        id: '123456',
        honorific: 'Hon.',
        first: 'Sam',
        last: 'Newman',
        riding: 'Oakville East',
        province: 'Ontario',
        caucus: 'Conservative',
        from: '2025-04-28T00:00:00',
        to: '2025-11-04T00:00:00',
      },
      {
        id: '123456',
        honorific: 'Hon.',
        first: 'Sam',
        last: 'Newman',
        riding: 'Oakville East',
        province: 'Ontario',
        caucus: 'Liberal',
        from: '2025-11-04T00:00:00',
      },
      // Won the by-election held after Lee Gone resigned Avalon.
      {
        id: '25001',
        first: 'Bea',
        last: 'Next',
        riding: 'Avalon',
        province: 'Newfoundland and Labrador',
        caucus: 'Conservative',
        from: '2025-10-01T00:00:00',
      },
    ];
    const { politicians, byName, skips } = run(
      datasets({ 'members-45.xml': memberExport(everyone), 'members-44.xml': memberExport(MEMBERS_44) }),
    );
    expect(skips).toEqual([]);
    expect(politicians.map((p) => p.key).sort()).toEqual([
      'ca-hoc/person/123456',
      'ca-hoc/person/25000',
      'ca-hoc/person/25001',
      'ca-parlinfo/person/555',
    ]);
    const sam = byName('Sam Newman');
    expect(sam).toMatchObject({ party: 'Liberal', is_active: true });
    expect(sam.terms!.map((t) => [t.party, t.start_at, t.end_at])).toEqual([
      ['Conservative', '2025-04-28T00:00:00-04:00', '2025-11-04T00:00:00-05:00'],
      ['Liberal', '2025-11-04T00:00:00-05:00', null],
    ]);
    // The member who resigned stays, former; the seat's new member has their own term.
    expect(byName('Lee Gone').is_active).toBe(false);
    expect(byName('Bea Next')).toMatchObject({ is_active: true, constituency_id: 'federal-electoral-districts-2023/10001' });
  });

  test('a file that is not the export, and a folder without exports, are reported', () => {
    expect(run(datasets({ 'members-45.xml': '<html><body>Service unavailable</body></html>' })).skips).toEqual([
      { file: 'members-45.xml', record: 'whole file', reason: 'not a member search export (no ArrayOfMemberOfParliament root)' },
    ]);
    const empty = run(datasets({}));
    expect(empty.politicians).toEqual([]);
    expect(empty.skips.map((s) => [s.file, s.reason])).toEqual([['members-<parliament>.xml', 'file missing']]);
  });
});
