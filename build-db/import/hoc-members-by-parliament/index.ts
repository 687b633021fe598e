// `canpol import hoc-members-by-parliament`: the House's member search export of each Parliament, as
// the nightly stores it (`members-<p>.xml`, fetched from
// https://www.ourcommons.ca/Members/en/search/xml?parliament=<p>) → politicians, one term per row
// (a row is one seat: a riding, a caucus, from/to), through the identity rules like every people source:
//   - keyed `ca-hoc/person/<PersonId>` when the row carries one (rows of one PersonId across files are
//     one person);
//   - otherwise matched to a known person (ParlInfo's, the roster's) by name + riding + dates, else a
//     new person under this source's own key (`ca-hoc-member-search/<name>/<riding>`), its other keys in
//     `same_as`.
// A row's riding is named in its Parliament's Representation Order (the 45th: 2023, 343 ridings) and
// numbered from the OCD list beside the folder, as the other people importers do. A row without
// `ToDateTime` is open: it stays open (the member is `sitting`) only in a Parliament still sitting;
// in a dissolved one it ends at the dissolution.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { federalParliament } from '../../../src/core/domain/federal-parliaments.js';
import { slugify } from '../../../src/core/domain/text.js';
import { ottawaDay } from '../../sources/merge-politicians.js';
import { honorific } from '../hoc-members/map-politician.js';
import { legislatureTimestamp } from '../hoc-members/local-time.js';
import { MEMBERS_XML_ROOT, readMembersXml, type XmlMember } from '../hoc-members/read-members-xml.js';
import { filePresent, importStats } from '../import-stats.js';
import { claimPerson, type ClaimMethod } from '../people/claim.js';
import { caucusName, federalPartyRecord } from '../people/federal-parties.js';
import { loadFederalRidings } from '../people/federal-ridings.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';

export const FILE_PATTERN = /^members-(\d{1,3})\.xml$/;
export const membersFile = (parliament: number) => `members-${parliament}.xml`;
export const exportUrl = (parliament: number) => `https://www.ourcommons.ca/Members/en/search/xml?parliament=${parliament}`;
export const SOURCE_KEY_PREFIX = 'ca-hoc-member-search';

type Term = NonNullable<SourceInput<'politicians'>['terms']>[number];
interface Row {
  file: string;
  parliament: number;
  member: XmlMember;
}

/** One person's rows: by PersonId when the export gives it, else by name and riding. */
function personKey(r: Row): string {
  return r.member.personId
    ? `ca-hoc/person/${r.member.personId}`
    : `${SOURCE_KEY_PREFIX}/${slugify(`${r.member.firstName} ${r.member.lastName}`)}/${slugify(r.member.riding)}`;
}

