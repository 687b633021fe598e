// `canpol import bc-members`: the BC Legislative Assembly's members per parliament (LIMS GraphQL
// `allMemberParliaments`, one answer per parliament, `bc-members/bc_members_<N>.json`) → BC
// politicians keyed by the LIMS member id, the id progress-of-bills names sponsors by: one person
// per member across parliaments, a term per parliament with its riding and party. Parliament dates
// come from the allSessions answer (`bc-members/bc_sessions.json`, else `bc-bills/`). Reads what the nightly fetches (source
// bc-lims-members); ../shared/datasets holds no roster, so a datasets-only import has none.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BC_TERMS, memberKey } from '../bc-lims/index.js';
import { importStats } from '../import-stats.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { readParliaments } from './parliaments.js';
import { namesOf, readRoster } from './roster.js';

const ROSTER = /^bc_members_(\d+)\.json$/;
// The members source keeps its own copy of the sessions answer; the bills source's serves as well.
const SESSIONS_FILES = ['bc-members/bc_sessions.json', 'bc-bills/bc_sessions.json'];
const at = (day: string) => `${day}T00:00:00Z`;

function readJson(path: string, file: string, ctx: ImportContext): unknown | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    ctx.skip({ file, record: 'whole file', reason: 'file is not valid JSON', detail: String(e).slice(0, 200) });
    return null;
  }
}

export function importBcMembers(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ roster_files: 0, members: 0, terms: 0, vacant_seats: 0 });
  const dir = join(from, 'bc-members');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => ROSTER.test(f))
        .sort((a, b) => Number(ROSTER.exec(a)![1]) - Number(ROSTER.exec(b)![1]))
    : [];
  if (!files.length) {
    ctx.log('no bc-members/bc_members_<N>.json here (the nightly fetches them from LIMS)');
    return { records: {}, sources: [], coverage: [], stats };
  }
  const SESSIONS = SESSIONS_FILES.find((f) => existsSync(join(from, f))) ?? SESSIONS_FILES[0];
  const sessionsJson = existsSync(join(from, SESSIONS)) ? readJson(join(from, SESSIONS), SESSIONS, ctx) : null;
  const parliaments = readParliaments(sessionsJson);
  const people = new Map<number, SourceInput<'politicians'>>();
  const read: number[] = [];

  for (const name of files) {
    const file = `bc-members/${name}`;
    const number = Number(ROSTER.exec(name)![1]);
    const parliament = parliaments.find((p) => p.number === number);
    if (!parliament) {
      ctx.skip({
        file,
        record: 'whole file',
        reason: 'roster of a parliament the sessions list does not date',
        detail: `parliament ${number} not in ${SESSIONS}`,
      });
      continue;
    }
    const path = join(from, file);
    const rows = readRoster(readJson(path, file, ctx));
    if (!rows) {
      ctx.skip({ file, record: 'whole file', reason: 'not an allMemberParliaments answer', detail: 'no data.allMemberParliaments.nodes' });
      continue;
    }
    // The day the answer was read: `active: false` with no resignation date means gone by then.
    const seen = (ctx.extractedAt ?? statSync(path).mtime.toISOString()).slice(0, 10);
    add('roster_files');
    read.push(number);
    for (const r of rows) {
      if ('problem' in r) {
        if (r.vacant) add('vacant_seats');
        ctx.skip({ file, record: r.record, reason: r.vacant ? 'vacant seat, not a member' : 'roster node unreadable', detail: r.problem });
        continue;
      }
      const inside = (d: string) => d > parliament.start && (!parliament.end || d <= parliament.end);
      // A by-election inside the parliament starts the seat; a resignation inside it ends it.
      const start = r.elections.filter(inside).at(-1) ?? parliament.start;
      let end = r.resignations.find((d) => d >= parliament.start && (!parliament.end || d <= parliament.end)) ?? parliament.end;
      if (!end && !r.active) {
        end = parliament.printedEnd && parliament.printedEnd < seen ? parliament.printedEnd : seen;
        add('left_without_a_date');
        ctx.skip({
          file,
          record: `member ${r.memberId}`,
          reason: 'left during the parliament, LIMS gives no date: term closed on the day the roster was read',
          detail: `${r.firstName} ${r.lastName}, ${r.riding ?? '?'}: ended ${end}`,
        });
      }
      const term = {
        start_at: at(start),
        end_at: end ? at(end) : null,
        elected_office: 'MLA',
        constituency_name: r.riding,
        party: r.party,
        parliament_number: number,
      };
      add('terms');
      const { name, other } = namesOf(r);
      const known = people.get(r.memberId);
      // A later parliament's roster gives the person's current name, riding and party.
      people.set(r.memberId, {
        key: memberKey(r.memberId),
        name,
        first_name: r.firstName.split(/\s+-\s+/).at(-1)!,
        last_name: r.lastName,
        other_names: [...new Set([...(known?.other_names ?? []), ...other, ...(known && known.name !== name ? [known.name] : [])])],
        party: r.party,
        elected_office: 'MLA',
        level: 'provincial',
        province_territory: 'BC',
        constituency_name: r.riding,
        is_active: false,
        terms: [...(known?.terms ?? []), term],
      });
    }
  }
  const politicians = [...people.values()];
  for (const p of politicians) p.is_active = p.terms.some((t) => !t.end_at);
  add('members', politicians.length);
  ctx.log(`${politicians.length} BC members from the rosters of parliament(s) ${read.join(', ')}`);
  return {
    records: { politicians },
    sources: [
      {
        id: 'bc-lims-members',
        version: `parliaments ${read.join(', ')}`,
        url: 'https://api.lims.leg.bc.ca/graphql',
        licence: BC_TERMS,
      },
    ],
    coverage: politicians.length
      ? [
          {
            jurisdiction: 'BC',
            politicians: 'live',
            source_urls: { members: 'https://api.lims.leg.bc.ca/graphql' },
            notes: `BC members: LIMS allMemberParliaments of parliament(s) ${read.join(', ')} (${politicians.length} people, keyed by LIMS member id); a term per parliament with the riding and the party LIMS holds for it (one per parliament, undated: a change of caucus shows for the whole parliament). Ridings are not joined to a map: the file holds no BC provincial boundary set. Terms of the BC data: unverified (no licence stated).`,
          },
        ]
      : [],
    stats,
  };
}

export const bcMembersImporter: Importer = {
  kind: 'bc-members',
  summary: 'BC LIMS members per parliament (GraphQL allMemberParliaments) → politicians',
  datasetDir: 'provincial-samples',
  terms: { commercial: 'unverified', summary: BC_TERMS },
  optional: 'the roster is not in ../shared/datasets: the nightly fetches it from LIMS (source bc-lims-members)',
  run: importBcMembers,
};
