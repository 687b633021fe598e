// Nova Scotia's list of the members of one General Assembly (nslegislature.ca/members/profiles-table/N):
// a heading "Assembly 65" followed by the Assembly's dates ("November 26, 2024 - September 18, 2026"),
// then one table row per member: "Surname, [Hon.] First" linked to /members/profiles/{slug}/history,
// the party, the electoral district.
import { findAll, findOne, getAttributeValue } from 'domutils';
import type { Element } from 'domhandler';
import { isText } from 'domhandler';
import { leadingMonthDayYear } from '../printed-date.js';
import { parseHtml, textOf } from '../html-text.js';

export interface NsRosterRow {
  slug: string;
  last_name: string;
  first_name: string;
  honourable: boolean;
  party: string | null;
  riding: string | null;
  row: number;
}
export interface NsRoster {
  assembly: number;
  start: string;
  end: string | null;
  rows: Array<NsRosterRow | { row: number; problem: string }>;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function readNsRoster(html: string): NsRoster | null {
  const doc = parseHtml(html);
  const h2 = findOne((e) => e.name === 'h2' && /^Assembly \d+$/.test(clean(textOf(e))), doc.children);
  if (!h2) return null;
  const assembly = Number(/\d+/.exec(textOf(h2))![0]);
  // The dates are the text right after the heading.
  const after = h2.next && isText(h2.next) ? clean(h2.next.data) : '';
  const span = /^([A-Za-z]+ \d{1,2}, \d{4})(?: - ([A-Za-z]+ \d{1,2}, \d{4}))?/.exec(after);
  const start = span ? leadingMonthDayYear(span[1]) : null;
  if (!start) return null;
  const table = findOne((e) => e.name === 'table' && (getAttributeValue(e, 'class') ?? '').includes('views-table'), doc.children);
  const trs = table ? findAll((e) => e.name === 'tr', [table]).filter((tr) => tr.children.some((c) => (c as Element).name === 'td')) : [];
  const rows = trs.map((tr, i) => {
    const cells = tr.children.filter((c): c is Element => (c as Element).name === 'td');
    const link = cells[0] ? findOne((e) => e.name === 'a', [cells[0]]) : null;
    const slug = /\/members\/profiles\/([^/]+)\//.exec(link ? (getAttributeValue(link, 'href') ?? '') : '')?.[1];
    const label = link ? clean(textOf(link)) : '';
    const m = /^([^,]+),\s*(Hon\.\s+)?(.+)$/.exec(label);
    if (!slug || !m || cells.length < 3) return { row: i + 1, problem: `row "${label}" has no profile link or "Surname, First"` };
    return {
      slug,
      last_name: m[1].trim(),
      first_name: m[3].trim(),
      honourable: !!m[2],
      party: clean(textOf(cells[1])) || null,
      riding: clean(textOf(cells[2])) || null,
      row: i + 1,
    };
  });
  return { assembly, start, end: span?.[2] ? leadingMonthDayYear(span[2]) : null, rows };
}
