// ola.org's bill pages as the nightly stores them. A session's bills listing
// (`/en/legislative-business/bills/parliament-{P}/session-{S}`): a Drupal Views table, a row per bill —
// its number, its title linking to `…/bill-{N}`, its sponsor(s) printed "Last, Hon. First". A bill's
// status page (`…/bill-{N}/status`): one table "Date | Bill stage | Activity | [Outcome] | Committee"
// (the Outcome column since the 42nd Parliament), whose rows the site prints without their closing
// </tr> (the HTML parser closes each at the next). Layouts learned from public scrapers of the pages
// (their parsers: number/title/sponsor cells; the status table's columns, dates "June 5, 2025").
import type { Element } from 'domhandler';
import { isTag } from 'domhandler';
import { findAll, findOne, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { longDate } from '../ontario-members/roster.js';

export interface ListedBill {
  parliament: number;
  session: number;
  /** "77", "Pr14" as the Assembly prints them. */
  number: string;
  title: string;
  sponsors: string[];
  path: string;
}
export interface StatusRow {
  date: string | null;
  dateText: string;
  stage: string;
  activity: string | null;
  outcome: string | null;
  committee: string | null;
}

const clean = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();
const BILL_HREF = /^\/en\/legislative-business\/bills\/parliament-(\d+)\/session-(\d+)\/bill-(pr\d+|\d+[a-z]?)$/i;
const cellsOf = (tr: Element) => tr.children.filter((c): c is Element => isTag(c) && (c.name === 'td' || c.name === 'th'));
const blank = (s: string) => (s === '' || s === '-' || s === '–' ? null : s);

/** "pr14" → "Pr14", "77" → "77". */
export const billNumber = (token: string) => (/^pr/i.test(token) ? `Pr${token.slice(2)}` : token);

export function readBillListing(html: string): ListedBill[] {
  const doc = parseDocument(html, { decodeEntities: true });
  const out = new Map<string, ListedBill>();
  for (const tr of findAll((e) => e.name === 'tr', doc.children)) {
    const link = findOne((e) => e.name === 'a' && BILL_HREF.test(getAttributeValue(e, 'href') ?? ''), tr.children);
    if (!link) continue;
    const href = getAttributeValue(link, 'href')!;
    const [, p, s, n] = BILL_HREF.exec(href)!;
    const cells = cellsOf(tr);
    const own = cells.find((c) => findOne((e) => e === link, c.children));
    // The sponsor cell: each sponsor in its own field or paragraph, else the cell's text.
    const sponsorCell = cells.at(-1) !== own ? cells.at(-1) : undefined;
    const parts = sponsorCell
      ? findAll((e) => e.name === 'p' || (getAttributeValue(e, 'class') ?? '').split(/\s+/).includes('field'), sponsorCell.children)
      : [];
    const sponsors = (parts.length ? parts.filter((e) => !findOne((x) => x.name === 'p', e.children)) : sponsorCell ? [sponsorCell] : [])
      .map((e) => clean(textContent(e)))
      .filter(Boolean);
    const bill = {
      parliament: Number(p),
      session: Number(s),
      number: billNumber(n),
      title: clean(textContent(link)),
      sponsors,
      path: href,
    };
    if (!out.has(href)) out.set(href, bill);
  }
  return [...out.values()];
}

/** The status table's rows; null when the page has no table headed "Bill stage". */
export function readStatusPage(html: string): StatusRow[] | null {
  const doc = parseDocument(html, { decodeEntities: true });
  for (const table of findAll((e) => e.name === 'table', doc.children)) {
    const rows = findAll((e) => e.name === 'tr', table.children);
    const header = rows.find((r) => cellsOf(r).some((c) => /^bill stage$/i.test(clean(textContent(c)))));
    if (!header) continue;
    const names = cellsOf(header).map((c) => clean(textContent(c)).toLowerCase());
    const col = (name: string) => names.indexOf(name);
    const [date, stage, activity, outcome, committee] = ['date', 'bill stage', 'activity', 'outcome', 'committee'].map(col);
    const out: StatusRow[] = [];
    for (const r of rows) {
      if (r === header) continue;
      const cells = cellsOf(r).map((c) => clean(textContent(c)));
      if (!cells.length || stage < 0 || !cells[stage]) continue;
      const dateText = date >= 0 ? (cells[date] ?? '') : '';
      out.push({
        date: longDate(dateText),
        dateText,
        stage: cells[stage],
        activity: activity >= 0 ? blank(cells[activity] ?? '') : null,
        outcome: outcome >= 0 ? blank(cells[outcome] ?? '') : null,
        committee: committee >= 0 ? blank(cells[committee] ?? '') : null,
      });
    }
    return out;
  }
  return null;
}
