// Alberta Hansard's text, read from a sitting's PDF in reading order (pdf/text-columns.ts): the cover
// ("The 31st Legislature", "First Session"), the officers' lines of the members' list ("Cooper, Hon.
// Nathan M., Olds-Didsbury-Three Hills (UC), Speaker"), the sitting's "Title: Tuesday, December 3,
// 2024 1:30 p.m.", then turns: a paragraph opening "Label:" ("Mr. Nicolaides:", "The Speaker:"),
// "head: …" headings, "[The Deputy Speaker in the chair]", times in the text ("3:50"), division
// lists ("For the motion:" … "Totals: For – 47 Against – 35", not speech: the V&P importer reads
// divisions), running heads and page numbers left out, words split at a line end joined again.
import { parseClock } from '../printed-clock.js';
import type { PdfLine } from '../pdf/pdf-lines.js';
import { leadingMonthDayYear } from '../printed-date.js';
import { ordinalWord } from './vp-header.js';
import type { PrintedSpeaker } from '../printed-speaker.js';

export type AbSpeaker = PrintedSpeaker;
export interface AbTurn {
  speaker: AbSpeaker;
  paragraphs: string[];
  minutes: number;
  page: number;
  orderOfBusiness: string | null;
  subject: string | null;
}
export interface AbOfficer {
  lastName: string;
  riding: string;
}
export interface AbMember {
  lastName: string;
  firstName: string;
  riding: string;
}
export interface AbSitting {
  legislature: number;
  session: number;
  date: string;
  startMinutes: number;
  /** Holders of the presiding offices as the members' list names them, by office. */
  officers: Map<string, AbOfficer>;
  /** The members' list at the front: who sat, and for which riding, on the sitting's day. */
  members: AbMember[];
}

// The rubrics of the Daily Routine and Orders of the Day, as "head:" prints them; other heads are subjects.
const RUBRICS = new Set([
  'Prayers',
  'Introduction of Visitors',
  'Introduction of Guests',
  "Members' Statements",
  'Ministerial Statements',
  'Oral Question Period',
  'Presenting Reports by Standing and Special Committees',
  'Presenting Petitions',
  'Tabling Returns and Reports',
  'Tablings to the Clerk',
  'Notices of Motions',
  'Introduction of Bills',
  'Orders of the Day',
  'Government Bills and Orders',
  'Government Motions',
  'Private Bills',
  "Private Members' Public Bills",
  'Motions Other than Government Motions',
  'Written Questions',
  'Motions for Returns',
]);
const OFFICES: Record<string, string[]> = {
  Speaker: ['Speaker'],
  'Deputy Speaker and Chair of Committees': ['Deputy Speaker', 'Chair'],
  'Deputy Chair of Committees': ['Deputy Chair'],
};
// Older lists print no party ("Kowalski, Hon. Ken, Barrhead-Morinville-Westlock, Speaker").
const OFFICER =
  /^([^,]+), (?:Hon\. )?[^,]+, (.+?)(?: \([A-Za-z]+\))?, (Speaker|Deputy Speaker and Chair of Committees|Deputy Chair of Committees)$/;
// A line of the members' list: "Nicolaides, Hon. Demetrios, Calgary-Bow (UC)", an office or role after it maybe.
const MEMBER_LINE = /^([^,]+), (?:Hon\. )?([^,]+), (.+?) \(([A-Za-z]+)\)(?:,.*)?$/;
const TITLE = /^Title: \w+, (\w+ \d{1,2}, \d{4}) (\d{1,2}:\d{2} [ap]\.m\.)/;
const RUNNING_HEAD =
  /^(?:\w+ \d{1,2}, \d{4} Alberta Hansard \d+|\d+ Alberta Hansard \w+ \d{1,2}, \d{4}|Legislative Assembly of Alberta|\d{1,4})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;
