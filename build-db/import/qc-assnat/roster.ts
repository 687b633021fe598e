// The members' pages of assnat.qc.ca: the roster of sitting members (table#ListeDeputes: "Surname,
// First names", riding, party) and a member's page (/fr/deputes/{slug}-{id}/index.html: the numeric
// id, the name, the seat and party in the header, and one heading per election won).
import { findAll, findOne, getAttributeValue } from 'domutils';
import type { Element } from 'domhandler';
import { parseHtml, textOf } from '../html-text.js';
import { frenchDate } from './french-dates.js';

export interface RosterRow {
  last_name: string;
  first_name: string;
  riding: string;
  party: string;
  id: string | null;
  row: number;
}

export interface MemberPage {
  id: string;
  slug: string;
  first_name: string;
  last_name: string;
  /** The header's "Député(e) de X", when sitting. */
  riding: string | null;
  party: string | null;
  /** Elections won, newest first as printed: the date and the riding of each. */
  elections: Array<{ date: string; riding: string }>;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const MEMBER_URL = /\/fr\/deputes\/([a-z0-9-]+)-(\d+)\/index\.html/;

export const isRosterPage = (html: string) => html.includes('id="ListeDeputes"');
export const isMemberPage = (html: string) => /<form[^>]+action="\/fr\/deputes\/[a-z0-9-]+-\d+\/index\.html"/.test(html);

/** Rows of the roster table; a row that is not "Surname, First" with a riding and party is left out by the caller. */
export function readRoster(html: string): Array<RosterRow | { row: number; problem: string }> {
  const doc = parseHtml(html);
  const table = findOne((e) => e.name === 'table' && getAttributeValue(e, 'id') === 'ListeDeputes', doc.children);
  if (!table) return [];
  const rows = findAll((e) => e.name === 'tr', [table]).filter((tr) => tr.children.some((c) => (c as Element).name === 'td'));
  return rows.map((tr, i) => {
    const cells = tr.children.filter((c): c is Element => (c as Element).name === 'td');
    const name = clean(textOf(cells[0] ?? []));
    const comma = /^([^,]+),\s*(.+)$/.exec(name);
    if (!comma || cells.length < 3)
      return { row: i + 1, problem: `name "${name}" is not "Surname, First names" or the row has ${cells.length} cells` };
    const link = findOne((e) => e.name === 'a', [cells[0]]);
    const id = MEMBER_URL.exec(link ? (getAttributeValue(link, 'href') ?? '') : '')?.[2] ?? null;
    return {
      last_name: comma[1].trim(),
      first_name: comma[2].trim(),
      riding: clean(textOf(cells[1])),
      party: clean(textOf(cells[2])),
      id,
      row: i + 1,
    };
  });
}

export function readMemberPage(html: string): MemberPage | null {
  const url = /<form[^>]+action="(\/fr\/deputes\/[a-z0-9-]+-\d+\/index\.html)"/.exec(html)?.[1];
  const m = url ? MEMBER_URL.exec(url) : null;
  if (!m) return null;
  const doc = parseHtml(html);
  const header = findOne((e) => e.name === 'div' && getAttributeValue(e, 'class') === 'enteteFicheDepute', doc.children);
  const h1 = header ? findOne((e) => e.name === 'h1', [header]) : null;
  if (!h1) return null;
  const surnameSpan = findOne((e) => e.name === 'span' && getAttributeValue(e, 'class') === 'nomDepute', [h1]);
  const full = clean(textOf(h1));
  const last = surnameSpan ? clean(textOf(surnameSpan)) : '';
  if (!last || !full.endsWith(last)) return null;
  const items = header ? findAll((e) => e.name === 'li', [header]).map((li) => clean(textOf(li))) : [];
  const seat = items.map((t) => /^Député(?:e)? de (.+)$/.exec(t)?.[1]).find(Boolean) ?? null;
  // The party is the item after the seat (the others are functions).
  const party = seat ? (items[items.findIndex((t) => t.endsWith(seat)) + 1] ?? null) : null;
  const elections = findAll((e) => e.name === 'h3', doc.children)
    .map((h) => clean(textOf(h)))
    .map((t) => /^(?:Ré)?élue? député(?:e)? de la circonscription de (.+?) aux élections (?:générales|partielles) du (.+)$/i.exec(t))
    .filter((x): x is RegExpExecArray => !!x)
    .map((x) => ({ riding: x[1], date: frenchDate(x[2]) }))
    .filter((x): x is { riding: string; date: string } => !!x.date);
  return { id: m[2], slug: m[1], first_name: full.slice(0, -last.length).trim(), last_name: last, riding: seat, party, elections };
}
