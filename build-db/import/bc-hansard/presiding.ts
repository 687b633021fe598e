// Who holds the chair a presiding turn speaks from. BC prints offices, not names, on presiding turns
// ("The Speaker", "Deputy Speaker", "The Chair"), but names the holders elsewhere on the page: the
// masthead ("The Honourable Raj Chouhan, Speaker") and in-text markers ("[Mable Elmore in the
// chair.]") from which that person presides. Nothing else is inferred.
import { findOne } from 'domutils';
import { hasKind, type Document } from './document.js';
import { textOf } from '../html-text.js';

/** The Speaker named on the masthead (finals' title page `p.Speaker`, Blues header `h2.speaker`). */
export function mastheadSpeaker(doc: Document): string | null {
  const el = findOne((e) => (e.name === 'p' || /^h\d$/.test(e.name)) && hasKind(e, 'speaker') && MASTHEAD.test(textOf(e)), doc.children);
  return el ? (MASTHEAD.exec(textOf(el))?.[1].trim() ?? null) : null;
}
const MASTHEAD = /^The Honourable\s+(.+?),\s*Speaker$/i;

/** "[L. Doerkson in the chair.]" → "L. Doerkson"; "[The Speaker in the chair.]" → "The Speaker". */
export function chairMarker(text: string): string | null {
  const m = /^\[\s*(.+?)\s+in the chair\.?\s*\]$/i.exec(text.trim());
  return m ? m[1] : null;
}

/** The Speaker's own office ("The Speaker", "Mr. Speaker", "Madam Speaker"), not a deputy's or a chair's. */
export const isSpeakerOffice = (office: string) => /^(?:the\s+|mr\.?\s+|madam\s+|madame\s+)?speaker$/i.test(office.trim());

/** `key`: the member's politician key when the naming source gives it (a committee's LIMS membership). */
export type Holder =
  | { name: string; from: 'masthead' | 'marker' | 'committee membership'; key?: string }
  | { name: null; why: string; key?: undefined };

/**
 * The person behind a presiding office: the Speaker's office is the masthead's Speaker; any other
 * presiding office is whoever the last chair marker names ("The Speaker" there is the masthead's).
 * A deputy's office while the marker says the Speaker presides is a contradiction, not a guess.
 */
export function presidingHolder(office: string, chair: string | null, speaker: string | null): Holder {
  if (isSpeakerOffice(office))
    return speaker ? { name: speaker, from: 'masthead' } : { name: null, why: 'no Speaker named on the masthead' };
  if (chair === null) return { name: null, why: `no "[… in the chair.]" marker before this ${office} turn` };
  if (!isSpeakerOffice(chair)) return { name: chair, from: 'marker' };
  if (/\bdeputy\b|\bacting\b/i.test(office))
    return { name: null, why: `${office} speaks while the last marker says "[${chair} in the chair.]"` };
  return speaker ? { name: speaker, from: 'masthead' } : { name: null, why: 'no Speaker named on the masthead' };
}