const WORD = "[A-Z][\\p{L}'’.-]*";
const LABEL = new RegExp(
  `^((?:The (?:Deputy |Acting )?(?:Speaker|Chair|Deputy Chair|Clerk|Sergeant-at-Arms))|(?:An|Some) Hon\\. Members?|Hon\\. Members|(?:Mr\\.|Mrs\\.|Ms|Miss|Dr\\.|Member|Hon\\.) ${WORD}(?: ${WORD}){0,3}(?: \\([^)]+\\))?):\\s*(.*)$`,
  'u',
);

export function readAbSitting(lines: PdfLine[]): AbSitting | null {
  let legislature: number | null = null;
  let session: number | null = null;
  let date: string | null = null;
  let start: number | null = null;
  const officers = new Map<string, AbOfficer>();
  const members: AbMember[] = [];
  for (const [i, l] of lines.entries()) {
    const t = l.text;
    const leg = /\bThe (\d+)(?:st|nd|rd|th) Legislature\b/.exec(t);
    if (leg && legislature === null) legislature = Number(leg[1]);
    const ses = /\b(\w+) Session\b/.exec(t);
    if (ses && session === null) session = ordinalWord(ses[1]);
    // An officer's line may wrap ("…, Deputy Speaker and Chair of" / "Committees").
    const wrapped = lines[i + 1] && /, Deputy (?:Speaker|Chair)\b[^,]*$/.test(t) ? OFFICER.exec(`${t} ${lines[i + 1].text}`) : null;
    const o = OFFICER.exec(t) ?? wrapped;
    if (o) for (const office of OFFICES[o[3]]) if (!officers.has(office)) officers.set(office, { lastName: o[1], riding: o[2] });
    const member = !date && MEMBER_LINE.exec(t);
    if (member) members.push({ lastName: member[1], firstName: member[2].trim(), riding: member[3] });
    const title = TITLE.exec(t);
    if (title && !date) {
      date = leadingMonthDayYear(title[1]);
      start = parseClock(title[2]);
    }
  }
  return legislature && session && date && start !== null ? { legislature, session, date, startMinutes: start, officers, members } : null;
}

export function readAbSpeaker(label: string, officers: Map<string, AbOfficer>): AbSpeaker {
  const raw = label.replace(/\s+/g, ' ').trim();
  if (/^(?:An|Some) Hon\. Members?$|^Hon\. Members$/.test(raw))
    return { raw, lastName: null, riding: null, role: null, presiding: false, kind: 'collective' };
  const office = /^The ((?:Deputy |Acting )?(?:Speaker|Chair|Deputy Chair))$/.exec(raw);
  if (office) {
    const holder = officers.get(office[1]);
    return { raw, lastName: holder?.lastName ?? null, riding: holder?.riding ?? null, role: office[1], presiding: true, kind: 'presiding' };
  }
  if (/^The (?:Clerk|Sergeant-at-Arms)$/.test(raw))
    return { raw, lastName: null, riding: null, role: raw.slice(4), presiding: false, kind: 'official' };
  const m = /^(?:Mr\.|Mrs\.|Ms|Miss|Dr\.|Member|Hon\.) (.+?)(?: \(([^)]+)\))?$/.exec(raw);
  if (!m) return { raw, lastName: null, riding: null, role: null, presiding: false, kind: null };
  // Initials before a shared surname ("Mr. R.J. Sigurdson") are not a surname.
  const lastName = m[1]
    .split(' ')
    .filter((w) => !/^(?:\p{Lu}\.)+$/u.test(w))
    .join(' ');
  return { raw, lastName, riding: m[2] ?? null, role: null, presiding: false, kind: 'member' };
}

/** A line's clock time in the sitting: Hansard prints "3:50" without a.m. or p.m.; the first reading
 *  not well before the sitting's opening is the one (an afternoon sitting's "3:50" is 15:50). */
function clock(h: number, m: number, start: number): number {
  const am = (h % 12) * 60 + m;
  return am >= start - 30 ? am : am + 12 * 60;
}

/** Joins a line to the paragraph before it: a word split at the line's end ("respon-" "sibility") is whole again. */
function join(text: string, line: string): string {
  if (!text) return line;
  if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line)) return text.slice(0, -1) + line;
  if (/-$/.test(text)) return text + line;
  return `${text} ${line}`;
}

