// The speaker turns of a Nova Scotia Hansard sitting (nslegislature.ca, one HTML page a sitting; the
// transcript is `div.hsd_body`). A turn opens with a paragraph whose first link is the speaker's —
// `<a href="/members/profiles/{slug}">HON. TIM HOUSTON (The Premier)</a>` for a member, `<a
// href="/members/speaker/">THE SPEAKER</a>` for the chair — then the «/» navigation links and " : ";
// plain paragraphs and blockquotes (a petition read out) continue it. Bold all-capital paragraphs are
// the order of business, other bold paragraphs the subject; "[1:15 p.m.]" lines and the sitting's
// opening time ("1:06 P.M.") move the clock; "[Page 2342]" and bracketed stage directions are not speech.
// The head names the sitting's date and the Speaker in the chair ("SPEAKER / Hon. Danielle Barkhouse").
import { findAll, findOne, getAttributeValue } from 'domutils';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { leadingMonthDayYear } from '../printed-date.js';
import { parseClock } from '../printed-clock.js';
import { parseHtml, textOf } from '../html-text.js';

export interface NsSpeaker {
  raw: string;
  /** The member's profile slug (the key ns-members writes), when the label links one. */
  slug: string | null;
  /** The name printed, without the title or the office in brackets ("Tim Houston"); null for "THE PREMIER". */
  name: string | null;
  /** The office printed: "Speaker", "Deputy Speaker", "Chair", "Premier". */
  role: string | null;
  kind: 'member' | 'presiding' | 'collective' | 'official';
}
export interface NsTurn {
  speaker: NsSpeaker;
  paragraphs: string[];
  minutes: number | null;
  orderOfBusiness: string | null;
  subject: string | null;
  anchor: string | null;
}
/** A bill introduced at the sitting, as printed under INTRODUCTION OF BILLS: "Bill No. 193 - An Act
 *  Respecting Energy. (Hon. Tim Houston)". */
export interface NsIntroduction {
  number: string;
  title: string;
  /** The introducer's name as printed, without the title ("Tim Houston"). */
  member: string;
}
export interface NsSitting {
  /** From the page ("HALIFAX, TUESDAY, FEBRUARY 24, 2026"), null when it prints none. */
  date: string | null;
  /** The Speaker the head names ("Hon. Danielle Barkhouse"), without the title. */
  speakerName: string | null;
  url: string | null;
  turns: NsTurn[];
  introductions: NsIntroduction[];
  /** Paragraphs after a heading and before any speaker label: nobody's words as printed, reported. */
  unattributed: string[];
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const stripTitle = (s: string) => clean(s.replace(/^(?:the\s+)?(?:hon(?:ourable|\.)?)\s+/i, ''));
/** "TIM HOUSTON" → "Tim Houston" (display only: matching ignores case). */
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase());

const PRESIDING = /^THE (DEPUTY SPEAKER|SPEAKER|CHAIR|DEPUTY CHAIR)(?:\s*\(([^)]+)\))?$/i;
const COLLECTIVE = /^(?:SOME |AN )?HON\. MEMBERS?$/i;
const OFFICIAL = /^THE (?:CLERK|SERGEANT-AT-ARMS)$/i;

export function readNsSpeaker(label: string, href: string | null): NsSpeaker {
  const raw = clean(label);
  const slug = /\/members\/profiles\/([^/?#]+)/.exec(href ?? '')?.[1] ?? null;
  const chair = PRESIDING.exec(raw);
  if (chair) return { raw, slug, name: chair[2] ? titleCase(stripTitle(chair[2])) : null, role: titleCase(chair[1]), kind: 'presiding' };
  if (COLLECTIVE.test(raw)) return { raw, slug: null, name: null, role: null, kind: 'collective' };
  if (OFFICIAL.test(raw)) return { raw, slug: null, name: null, role: titleCase(raw.replace(/^THE /i, '')), kind: 'official' };
  // "HON. TIM HOUSTON (The Premier)", "THE PREMIER", " SUSAN LEBLANC".
  const office = /\(([^)]+)\)\s*$/.exec(raw)?.[1] ?? null;
  const bare = clean(raw.replace(/\([^)]*\)\s*$/, ''));
  if (/^THE\s/i.test(bare)) return { raw, slug, name: null, role: titleCase(bare.replace(/^THE\s+/i, '')), kind: 'member' };
  return { raw, slug, name: titleCase(stripTitle(bare)), role: office ? titleCase(office.replace(/^the\s+/i, '')) : null, kind: 'member' };
}

