// The member list printed at the back of an Ontario Hansard PDF, read from a real one: the list of the
// Hansard of 2017-09-21 (41st Parliament) as a public scraper's tests saved it (pdf text runs: page, x,
// baseline, text, right edge; /work/public-docs, see SOURCES.md). The runs go through the same line
// reader as a PDF's, and again through a PDF written here with the runs at their places. Then the
// whole corpus of 339 real sittings is linked against the members it names.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { olaHansardPdf } from '../../../build-db/fetch/ola-listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { OLA_41, olaHouseDocuments, olaSessionPage } from '../../helpers/ola-pages.js';
import { startUpstream } from '../../helpers/upstream-server.js';
import { importOntarioHansard } from '../../../build-db/import/ontario-hansard/index.js';
import { importOntarioMembers, importRosterPages } from '../../../build-db/import/ontario-members/index.js';
import { readMemberList } from '../../../build-db/import/ontario-members/hansard-list.js';
import { parliamentsOf } from '../../../build-db/import/ontario-members/parliaments.js';
import { addListedMembers, withListedMembers } from '../../../build-db/import/ontario-members/listed-members.js';
import type { PdfTextRun } from '../../../build-db/import/pdf/pdf-lines.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { publicDoc } from '../../helpers/public-docs.js';
import { tempDir } from '../../helpers/fixture.js';

const HOUSE_DOCS = publicDoc('thejoycething-code+parl-monitor/tests/fixtures/prov/on_house_docs.html');
const DOC = publicDoc('thejoycething-code+parl-monitor/tests/fixtures/prov/on_members_20170921.json');
const CORPUS = join(import.meta.dir, '../../../../shared/datasets/ontario-hansard-2014-2018');
const ROSTER = join(import.meta.dir, 'fixtures', 'ola-parliament-41.html');
type Politician = SourceInput<'politicians'>;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = tempDir('canpol-onlist-');
  dirs.push(d);
  return d;
};
const ctxOf = (people: Person[] = [], skips: Skip[] = []): ImportContext => ({
  identity: new Identity(people),
  existing: {},
  skip: (s) => skips.push(s),
  log: () => {},
});
// The saved runs carry no font size; the list is set in 8-point type (its lines are 10.5 points apart).
const runs = (): PdfTextRun[] =>
  (JSON.parse(readFileSync(DOC!, 'utf8')) as Array<[number, number, number, string, number]>).map(([page, x, y, text, right]) => ({
    page,
    x,
    y,
    text,
    width: right - x,
    size: 8,
  }));
const fromLists = (base: ImportOutput, skips: Skip[] = []) => {
  const people = new Map((base.records.politicians ?? []).map((p) => [p.key, p] as const));
  expect(addListedMembers(people, 'hansard-2017-09-21.pdf', runs(), ctxOf([], skips))).toBe(true);
  return withListedMembers(base, [...people.values()], ['hansard-2017-09-21.pdf']);
};
/** A PDF with the saved runs at their places (Helvetica 8 pt), standing for the Hansard's last pages. */
async function listPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const all = runs();
  for (const page of [...new Set(all.map((r) => r.page))].sort()) {
    const p = doc.addPage([612, 792]);
    for (const r of all.filter((x) => x.page === page)) p.drawText(r.text.replace(/\n/g, ''), { x: r.x, y: r.y, size: 8, font });
  }
  return doc.save();
}
const noRoster = () => importRosterPages(temp(), ctxOf());

