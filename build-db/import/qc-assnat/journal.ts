// One sitting of the Journal des débats (assnat.qc.ca, French only) → its header (legislature,
// session and its opening date, sitting date, page URL) and speaker turns. The transcript is the
// <Contenu> element: bold centred paragraphs are headings, "(9 h 50)" lines move the clock, a
// paragraph opening with bold "Label :" starts a turn and the paragraphs after it continue it.
import { findAll, findOne, getAttributeValue } from 'domutils';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { parseHtml, rawTextOf, textOf } from '../html-text.js';
import { frenchClock, frenchDate } from './french-dates.js';
import { readQcSpeaker, type QcSpeaker } from './speaker.js';

export interface QcSitting {
  legislature: number;
  session: number;
  sessionStart: string | null;
  date: string;
  url: string | null;
  /** A committee's Journal (the same page family as the House's): the committee the title names
   *  ("Commission de la culture et de l'éducation") and the meeting's code from its address
   *  ("CCE-221206"); null for the House. */
  committee: { name: string; meeting: string | null } | null;
}

export interface QcTurn {
  speaker: QcSpeaker;
  paragraphs: string[];
  minutes: number | null;
  orderOfBusiness: string | null;
  subject: string | null;
  /** Every heading since the rubric, in order (the item, its stage, speakers' names, "Mise aux voix"). */
  headings: string[];
  /** The nearest page anchor before the turn ("Page03438"), to link into the page. */
  anchor: string | null;
  paragraph: number;
}

// The rubrics of a sitting (Règlement de l'Assemblée nationale): a heading that is one of them sets
// the order of business; any other heading is the subject within it.
const RUBRICS = new Set([
  'affaires courantes',
  'déclarations de députés',
  'déclarations ministérielles',
  'présentation de projets de loi',
  'dépôt de documents',
  'dépôt de rapports de commissions',
  'dépôt de pétitions',
  'questions et réponses orales',
  'votes reportés',
  'motions sans préavis',
  'avis touchant les travaux des commissions',
  'affaires du jour',
  "renseignements sur les travaux de l'assemblée",
  'affaires prioritaires',
  "affaires inscrites par les députés de l'opposition",
  'débats de fin de séance',
  'ajournement',
  'intervention portant sur une violation de droit ou de privilège',
]);

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
export const isJournal = (html: string) => html.includes('<Contenu>') && /Journal des d(?:é|&#233;)bats/.test(html);

export function readSitting(html: string): QcSitting | null {
  const doc = parseHtml(html);
  const h2s = findAll((e) => e.name === 'h2', doc.children).map((h) => clean(textOf(h)));
  const leg = h2s.map((t) => /^(\d+)e législature, (\d+)(?:re|e) session(?: \(début : (.+)\))?/.exec(t)).find(Boolean);
  const day = h2s.map((t) => /^Le \S+ (\d{1,2}(?:er)? \S+ \d{4})/.exec(t)).find(Boolean);
  const date = day ? frenchDate(day[1]) : null;
  if (!leg || !date) return null;
  // The page's own address, as its share links carry it (the saved file has no canonical link).
  const share = /sharer\.php\?u=([^'"&]+)/.exec(html)?.[1];
  const url = share ? decodeURIComponent(share).replace(/^http:/, 'https:') : null;
  // The title: "Journal des débats de l'Assemblée nationale", or "… de la Commission …" for a committee.
  const title = clean(textOf(findAll((e) => e.name === 'h1', doc.children)));
  const of = /^Journal des débats (?:de la |du |de l'|des )(Commission .+|Comité .+)$/.exec(title)?.[1] ?? null;
  const meeting = url ? (/\/commissions\/[^/]+\/journal-debats\/([A-Z0-9-]+-\d{6})\.html/.exec(url)?.[1] ?? null) : null;
  return {
    legislature: Number(leg[1]),
    session: Number(leg[2]),
    sessionStart: leg[3] ? frenchDate(leg[3]) : null,
    date,
    url,
    committee: of ? { name: of, meeting } : null,
  };
}

/** The bold label at the start of a paragraph ("<b>Des\n voix :</b>", "<b>La Présidente</b> <b>:</b>"), and the rest. */
function splitLabel(p: Element): { label: string; rest: AnyNode[] } | null {
  const kids = p.children;
  let i = 0;
  const skip = (n: AnyNode) => (isText(n) && !n.data.trim()) || (isTag(n) && n.name === 'a' && !textOf(n));
  while (i < kids.length && skip(kids[i])) i++;
  const parts: string[] = [];
  for (; i < kids.length; i++) {
    const n = kids[i];
    if (isTag(n) && n.name === 'b') {
      parts.push(rawTextOf(n));
      if (/:\s*$/.test(rawTextOf(n))) {
        i++;
        break;
      }
    } else if (skip(n) && parts.length) continue;
    else break;
  }
  const joined = clean(parts.join(' '));
  if (!joined.endsWith(':')) return null;
  const label = joined.replace(/\s*:$/, '').trim();
  return label ? { label, rest: kids.slice(i) } : null;
}

const isHeading = (p: Element) => /font-weight:\s*bold/.test(getAttributeValue(p, 'style') ?? '');

export function readTurns(html: string): { turns: QcTurn[]; problems: Array<{ paragraph: number; reason: string; detail?: string }> } {
  const doc = parseHtml(html);
  const content = findOne((e) => e.name === 'contenu', doc.children);
  const turns: QcTurn[] = [];
  const problems: Array<{ paragraph: number; reason: string; detail?: string }> = [];
  if (!content) return { turns, problems: [{ paragraph: 0, reason: 'no <Contenu> transcript in the page' }] };
  let clock: number | null = null;
  let order: string | null = null;
  let subject: string | null = null;
  let headings: string[] = [];
  let anchor: string | null = null;
  let open: QcTurn | null = null;
  findAll((e) => e.name === 'p', [content]).forEach((p, idx) => {
    const index = idx + 1;
    const page = findAll((e) => e.name === 'a' && /^Page\d+$/.test(getAttributeValue(e, 'name') ?? ''), [p]).at(-1);
    if (page) anchor = getAttributeValue(page, 'name') ?? anchor;
    const text = clean(textOf(p));
    if (!text) return;
    const minutes = frenchClock(text);
    if (minutes !== null) {
      clock = minutes;
      return;
    }
    if (/^•?\s*\(.*\)\s*•?$/.test(text)) return; // other bracketed notes ("(Applaudissements)") are nobody's words
    if (isHeading(p)) {
      if (RUBRICS.has(text.toLowerCase())) {
        order = text;
        subject = null;
        headings = [];
      } else {
        subject = text;
        headings = [...headings, text];
      }
      open = null;
      return;
    }
    const label = splitLabel(p);
    if (label) {
      open = {
        speaker: readQcSpeaker(label.label),
        paragraphs: [],
        minutes: clock,
        orderOfBusiness: order,
        subject,
        headings,
        anchor,
        paragraph: index,
      };
      turns.push(open);
      const first = clean(textOf(label.rest));
      if (first) open.paragraphs.push(first);
      return;
    }
    // Words after a heading with no label are the presiding officer's ("Alors, nous en sommes à la
    // rubrique…") or the turn before it resumed: kept with the last turn, reported when there is none.
    const last: QcTurn | undefined = open ?? turns.at(-1);
    if (last) last.paragraphs.push(text);
    else problems.push({ paragraph: index, reason: 'text before any speaker', detail: text.slice(0, 80) });
  });
  return { turns, problems };
}
