// `canpol import ontario-members`: the Legislative Assembly of Ontario's roster per Parliament
// (ola.org `/en/members/parliament-{N}`, fetched by the nightly as `parliament-{N}.html`) and the member
// lists printed in Hansard PDFs (`hansard-YYYY-MM-DD.pdf`: who sat that day, with party and riding) →
// Ontario politicians: one person per member across Parliaments, a term per Parliament with its riding
// (neither source gives seat dates: a term spans its Parliament).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importStats } from '../import-stats.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { ONTARIO_TERMS, ONTARIO_TERMS_NOTE, ONTARIO_TERMS_URL } from '../ontario-hansard/index.js';
import { readRoster } from './roster.js';
import { readPdfRuns } from '../pdf/pdf-lines.js';
import { addListedMembers, HANSARD_LIST, withListedMembers } from './listed-members.js';
import { parliamentsOf } from './parliaments.js';

const PAGE = /^parliament-(\d+)\.html?$/;
export const memberKey = (slug: string) => `on-ola/member/${slug}`;

export async function importOntarioMembers(from: string, ctx: ImportContext): Promise<ImportOutput> {
  const out = importRosterPages(from, ctx);
  const lists = existsSync(from)
    ? readdirSync(from)
        .filter((f) => HANSARD_LIST.test(f))
        .sort()
    : [];
  if (!lists.length) return out;
  const people = new Map((out.records.politicians ?? []).map((p) => [p.key, p] as const));
  const read: string[] = [];
  const houseDocuments = join(from, 'house-documents.html');
  const parliaments = parliamentsOf(existsSync(houseDocuments) ? readFileSync(houseDocuments, 'utf8') : null);
  for (const name of lists) {
    let runs: Awaited<ReturnType<typeof readPdfRuns>>;
    try {
      runs = await readPdfRuns(new Uint8Array(readFileSync(join(from, name))));
    } catch (e) {
      ctx.skip({ file: name, record: 'whole file', reason: 'unreadable PDF', detail: String(e) });
      continue;
    }
    if (addListedMembers(people, name, runs, ctx, parliaments)) read.push(name);
  }
  return withListedMembers(out, [...people.values()], read);
}

export function importRosterPages(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ pages: 0, rows: 0, members: 0 });
  const people = new Map<string, SourceInput<'politicians'>>();
  const parliaments: number[] = [];
  for (const name of existsSync(from)
    ? readdirSync(from)
        .filter((f) => PAGE.test(f))
        .sort()
    : []) {
    const page = readRoster(readFileSync(join(from, name), 'utf8'));
    const byName = Number(PAGE.exec(name)![1]);
    if (!page.parliament || !page.start || (!page.end && !page.present)) {
      ctx.skip({
        file: name,
        record: 'whole file',
        reason: 'roster page without its Parliament and dates',
        detail: 'no "All members serving in the Nth Parliament: <date> – <date>" heading',
      });
      continue;
    }
    if (page.parliament !== byName) {
      ctx.skip({
        file: name,
        record: 'whole file',
        reason: 'roster page of another Parliament than its name',
        detail: `page says ${page.parliament}`,
      });
      continue;
    }
    for (const p of page.problems) ctx.skip({ file: name, record: `row ${p.row}`, reason: 'roster row unreadable', detail: p.detail });
    if (!page.rows.length) {
      ctx.skip({ file: name, record: 'whole file', reason: 'roster page without member rows' });
      continue;
    }
    add('pages');
    parliaments.push(page.parliament);
    for (const r of page.rows) {
      add('rows');
      const key = memberKey(r.slug);
      const term = {
        start_at: `${page.start}T00:00:00Z`,
        end_at: page.end ? `${page.end}T00:00:00Z` : null,
        elected_office: 'MPP',
        constituency_name: r.riding,
      };
      const known = people.get(key);
      if (known) {
        known.terms.push(term);
        if (page.parliament === Math.max(...parliaments)) known.constituency_name = r.riding;
        continue;
      }
      people.set(key, {
        key,
        name: `${r.first} ${r.last}`,
        first_name: r.first,
        last_name: r.last,
        honorific: r.honorific,
        elected_office: 'MPP',
        level: 'provincial',
        province_territory: 'ON',
        constituency_name: r.riding,
        official_url: `https://www.ola.org/en/members/all/${r.slug}`,
        is_active: false,
        terms: [term],
      });
    }
  }
  // Sitting: a term of a Parliament the roster says is still running.
  for (const p of people.values()) p.is_active = p.terms.some((t) => t.end_at === null);
  stats.members = people.size;
  return {
    records: { politicians: [...people.values()] },
    sources: [
      {
        id: 'ola-members',
        version: parliaments.length ? `Parliaments ${parliaments.join(', ')}` : 'no roster pages',
        url: `https://www.ola.org/en/members/parliament-${parliaments.at(-1) ?? 41}`,
        licence: ONTARIO_TERMS,
      },
    ],
    coverage: people.size
      ? [
          {
            jurisdiction: 'ON',
            politicians: 'live',
            source_urls: {
              members: `https://www.ola.org/en/members/parliament-${parliaments.at(-1)}`,
              terms: ONTARIO_TERMS_URL,
            },
            notes: `Ontario members: the Assembly's roster of Parliament(s) ${parliaments.join(', ')} (${people.size} people; riding per Parliament, no party: the roster page names none). ${ONTARIO_TERMS_NOTE}`,
          },
        ]
      : [],
    stats,
  };
}

export const ontarioMembersImporter: Importer = {
  kind: 'ontario-members',
  summary: 'Ontario Assembly roster per Parliament (ola.org HTML) and the member lists of Hansard PDFs → politicians',
  datasetDir: 'ontario-members',
  terms: { commercial: 'forbidden', summary: ONTARIO_TERMS },
  optional: 'not in ../shared/datasets: the nightly fetches it from ola.org (sources ola-members, ola-member-lists)',
  run: importOntarioMembers,
};
