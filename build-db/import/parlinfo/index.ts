// `canpol import parlinfo-parliamentarians`: the Library of Parliament's ParlInfo record of every MP
// and senator with a seat since 1993 (parlinfo-people-1993-2020.jsonl.gz, one person per line) →
// politicians with one term per seat, Parliament and party, and the parties they sat for.
//   - House seats: `Constituency` roles (riding, dates), cut per Parliament (people/seat-terms.ts) and
//     per party (`Party` roles "Membre du parti", else the caucus roles, else the candidacy's party).
//   - Senate seats: the `Chamber of Parliament (Fed)` role "Sénateur", with the senatorial division
//     of its `Senatorial Riding` role; one term per party, not per Parliament (a senator's seat does
//     not end with a Parliament).
//   - Keys: the House PersonId (`HOCPersonId`, 0 when unknown) → `ca-hoc/person/<id>`; ParlInfo's own
//     id `ca-parlinfo/person/<PersonId>` and the Senate's `ca-senate/person/<SenatePersonId>` as
//     other keys. People without a PersonId join a known politician by name and riding/dates
//     (people/claim.ts).
// Open roles are open "as of 2020" (SOURCE.md): they stay open in the Parliament then sitting and
// the build closes them when the bundle holds a later Parliament.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { caucusName, federalPartyRecord } from '../people/federal-parties.js';
import { loadFederalRidings, senateDivision } from '../people/federal-ridings.js';
import { claimPerson, type ClaimMethod } from '../people/claim.js';
import { parliamentSpans, splitByParliament, splitByParty, type PartyPeriod, type Span } from '../people/seat-terms.js';
import { ottawaDay } from '../../sources/merge-politicians.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { filePresent, importStats } from '../import-stats.js';

export const PEOPLE_FILE = 'parlinfo-people-1993-2020.jsonl.gz';
/** SOURCE.md: downloaded by the upstream repository in 2020 (its commit is of 2020-10-01). */
const DEFAULT_VINTAGE = '2020-10-01';

interface Role {
  OrganizationTypeEn: string;
  GroupingTitleEn: string | null;
  OrganizationLongEn: string | null;
  OrganizationProvinceEn: string | null;
  NameFr: string | null;
  StartDate: string | null;
  EndDate: string | null;
}
interface Election {
  ParliamentNumber: number;
  ElectionDate: string;
  IsGeneral: boolean;
  ConstituencyEn: string | null;
  PartyNameEn: string | null;
  ResultLongEn: string | null;
}
interface RawPerson {
  PersonId: number;
  HOCPersonId: number;
  SenatePersonId: number;
  UsedFirstName: string | null;
  FormalFirstName: string | null;
  MiddleName: string | null;
  LastName: string | null;
  DateOfDeath: string | null;
  IsCurrentlyMP: boolean;
  IsCurrentlySenator: boolean;
  Roles: Role[];
  Elections: Election[];
}

type Term = NonNullable<SourceInput<'politicians'>['terms']>[number];

const day = (ts: string | null | undefined) => (ts && /^\d{4}-\d{2}-\d{2}/.test(ts) ? ts.slice(0, 10) : null);
const tidy = (s: string | null | undefined) => s?.replace(/\s+/g, ' ').trim() || null;

function* people(gz: Buffer): Generator<{ line: number; person: RawPerson } | { line: number; problem: string }> {
  const lines = gunzipSync(gz).toString('utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    try {
      const p = JSON.parse(lines[i]) as RawPerson;
      if (!p || typeof p !== 'object' || !Array.isArray(p.Roles)) throw new Error('no Roles array');
      yield { line: i + 1, person: p };
    } catch (e) {
      yield { line: i + 1, problem: (e as Error).message };
    }
  }
}

/** General elections older than the table, from everyone's candidacies (the date most people share). */
function electionDates(all: RawPerson[]): Map<number, string> {
  const votes = new Map<number, Map<string, number>>();
  for (const p of all)
    for (const e of p.Elections ?? []) {
      const d = day(e.ElectionDate);
      if (!e.IsGeneral || !d) continue;
      const m = votes.get(e.ParliamentNumber) ?? new Map<string, number>();
      m.set(d, (m.get(d) ?? 0) + 1);
      votes.set(e.ParliamentNumber, m);
    }
  return new Map([...votes].map(([n, m]) => [n, [...m].sort((a, b) => b[1] - a[1])[0][0]]));
}