/** The speaker link opening a paragraph, the anchor before it, and the text after the «/» links and ":". */
function openingLabel(p: Element): { speaker: NsSpeaker; anchor: string | null; text: string } | null {
  let anchor: string | null = null;
  let i = 0;
  const kids = p.children;
  for (; i < kids.length; i++) {
    const k = kids[i];
    if (isText(k) && !k.data.trim()) continue;
    if (isTag(k) && k.name === 'a' && !textOf(k) && getAttributeValue(k, 'name')) {
      anchor = getAttributeValue(k, 'name') ?? null;
      continue;
    }
    break;
  }
  const link = kids[i];
  if (link && isTag(link) && link.name === 'a' && /\/members\/(?:profiles|speaker)/.test(getAttributeValue(link, 'href') ?? '')) {
    const rest = kids.slice(i + 1).filter((k) => !(isTag(k) && k.name === 'a' && /^[«»]$/.test(textOf(k))));
    const text = clean(textOf(rest)).replace(/^:\s*/, '');
    return { speaker: readNsSpeaker(textOf(link), getAttributeValue(link, 'href') ?? null), anchor, text };
  }
  // Unlinked labels: the Clerk, the members' collective voice ("HON. MEMBERS: Agreed.").
  const plain = /^((?:THE CLERK|THE SERGEANT-AT-ARMS|(?:SOME |AN )?HON\. MEMBERS?))\s*:\s*(.*)$/.exec(clean(textOf(p)));
  return plain ? { speaker: readNsSpeaker(plain[1], null), anchor, text: plain[2] } : null;
}

const isBoldOnly = (p: Element) => {
  const kids = p.children.filter((k) => !(isText(k) && !k.data.trim()));
  return kids.length > 0 && kids.every((k) => isTag(k) && (k.name === 'b' || k.name === 'strong'));
};

export function readNsSitting(html: string): NsSitting {
  const doc = parseHtml(html);
  const body = findOne((e) => e.name === 'div' && (getAttributeValue(e, 'class') ?? '').split(/\s+/).includes('hsd_body'), doc.children);
  const root: AnyNode[] = body ? [body] : doc.children;
  // Paragraphs and quotes in document order; none inside a table (the division rolls) or inside a quote.
  const within = (e: Element) => {
    for (let p = e.parent as Element | null; p; p = p.parent as Element | null)
      if (p.name === 'table' || p.name === 'blockquote') return true;
    return false;
  };
  const blocks = findAll((e) => (e.name === 'p' || e.name === 'blockquote') && !within(e), root);
  const centred = blocks.filter((b) => (getAttributeValue(b, 'class') ?? '').includes('hsd_center')).map((b) => clean(textOf(b)));
  const dateLine = centred.map((t) => /^HALIFAX, [A-Z]+, ([A-Z]+ \d{1,2}, \d{4})$/i.exec(t)).find(Boolean);
  const date = dateLine ? leadingMonthDayYear(titleCase(dateLine[1])) : null;
  const speakerAt = centred.findIndex((t) => /^SPEAKER$/i.test(t));
  const speakerName = speakerAt >= 0 && centred[speakerAt + 1] ? stripTitle(centred[speakerAt + 1]) : null;
  const url = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;

  const turns: NsTurn[] = [];
  const introductions: NsIntroduction[] = [];
  const unattributed: string[] = [];
  let clock: number | null = null;
  let order: string | null = null;
  let subject: string | null = null;
  let open: NsTurn | null = null;
  for (const b of blocks) {
    const text = clean(textOf(b));
    if (!text) continue;
    const centredLine = (getAttributeValue(b, 'class') ?? '').includes('hsd_center');
    const bracket = /^\[(.+)\]$/.exec(text);
    if (bracket) {
      const t = parseClock(bracket[1]);
      if (t !== null && /^\d{1,2}:\d{2}\s*[ap]\.?m\.?$/i.test(bracket[1].trim())) clock = t;
      // "[Page 2342]", "[A moment of silence was observed.]": not speech.
      continue;
    }
    // Centred lines before the first turn are the head (date, Assembly, opening time, Speaker); after
    // it, a centred bold line is the subject of what follows ("QUESADA BURRITOS & TACOS: LOCAL RESTAURANT - RECOG.").
    if (centredLine && !turns.length) {
      if (/^\d{1,2}:\d{2} [AP]\.M\.$/i.test(text)) clock = parseClock(text);
      continue;
    }
    if (centredLine && b.name === 'p' && isBoldOnly(b)) {
      subject = text;
      open = null;
      continue;
    }
    if (b.name === 'p' && isBoldOnly(b)) {
      const bill = order === 'INTRODUCTION OF BILLS' ? /^Bill No\. (\d+)\s*[-–—]\s*(.+?)\.?\s*\(([^()]+)\)$/.exec(text) : null;
      if (bill) {
        introductions.push({ number: bill[1], title: bill[2], member: stripTitle(bill[3]) });
        continue;
      }
      if (text === text.toUpperCase()) {
        order = text.replace(/^\[|\]$/g, '').replace(/:$/, '');
        subject = null;
      } else subject = text;
      open = null;
      continue;
    }
    const label = b.name === 'p' ? openingLabel(b) : null;
    if (label) {
      open = {
        speaker: label.speaker,
        paragraphs: label.text ? [label.text] : [],
        minutes: clock,
        orderOfBusiness: order,
        subject,
        anchor: label.anchor,
      };
      turns.push(open);
      continue;
    }
    if (open) open.paragraphs.push(text);
    else if (turns.length) unattributed.push(text);
  }
  return { date, speakerName, url, turns, introductions, unattributed };
}
