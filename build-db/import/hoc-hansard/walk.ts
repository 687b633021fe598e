// Walks <HansardBody> in document order and returns what the record builders need, each with the
// state in force where it stands: interventions and divisions with the enclosing headings, the
// latest clock stamp, the floor language; plus the text printed between interventions (narrative:
// "The House resumed consideration of the motion that…", "(The House divided on the motion…)",
// the Speech from the Throne as read), which has no speaker and is kept as vote context.
import { attr, child, elements, flatText, type Element } from './document.js';
import { orderOfBusinessLabel, subjectLabel, tidy } from './headings.js';
import { parseMetAt, timestampMinutes } from './clock.js';
import { paragraphsOf } from './text.js';

export interface Place {
  orderOfBusiness: string | null;
  subject: string | null;
  /** The latest running head: the order of business, or a stretch within it ("Points of Order"). */
  runningHead: string | null;
  /** Minutes after midnight from the nearest preceding clock stamp (or "The House met at"), or null. */
  minutes: number | null;
  /** "EN" / "FR" as last marked on the floor ([English] / [Translation] in the English edition). */
  floor: string | null;
}

export interface InterventionAt {
  el: Element;
  id: string | null;
  place: Place /** Floor-language changes inside it. */;
  floorChanges: number;
}

export interface DivisionAt {
  el: Element;
  place: Place;
  /** The question as last printed in this subject: "The House resumed … consideration of the motion that …". */
  motion: string | null;
  /** The division line just before it: "(The House divided on the amendment, which was negatived …)". */
  divided: string | null;
  /** The latest procedural caption naming a bill in this subject ("Bill C-36. Second reading"). */
  billCaption: string | null;
}

export interface Walked {
  interventions: InterventionAt[];
  divisions: DivisionAt[];
  /** Runs of narrative paragraphs outside any intervention: first paragraph id and the texts. */
  narrative: Array<{ id: string | null; paragraphs: string[] }>;
  writtenAnswers: number;
  /** Paragraphs inside a turn that open with another speaker's bold label ("<B>The Clerk:</B> …",
   *  older sittings): kept in the turn's text as printed, not split into turns of their own. */
  inlineLabels: number;
  problems: Array<{ record: string; reason: string; detail?: string }>;
}

