// A sitting's blocks → speaker turns. A `speakerStart` paragraph opens a turn, plain paragraphs
// continue it; `<h2>` sets the order of business, `<h3>` the subject; "The House met at 0900." and
// time stamps ("1410") move the clock; procedure lines ("Applause.") and division lists are not
// anyone's words and close nothing. Problems are reported, never thrown.
import type { Block } from './document.js';
import { readSpeaker, type Speaker } from './speaker.js';

export interface Turn {
  speaker: Speaker;
  /** The opening paragraph's `paraNN`. */
  anchor: string;
  paragraphs: Array<{ anchor: string; text: string }>;
  /** Minutes after midnight of the sitting day (over 1440 past midnight), null before any time. */
  minutes: number | null;
  orderOfBusiness: string | null;
  subject: string | null;
}

/** A recorded division as printed inline: the names read out under "Ayes" and "Nays", the Clerk's
 *  totals and the presiding officer's declaration after them. */
export interface Division {
  anchor: string;
  minutes: number | null;
  orderOfBusiness: string | null;
  subject: string | null;
  /** What the presiding officer said last before the names: the question put. */
  question: string | null;
  ayes: string[];
  nays: string[];
  totals: { ayes: number; nays: number } | null;
  declared: { what: string; result: 'carried' | 'lost' } | null;
}

export interface WalkResult {
  divisions: Division[];
  turns: Turn[];
  problems: Array<{ anchor: string; reason: string; detail?: string }>;
  /** The sitting says it is a session's first day ("The first day of the second session … commenced at 1200"). */
  opensSession: boolean;
  counts: { procedure: number; plain_headings: number; vote_names: number; divisions: number; paragraphs_outside_speeches: number };
}

/** "0910", "The House met at 0900.", "The House recessed from 1013 to 1030." → minutes (the last time named). */
export function readClock(text: string): number | null {
  const all = [...text.matchAll(/\b([0-2]\d)([0-5]\d)\b/g)];
  const m = all.at(-1);
  if (!m) return null;
  const h = Number(m[1]);
  return h <= 24 ? h * 60 + Number(m[2]) : null;
}

