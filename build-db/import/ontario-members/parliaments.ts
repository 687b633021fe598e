// Ontario's Parliaments by the days they ran (first sitting to dissolution), for sources that date
// only a moment: a member list printed in a sitting's Hansard says who sat that day, and the member's
// term is taken to span the Parliament of that day (the list gives no seat dates). The House
// documents page (stored beside the lists by the nightly) dates every session; this table, from the
// same page's labels, serves when it is absent.
import { longDate } from './roster.js';

export interface OntarioParliament {
  number: number;
  start: string;
  end: string | null;
}

export const ONTARIO_PARLIAMENTS: OntarioParliament[] = [
  { number: 41, start: '2014-07-02', end: '2018-05-08' },
  { number: 42, start: '2018-07-11', end: '2022-05-03' },
  { number: 43, start: '2022-08-08', end: '2025-01-28' },
];

/** "41-2" → the session's dates as the House documents page labels them ("2nd Session (September 12, 2016–March 15, 2018)"). */
export function sessionDates(html: string): Map<string, { parliament: number; start: string; end: string | null }> {
  const out = new Map<string, { parliament: number; start: string; end: string | null }>();
  for (const m of html.matchAll(/parliament-(\d+)\/session-(\d+)\/?"[^>]*>([^<]*)</g)) {
    const label = m[3].replace(/&nbsp;/g, ' ');
    const d = /\(\s*([A-Z][a-z]+ \d{1,2}, \d{4})\s*[–—-]\s*([A-Z][a-z]+ \d{1,2}, \d{4})?/.exec(label);
    const start = d ? longDate(d[1]) : null;
    if (start) out.set(`${m[1]}-${m[2]}`, { parliament: Number(m[1]), start, end: d?.[2] ? longDate(d[2]) : null });
  }
  return out;
}

/** The Parliaments the House documents page dates (first session's start to last session's end), then the table's others. */
export function parliamentsOf(houseDocuments: string | null): OntarioParliament[] {
  const byNumber = new Map<number, OntarioParliament>();
  for (const s of houseDocuments ? sessionDates(houseDocuments).values() : []) {
    const p = byNumber.get(s.parliament);
    if (!p) byNumber.set(s.parliament, { number: s.parliament, start: s.start, end: s.end });
    else {
      if (s.start < p.start) p.start = s.start;
      if (p.end !== null && (s.end === null || s.end > p.end)) p.end = s.end;
    }
  }
  for (const p of ONTARIO_PARLIAMENTS) if (!byNumber.has(p.number)) byNumber.set(p.number, p);
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

export const parliamentOn = (date: string, parliaments: OntarioParliament[] = ONTARIO_PARLIAMENTS): OntarioParliament | null =>
  parliaments.find((p) => p.start <= date && (p.end === null || date <= p.end)) ?? null;
