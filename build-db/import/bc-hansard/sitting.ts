// What a file says about its sitting: date, morning/afternoon, issue, parliament and session, start
// time, and whether it is a draft. The document is believed first (title, han.* meta, the title page
// or the Blues header); the file name (`20260218pm-Hansard-n118.html`) is a fallback and a check.
import { findOne, getAttributeValue } from 'domutils';
import { firstByKind, firstTag, metaContent, type Document } from './document.js';
import { textOf } from '../html-text.js';
import { parseHhmm } from './clock.js';
import { calendarDate, monthNumber } from '../printed-date.js';

export interface Sitting {
  /** YYYY-MM-DD, legislature-local. */
  date: string;
  half: 'am' | 'pm';
  /** `20260218pm`: the key part shared by the sitting's speeches. */
  id: string;
  issue: number | null;
  parliament: number | null;
  session: number | null;
  /** Minutes after midnight from the han.startTime meta (finals only); the printed "met at" wins. */
  metaStart: number | null;
  isDraft: boolean;
  /** Draft signals, reported when they disagree. */
  draftByName: boolean;
  draftByDocument: boolean;
  /** File-name facts the document contradicts, e.g. "date: file 2026-02-18, document 2026-02-19". */
  conflicts: string[];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "Wednesday, February 18, 2026" → "2026-02-18". */
export function parseLongDate(text: string): string | null {
  const m = /\b([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})\b/.exec(text);
  const month = m ? monthNumber(m[1]) : null;
  return m && month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
}

/** The finals' han.startDate meta, "20260218" → "2026-02-18". */
const metaDate = (value: string | null) => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value ?? '');
  return m ? calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
};

/** "Second" / "2nd" / "43rd" → 2 / 2 / 43. */
export function parseOrdinal(text: string): number | null {
  const t = text.trim().toLowerCase();
  const word = ORDINALS.indexOf(t);
  if (word >= 0) return word + 1;
  const m = /^(\d+)(?:st|nd|rd|th)?$/.exec(t);
  return m ? Number(m[1]) : null;
}

/** "Second Session, 43rd Parliament" or "2nd Session, 43rd Parliament". */
function parliamentSession(text: string): { parliament: number; session: number } | null {
  const m = /\b([A-Za-z0-9]+)\s+Session,\s*([A-Za-z0-9]+)\s+Parliament\b/i.exec(text);
  const session = m ? parseOrdinal(m[1]) : null;
  const parliament = m ? parseOrdinal(m[2]) : null;
  return session && parliament ? { parliament, session } : null;
}

const FILE_NAME = /^(\d{4})(\d{2})(\d{2})(am|pm)-/i;

export function readSitting(doc: Document, fileName: string): Sitting | null {
  // Where each markup prints its sitting line, most specific first: the <title> ("Hansard — Wednesday,
  // February 18, 2026 Afternoon, Issue No. 118"), the finals' title-page date line, the Blues
  // header ("2nd Session, 43rd Parliament Monday, March 9, 2026 Morning Sitting"). The table of
  // contents is not among them: its headings mention other sittings ("Adjournment of Tuesday Morning Sitting").
  const sources = [
    textOf(firstTag(doc, 'title') ?? []),
    textOf(firstByKind(doc, 'titlepage') ?? findTitlePage(doc) ?? []),
    textOf(firstTag(doc, 'header') ?? []),
  ];
  const first = <T>(read: (s: string) => T | null): T | null => {
    for (const s of sources) {
      const v = read(s);
      if (v !== null) return v;
    }
    return null;
  };
  const blob = sources.join(' ');

  const docDate = metaDate(metaContent(doc, 'han.startDate')) ?? first(parseLongDate);
  const docHalf = first((s) => {
    const m = /\b(morning|afternoon|evening)\b/i.exec(s);
    return m ? (m[1].toLowerCase() === 'morning' ? ('am' as const) : ('pm' as const)) : null;
  });
  const f = FILE_NAME.exec(fileName);
  const fileDate = f ? `${f[1]}-${f[2]}-${f[3]}` : null;
  const fileHalf = f ? (f[4].toLowerCase() as 'am' | 'pm') : null;

  const date = docDate ?? fileDate;
  const half = docHalf ?? fileHalf;
  if (!date || !half) return null;
  const conflicts: string[] = [];
  if (fileDate && docDate && fileDate !== docDate) conflicts.push(`date: file ${fileDate}, document ${docDate}`);
  if (fileHalf && docHalf && fileHalf !== docHalf) conflicts.push(`sitting: file ${fileHalf}, document ${docHalf}`);

  const ps =
    parliamentSession(blob) ??
    ((p, s) => (p && s ? { parliament: p, session: s } : null))(
      parseOrdinal(metaContent(doc, 'han.parliament') ?? ''),
      parseOrdinal(metaContent(doc, 'han.session') ?? ''),
    );
  const issue = /Issue No\.\s*(\d+)/i.exec(blob) ?? /-n(\d+)\.html?/i.exec(fileName);

  const draftByName = /blues/i.test(fileName);
  // The Blues header says "Hansard Blues" / "Draft Report of Debates"; its footer notice "This is a
  // DRAFT transcript". Finals say neither.
  const draftByDocument =
    /\b(hansard blues|draft report of debates|draft transcript)\b/i.test(blob) ||
    /this is a draft transcript/i.test(textOf(firstTag(doc, 'footer') ?? []));

  return {
    date,
    half,
    id: `${date.replaceAll('-', '')}${half}`,
    issue: issue ? Number(issue[1]) : null,
    parliament: ps?.parliament ?? null,
    session: ps?.session ?? null,
    metaStart: parseHhmm(metaContent(doc, 'han.startTime')),
    // Either signal makes it a draft: calling a final "draft" only under-states it, while calling a
    // draft final would pass unrevised text off as the official record.
    isDraft: draftByName || draftByDocument,
    draftByName,
    draftByDocument,
    conflicts,
  };
}

/** The finals' title page is `div#TitlePage` (an id, not a class). */
const findTitlePage = (doc: Document) => findOne((e) => getAttributeValue(e, 'id') === 'TitlePage', doc.children);