function partyPeriods(p: RawPerson): PartyPeriod[] {
  const of = (kind: string) =>
    p.Roles.filter((r) => r.OrganizationTypeEn === 'Party' && r.NameFr === kind && r.OrganizationLongEn && day(r.StartDate)).map((r) => ({
      start: day(r.StartDate)!,
      end: day(r.EndDate),
      party: caucusName(r.OrganizationLongEn!),
    }));
  const members = of('Membre du parti');
  return members.length ? members : of('Membre du caucus');
}

export function importParlinfo(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats();
  const path = join(from, PEOPLE_FILE);
  if (!filePresent(ctx, PEOPLE_FILE, path)) {
    return { records: {}, sources: [], coverage: [], stats };
  }
  const commit = existsSync(join(from, 'SOURCE.md'))
    ? (/commit `([0-9a-f]{7,40})`/.exec(readFileSync(join(from, 'SOURCE.md'), 'utf8'))?.[1] ?? 'unknown')
    : 'unknown';
  const vintage = DEFAULT_VINTAGE;
  const ridings = loadFederalRidings(dirname(from));
  if (!ridings.files.length) ctx.log('no OCD riding list beside the folder: ridings get name-based ids');

  const rows: Array<{ line: number; person: RawPerson }> = [];
  for (const r of people(readFileSync(path))) {
    if ('problem' in r) ctx.skip({ file: PEOPLE_FILE, record: `line ${r.line}`, reason: 'line is not a person record', detail: r.problem });
    else rows.push(r);
  }
  const spans = parliamentSpans(electionDates(rows.map((r) => r.person)));

  const politicians: Array<SourceInput<'politicians'>> = [];
  const parties = new Map<string, SourceInput<'parties'>>();
  for (const { line, person: p } of rows) {
    // "Nunzio (Nick)": the given name, and the name used, kept as another spelling.
    const used = tidy(p.UsedFirstName) ?? tidy(p.FormalFirstName);
    const given = used?.replace(/\s*\([^()]*\)\s*/g, ' ').trim() || null;
    const nick = used ? (/\(([^()]+)\)/.exec(used)?.[1]?.trim() ?? null) : null;
    const name = [given, tidy(p.LastName)].filter(Boolean).join(' ');
    const record = `line ${line} (PersonId ${p.PersonId} ${name})`;
    if (!name || !p.LastName) {
      ctx.skip({ file: PEOPLE_FILE, record, reason: 'person without a name' });
      continue;
    }
    const periods = partyPeriods(p);
    const lastParty = periods.at(-1)?.party ?? null;
    const terms: Term[] = [];
    const push = (span: Span, base: Omit<Term, 'start_at' | 'end_at' | 'party'>, fallbackParty: string | null) => {
      for (const part of splitByParty(span, periods, fallbackParty)) {
        terms.push({
          ...base,
          start_at: ottawaDay(part.start),
          end_at: part.end ? ottawaDay(part.end) : null,
          ...(part.party ? { party: part.party } : {}),
        });
      }
    };
    for (const role of p.Roles.filter((r) => r.OrganizationTypeEn === 'Constituency' && day(r.StartDate) && r.OrganizationLongEn)) {
      for (const piece of splitByParliament({ start: day(role.StartDate)!, end: day(role.EndDate) }, spans, vintage)) {
        const riding = ridings.riding(role.OrganizationLongEn!, piece.parliament);
        const ran = p.Elections?.find((e) => e.ParliamentNumber === piece.parliament && e.PartyNameEn);
        push(
          piece,
          { elected_office: 'MP', constituency_id: riding.id, constituency_name: riding.name, parliament_number: piece.parliament },
          ran?.PartyNameEn ? caucusName(ran.PartyNameEn) : lastParty,
        );
        add('house_terms_before_party_split');
      }
    }
    const divisions = p.Roles.filter((r) => r.OrganizationTypeEn === 'Senatorial Riding' && r.OrganizationLongEn);
    for (const role of p.Roles.filter(
      (r) => r.OrganizationTypeEn === 'Chamber of Parliament (Fed)' && r.NameFr === 'Sénateur' && day(r.StartDate),
    )) {
      const seat = { start: day(role.StartDate)!, end: day(role.EndDate) };
      const division = divisions.find((d) => day(d.StartDate) === seat.start) ?? divisions[0];
      const where = senateDivision(tidy(division?.OrganizationProvinceEn), tidy(division?.OrganizationLongEn));
      push(
        seat,
        { elected_office: 'Senator', parliament_number: null, constituency_name: where?.name ?? null, constituency_id: where?.id ?? null },
        lastParty,
      );
      add('senate_seats');
    }
    if (!terms.length) {
      ctx.skip({ file: PEOPLE_FILE, record, reason: 'no House or Senate seat in the record (a Prime Minister or officer only)' });
      continue;
    }
    terms.sort((a, b) => a.start_at.localeCompare(b.start_at));
    for (const t of terms)
      if (t.party) {
        const rec = federalPartyRecord(t.party);
        parties.set(rec.key, rec);
      }
    const latest = terms.at(-1)!;
    const keys = [
      ...(p.HOCPersonId > 0 ? [`ca-hoc/person/${p.HOCPersonId}`] : []),
      `ca-parlinfo/person/${p.PersonId}`,
      ...(p.SenatePersonId > 0 ? [`ca-senate/person/${p.SenatePersonId}`] : []),
    ];
    const other_names = [
      nick && `${nick} ${tidy(p.LastName)}`,
      p.FormalFirstName && `${tidy(p.FormalFirstName)} ${tidy(p.LastName)}`,
      p.MiddleName && `${given} ${tidy(p.MiddleName)} ${tidy(p.LastName)}`,
    ].filter((n): n is string => !!n && n !== name);
    const claimed = claimPerson(
      ctx.identity,
      {
        name,
        other_names,
        first_name: given,
        last_name: tidy(p.LastName),
        party: latest.party ?? null,
        elected_office: latest.elected_office ?? 'MP',
        level: 'federal',
        constituency_id: latest.constituency_id ?? null,
        constituency_name: latest.constituency_name ?? null,
        is_active: p.IsCurrentlyMP || p.IsCurrentlySenator,
        deceased: !!p.DateOfDeath,
        updated_at: `${vintage}T00:00:00Z`,
        terms,
      },
      keys,
      ctx,
      { file: PEOPLE_FILE, record },
    );
    add(`people_joined_by_${claimed.method}` as `people_joined_by_${ClaimMethod}`);
    if (p.HOCPersonId <= 0) add('people_without_house_personid');
    add('terms', terms.length);
    politicians.push(claimed.politician);
  }
  stats.politicians = politicians.length;
  ctx.log(`${politicians.length} parliamentarians, ${stats.terms ?? 0} terms`);
  return {
    records: { politicians, parties: [...parties.values()] },
    sources: [
      {
        id: 'parlinfo-parliamentarians',
        version: `lchski/lop-parliamentarians-data@${commit.slice(0, 12)} (${vintage})`,
        url: 'https://lop.parl.ca/sites/ParlInfo/default/en_CA/People/parliamentarians',
        licence: 'ParlInfo content © Library of Parliament (Source: Library of Parliament, ParlInfo)',
      },
    ],
    coverage: [
      {
        jurisdiction: 'federal',
        source_urls: { parliamentarians: 'https://lop.parl.ca/sites/ParlInfo/default/en_CA/People/parliamentarians' },
      },
    ],
    stats,
  };
}

export const parlinfoImporter: Importer = {
  kind: 'parlinfo-parliamentarians',
  summary: 'ParlInfo MPs and senators since 1993 → politicians with one term per seat, Parliament and party',
  datasetDir: 'parlinfo-parliamentarians',
  optional:
    'the ParlInfo pack is made by hand from the per-person JSONP files (config/sources.manifest.json, parlinfo-parliamentarians); without it, members of past Parliaments come only from the other people sources',
  run: importParlinfo,
};
