// `canpol import qc-members`: the Assemblée nationale's roster of sitting members and members' pages
// → politicians. A member page gives the numeric id (the person's key) and a term per election won;
// a roster row without its page gets a term from the day the roster was seen (the page dates nothing).
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { personName } from '../identity.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { importStats } from '../import-stats.js';
import { QC_REUSE, QC_TERMS, readPages } from './files.js';
import { isMemberPage, isRosterPage, readMemberPage, readRoster, type MemberPage, type RosterRow } from './roster.js';

export const QC_MEMBERS_SOURCE = 'qc-assnat';
const at = (date: string) => wallClockTimestamp(date, 0, 'QC');
const OFFICE = 'MNA';

function fromPage(m: MemberPage, row: RosterRow | undefined, url: string): SourceInput<'politicians'> {
  const elections = [...m.elections].sort((a, b) => a.date.localeCompare(b.date));
  const sitting = !!(m.riding || row);
  const party = row?.party ?? m.party ?? null;
  const terms = elections.map((e, i) => ({
    start_at: at(e.date),
    // A term ends at the next election; the last is open while the member sits (and unknown after).
    end_at: elections[i + 1] ? at(elections[i + 1].date) : null,
    elected_office: OFFICE,
    constituency_name: e.riding,
    party: i === elections.length - 1 ? party : null,
  }));
  return {
    key: `qc-assnat/person/${m.id}`,
    name: `${m.first_name} ${m.last_name}`,
    first_name: m.first_name,
    last_name: m.last_name,
    party,
    elected_office: OFFICE,
    level: 'provincial',
    province_territory: 'QC',
    constituency_name: row?.riding ?? m.riding ?? elections.at(-1)?.riding ?? null,
    official_url: url,
    is_active: sitting,
    terms,
  };
}

export function importQcMembers(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ roster_rows: 0, member_pages: 0, members: 0, roster_rows_without_page: 0 });
  const pages = readPages(from);
  const roster: Array<RosterRow & { file: string; seen: Date }> = [];
  const members: Array<{ page: MemberPage; file: string }> = [];
  for (const p of pages) {
    if (isRosterPage(p.html)) {
      for (const r of readRoster(p.html)) {
        if ('problem' in r) {
          ctx.skip({ file: p.file, record: `row ${r.row}`, reason: 'roster row not read', detail: r.problem });
          continue;
        }
        roster.push({ ...r, file: p.file, seen: p.mtime });
        add('roster_rows');
      }
    } else if (isMemberPage(p.html)) {
      const page = readMemberPage(p.html);
      if (!page) {
        ctx.skip({ file: p.file, record: 'whole file', reason: 'member page without a name header' });
        continue;
      }
      if (!page.elections.length) {
        ctx.skip({ file: p.file, record: `member ${page.id}`, reason: 'member page with no election won' });
        continue;
      }
      members.push({ page, file: p.file });
      add('member_pages');
    }
  }
  const nameOf = (first: string, last: string) => personName(`${first} ${last}`);
  const rowFor = new Map(roster.map((r) => [r.id ?? nameOf(r.first_name, r.last_name), r]));
  const politicians: Array<SourceInput<'politicians'>> = [];
  const paged = new Set<RosterRow>();
  for (const { page } of members) {
    const row = rowFor.get(page.id) ?? rowFor.get(nameOf(page.first_name, page.last_name));
    if (row) paged.add(row);
    politicians.push(fromPage(page, row, `https://www.assnat.qc.ca/fr/deputes/${page.slug}-${page.id}/index.html`));
  }
  const seenOn = (r: { seen: Date }) => (ctx.extractedAt ?? r.seen.toISOString()).slice(0, 10);
  for (const r of roster.filter((x) => !paged.has(x))) {
    add('roster_rows_without_page');
    const name = `${r.first_name} ${r.last_name}`;
    politicians.push({
      key: r.id ? `qc-assnat/person/${r.id}` : `qc-assnat/roster/${personName(name).replace(/\s+/g, '-')}`,
      name,
      first_name: r.first_name,
      last_name: r.last_name,
      party: r.party,
      elected_office: OFFICE,
      level: 'provincial',
      province_territory: 'QC',
      constituency_name: r.riding,
      is_active: true,
      terms: [
        { start_at: at(seenOn(r)), end_at: null, elected_office: OFFICE, constituency_name: r.riding, party: r.party, observed: true },
      ],
    });
  }
  add('members', politicians.length);
  ctx.log(
    `${politicians.length} Québec members (${stats.member_pages} with their page, ${stats.roster_rows_without_page} from the roster alone)`,
  );
  return {
    records: { politicians },
    sources: [
      {
        id: 'qc-assnat-members',
        version: pages.map((p) => p.file).join(' '),
        url: 'https://www.assnat.qc.ca/fr/deputes/index.html',
        licence: QC_TERMS,
      },
    ],
    coverage: [
      {
        jurisdiction: 'QC',
        politicians: 'live',
        source_urls: { members: 'https://www.assnat.qc.ca/fr/deputes/index.html' },
        notes: `Québec members: ${politicians.length} from the Assemblée nationale's roster and member pages. Terms: ${QC_TERMS}.`,
      },
    ],
    stats,
  };
}

export const qcMembersImporter: Importer = {
  terms: QC_REUSE,
  kind: 'qc-members',
  summary: 'Assemblée nationale du Québec roster and member pages (numeric ids) → politicians',
  datasetDir: 'provincial-samples/qc-members',
  run: importQcMembers,
};