// A committee's transcript opens "The committee met at 0900 in room 151." (the room is no time).
const CLOCK_LINE = /^the (?:house|committee) (?:met|resumed|recessed)\b|\bcommenced at \d{4}\b|^the division bells rang from\b/i;
const ROOM = /\s+in\s+(?:committee\s+)?room\b.*$/i;
// Some sittings print the opening and the orders of business as plain paragraphs ("The House met at
// 0900.", "ORDERS OF THE DAY") instead of a procedure line and an <h2>.
const PLAIN_CLOCK = /^the (?:house|committee) (?:met|resumed|recessed)\b[^.]*\b\d{4}\.?$/i;
const PLAIN_HEADING = /^(?=[A-Z]{3})[A-Z][^a-z]{3,99}$/;
const SMALL = new Set(['of', 'the', 'and', 'to', 'by', 'on', 'for', 'in', 'a', 'an', 'at']);
const titleCase = (s: string) =>
  s.toLowerCase().replace(/[\p{L}’']+/gu, (w, at: number) => (at > 0 && SMALL.has(w) ? w : w[0].toUpperCase() + w.slice(1)));
const FIRST_DAY = /^the first day of the \w+ session of the \d+\w* parliament\b/i;
/** "Climate Change Act, 2016 / Loi de 2016 sur…": the English half of a bilingual heading. */
const englishHalf = (heading: string) => heading.split(' / ')[0].trim();

export function walkSitting(blocks: readonly Block[]): WalkResult {
  const turns: Turn[] = [];
  const problems: WalkResult['problems'] = [];
  const counts = { procedure: 0, plain_headings: 0, vote_names: 0, divisions: 0, paragraphs_outside_speeches: 0 };
  let clock: number | null = null;
  let order: string | null = null;
  let subject: string | null = null;
  let open: Turn | null = null;
  let opensSession = false;
  const divisions: Division[] = [];
  let division: Division | null = null;
  let list: string[] | null = null;
  let lastPresiding: Turn | null = null;

  const moveClock = (t: number) => {
    const base = clock === null ? 0 : Math.floor(clock / 1440) * 1440;
    let next = base + t;
    // A reading far behind the last one is after midnight, not earlier in the day.
    if (clock !== null && next < clock - 720) next += 1440;
    clock = next;
  };

  for (const b of blocks) {
    switch (b.kind) {
      case 'heading2':
        if (b.text) {
          order = englishHalf(b.text);
          subject = null;
          open = null;
        }
        break;
      case 'heading3':
        if (b.text) {
          subject = englishHalf(b.text);
          open = null;
        }
        break;
      case 'time': {
        const t = readClock(b.text);
        if (t === null) problems.push({ anchor: b.anchor, reason: 'unparsable time', detail: b.text.slice(0, 100) });
        else moveClock(t);
        break;
      }
      case 'procedure': {
        counts.procedure++;
        if (FIRST_DAY.test(b.text)) opensSession = true;
        if (CLOCK_LINE.test(b.text)) {
          const t = readClock(b.text.replace(ROOM, ''));
          if (t !== null) moveClock(t);
        }
        break;
      }
      case 'vote_direction':
        if (/^ayes$/i.test(b.text)) {
          counts.divisions++;
          division = {
            anchor: b.anchor,
            minutes: clock,
            orderOfBusiness: order,
            subject,
            question: lastPresiding ? lastPresiding.paragraphs.map((p) => p.text).join('\n\n') : null,
            ayes: [],
            nays: [],
            totals: null,
            declared: null,
          };
          divisions.push(division);
          list = division.ayes;
        } else if (/^nays$/i.test(b.text) && division) list = division.nays;
        else {
          problems.push({ anchor: b.anchor, reason: 'division heading not Ayes after a division', detail: b.text.slice(0, 100) });
          list = null;
        }
        break;
      case 'vote_name':
        counts.vote_names++;
        if (list) list.push(b.text);
        else problems.push({ anchor: b.anchor, reason: 'division name outside a division', detail: b.text.slice(0, 100) });
        break;
      case 'speaker': {
        const speaker = readSpeaker(b.label ?? '');
        if (!speaker) {
          problems.push({ anchor: b.anchor, reason: 'speaker label without a name', detail: (b.label ?? '').slice(0, 100) });
          break;
        }
        open = { speaker, anchor: b.anchor, paragraphs: [], minutes: clock, orderOfBusiness: order, subject };
        turns.push(open);
        if (b.text) open.paragraphs.push({ anchor: b.anchor, text: b.text });
        list = null;
        // After the names: the Clerk's totals, then the declaration ("I declare the motion carried").
        if (division && !division.declared) {
          const totals = /the ayes (?:are )?(\d+)[;,]? (?:and )?the nays (?:are )?(\d+)/i.exec(b.text);
          if (totals && speaker.kind === 'official') division.totals = { ayes: Number(totals[1]), nays: Number(totals[2]) };
          // "I declare the motion carried." / "… defeated." / "The motion is lost."
          const declared = /\b(?:I declare the|the) ([\w’' ,-]+?) (?:is )?(carried|passed|lost|defeated)\b/i.exec(b.text);
          // Only once the names are read (the Clerk's totals given, or the nays): the call for the nays can name the motion too.
          if (declared && speaker.kind === 'presiding' && (division.totals || division.nays.length)) {
            division.declared = { what: declared[1], result: /^(?:carried|passed)$/i.test(declared[2]) ? 'carried' : 'lost' };
            division = null;
          }
        }
        if (speaker.kind === 'presiding') lastPresiding = open;
        break;
      }
      case 'text':
        if (!b.text) break; // empty anchors between blocks
        if (PLAIN_CLOCK.test(b.text)) {
          counts.procedure++;
          const t = readClock(b.text.replace(ROOM, ''));
          if (t !== null) moveClock(t);
          break;
        }
        if (PLAIN_HEADING.test(b.text) && !/\d{3}/.test(b.text)) {
          order = englishHalf(titleCase(b.text));
          subject = null;
          open = null;
          counts.plain_headings++;
          break;
        }
        // Text under a new heading before anyone speaks is the Clerk's reading of the order ("Resuming
        // the debate…", the bill's title): procedure, counted, not a speech.
        if (open) (open as Turn).paragraphs.push({ anchor: b.anchor, text: b.text });
        else counts.paragraphs_outside_speeches++;
        break;
    }
  }
  return { turns, divisions, problems, opensSession, counts };
}
