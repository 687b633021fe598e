// One bill's page on assembly.ab.ca (assembly-business/bills/bill?billinfoid=N): the details block
// ("Bill" / "Title" / "Legislature 31, Session 1" / "Sponsor" linked with the member's mid / "Type")
// and one entry per sitting under each stage heading ("First Reading", "Second Reading",
// "Committee of the Whole", "Third Reading", "Royal Assent", "Comes into Force"), each with its
// date ("November 26, 2024 afternoon") and status ("passed on division", "passed").
import { findAll, findOne, getAttributeValue } from 'domutils';
import type { Element } from 'domhandler';
import { parseHtml, textOf } from '../html-text.js';
import { leadingMonthDayYear } from '../printed-date.js';

export interface AbBillEntry {
  heading: string;
  date: string | null;
  dateText: string;
  status: string | null;
  hansardUrl: string | null;
}
export interface AbBillPage {
  number: string;
  title: string;
  legislature: number;
  session: number;
  type: string | null;
  sponsor: { name: string; mid: string | null } | null;
  entries: AbBillEntry[];
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const classOf = (e: Element) => (getAttributeValue(e, 'class') ?? '').split(/\s+/);

export function readAbBillPage(html: string): AbBillPage | null {
  const doc = parseHtml(html);
  const details = new Map<string, Element>();
  for (const d of findAll((e) => e.name === 'div' && classOf(e).includes('detail'), doc.children)) {
    const cells = d.children.filter((c): c is Element => (c as Element).name === 'div');
    if (cells.length >= 2) details.set(clean(textOf(cells[0])), cells[1]);
  }
  const value = (k: string) => (details.has(k) ? clean(textOf(details.get(k)!)) : null);
  const number = /^Bill (\S+)$/.exec(value('Bill') ?? '')?.[1];
  const leg = /^Legislature (\d+), Session (\d+)$/.exec(value('Legislature') ?? '');
  const title = value('Title');
  if (!number || !leg || !title) return null;
  const sponsorCell = details.get('Sponsor');
  const sponsorLink = sponsorCell ? findOne((e) => e.name === 'a', [sponsorCell]) : null;
  const sponsorName = sponsorCell ? clean(textOf(sponsorCell)) : '';
  const entries: AbBillEntry[] = [];
  const list = findOne((e) => e.name === 'div' && classOf(e).includes('bill-entries'), doc.children);
  let heading: string | null = null;
  for (const el of list ? list.children.filter((c): c is Element => (c as Element).name === 'div') : []) {
    if (classOf(el).includes('b_header')) {
      const t = findOne((e) => classOf(e).includes('b_readingtitle'), [el]);
      heading = t ? clean(textOf(t)) : null;
    } else if (classOf(el).includes('b_entry') && heading) {
      // The long form of the date ("November 26, 2024 afternoon") is the rwd-hide span.
      const dateEl = findOne((e) => classOf(e).includes('b_date'), [el]);
      const long = dateEl ? findOne((e) => classOf(e).includes('rwd-hide'), [dateEl]) : null;
      const dateText = clean(textOf(long ?? dateEl ?? []));
      const statusEl = findOne((e) => classOf(e).includes('b_status'), [el]);
      const hansard = findOne((e) => e.name === 'a', [findOne((e) => classOf(e).includes('b_hansard'), [el]) ?? el]);
      entries.push({
        heading,
        date: leadingMonthDayYear(dateText),
        dateText,
        status: statusEl ? clean(textOf(statusEl)) || null : null,
        hansardUrl: hansard ? (getAttributeValue(hansard, 'href') ?? null) : null,
      });
    }
  }
  return {
    number,
    title,
    legislature: Number(leg[1]),
    session: Number(leg[2]),
    type: value('Type'),
    sponsor: sponsorName
      ? { name: sponsorName, mid: /[?&]mid=(\d+)/.exec(sponsorLink ? (getAttributeValue(sponsorLink, 'href') ?? '') : '')?.[1] ?? null }
      : null,
    entries,
  };
}
