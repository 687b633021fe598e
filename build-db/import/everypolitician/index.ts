// `canpol import everypolitician-canada`: EveryPolitician's member lists of the 41st and 42nd
// Parliaments and the Senate (one CSV row per person and term) → politicians, for the House PersonIds
// of the 42nd Parliament (commons-represent-42-idmap.csv) and for cross-checking names, ridings and
// parties against the other people sources.
//   - One person per EveryPolitician id across the files (the id is stable across terms); keys:
//     `ca-hoc/person/<PersonId>` when the id map gives one, and `everypolitician/person/<uuid>`.
//   - A Commons row is a seat in its Parliament: from `start_date` (else the general election) to
//     `end_date` (else the dissolution; the 42nd was sitting when the list was made, so its rows stay
//     open and the build closes them). The row has one group (the last known), so a member who
//     crossed the floor has one term here; ParlInfo's dated memberships win over it on merge.
//   - A Senate row has no dates at all: it is kept as an observed term on the snapshot's date.
// The snapshot is dated by its latest date (SOURCE.md: about August 2017).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { federalParliament } from '../../../src/core/domain/federal-parliaments.js';
import { ottawaDay } from '../../sources/merge-politicians.js';
import { csvRecords } from '../csv.js';
import { claimPerson, type ClaimMethod } from '../people/claim.js';
import { caucusName, federalPartyRecord } from '../people/federal-parties.js';
import { loadFederalRidings, senateDivision } from '../people/federal-ridings.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { filePresent, importStats } from '../import-stats.js';

export const FILES = { 41: 'commons-term-41.csv', 42: 'commons-term-42.csv' } as const;
export const SENATE_FILE = 'senate-term-42.csv';
export const ID_MAP_FILE = 'commons-represent-42-idmap.csv';