const DIVIDED = /^\(?\s*(?:the house divided|la chambre se prononce|.*mise aux voix)/i;
const MOTION = /\b(?:motion|amendment|amendement|sous-amendement|subamendment)\b/i;
const BILL = /\b(?:bill|projet de loi)\s+[CS]-\d+/i;
// A member moving a motion inside their turn: "moved:", "I move, seconded by …, that", "je propose que".
// biome-ignore lint/correctness/noEmptyCharacterClassInRegex: [^] is any character, line breaks included
const MOVES = /(?:^|\b)(?:moved|I (?:would )?move|je propose|propose que)\b[^]*?(?::|\bthat\b|\bque\b)/i;

export function walkBody(body: Element): Walked {
  const out: Walked = { interventions: [], divisions: [], narrative: [], writtenAnswers: 0, inlineLabels: 0, problems: [] };
  let minutes: number | null = null;
  let floor: string | null = null;
  let oob: string | null = null;
  let runningHead: string | null = null;
  let subjectTitle: string | null = null;
  let qualifier: string | null = null;
  let motion: string | null = null,
    divided: string | null = null,
    billCaption: string | null = null;
  let inNarrative = false;
  let floorChanges = 0;

  const place = (): Place => ({
    orderOfBusiness: oob ?? runningHead,
    subject: subjectLabel(subjectTitle, qualifier),
    runningHead,
    minutes,
    floor,
  });
  const newThread = () => {
    motion = null;
    divided = null;
    billCaption = null;
  };

  const clock = (el: Element) => {
    const m = timestampMinutes(el);
    if (m === null)
      out.problems.push({
        record: `Timestamp ${flatText(el) || '(empty)'}`,
        reason: 'unparsable clock stamp',
        detail: `Hr=${attr(el, 'Hr')} Mn=${attr(el, 'Mn')}; the previous time stays in force`,
      });
    else minutes = m;
  };
  const language = (el: Element) => {
    const l = (attr(el, 'language') ?? '').toUpperCase();
    if ((l === 'EN' || l === 'FR') && l !== floor) {
      floor = l;
      floorChanges++;
    }
  };

  const visit = (el: Element, inIntro: boolean): void => {
    switch (el.name) {
      case 'Timestamp':
        clock(el);
        return;
      case 'FloorLanguage':
        language(el);
        return;
      case 'Prayer':
      case 'CatchLine':
      case 'OrderOfBusinessTitle':
      case 'SubjectOfBusinessTitle':
      case 'SubjectOfBusinessQualifier':
        return;
      case 'OrderOfBusiness': {
        oob = orderOfBusinessLabel(flatText(child(el, 'OrderOfBusinessTitle')), flatText(child(el, 'CatchLine')));
        runningHead = oob;
        subjectTitle = null;
        qualifier = null;
        newThread();
        inNarrative = false;
        elements(el).forEach((c) => visit(c, false));
        return;
      }
      case 'Intro': {
        elements(el).forEach((c) => visit(c, true));
        return;
      }
      case 'SubjectOfBusiness': {
        const title = tidy(flatText(child(el, 'SubjectOfBusinessTitle'))) || null;
        const qual = tidy(flatText(child(el, 'SubjectOfBusinessQualifier'))) || null;
        const head = tidy(flatText(child(el, 'CatchLine'))) || null;
        if (head) runningHead = head;
        // A subject with neither heading continues the previous one (split by a clock stamp).
        if (title) {
          subjectTitle = title;
          qualifier = qual;
          newThread();
        } else if (qual) {
          qualifier = qual;
          newThread();
        }
        elements(el).forEach((c) => visit(c, inIntro));
        return;
      }
      case 'ParaText': {
        const text = paragraphsOf(el).join('\n\n');
        if (!text) return;
        if (inIntro && minutes === null) {
          const met = parseMetAt(text);
          if (met !== null) {
            minutes = met;
            return;
          }
        }
        if (DIVIDED.test(text)) divided = text;
        else if (MOTION.test(text)) motion = text;
        if (inNarrative) out.narrative[out.narrative.length - 1].paragraphs.push(text);
        else out.narrative.push({ id: attr(el, 'id'), paragraphs: [text] });
        inNarrative = true;
        return;
      }
      case 'ProceduralText': {
        const t = flatText(el);
        if (BILL.test(t)) billCaption = t;
        return;
      }
      case 'Intervention': {
        const before = floorChanges;
        const at: InterventionAt = { el, id: attr(el, 'id'), place: place(), floorChanges: 0 };
        out.interventions.push(at);
        inNarrative = false;
        divided = null;
        // Clock stamps, language marks and captions inside a turn hold for what follows it.
        let colon = false;
        const inner = (e: Element) => {
          if (e.name === 'ParaText') {
            // The motion's words follow "moved:" in the next paragraph(s).
            const text = paragraphsOf(e).join('\n\n');
            const lead = elements(e)[0];
            if (lead?.name === 'B' && /:\s*$/.test(flatText(lead)) && text.startsWith(flatText(lead))) out.inlineLabels++;
            if (colon && motion) motion = `${motion}\n\n${text}`;
            else if (MOVES.test(text)) motion = text;
            colon = !!text && /(?:[:;]|;\s*(?:and|et))\s*$/.test(text) && (colon || MOVES.test(text));
          } else if (e.name === 'Timestamp') clock(e);
          else if (e.name === 'FloorLanguage') language(e);
          else if (e.name === 'ProceduralText') {
            const t = flatText(e);
            if (BILL.test(t)) billCaption = t;
          } else elements(e).forEach(inner);
        };
        const content = child(el, 'Content');
        if (content) elements(content).forEach(inner);
        at.floorChanges = floorChanges - before;
        return;
      }
      case 'Division': {
        out.divisions.push({ el, place: place(), motion, divided, billCaption });
        inNarrative = false;
        divided = null;
        return;
      }
      case 'WrittenQuestionResponse':
        out.writtenAnswers++;
        inNarrative = false;
        return;
      default:
        elements(el).forEach((c) => visit(c, inIntro));
    }
  };
  elements(body).forEach((c) => visit(c, false));
  return out;
}
