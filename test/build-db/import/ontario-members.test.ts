// The ontario-members importer and what it gives the Ontario Hansard: the hand-written roster page
// (fixtures/ola-parliament-41.html, in ola.org's layout), fetched from the loopback upstream as the
// nightly fetches it, then real sittings linked against it; and the linking rate against a stand-in
// for the full 41st-Parliament roster built from the corpus's own division lists (members printed
// "Last, First" as the roster prints them), since the real roster is not in ../shared/datasets.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { importOntarioHansard } from '../../../build-db/import/ontario-hansard/index.js';
import { importOntarioMembers } from '../../../build-db/import/ontario-members/index.js';
import { readRoster, splitListedName } from '../../../build-db/import/ontario-members/roster.js';
import { Identity, personName, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream } from '../../helpers/upstream-server.js';
import { tempDir } from '../../helpers/fixture.js';

const FIXTURE = join(import.meta.dir, 'fixtures', 'ola-parliament-41.html');
const REAL = join(import.meta.dir, '../../../../shared/datasets/ontario-hansard-2014-2018/html');
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-onm-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ctxOf = (people: Person[] = [], skips: Skip[] = []): ImportContext => ({
  identity: new Identity(people),
  existing: {},
  skip: (s) => skips.push(s),
  log: () => {},
});
type Politician = SourceInput<'politicians'>;
const asPeople = (ps: Politician[]): Person[] => ps.map((p) => ({ ...p, terms: p.terms }) as Person);

function rosterFolder(pages: Record<string, string>): string {
  const dir = temp();
  for (const [name, html] of Object.entries(pages)) writeFileSync(join(dir, name), html);
  return dir;
}

describe('the roster page', () => {
  test('rows, names "Last, First" with an honorific, ridings and the Parliament\'s dates', async () => {
    const page = readRoster(readFileSync(FIXTURE, 'utf8'));
    expect(page).toMatchObject({ parliament: 41, start: '2014-07-02', end: '2018-05-08', present: false, problems: [] });
    expect(page.rows.length).toBe(9);
    expect(page.rows.find((r) => r.slug === 'kathleen-wynne')).toMatchObject({
      first: 'Kathleen O.',
      last: 'Wynne',
      honorific: 'Hon.',
      riding: 'Don Valley West',
    });
    expect(splitListedName('Gélinas, France')).toEqual({ first: 'France', last: 'Gélinas', honorific: null });
    expect(splitListedName('Cher')).toBeNull();
  });

  test('one person per member across Parliaments, a term per Parliament; sitting when a Parliament runs on', async () => {
    const p41 = readFileSync(FIXTURE, 'utf8');
    // The same member in the next Parliament, in another riding, on a page of a running Parliament.
    const p42 = p41
      .replace('41st Parliament: July 2, 2014 – May 8, 2018', '42nd Parliament: July 11, 2018 – present')
      .replace('Nipissing', 'Nipissing (re-elected)');
    const skips: Skip[] = [];
    const out = (await importOntarioMembers(
      rosterFolder({ 'parliament-41.html': p41, 'parliament-42.html': p42, 'parliament-43.html': '<html><body>moved</body></html>' }),
      ctxOf([], skips),
    )) as ImportOutput;
    const people = out.records.politicians as Politician[];
    expect(people.length).toBe(9);
    const fedeli = people.find((p) => p.key === 'on-ola/member/victor-fedeli')!;
    expect(fedeli).toMatchObject({
      name: 'Victor Fedeli',
      level: 'provincial',
      province_territory: 'ON',
      constituency_name: 'Nipissing (re-elected)',
      is_active: true,
    });
    expect(fedeli.terms).toEqual([
      { start_at: '2014-07-02T00:00:00Z', end_at: '2018-05-08T00:00:00Z', elected_office: 'MPP', constituency_name: 'Nipissing' },
      { start_at: '2018-07-11T00:00:00Z', end_at: null, elected_office: 'MPP', constituency_name: 'Nipissing (re-elected)' },
    ]);
    expect(skips).toEqual([
      {
        file: 'parliament-43.html',
        record: 'whole file',
        reason: 'roster page without its Parliament and dates',
        detail: 'no "All members serving in the Nth Parliament: <date> – <date>" heading',
      },
    ]);
    expect(out.coverage[0]).toMatchObject({ jurisdiction: 'ON', politicians: 'live' });
  });
});