type Term = NonNullable<SourceInput<'politicians'>['terms']>[number];
interface Row {
  file: string;
  line: number;
  values: Record<string, string>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dated = (s: string | undefined) => (s && DATE.test(s.trim()) ? s.trim() : null);

/** "Saskatchewan (Regina—Qu'Appelle)" → the riding; "The North (Yukon)" → Yukon. */
export function ridingOf(area: string): string | null {
  const open = area.indexOf('(');
  if (open < 0 || !area.trim().endsWith(')')) return null;
  // "Northwest Territories (Western Arctic until 2014)": the riding's later name, its note dropped.
  return (
    area
      .trim()
      .slice(open + 1, -1)
      .replace(/\s*\([^()]*\)\s*$/, '')
      .trim() || null
  );
}

export function importEverypolitician(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats();
  const read = (file: string): Row[] => {
    const path = join(from, file);
    if (!filePresent(ctx, file, path)) return [];
    return csvRecords(readFileSync(path, 'utf8')).map((r) => ({ file, ...r }));
  };
  const idOf = new Map(
    read(ID_MAP_FILE)
      .map((r) => [r.values.uuid?.trim(), r.values.id?.trim()])
      .filter(([u, i]) => u && /^\d+$/.test(i ?? '')) as Array<[string, string]>,
  );
  const commons = ([41, 42] as const).flatMap((n) => read(FILES[n]).map((row) => ({ row, parliament: n as number })));
  const senate = read(SENATE_FILE);
  const all = [...commons.map((c) => c.row), ...senate];
  const vintage =
    all
      .flatMap((r) => [dated(r.values.start_date), dated(r.values.end_date)])
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? '2017-08-09';
  const ridings = loadFederalRidings(dirname(from));

  // Rows by EveryPolitician id, so a member of both Parliaments is one person with two terms.
  const byId = new Map<string, Array<{ row: Row; parliament: number | null }>>();
  for (const c of [...commons, ...senate.map((row) => ({ row, parliament: null }))]) {
    const id = c.row.values.id?.trim();
    if (!id || !c.row.values.name?.trim()) {
      ctx.skip({ file: c.row.file, record: `line ${c.row.line}`, reason: 'row without an id or a name' });
      continue;
    }
    byId.set(id, [...(byId.get(id) ?? []), c]);
  }

  const politicians: Array<SourceInput<'politicians'>> = [];
  const parties = new Map<string, SourceInput<'parties'>>();
  for (const [uuid, rows] of byId) {
    const first = rows[0].row;
    const name = first.values.name.replace(/,\s*P\.C\.$/, '').trim();
    const terms: Term[] = [];
    for (const { row, parliament } of rows) {
      const party = row.values.group?.trim() ? caucusName(row.values.group) : null;
      if (party) {
        const rec = federalPartyRecord(party);
        parties.set(rec.key, rec);
      }
      if (parliament === null) {
        const area = row.values.area ?? '';
        const where = senateDivision(area.split('(')[0].trim() || null, ridingOf(area));
        terms.push({
          start_at: ottawaDay(vintage),
          end_at: ottawaDay(vintage),
          elected_office: 'Senator',
          observed: true,
          party,
          constituency_name: where?.name ?? null,
          constituency_id: where?.id ?? null,
        });
        continue;
      }
      const p = federalParliament(parliament)!;
      const riding = ridings.riding(ridingOf(row.values.area ?? '') ?? '', parliament);
      const start = dated(row.values.start_date) ?? p.elected;
      const end = dated(row.values.end_date) ?? (p.dissolved && p.dissolved < vintage ? p.dissolved : null);
      if (!ridingOf(row.values.area ?? '')) {
        ctx.skip({ file: row.file, record: `line ${row.line} ${name}`, reason: 'row without a riding', detail: row.values.area });
        continue;
      }
      terms.push({
        start_at: ottawaDay(start),
        end_at: end ? ottawaDay(end) : null,
        elected_office: 'MP',
        party,
        parliament_number: parliament,
        constituency_id: riding.id,
        constituency_name: riding.name,
      });
    }
    if (!terms.length) continue;
    terms.sort((a, b) => a.start_at.localeCompare(b.start_at));
    const latest = terms.at(-1)!;
    const personId = idOf.get(uuid);
    const email = rows.map((r) => r.row.values.email?.trim()).find((e) => e && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) ?? null;
    const where = { file: first.file, record: `line ${first.line} ${name}` };
    // The Wikidata Q id is the identifier the wikidata-socials importer joins on.
    const qid = rows.map((r) => r.row.values.wikidata?.trim()).find((q) => q && /^Q[1-9]\d*$/.test(q));
    const claimed = claimPerson(
      ctx.identity,
      {
        name,
        party: latest.party ?? null,
        elected_office: latest.elected_office ?? 'MP',
        level: 'federal',
        constituency_id: latest.constituency_id ?? null,
        constituency_name: latest.constituency_name ?? null,
        email,
        is_active: terms.some((t) => t.end_at === null),
        updated_at: `${vintage}T00:00:00Z`,
        terms,
      },
      [...(personId ? [`ca-hoc/person/${personId}`] : []), `everypolitician/person/${uuid}`, ...(qid ? [`wikidata/${qid}`] : [])],
      ctx,
      where,
    );
    add(`people_joined_by_${claimed.method}` as `people_joined_by_${ClaimMethod}`);
    if (personId) add('people_with_house_personid');
    politicians.push(claimed.politician);
  }
  stats.politicians = politicians.length;
  ctx.log(`${politicians.length} people from ${all.length} rows (snapshot of ${vintage})`);
  return {
    records: { politicians, parties: [...parties.values()] },
    sources: [
      {
        id: 'everypolitician-canada',
        version: `everypolitician-data, terms 41-42 and Senate (${vintage})`,
        url: 'https://github.com/everypolitician/everypolitician-data',
        licence: 'unverified (EveryPolitician/mySociety; see SOURCE.md)',
      },
    ],
    coverage: [],
    stats,
  };
}

export const everypoliticianImporter: Importer = {
  kind: 'everypolitician-canada',
  summary: 'EveryPolitician 41st/42nd Parliament and Senate lists → politicians (PersonIds of the 42nd)',
  datasetDir: 'everypolitician-canada',
  run: importEverypolitician,
};