export function importHocMembersByParliament(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ rows_read: 0, politicians: 0, terms: 0, terms_open: 0 });
  const files = existsSync(from) ? readdirSync(from).filter((f) => FILE_PATTERN.test(f)) : [];
  const parliaments = files.map((f) => Number(FILE_PATTERN.exec(f)![1])).sort((a, b) => a - b);
  if (!files.length) filePresent(ctx, 'members-<parliament>.xml', join(from, 'members-<parliament>.xml'));
  const ridings = loadFederalRidings(dirname(from));

  const rows: Row[] = [];
  for (const parliament of parliaments) {
    const file = membersFile(parliament);
    if (!federalParliament(parliament)) {
      ctx.skip({ file, record: 'whole file', reason: 'Parliament not in the table of federal Parliaments', detail: String(parliament) });
      continue;
    }
    const read = readMembersXml(readFileSync(join(from, file), 'utf8'), { file, strictDates: true });
    if (!read.hasRoot) {
      ctx.skip({ file, record: 'whole file', reason: `not a member search export (no ${MEMBERS_XML_ROOT} root)` });
      continue;
    }
    read.problems.forEach((s) => ctx.skip(s));
    add('rows_read', read.members.length);
    for (const member of read.members) rows.push({ file, parliament, member });
  }

  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(personKey(r), [...(groups.get(personKey(r)) ?? []), r]);

  const politicians: Array<SourceInput<'politicians'>> = [];
  const parties = new Map<string, SourceInput<'parties'>>();
  // The export's vintage: its latest date (a fetch time, when the nightly gives one, wins).
  const newest =
    rows
      .flatMap((r) => [r.member.from, r.member.to])
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? null;
  const updatedAt = ctx.extractedAt ?? (newest ? legislatureTimestamp(newest, 'federal') : null);
  for (const [key, group] of groups) {
    const terms: Term[] = [];
    for (const { file, parliament, member: m } of group) {
      const record = `MemberOfParliament #${m.position} ${m.firstName} ${m.lastName}`;
      const p = federalParliament(parliament)!;
      const start = m.from ? legislatureTimestamp(m.from, 'federal') : null;
      if (!start) {
        ctx.skip({ file, record, reason: 'XML member without a start date', detail: `FromDateTime ${JSON.stringify(m.from)}` });
        continue;
      }
      // No ToDateTime: the seat is open while its Parliament sits, and ends with its dissolution.
      const end = m.to ? legislatureTimestamp(m.to, 'federal') : p.dissolved ? ottawaDay(p.dissolved) : null;
      if (end && Date.parse(end) < Date.parse(start)) {
        ctx.skip({ file, record, reason: 'XML member ends before it starts', detail: `FromDateTime ${m.from}, ToDateTime ${m.to}` });
        continue;
      }
      const party = m.caucus ? caucusName(m.caucus) : null;
      if (m.caucus) {
        const rec = federalPartyRecord(m.caucus);
        parties.set(rec.key, rec);
      }
      const riding = ridings.riding(m.riding, parliament);
      // A riding of a numbered order (2003, 2013, 2023) the OCD list does not name keeps a slug id.
      if (!/\/\d{5}$/.test(riding.id)) add(`ridings_not_numbered_${p.ridings}`);
      terms.push({
        start_at: start,
        end_at: end,
        elected_office: 'MP',
        party,
        parliament_number: parliament,
        constituency_id: riding.id,
        constituency_name: riding.name,
      });
      if (!end) add('terms_open');
    }
    if (!terms.length) continue;
    terms.sort((a, b) => a.start_at.localeCompare(b.start_at));
    const latest = terms.at(-1)!;
    const last = group.at(-1)!;
    const m = last.member;
    const claimed = claimPerson(
      ctx.identity,
      {
        name: `${m.firstName} ${m.lastName}`,
        first_name: m.firstName,
        last_name: m.lastName,
        honorific: honorific(m.honorific),
        party: latest.party ?? null,
        elected_office: 'MP',
        level: 'federal',
        constituency_id: latest.constituency_id ?? null,
        constituency_name: latest.constituency_name ?? null,
        is_active: terms.some((t) => t.end_at === null),
        updated_at: updatedAt,
        terms,
      },
      [key],
      ctx,
      { file: last.file, record: `MemberOfParliament #${m.position} ${m.firstName} ${m.lastName}` },
    );
    add(`people_joined_by_${claimed.method}` as `people_joined_by_${ClaimMethod}`);
    if (key.startsWith('ca-hoc/person/')) add('people_with_house_personid');
    add('terms', terms.length);
    politicians.push(claimed.politician);
  }
  stats.politicians = politicians.length;
  ctx.log(
    `${politicians.length} people, ${stats.terms} seats from ${files.length} member export(s) (Parliaments ${parliaments.join(', ') || 'none'})`,
  );
  return {
    records: { politicians, parties: [...parties.values()] },
    sources: parliaments.length
      ? [
          {
            id: 'hoc-members-by-parliament',
            version: `member search export, Parliaments ${parliaments.join(', ')}`,
            url: exportUrl(parliaments.at(-1)!),
            ...(ctx.extractedAt ? { retrieved_at: ctx.extractedAt } : {}),
            licence: 'Content from ourcommons.ca © House of Commons, reproduced with attribution for non-commercial use',
          },
        ]
      : [],
    // Members are not a coverage status: this import only names where the roster comes from.
    coverage: parliaments.length
      ? [{ jurisdiction: 'federal', source_urls: { members: 'https://www.ourcommons.ca/Members/en/search' } }]
      : [],
    stats,
  };
}

export const hocMembersByParliamentImporter: Importer = {
  kind: 'hoc-members-by-parliament',
  summary: 'House of Commons member search export per Parliament → politicians with one term per seat',
  datasetDir: 'hoc-members-by-parliament',
  optional:
    "fetched by the nightly (source hoc-members-by-parliament): every Parliament's export; the shared datasets hold the 45th's sitting members",
  run: importHocMembersByParliament,
};
