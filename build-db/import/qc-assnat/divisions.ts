// Recorded divisions as the Journal des débats prints them: after "Mise aux voix" a member asks for a
// "vote électronique" (or "par appel nominal"), the Secretary (or the Assistant Secretary) gives the
// totals ("Pour : 105 Contre : 0 Abstentions : 0", on one line or three) and the presiding officer
// announces the result ("La motion est adoptée."). The Journal names nobody: the totals are all it
// holds. Totals that cannot be read, or an announcement that contradicts them, are problems, not divisions.
import type { QcTurn } from './journal.js';

export interface QcDivision {
  /** 1 for the sitting's first division. */
  index: number;
  /** The paragraph of the totals (the Secretary's turn), counted as readTurns counts them. */
  paragraph: number;
  anchor: string | null;
  /** The clock when the totals were given. */
  minutes: number | null;
  ayes: number;
  nays: number;
  abstentions: number | null;
  /** The presiding officer's announcement, when one was read. */
  announced: 'passed' | 'defeated' | null;
  /** The item voted: the headings under the rubric ("Projet de loi n° 15 — Adoption du principe"). */
  item: string | null;
  /** The motion as read («…»), else the question put ("… est-il adopté?"). */
  motion: string | null;
  /** The bill number the item or the motion names ("projet de loi n° 15" → "15"). */
  bill: string | null;
}

export interface QcDivisionProblem {
  index: number;
  paragraph: number;
  field: 'ayes' | 'nays' | 'abstentions' | 'result';
  reason: string;
  detail: string;
}

const isTotals = (t: QcTurn) =>
  (t.speaker.kind === 'official' || /Secrétaire/.test(t.speaker.raw)) && /^Pour\b/.test(t.paragraphs[0] ?? '');

// Headings that are not the item: the vote's own ("Mise aux voix", "… de l'amendement", a deferred
// vote's) and a speaker's name.
const isVoteHeading = (h: string) => /^Mise aux voix\b/i.test(h) || /^Votes? reportés?$/i.test(h);
const isSpeakerHeading = (h: string) => /^(?:M\.|Mme|Mlle) /.test(h) || /\(réplique\)$/.test(h);

/** The item voted: the last group of item headings, ended by an earlier vote's heading; with the
 *  vote's own heading when it says more than "Mise aux voix". Also where the item starts. */
function itemOf(headings: string[]): { item: string | null; start: number } {
  let i = headings.length - 1;
  while (i >= 0 && (isVoteHeading(headings[i]) || isSpeakerHeading(headings[i]))) i--;
  const parts: string[] = [];
  let start = i;
  for (; i >= 0 && !isVoteHeading(headings[i]); i--)
    if (!isSpeakerHeading(headings[i])) {
      parts.unshift(headings[i]);
      start = i;
    }
  const own = headings.findLast(isVoteHeading);
  if (own && !/^Mise aux voix$/i.test(own) && headings.lastIndexOf(own) > start) parts.push(own);
  return { item: parts.join(' — ') || null, start: parts.length ? start : -1 };
}

// \b is ASCII-only: after "é" the word's end is "no letter follows".
const ADOPTED = /\badopté(?:e|s|es)?(?!\p{L})/iu;
const REJECTED = /\b(?:rejeté(?:e|s|es)?|n'(?:est|sont) pas adopté(?:e|s|es)?)(?!\p{L})/iu;

/** The first statement (not a question) of the presiding officer's turn naming an outcome. */
export function announcedResult(text: string): 'passed' | 'defeated' | null {
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (/\?\s*$/.test(sentence)) continue;
    if (REJECTED.test(sentence)) return 'defeated';
    if (ADOPTED.test(sentence)) return 'passed';
  }
  return null;
}

const count = (label: RegExp, text: string) => {
  if (!label.test(text)) return { printed: false, value: null };
  const m = new RegExp(`${label.source}\\s*:\\s*(\\d+)(?!\\d)`).exec(text);
  return { printed: true, value: m ? Number(m[1]) : null };
};

/** The motion as read in the turns before the vote: the last run of «…» paragraphs, else the last question put. */
function motionOf(window: QcTurn[]): string | null {
  const paragraphs = window.flatMap((t) => t.paragraphs);
  let end = -1;
  for (let i = paragraphs.length - 1; i >= 0 && end < 0; i--) if (paragraphs[i].startsWith('«')) end = i;
  if (end >= 0) {
    let start = end;
    while (start > 0 && paragraphs[start - 1].startsWith('«')) start--;
    return paragraphs.slice(start, end + 1).join('\n');
  }
  for (let i = paragraphs.length - 1; i >= 0; i--) {
    const q = /[^.!?]*\best-(?:il|elle)s?\s+adopté(?:e|s|es)?\s*\?/i.exec(paragraphs[i]);
    if (q) return q[0].trim();
  }
  return null;
}

const BILL = /\bprojet de loi n(?:°|o|º)\s*(\d+)\b/i;

export function readQcDivisions(turns: QcTurn[]): { divisions: QcDivision[]; problems: QcDivisionProblem[] } {
  const divisions: QcDivision[] = [];
  const problems: QcDivisionProblem[] = [];
  let previous = -1;
  let index = 0;
  turns.forEach((t, k) => {
    if (!isTotals(t)) return;
    index++;
    const text = t.paragraphs.join(' ');
    const ayes = count(/\bPour/, text);
    const nays = count(/\bContre/, text);
    const abstentions = count(/\bAbstentions?/, text);
    const problem = (field: QcDivisionProblem['field'], reason: string, detail = text.slice(0, 120)) =>
      problems.push({ index, paragraph: t.paragraph, field, reason, detail });
    // The turns the motion was read in: those of the item, none before the last division.
    const { item, start } = itemOf(t.headings);
    const inItem = (u: QcTurn) =>
      u.orderOfBusiness === t.orderOfBusiness && (start < 0 || (u.headings.length > start && u.headings[start] === t.headings[start]));
    let from = k;
    while (from - 1 > previous && inItem(turns[from - 1])) from--;
    const window = turns.slice(from, k);
    previous = k;
    if (ayes.value === null || nays.value === null || (abstentions.printed && abstentions.value === null)) {
      const field = ayes.value === null ? 'ayes' : nays.value === null ? 'nays' : 'abstentions';
      problem(field, 'division totals unreadable');
      return;
    }
    // The presiding officer's next turn, before any other division.
    let announced: QcDivision['announced'] = null;
    for (const next of turns.slice(k + 1)) {
      if (isTotals(next)) break;
      if (!next.speaker.presiding) continue;
      announced = announcedResult(next.paragraphs[0] ?? '');
      break;
    }
    if ((announced === 'passed' && ayes.value < nays.value) || (announced === 'defeated' && ayes.value > nays.value)) {
      problem(
        'result',
        'division announcement contradicts the totals',
        `announced ${announced === 'passed' ? 'adopted' : 'rejected'}, Pour ${ayes.value} Contre ${nays.value}`,
      );
      return;
    }
    const motion = motionOf(window);
    divisions.push({
      index,
      paragraph: t.paragraph,
      anchor: t.anchor,
      minutes: t.minutes,
      ayes: ayes.value,
      nays: nays.value,
      abstentions: abstentions.value,
      announced,
      item,
      motion,
      bill: BILL.exec(item ?? '')?.[1] ?? BILL.exec(motion ?? '')?.[1] ?? null,
    });
  });
  return { divisions, problems };
}
