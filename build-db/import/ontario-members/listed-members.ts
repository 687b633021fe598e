// Members from the list printed in a sitting's Hansard PDF (`hansard-YYYY-MM-DD.pdf`), folded into
// the people the roster pages gave: a member already known by first name and surname gets this
// Parliament's term (or its party, when the roster page's term has none); anyone else becomes a new
// person keyed as the Assembly keys its member pages (`first-last`).
import { personName } from '../identity.js';
import type { ImportContext, ImportOutput, SourceInput } from '../types.js';
import type { PdfTextRun } from '../pdf/pdf-lines.js';
import { readMemberList } from './hansard-list.js';
import { ONTARIO_TERMS_NOTE, ONTARIO_TERMS_URL } from '../ontario-hansard/index.js';
import { type OntarioParliament, parliamentOn } from './parliaments.js';

type Politician = SourceInput<'politicians'>;
export const HANSARD_LIST = /^hansard-(\d{4}-\d{2}-\d{2})\.pdf$/;

/** "Kathleen O." "Wynne" → "kathleen wynne": the given name without middle names or initials. */
const shortName = (first: string, last: string) => personName(`${first.split(' ')[0]} ${last}`);

/** Adds the list's members to `people`; false (and reported) when the file gives none. */
export function addListedMembers(
  people: Map<string, Politician>,
  file: string,
  runs: PdfTextRun[],
  ctx: ImportContext,
  parliaments?: OntarioParliament[],
): boolean {
  const date = HANSARD_LIST.exec(file)?.[1] ?? null;
  const parliament = date ? parliamentOn(date, parliaments) : null;
  if (!date || !parliament) {
    ctx.skip({ file, record: 'whole file', reason: 'member list of no known Parliament', detail: date ?? 'no date in the name' });
    return false;
  }
  const list = readMemberList(runs);
  for (const p of list.problems) ctx.skip({ file, record: `page ${p.page}`, reason: 'member list line unreadable', detail: p.detail });
  if (!list.members.length) {
    ctx.skip({ file, record: 'whole file', reason: 'no member list in the Hansard PDF' });
    return false;
  }
  const byShort = new Map<string, Politician>();
  for (const p of people.values()) if (p.first_name && p.last_name) byShort.set(shortName(p.first_name, p.last_name), p);
  const start_at = `${parliament.start}T00:00:00Z`;
  for (const m of list.members) {
    const short = shortName(m.first, m.last);
    const term = {
      start_at,
      end_at: parliament.end ? `${parliament.end}T00:00:00Z` : null,
      elected_office: 'MPP',
      constituency_name: m.riding,
      party: m.party,
      parliament_number: parliament.number,
    };
    const known = byShort.get(short);
    if (known) {
      const same = known.terms.find((t) => t.start_at === start_at);
      if (same) Object.assign(same, { party: m.party, parliament_number: parliament.number });
      else known.terms.push(term);
      known.party = latestParty(known) ?? known.party;
      if (known.terms.every((t) => t.start_at <= start_at)) known.constituency_name = m.riding;
      continue;
    }
    const key = `on-ola/member/${short.replace(/ /g, '-')}`;
    const person: Politician = {
      key,
      name: `${m.first} ${m.last}`,
      first_name: m.first,
      last_name: m.last,
      honorific: m.honorific,
      party: m.party,
      elected_office: 'MPP',
      level: 'provincial',
      province_territory: 'ON',
      constituency_name: m.riding,
      official_url: `https://www.ola.org/en/members/all/${short.replace(/ /g, '-')}`,
      is_active: false,
      terms: [term],
    };
    people.set(key, person);
    byShort.set(short, person);
  }
  return true;
}

/** The party of the person's latest term that names one. */
function latestParty(p: Politician): string | null {
  return (
    [...p.terms]
      .filter((t) => (t as { party?: string | null }).party)
      .sort((a, b) => a.start_at.localeCompare(b.start_at))
      .map((t) => (t as { party?: string | null }).party!)
      .at(-1) ?? null
  );
}

/** The roster import's output with the listed members in, and the lists named in its source and coverage. */
export function withListedMembers(out: ImportOutput, politicians: Politician[], files: string[]): ImportOutput {
  for (const p of politicians) p.is_active = p.terms.some((t) => t.end_at === null);
  const lists = files.map((f) => HANSARD_LIST.exec(f)![1]);
  const said = lists.length ? `the member lists printed in the Hansard of ${lists.join(', ')}` : '';
  const source = out.sources[0];
  return {
    ...out,
    records: { ...out.records, politicians },
    sources: [
      {
        ...source,
        version: [source.version === 'no roster pages' ? '' : source.version, lists.length ? `Hansard lists ${lists.join(', ')}` : '']
          .filter(Boolean)
          .join('; '),
      },
    ],
    coverage: politicians.length
      ? [
          {
            jurisdiction: 'ON',
            politicians: 'live',
            source_urls: {
              members: 'https://www.ola.org/en/members',
              terms: ONTARIO_TERMS_URL,
            },
            notes: `Ontario members: ${[out.coverage[0] ? "the Assembly's roster pages" : '', said].filter(Boolean).join(' and ')} (${politicians.length} people; riding and, from the Hansard lists, party per Parliament). ${ONTARIO_TERMS_NOTE}`,
          },
        ]
      : [],
    stats: { ...out.stats, members: politicians.length, hansard_lists: lists.length },
  };
}