describe.skipIf(!DOC)('the member list of a real Hansard PDF', () => {
  test('every seat: 106 members with party, riding (English) and Hon., one vacant seat', () => {
    const list = readMemberList(runs());
    expect(list.problems).toEqual([]);
    expect(list.members.length).toBe(106);
    expect(list.vacant).toEqual(['Toronto Centre']);
    const who = (last: string, first: string) => list.members.find((m) => m.last === last && m.first === first);
    expect(who('Albanese', 'Laura')).toMatchObject({ honorific: 'Hon.', party: 'Ontario Liberal Party', riding: 'York South–Weston' });
    // The name runs into the riding's column; split by the party in brackets.
    expect(who('Naidoo-Harris', 'Indira')).toMatchObject({ honorific: 'Hon.', riding: 'Halton' });
    // Wrapped ridings, and a riding that runs up to the offices column.
    expect(who('Hillier', 'Randy')?.riding).toBe('Lanark–Frontenac–Lennox and Addington');
    expect(who('Chiarelli', 'Bob')).toMatchObject({
      riding: 'Ottawa West–Nepean',
      offices: 'Minister of Infrastructure / Ministre de l’Infrastructure',
    });
    expect(who('Wynne', 'Kathleen O.')?.offices).toContain('Premier / Première ministre');
    expect(who('MacLaren', 'Jack')).toMatchObject({ party: 'Independent', honorific: null });
    expect(who('Malhi', 'Harinder')?.riding).toBe('Brampton–Springdale');
    expect(list.members.filter((m) => m.party === 'Progressive Conservative Party of Ontario').length).toBe(29);
  });

  test('members become people of the 41st Parliament; a roster page of that Parliament and the list make one person each', async () => {
    const base = await importOntarioMembers(
      (() => {
        const d = temp();
        writeFileSync(join(d, 'parliament-41.html'), readFileSync(ROSTER));
        return d;
      })(),
      ctxOf(),
    );
    const out = fromLists(base);
    const people = out.records.politicians as Politician[];
    expect(people.length).toBe(106); // the roster page's nine are all on the list
    const wynne = people.filter((p) => p.last_name === 'Wynne');
    expect(wynne.map((p) => p.key)).toEqual(['on-ola/member/kathleen-wynne']);
    expect(wynne[0].terms).toEqual([
      {
        start_at: '2014-07-02T00:00:00Z',
        end_at: '2018-05-08T00:00:00Z',
        elected_office: 'MPP',
        constituency_name: 'Don Valley West',
        party: 'Ontario Liberal Party',
        parliament_number: 41,
      },
    ]);
    const romano = people.find((p) => p.last_name === 'Romano')!;
    expect(romano).toMatchObject({
      key: 'on-ola/member/ross-romano',
      party: 'Progressive Conservative Party of Ontario',
      is_active: false,
    });
    expect(out.coverage[0].notes).toContain('the member lists printed in the Hansard of 2017-09-21');
  });

  test('the same member in a later Parliament (roster page) is one person with two terms', async () => {
    const d = temp();
    writeFileSync(
      join(d, 'parliament-42.html'),
      readFileSync(ROSTER, 'utf8').replace('41st Parliament: July 2, 2014 – May 8, 2018', '42nd Parliament: July 11, 2018 – present'),
    );
    const out = fromLists(await importOntarioMembers(d, ctxOf()));
    const fedeli = (out.records.politicians as Politician[]).filter((p) => p.last_name === 'Fedeli');
    expect(fedeli.length).toBe(1);
    expect(fedeli[0].terms.map((t) => [t.start_at.slice(0, 10), (t as { party?: string }).party ?? null])).toEqual([
      ['2018-07-11', null],
      ['2014-07-02', 'Progressive Conservative Party of Ontario'],
    ]);
    expect(fedeli[0].is_active).toBe(true);
  });

  test('lists of two Parliaments: one person per member, a term in each', () => {
    const people = new Map<string, Politician>();
    const ctx = ctxOf();
    // The same list dated in the 42nd Parliament stands for a later list that names the same members.
    expect(addListedMembers(people, 'hansard-2017-09-21.pdf', runs(), ctx)).toBe(true);
    expect(addListedMembers(people, 'hansard-2019-04-11.pdf', runs(), ctx)).toBe(true);
    expect(people.size).toBe(106);
    expect(
      people
        .get('on-ola/member/victor-fedeli')!
        .terms.map((t) => [t.start_at.slice(0, 10), (t as { parliament_number?: number }).parliament_number]),
    ).toEqual([
      ['2014-07-02', 41],
      ['2018-07-11', 42],
    ]);
  });

  test('a PDF with the runs at their places reads the same (the PDF path), and a list of no known Parliament is reported', async () => {
    const pdf = await listPdf();
    const d = temp();
    writeFileSync(join(d, 'hansard-2017-09-21.pdf'), pdf);
    writeFileSync(join(d, 'hansard-2010-05-05.pdf'), pdf);
    const skips: Skip[] = [];
    const out = await importOntarioMembers(d, ctxOf([], skips));
    expect((out.records.politicians ?? []).length).toBe(106);
    expect(skips).toEqual([
      { file: 'hansard-2010-05-05.pdf', record: 'whole file', reason: 'member list of no known Parliament', detail: '2010-05-05' },
    ]);
  });
});

describe.skipIf(!DOC || !existsSync(CORPUS))('linking all 339 real sittings to the list', () => {
  test('at least 95 % of member turns link; every turn left unlinked is in the report', () => {
    const people = fromLists(noRoster()).records.politicians as Person[];
    const skips: Skip[] = [];
    const out = importOntarioHansard(CORPUS, ctxOf(people, skips));
    const { turns_linked: linked, turns_unlinked: unlinked } = out.stats as Record<string, number>;
    expect(linked / (linked + unlinked)).toBeGreaterThanOrEqual(0.95);
    expect(skips.filter((s) => s.reason.startsWith('speaker unlinked')).length).toBe(unlinked);
    // The Premier as a minister ("Hon. Kathleen O. Wynne"), the Speaker by the office's label, a middle initial the list prints.
    const keyOf = (label: string) => [
      ...new Set((out.records.speeches ?? []).filter((s) => s.speaker_name_raw === label).map((s) => s.politician_key)),
    ];
    expect(keyOf('Hon. Kathleen O. Wynne')).toEqual(['on-ola/member/kathleen-wynne']);
    expect(keyOf('The Speaker (Hon. Dave Levac)')).toEqual(['on-ola/member/dave-levac']);
    expect(keyOf('Ms. Lisa M. Thompson')).toEqual(['on-ola/member/lisa-thompson']);
    // A member who left before the list was printed is unlinked, never someone else.
    expect(keyOf('Mr. Tim Hudak')).toEqual([null]);
  }, 240_000);
});

