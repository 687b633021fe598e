// `canpol import hoc-members`: the House of Commons members of one snapshot (federal-legislators.json,
// keyed by PersonId, + parliament-members.xml for official names and seat dates) → politicians,
// their Hill and constituency offices, and the federal parties they sit for. Ridings are numbered
// from the 2013 riding lists beside the members' folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { filePresent, importStats } from '../import-stats.js';
import { readSourceNotes } from '../source-notes.js';
import { joinXml } from './join-xml.js';
import { mapOffices } from './map-offices.js';
import { mapPolitician, politicianKey } from './map-politician.js';
import { federalPartyRecord } from '../people/federal-parties.js';
import { LEGISLATORS_FILE, readLegislators } from './read-legislators.js';
import { MEMBERS_XML_FILE, readMembersXml, type XmlMember } from './read-members-xml.js';
import { loadRidings, RIDING_SET } from './ridings.js';

export function importHocMembers(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats();
  const notes = readSourceNotes(from);

  const jsonPath = join(from, LEGISLATORS_FILE);
  const { legislators, problems } = filePresent(ctx, LEGISLATORS_FILE, jsonPath)
    ? readLegislators(readFileSync(jsonPath, 'utf8'))
    : { legislators: [], problems: [] };
  problems.forEach((s) => ctx.skip(s));
  add('members_read', legislators.length);

  let xmlMembers: XmlMember[] = [];
  const xmlPath = join(from, MEMBERS_XML_FILE);
  if (existsSync(xmlPath)) {
    const xml = readMembersXml(readFileSync(xmlPath, 'utf8'));
    xml.problems.forEach((s) => ctx.skip(s));
    xmlMembers = xml.members;
  } else ctx.log(`${MEMBERS_XML_FILE} not found: seat start dates come from the JSON fromDate`);
  add('xml_members_read', xmlMembers.length);
  const join_ = joinXml(legislators, xmlMembers);
  for (const m of join_.unmatched)
    ctx.skip({
      file: MEMBERS_XML_FILE,
      record: `MemberOfParliament #${m.position} ${m.firstName} ${m.lastName}`,
      reason: 'XML member matched no PersonId record',
      detail: m.riding,
    });
  for (const m of join_.mismatches) {
    add(`xml_json_differ:${m.field}`);
    ctx.log(`member ${m.id}: ${m.field} differs, JSON ${JSON.stringify(m.json)} / XML ${JSON.stringify(m.xml)}`);
  }

  const ridings = loadRidings(from);
  if (!ridings.files.length) ctx.log(`no riding list found beside ${from}: no member can be numbered`);
  stats.riding_numbers_known = ridings.size;

  const politicians: Array<SourceInput<'politicians'>> = [];
  const offices: Array<SourceInput<'offices'>> = [];
  const parties = new Map<string, SourceInput<'parties'>>();
  const ids = new Set<string>();
  const updatedOn = notes.fileDate(LEGISLATORS_FILE);
  for (const l of legislators) {
    const record = `member ${l.id} ${l.firstName} ${l.lastName}`;
    if (ids.has(l.id)) {
      ctx.skip({ file: LEGISLATORS_FILE, record, reason: 'second record for the same PersonId' });
      continue;
    }
    const riding = ridings.number(l.riding);
    if (riding.fed === null) {
      ctx.skip({
        file: LEGISLATORS_FILE,
        record,
        reason: `riding not numbered: ${riding.reason}`,
        detail: `${l.riding}${riding.detail ? ` (${riding.detail})` : ''}`,
      });
      continue;
    }
    const key = politicianKey(l.id);
    const mapped = mapOffices(l, key);
    const joined = join_.byId.get(l.id) ?? null;
    const { politician, problems: p } = mapPolitician({ legislator: l, joined, fed: riding.fed, offices: mapped, updatedOn });
    mapped.problems.forEach((s) => ctx.skip(s));
    p.forEach((s) => ctx.skip(s));
    if (!politician) continue;
    ids.add(l.id);
    politicians.push(politician);
    offices.push(...mapped.offices);
    const party = federalPartyRecord(l.party);
    parties.set(party.key, party);
    add(joined ? `terms_joined_by_${joined.method.replace(/[^a-z]+/g, '_')}` : 'terms_from_json_only');
    add('offices_duplicate_dropped', mapped.counts.duplicates);
    add('offices_sharing_a_phone_with_another', mapped.counts.sharedPhone);
    add('offices_without_city', mapped.counts.withoutCity);
    if (mapped.counts.otherKind) add('offices_of_unknown_type', mapped.counts.otherKind);
    if (!mapped.hill) add('members_without_hill_office');
  }
  add('offices_legislature', offices.filter((o) => o.kind === 'legislature').length);
  add('offices_constituency', offices.filter((o) => o.kind === 'constituency').length);
  ctx.log(`${politicians.length} politicians (${RIDING_SET}), ${offices.length} offices, ${parties.size} parties`);

  const repo = notes.repository ? `https://github.com/${notes.repository}` : undefined;
  return {
    records: { politicians, offices, parties: [...parties.values()] },
    sources: [
      {
        id: 'hoc-members-2023',
        version: notes.commit ?? updatedOn ?? 'unknown',
        ...(repo ? { url: repo } : {}),
        licence: 'Content from ourcommons.ca © House of Commons, reproduced with attribution for non-commercial use',
      },
    ],
    // Members are not a coverage status: this import only names where the roster comes from.
    coverage: [{ jurisdiction: 'federal', source_urls: { members: 'https://www.ourcommons.ca/members/en' } }],
    stats,
  };
}

export const hocMembersImporter: Importer = {
  kind: 'hoc-members',
  summary: 'House of Commons members (PersonId, offices, parties) from ourcommons.ca exports',
  datasetDir: 'hoc-members-2023',
  run: importHocMembers,
};
