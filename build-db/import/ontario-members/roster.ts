// One ola.org roster page, `/en/members/parliament-{N}`: a Drupal Views table with a row per member
// who sat in that Parliament (a link to `/en/members/all/{slug}` reading "Last, First", then the
// riding), under a heading giving the Parliament's dates ("All members serving in the 41st
// Parliament: July 2, 2014 – May 8, 2018"). Layout learned from public scrapers of the page
// (docs/importers.md); no copy of a real page is in ../shared/datasets.
import type { Element } from 'domhandler';
import { isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { findAll, findOne, getAttributeValue, textContent } from 'domutils';
import { calendarDate, monthNumber } from '../printed-date.js';

export interface RosterRow {
  slug: string;
  listedName: string;
  first: string;
  last: string;
  honorific: string | null;
  riding: string | null;
  row: number;
}
export interface RosterPage {
  parliament: number | null;
  start: string | null;
  end: string | null;
  present: boolean;
  rows: RosterRow[];
  problems: Array<{ row: number; detail: string }>;
}

const clean = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();

/** "July 2, 2014" → "2014-07-02". */
export function longDate(text: string): string | null {
  const m = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(text.trim());
  const month = m ? monthNumber(m[1]) : null;
  return m && month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
}

/** "Wynne, Hon. Kathleen O." → first "Kathleen O.", last "Wynne", honorific "Hon.". */
export function splitListedName(listed: string): { first: string; last: string; honorific: string | null } | null {
  const m = /^([^,]+),\s*(?:(Hon\.|Dr\.)\s+)?(.+)$/.exec(clean(listed));
  return m ? { last: m[1].trim(), first: m[3].trim(), honorific: m[2] ?? null } : null;
}

export function readRoster(html: string): RosterPage {
  const doc = parseDocument(html, { decodeEntities: true });
  const heading = /(\d+)(?:st|nd|rd|th)\s+Parliament:\s*([A-Z][a-z]+ \d{1,2}, \d{4})\s*[–—-]\s*([A-Z][a-z]+ \d{1,2}, \d{4}|present)/i.exec(
    clean(textContent(doc)),
  );
  const rows: RosterRow[] = [];
  const problems: RosterPage['problems'] = [];
  findAll((e) => e.name === 'tr', doc.children).forEach((tr, i) => {
    const link = findOne((e) => e.name === 'a' && /^\/en\/members\/all\/[a-z0-9-]+$/.test(getAttributeValue(e, 'href') ?? ''), tr.children);
    if (!link) return; // the header row
    const cells = tr.children.filter((c): c is Element => isTag(c) && c.name === 'td');
    const own = cells.find((c) => findOne((e) => e === link, c.children));
    const riding =
      cells
        .filter((c) => c !== own)
        .map((c) => clean(textContent(c)))
        .find(Boolean) ?? null;
    const listedName = clean(textContent(link));
    const name = splitListedName(listedName);
    if (!name) {
      problems.push({ row: i + 1, detail: `name not "Last, First": ${listedName}` });
      return;
    }
    rows.push({ slug: getAttributeValue(link, 'href')!.split('/').at(-1)!, listedName, ...name, riding, row: i + 1 });
  });
  return {
    parliament: heading ? Number(heading[1]) : null,
    start: heading ? longDate(heading[2]) : null,
    end: heading && !/present/i.test(heading[3]) ? longDate(heading[3]) : null,
    present: !!heading && /present/i.test(heading[3]),
    rows,
    problems,
  };
}
