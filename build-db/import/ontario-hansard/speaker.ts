// The label that opens an Ontario speech: "Ms. Lisa M. Thompson:", "Hon. Kathleen O. Wynne:",
// "The Speaker (Hon. Dave Levac):", "Le Président (M. Dave Levac):", "The Clerk of the Assembly
// (Ms. Deborah Deller):", "Interjections:"; in committee "The Chair (Mr. Ernie Hardeman):". Presiding
// officers are printed with their office and, in parentheses, the member holding it; clerks are
// officials; interjections are collective voices.
import type { SpeakerKind } from '../../../src/core/domain/enums.js';

export interface Speaker {
  /** The label as printed, without the colon. */
  raw: string;
  /** The person's name to resolve (titles kept for the identity rules to strip), null when nobody is named. */
  name: string | null;
  /** The office printed before the parenthesised name ("The Acting Speaker"), else a role in parentheses. */
  role: string | null;
  kind: SpeakerKind;
}

// A committee's "The Vice-Chair (Ms. …)" presides as its Chair does.
const PRESIDING = /^(?:the\s+)?(?:acting\s+|deputy\s+|vice[-\s])*(?:speaker|chair)$|^le\s+pr[ée]sident(?:e)?(?:\s+suppl[ée]ant(?:e)?)?$/i;
const OFFICIAL = /\bclerk\b|^the\s+deputy$|\bgreffi[eè]re?\b|sergeant/i;
const COLLECTIVE = /^(?:interjections?|des voix|une voix|some hon(?:ourable|\.)? members?|an hon(?:ourable|\.)? member)$/i;

/** "L’hon." and "Premier" read as the "Hon." the identity rules know; the title "MPP" of recent
 *  pages ("MPP Lisa Gretzky:", seen by a public scraper) is dropped like them. */
const normalTitle = (name: string) =>
  name
    .replace(/^l['’]hon\.?\s+/i, 'Hon. ')
    .replace(/^MPP\s+/, '')
    .replace(/^(?:the\s+)?premier\s+/i, '')
    .replace(/^the\s+hon\./i, 'Hon.')
    .trim();

export function readSpeaker(label: string): Speaker | null {
  const raw = label.replace(/\s*:\s*$/, '').trim();
  if (!raw || !/[a-z]/i.test(raw)) return null;
  if (COLLECTIVE.test(raw)) return { raw, name: null, role: null, kind: 'collective' };
  // "Office (Name)" — sometimes printed without its closing parenthesis.
  const paren = /^(.*?)\s*\(([^()]+)\)?\s*$/.exec(raw);
  const before = (paren ? paren[1] : raw).trim();
  const inside = paren ? paren[2].trim() : null;
  if (paren && PRESIDING.test(before)) return { raw, name: normalTitle(inside!), role: before, kind: 'presiding' };
  if (paren && OFFICIAL.test(before)) return { raw, name: null, role: before, kind: 'official' };
  if (PRESIDING.test(before)) return { raw, name: null, role: before, kind: 'presiding' };
  if (OFFICIAL.test(before)) return { raw, name: null, role: before, kind: 'official' };
  // "Hon. David C. Onley (Lieutenant Governor)": the Crown's representative, not a member.
  if (inside && /lieutenant governor|lieutenant-gouverneur/i.test(inside))
    return { raw, name: normalTitle(before), role: inside, kind: 'official' };
  return { raw, name: normalTitle(before), role: inside, kind: 'member' };
}
