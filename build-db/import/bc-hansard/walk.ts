// Walks a transcript's paragraphs in order into speaker turns. A paragraph that opens with a
// speaker label starts a turn (whatever its class: the Blues also tag some turns SpeakerContinues);
// the paragraphs after it continue the turn; headings set the order of business and subject; time
// stamps and "The House met/resumed at …" lines move the clock. Problems are reported, never thrown.
import { getAttributeValue } from 'domutils';
import { kindOf, paragraphs, type Document, type Element } from './document.js';
import { textOf } from '../html-text.js';
import { parseClock } from '../printed-clock.js';
import { readSpeakerLine, type SpeakerLine } from './speaker.js';
import { chairMarker } from './presiding.js';

export interface Turn {
  speaker: Omit<SpeakerLine, 'text'>;
  paragraphs: string[];
  /** Minutes after midnight of the sitting day (over 1440 past midnight), or null if no time was printed yet. */
  minutes: number | null;
  orderOfBusiness: string | null;
  subject: string | null;
  /** Element id of the opening paragraph (finals only), for a link into the page. */
  anchor: string | null;
  /** 1-based index of the opening paragraph in the transcript, to name it in reports. */
  paragraph: number;
  /** Who the last "[… in the chair.]" marker before the turn names, as printed, or null before any. */
  chair: string | null;
}

export interface WalkProblem {
  paragraph: number;
  reason: string;
  detail?: string;
}

export interface WalkResult {
  turns: Turn[];
  problems: WalkProblem[];
  /** The chair markers' holders in document order ("The Speaker", "Mable Elmore", ...). */
  chairs: string[];
  counts: { speakerParagraphs: number; unnamedSpeakerBegins: number; resumedAfterHeading: number; unknownKinds: Record<string, number> };
}

const HEADING = {
  proceedings: 'proceedings',
  proceedingsheading: 'proceedings',
  businessheading: 'business',
  businessheadingnotoc: 'business',
  subjectheading: 'subject',
} as const;
const CLOCK = new Set(['timestamp', 'timeline']);
// Bracketed notes, chair changes and one-line records of what happened ("Motion approved.",
// "Interjections.") are not anyone's words; the date line and table-of-contents entries repeat.
const NOT_SPEECH = new Set(['editorialcomment', 'chairchange', 'chairchangemidspeech', 'styleline', 'dateoftranscript', 'speakername']);
const CONTINUES = new Set(['speakerbegins', 'speakerbeginstoc', 'speakercontinues', 'speakercontinuesmidspeech', 'blockquote', 'motion']);

/** "Budget Debate (continued)" → "Budget Debate". */
const headingText = (p: Element) =>
  textOf(p)
    .replace(/\s*\((?:continued)\)\s*$/i, '')
    .trim();

export function walkTranscript(root: Document | Element, startMinutes: number | null): WalkResult {
  const turns: Turn[] = [];
  const problems: WalkProblem[] = [];
  const counts: WalkResult['counts'] = { speakerParagraphs: 0, unnamedSpeakerBegins: 0, resumedAfterHeading: 0, unknownKinds: {} };
  let clock = startMinutes;
  let order: string | null = null;
  let subject: string | null = null;
  // "Debate Continued" (Blues) returns to the business an interruption such as "Introductions by
  // Members" broke into: the context before the current one.
  let previous: { order: string | null; subject: string | null } = { order: null, subject: null };
  let open: Turn | null = null;
  let lastSpeaker: Turn['speaker'] | null = null;
  const chairs: string[] = [];

  const start = (speaker: Turn['speaker'], p: Element, index: number) => {
    open = {
      speaker,
      paragraphs: [],
      minutes: clock,
      orderOfBusiness: order,
      subject,
      anchor: getAttributeValue(p, 'id') ?? null,
      paragraph: index,
      chair: chairs.at(-1) ?? null,
    };
    turns.push(open);
    lastSpeaker = speaker;
    return open;
  };

  paragraphs(root).forEach((p, i) => {
    const index = i + 1;
    const kinds = kindOf(p);
    const kind = kinds[0] ?? '';
    const text = textOf(p);

    if (kind in HEADING) {
      if (!text) {
        problems.push({ paragraph: index, reason: 'empty heading' });
        return;
      }
      const level = HEADING[kind as keyof typeof HEADING];
      if (level === 'subject') subject = headingText(p);
      else if (/^debate continued$/i.test(text)) {
        [order, subject] = [previous.order, previous.subject];
      } else {
        previous = { order, subject };
        order = headingText(p);
        subject = null;
      }
      open = null;
      return;
    }
    if (CLOCK.has(kind)) {
      if (!text) {
        problems.push({ paragraph: index, reason: 'empty paragraph', detail: kind });
        return;
      }
      const t = parseClock(text);
      if (t === null) {
        problems.push({ paragraph: index, reason: 'unparsable time', detail: text.slice(0, 100) });
        return;
      }
      // A clock reading far behind the last one is after midnight, not earlier in the day.
      const base = clock === null ? 0 : Math.floor(clock / 1440) * 1440;
      let next = base + t;
      if (clock !== null && next < clock - 720) next += 1440;
      clock = next;
      return;
    }
    if (NOT_SPEECH.has(kind)) {
      const holder = chairMarker(text);
      if (holder) chairs.push(holder);
      return;
    }

    const line = readSpeakerLine(p);
    if (line) {
      counts.speakerParagraphs++;
      const { text: first, ...speaker } = line;
      const turn = start(speaker, p, index);
      if (first) turn.paragraphs.push(first);
      return;
    }
    if (!text) {
      problems.push({ paragraph: index, reason: 'empty paragraph', detail: kind || '(no class)' });
      return;
    }
    if (kind === 'speakerbegins' || kind === 'speakerbeginstoc') counts.unnamedSpeakerBegins++;
    else if (!CONTINUES.has(kind) && !/^indent\d*$/.test(kind))
      counts.unknownKinds[kind || '(no class)'] = (counts.unknownKinds[kind || '(no class)'] ?? 0) + 1;
    if (open) {
      (open as Turn).paragraphs.push(text);
      return;
    }
    if (lastSpeaker) {
      counts.resumedAfterHeading++;
      start(lastSpeaker, p, index).paragraphs.push(text);
      return;
    }
    problems.push({ paragraph: index, reason: 'text before the first speaker', detail: text.slice(0, 100) });
  });
  return { turns, problems, chairs, counts };
}
