// `canpol import ns-members`: Nova Scotia's member list of each General Assembly
// (`members-assembly-<N>.html`) → politicians keyed by the profile slug, one term per Assembly over
// the Assembly's dates as the page prints them (a member elected at a by-election is credited from
// the Assembly's start: the list does not say when each member came in).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { readNsRoster } from './roster.js';

const ROSTER_FILE = /^members-assembly-(\d+)\.html?$/;
const listUrl = (n: number) => `https://nslegislature.ca/members/profiles-table/${n}`;

export function importNsMembers(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ roster_files: 0, members: 0, terms: 0 });
  const people = new Map<string, SourceInput<'politicians'>>();
  const assemblies: number[] = [];
  let latest = 0;
  const files = readdirSync(from)
    .filter((f) => ROSTER_FILE.test(f))
    .sort((a, b) => Number(ROSTER_FILE.exec(a)![1]) - Number(ROSTER_FILE.exec(b)![1]));
  for (const file of files) {
    const roster = readNsRoster(readFileSync(join(from, file), 'utf8'));
    if (!roster) {
      ctx.skip({ file, record: 'whole file', reason: 'member list without "Assembly N" and its dates' });
      continue;
    }
    add('roster_files');
    assemblies.push(roster.assembly);
    latest = Math.max(latest, roster.assembly);
    for (const r of roster.rows) {
      if ('problem' in r) {
        ctx.skip({ file, record: `row ${r.row}`, reason: 'member row not read', detail: r.problem });
        continue;
      }
      const term = {
        start_at: wallClockTimestamp(roster.start, 0, 'NS'),
        end_at: roster.end ? wallClockTimestamp(roster.end, 0, 'NS') : null,
        elected_office: 'MLA',
        constituency_name: r.riding,
        party: r.party,
        parliament_number: roster.assembly,
      };
      const known = people.get(r.slug);
      add('terms');
      people.set(r.slug, {
        key: `ns-leg/member/${r.slug}`,
        name: `${r.first_name} ${r.last_name}`,
        first_name: r.first_name,
        last_name: r.last_name,
        honorific: r.honourable ? 'Hon.' : null,
        party: r.party,
        elected_office: 'MLA',
        level: 'provincial',
        province_territory: 'NS',
        constituency_name: r.riding,
        official_url: `https://nslegislature.ca/members/profiles/${r.slug}`,
        is_active: roster.assembly === latest && !roster.end,
        terms: [...(known?.terms ?? []), term],
      });
    }
  }
  const politicians = [...people.values()];
  add('members', politicians.length);
  return {
    records: { politicians },
    sources: [
      {
        id: 'ns-members',
        version: files.join(' '),
        url: listUrl(latest || 65),
        licence: 'Nova Scotia House of Assembly (terms of reuse not verified)',
      },
    ],
    coverage: politicians.length
      ? [
          {
            jurisdiction: 'NS',
            politicians: 'live',
            source_urls: { members: listUrl(latest) },
            notes: `Nova Scotia members: the House's list of General Assembly ${assemblies.join(', ')}, each term over the Assembly's printed dates.`,
          },
        ]
      : [],
    stats,
  };
}

export const nsMembersImporter: Importer = {
  kind: 'ns-members',
  summary: 'Nova Scotia House of Assembly member list per General Assembly → politicians',
  datasetDir: 'ns-members',
  optional: 'not in the shared datasets: fetched by the nightly (source ns-members)',
  run: importNsMembers,
};