export function readAbTurns(lines: PdfLine[], sitting: AbSitting): { turns: AbTurn[]; unread: number } {
  const turns: AbTurn[] = [];
  let minutes = sitting.startMinutes;
  let orderOfBusiness: string | null = null;
  let subject: string | null = null;
  let inDivision = false;
  let billTitle = false;
  let unread = 0;
  // The left edge of each column of each page, to tell an indented (new) paragraph.
  const edges = new Map<string, number>();
  const side = (l: PdfLine) => `${l.page}/${l.cells[0].x < l.pageWidth / 2 ? 'l' : 'r'}`;
  for (const l of lines) if (l.cells.length) edges.set(side(l), Math.min(edges.get(side(l)) ?? Infinity, l.cells[0].x));
  // The running head is the page's top line; read in columns it may come apart ("December 3, 2024" |
  // "Alberta Hansard 2287"), each part at the head of a column.
  const top = new Map<number, number>();
  for (const l of lines) top.set(l.page, Math.max(top.get(l.page) ?? -Infinity, l.y));
  const headPart = (l: PdfLine, text: string) => l.y >= top.get(l.page)! - 1 && /Alberta Hansard|^\w+ \d{1,2}, \d{4}$|^\d{1,4}$/.test(text);
  const body = lines.findIndex((l) => TITLE.test(l.text));
  if (body < 0) return { turns, unread };
  for (const l of lines.slice(body + 1)) {
    let text = l.text.trim();
    if (!text || RUNNING_HEAD.test(text) || headPart(l, text) || TITLE.test(text)) continue;
    const time = TIME.exec(l.cells[0].text);
    if (time) {
      minutes = clock(Number(time[1]), Number(time[2]), sitting.startMinutes);
      text = l.cells
        .slice(1)
        .map((c) => c.text)
        .join(' ')
        .trim();
      if (!text) continue;
    }
    if (/^(?:For|Against) the \w+:/.test(text)) inDivision = true;
    if (inDivision) {
      if (/^Totals:/.test(text)) inDivision = false;
      continue;
    }
    if (/^\[.*\]$/.test(text)) continue; // "[The Deputy Speaker in the chair]", "[Motion carried]": no one speaks.
    if (/^\d{1,2}:\d{2} [ap]\.m\. \w+day, /.test(text)) continue; // the sitting's opening line; its time is the title's
    const head = /^head: (.+)$/.exec(text.replace(/’/g, "'"));
    if (head) {
      if (RUBRICS.has(head[1].trim())) {
        orderOfBusiness = head[1].trim();
        subject = null;
      } else subject = head[1].trim();
      continue;
    }
    // A bill's heading under the Orders of the Day: the stage, "Bill 27", then its title on the next line.
    if (/^(?:First|Second|Third) Reading$|^Committee of the Whole$/.test(text)) continue;
    const bill = /^Bill (\d+)$/.exec(text);
    if (bill) {
      subject = `Bill ${bill[1]}`;
      billTitle = true;
      continue;
    }
    const label = LABEL.exec(text);
    if (billTitle && !label) {
      subject = `${subject}, ${text}`;
      billTitle = false;
      continue;
    }
    billTitle = false;
    if (label) {
      turns.push({
        speaker: readAbSpeaker(label[1], sitting.officers),
        paragraphs: [label[2].trim()],
        minutes,
        page: l.page,
        orderOfBusiness,
        subject,
      });
      continue;
    }
    const turn = turns.at(-1);
    if (!turn) {
      unread++;
      continue;
    }
    const indented = l.cells[0].x > (edges.get(side(l)) ?? 0) + 4;
    if (indented && turn.paragraphs.at(-1)) turn.paragraphs.push(text);
    else turn.paragraphs[turn.paragraphs.length - 1] = join(turn.paragraphs.at(-1)!, text);
  }
  for (const t of turns) t.paragraphs = t.paragraphs.filter(Boolean);
  return { turns, unread };
}
