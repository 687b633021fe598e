// `canpol import ab-members`: the Legislative Assembly of Alberta's roster pages, one per legislature
// → politicians keyed by the Assembly's `mid` (the spec's `ab_assembly_mid`). The roster dates
// nothing, so a sitting member's term is `observed` from the day the page was seen; a former
// member (no riding, no date on the page) is reported, not given a term it does not print.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { AB_REUSE, AB_TERMS } from './terms.js';
import { readAbRoster } from './roster.js';

const ROSTER_FILE = /^members-legl-(\d+)\.html?$/;
const rosterUrl = (legl: number) => `https://www.assembly.ab.ca/members/members-of-the-legislative-assembly?legl=${legl}`;

export function importAbMembers(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ roster_files: 0, members: 0, former_members_not_dated: 0, members_elect: 0 });
  const people = new Map<string, SourceInput<'politicians'>>();
  const files = readdirSync(from)
    .filter((f) => ROSTER_FILE.test(f))
    .sort((a, b) => Number(ROSTER_FILE.exec(a)![1]) - Number(ROSTER_FILE.exec(b)![1]));
  for (const file of files) {
    const path = join(from, file);
    const seen = (ctx.extractedAt ?? statSync(path).mtime.toISOString()).slice(0, 10);
    add('roster_files');
    for (const r of readAbRoster(readFileSync(path, 'utf8'))) {
      if ('problem' in r) {
        ctx.skip({ file, record: `row ${r.row}`, reason: 'roster row not read', detail: r.problem });
        continue;
      }
      if (r.former) {
        add('former_members_not_dated');
        ctx.skip({
          file,
          record: `mid ${r.mid}`,
          reason: 'former member: the roster dates nothing',
          detail: `${r.first_name} ${r.last_name}`,
        });
        continue;
      }
      if (r.memberElect) add('members_elect');
      const name = `${r.first_name} ${r.last_name}`;
      const term = {
        start_at: wallClockTimestamp(seen, 0, 'AB'),
        end_at: null,
        elected_office: 'MLA',
        constituency_name: r.riding,
        party: r.caucus,
        parliament_number: r.legislature,
        observed: true,
      };
      const known = people.get(r.mid);
      // A later legislature's roster wins the person's current riding and caucus.
      people.set(r.mid, {
        key: `ab-assembly/member/${r.mid}`,
        name,
        first_name: r.first_name,
        last_name: r.last_name,
        honorific: r.title === 'Honourable' ? 'Hon.' : null,
        party: r.caucus,
        elected_office: 'MLA',
        level: 'provincial',
        province_territory: 'AB',
        constituency_name: r.riding,
        official_url: `https://www.assembly.ab.ca/members/members-of-the-legislative-assembly/member-information?mid=${r.mid}&legl=${r.legislature}`,
        ab_assembly_mid: r.mid,
        is_active: true,
        terms: [...(known?.terms ?? []), term],
      });
    }
  }
  const politicians = [...people.values()];
  add('members', politicians.length);
  const legls = files.map((f) => Number(ROSTER_FILE.exec(f)![1]));
  ctx.log(`${politicians.length} Alberta members from ${files.length} roster page(s)`);
  return {
    records: { politicians },
    sources: [
      {
        id: 'ab-assembly-members',
        version: files.join(' '),
        url: rosterUrl(legls.at(-1) ?? 31),
        licence: AB_TERMS,
      },
    ],
    coverage: files.length
      ? [
          {
            jurisdiction: 'AB',
            politicians: 'live',
            source_urls: { members: rosterUrl(legls.at(-1)!) },
            notes: `Alberta members: the Assembly's roster of legislature(s) ${legls.join(', ')}, keyed by its mid; terms dated from the day the roster was seen (the page prints no dates).`,
          },
        ]
      : [],
    stats,
  };
}

export const abMembersImporter: Importer = {
  terms: AB_REUSE,
  kind: 'ab-members',
  summary: 'Legislative Assembly of Alberta roster per legislature (mid ids) → politicians',
  datasetDir: 'ab-members',
  optional: 'not in the shared datasets: fetched by the nightly (source ab-assembly-members)',
  run: importAbMembers,
};