const SITTING_2018_02_20 = join(CORPUS, 'html', '2018-02-20.html.gz');
describe.skipIf(!DOC || !existsSync(SITTING_2018_02_20))('the nightly source of the lists', () => {
  test("a sitting's Hansard page (the datasets' 2018-02-20, the current site's layout) links its PDF", () => {
    const page = gunzipSync(readFileSync(SITTING_2018_02_20)).toString('utf8');
    const url = 'https://www.ola.org/en/legislative-business/house-documents/parliament-41/session-2/2018-02-20/hansard';
    expect(olaHansardPdf(page, () => '', url, { closed: 1 })).toEqual({
      files: [
        {
          path: 'hansard-2018-02-20.pdf',
          url: 'https://www.ola.org/sites/default/files/node-files/hansard/document/pdf/2018/2018-02/house-document-hansard-transcript-2-EN-20-FEB-2018_L138.pdf',
          format: 'pdf',
          check: { content_types: ['application/pdf'], min_bytes: 10_000 },
          immutable: true,
          backfill: true,
        },
      ],
      problems: [],
    });
    expect(olaHansardPdf('<html></html>', () => '', url).problems.length).toBe(1);
  });

  test('House documents → session page → its first and last sittings → their PDFs, from the loopback, then imported', async () => {
    const m = repoManifest();
    const source = m.sources.find((s) => s.id === 'ola-member-lists')!;
    const manifest = {
      ...m,
      defaults: { ...m.defaults, spacing_ms: 0 },
      sources: [{ ...source, files: source.files.map((f) => ({ ...f, check: { ...f.check, min_bytes: 100 } })) }],
    };
    const up = await startUpstream(manifest, temp());
    const at = (url: string, body: string | Uint8Array, contentType = 'text/html; charset=UTF-8') =>
      up.behave(up.pathOf(url), { kind: 'replace', body: Buffer.from(body), contentType });
    try {
      at('https://www.ola.org/en/legislative-business/house-documents', olaHouseDocuments(OLA_41.slice(1, 2)));
      const session = 'https://www.ola.org/en/legislative-business/house-documents/parliament-41/session-2/';
      at(session, olaSessionPage(41, 2, ['2017-09-21', '2018-02-20']));
      // The last sitting's page is the real one; the first's is the same page with its date, so that both link a PDF.
      const page = gunzipSync(readFileSync(SITTING_2018_02_20)).toString('utf8');
      at(`${session}2018-02-20/hansard`, page);
      at(
        `${session}2017-09-21/hansard`,
        page.replace(
          'pdf/2018/2018-02/house-document-hansard-transcript-2-EN-20-FEB-2018_L138.pdf',
          'pdf/2017/2017-09/21-SEP-2017_L085.pdf',
        ),
      );
      const pdf = await listPdf();
      at(
        'https://www.ola.org/sites/default/files/node-files/hansard/document/pdf/2018/2018-02/house-document-hansard-transcript-2-EN-20-FEB-2018_L138.pdf',
        pdf,
        'application/pdf',
      );
      at(
        'https://www.ola.org/sites/default/files/node-files/hansard/document/pdf/2017/2017-09/21-SEP-2017_L085.pdf',
        pdf,
        'application/pdf',
      );
      const cache = temp();
      const report = await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 0, backoffMs: 5 });
      expect(report.sources[0].status, JSON.stringify(report.sources[0])).toBe('fresh');
      expect(up.requests.filter((r) => r.path.includes('?'))).toEqual([]);
      expect(up.requests.length).toBe(6);
      const out = await importOntarioMembers(join(cache, 'ontario-members'), ctxOf());
      expect(out.stats).toMatchObject({ hansard_lists: 2, members: 106 });
      // A second night: the closed session's pages and PDFs are held; only the House documents page is asked for.
      const before = up.requests.length;
      await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 0, backoffMs: 5 });
      expect(up.requests.slice(before).length).toBe(1);
    } finally {
      await up.close();
    }
  }, 60_000);
});

describe.skipIf(!HOUSE_DOCS)("the Parliaments' dates", () => {
  test('from the House documents page (saved): first session opened to last session closed', () => {
    expect(parliamentsOf(readFileSync(HOUSE_DOCS!, 'utf8'))).toEqual([
      { number: 40, start: '2011-11-21', end: '2014-05-02' },
      { number: 41, start: '2014-07-02', end: '2018-05-08' },
      { number: 42, start: '2018-07-11', end: '2022-05-03' },
      { number: 43, start: '2022-08-08', end: '2025-01-28' },
    ]);
    // An open session leaves its Parliament open.
    const open = readFileSync(HOUSE_DOCS!, 'utf8').replace(
      '1st Session (August 8, 2022–January 28, 2025)',
      '1st Session (August 8, 2022–)',
    );
    expect(parliamentsOf(open).at(-1)).toEqual({ number: 43, start: '2022-08-08', end: null });
  });
});