describe('the nightly source', () => {
  test("ola-members is fetched from the Assembly's roster URL (no query string) and imported", async () => {
    const m = repoManifest();
    const source = m.sources.find((s) => s.id === 'ola-members')!;
    expect(source.files.every((f) => !f.url.includes('?'))).toBe(true);
    const manifest = {
      ...m,
      defaults: { ...m.defaults, spacing_ms: 0 },
      sources: [
        {
          ...source,
          // The hand-written page has 9 rows; the size floor is set for a real page of ~110.
          check: { ...source.check, min_bytes: 1000 },
          files: source.files.filter((f) => f.path === 'parliament-41.html'),
        },
      ],
    };
    const up = await startUpstream(manifest, temp());
    try {
      up.behave(up.pathOf('https://www.ola.org/en/members/parliament-41'), {
        kind: 'replace',
        body: readFileSync(FIXTURE),
        contentType: 'text/html; charset=UTF-8',
      });
      const cache = temp();
      const report = await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 2_000, retries: 0, backoffMs: 5 });
      expect(report.totals, JSON.stringify(report)).toMatchObject({ updated: 1 });
      const out = (await importOntarioMembers(join(cache, 'ontario-members'), ctxOf())) as ImportOutput;
      expect((out.records.politicians ?? []).length).toBe(9);
    } finally {
      await up.close();
    }
  });
});

describe.skipIf(!existsSync(REAL))('linking the real Hansard', () => {
  const hansard = (days: string[], people: Person[]) => {
    const dir = temp();
    mkdirSync(join(dir, 'html'));
    for (const d of days) copyFileSync(join(REAL, `${d}.html.gz`), join(dir, 'html', `${d}.html.gz`));
    const skips: Skip[] = [];
    const out = importOntarioHansard(dir, ctxOf(people, skips)) as ImportOutput;
    return { out, skips, speeches: (out.records.speeches ?? []) as Array<SourceInput<'speeches'>> };
  };

  test("against the hand-written roster: its members' speeches (presiding officers by the name in the label) link to them", async () => {
    const roster = (await importOntarioMembers(
      rosterFolder({ 'parliament-41.html': readFileSync(FIXTURE, 'utf8') }),
      ctxOf(),
    )) as ImportOutput;
    const { speeches } = hansard(['2016-03-02'], asPeople(roster.records.politicians as Politician[]));
    const keyOf = (label: string) => [...new Set(speeches.filter((s) => s.speaker_name_raw === label).map((s) => s.politician_key))];
    expect(keyOf('Ms. Lisa M. Thompson')).toEqual(['on-ola/member/lisa-thompson']);
    expect(keyOf('The Speaker (Hon. Dave Levac)')).toEqual(['on-ola/member/dave-levac']);
    expect(keyOf('Hon. Jeff Leal')).toEqual(['on-ola/member/jeff-leal']);
    // "Mrs." and "Mme" labels and "L’hon." of the same member.
    expect(keyOf('Mrs. Marie-France Lalonde')).toEqual(['on-ola/member/marie-france-lalonde']);
    expect(keyOf('Mme Marie-France Lalonde')).toEqual(['on-ola/member/marie-france-lalonde']);
    expect(keyOf('Mr. Victor Fedeli')).toEqual(['on-ola/member/victor-fedeli']);
    // Not on the hand-written page: unlinked, never someone else.
    expect(keyOf('Mr. Jagmeet Singh')).toEqual([null]);
  });

  test('against a stand-in for the whole roster, at least 95 % of member turns link', async () => {
    // The members who voted in recorded divisions of the corpus, as the division lists print them
    // ("Albanese, Laura": the roster's own form), once per person; plus the Speaker, who never votes.
    const names = new Map<string, string>();
    // The six sittings with the most names in division lists (grep -c voteText): nearly every member votes in one.
    for (const f of ['2017-05-30', '2015-12-01', '2017-05-09', '2016-04-14', '2017-03-23', '2016-06-02'].map((d) => `${d}.html.gz`)) {
      for (const m of gunzipSync(readFileSync(join(REAL, f)))
        .toString('utf8')
        .matchAll(/<li class="voteText">(?:<a [^>]*><\/a>)?([^<]+)<\/li>/g)) {
        const listed = m[1].trim();
        const split = splitListedName(listed);
        if (split) names.set(personName(`${split.first} ${split.last}`), listed);
      }
    }
    names.set('dave levac', 'Levac, Hon. Dave');
    const rows = [...names.values()]
      .map(
        (n, i) =>
          `<tr><td class="views-field"><a href="/en/members/all/m${i}" hreflang="en">${n}</a></td><td class="views-field views-field-name"></td></tr>`,
      )
      .join('\n');
    const page = `<h2>All members serving in the 41st Parliament: July 2, 2014 – May 8, 2018</h2><table><tbody>${rows}</tbody></table>`;
    const roster = (await importOntarioMembers(rosterFolder({ 'parliament-41.html': page }), ctxOf())) as ImportOutput;
    expect(names.size).toBeGreaterThan(100);
    const { out, skips } = hansard(
      ['2014-07-03', '2015-06-04', '2016-03-02', '2017-09-21', '2018-02-20'],
      asPeople(roster.records.politicians as Politician[]),
    );
    const linked = out.stats!.turns_linked;
    const unlinked = out.stats!.turns_unlinked;
    expect(linked / (linked + unlinked)).toBeGreaterThanOrEqual(0.95);
    // Every turn left unlinked is in the report with its reason.
    expect(skips.filter((s) => s.reason.startsWith('speaker unlinked')).length).toBe(unlinked);
  });
});
