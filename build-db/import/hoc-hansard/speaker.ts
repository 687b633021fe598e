// The speaker label of an intervention (<PersonSpeaking><Affiliation DbId Type>…</Affiliation>) read
// into its parts. The forms printed:
//   member            "Ms. Laurel Collins (Victoria, NDP)", later turns just "Ms. Laurel Collins"
//   office holder     "Hon. Chris Alexander (Minister of Citizenship and Immigration, CPC)"
//   presiding officer "The Speaker", "Le Président", "The Acting Speaker (Mr. Barry Devolin)",
//                     committees "The Chair (Mr. Lloyd Longfield (Guelph, Lib.))", "Le président"
//   official          "The Clerk of the Committee (Mr. Georges Etoka)"
//   witness           "Mr. Benjamin Fung (Canada Research Chair and Professor, McGill University, …)"
// In the parentheses the last comma part is a party only when it is a known abbreviation; the part
// before it is then a title when it reads like one, otherwise the riding.
import { partyOf } from './parties.js';

export type SpeakerKind = 'member' | 'presiding' | 'official' | 'witness' | 'collective';

export interface SpeakerLabel {
  /** As printed, without the trailing colon. */
  raw: string;
  /** The person's printed name (honorific kept) when one is printed, e.g. "Mr. Barry Devolin". */
  name: string | null;
  /** A title: the presiding office ("The Acting Speaker"), a ministry, a witness's affiliation. */
  role: string | null;
  constituency: string | null;
  /** Caucus name (parties.ts), when printed. */
  party: string | null;
  kind: SpeakerKind;
}

// Whoever presides: the Speaker and deputies in the House and Committee of the Whole, committee chairs.
const PRESIDING =
  /^(?:the\s+(?:acting\s+|assistant\s+deputy\s+|deputy\s+)?(?:speaker|chair(?:man|woman|person)?)|the\s+(?:acting\s+)?vice-chair|(?:le|la)\s+(?:vice-)?pr[ée]sident(?:e)?(?:\s+suppl[ée]ante?)?|(?:le|la)\s+pr[ée]sident(?:e)?\s+adjoint(?:e)?)$/i;
const OFFICIAL = /^(?:the|le|la)\s+(?:clerk|greffi[eè]re?|sergeant|sergent|usher|huissier|law clerk|legislative clerk)\b/i;
const COLLECTIVE = /^(?:some\s+hon\.?\s+members?|an\s+hon\.?\s+member|des\s+voix|une\s+voix|plusieurs\s+voix)$/i;
// A parenthesised title rather than a riding.
export const TITLE =
  /^(?:the\s+)?(?:right\s+hon\.?\s+)?(?:minister|associate minister|prime minister|deputy prime minister|parliamentary secretary|leader|deputy leader|house leader|president|secretary of state|minister of state|chief government whip|government whip|whip|speaker|deputy speaker|ministre|premier ministre|premi[eè]re ministre|vice-premi[eè]re? ministre|secr[ée]taire|leader|pr[ée]sident|whip|chef)\b/i;

/** Splits "Name (inside)" where the parentheses close the label and may nest: → [name, inside]. */
export function splitParens(label: string): [string, string | null] {
  if (!label.endsWith(')')) return [label, null];
  let depth = 0;
  for (let i = label.length - 1; i >= 0; i--) {
    if (label[i] === ')') depth++;
    else if (label[i] === '(' && --depth === 0) return [label.slice(0, i).trim(), label.slice(i + 1, -1).trim()];
  }
  return [label, null];
}

/** "Victoria, NDP" → riding and party; "Minister of X, CPC" → title and party; no known party → null. */
function readMemberParens(inside: string): { role: string | null; constituency: string | null; party: string } | null {
  const cut = inside.lastIndexOf(',');
  if (cut < 0) return null;
  const party = partyOf(inside.slice(cut + 1));
  if (!party) return null;
  const rest = inside.slice(0, cut).trim();
  return TITLE.test(rest) ? { role: rest, constituency: null, party } : { role: null, constituency: rest || null, party };
}

/** A person label "Mr. X (…)" or "Mr. X", for members, witnesses and the names inside office labels. */
function readPerson(label: string, raw: string, witnessType: boolean): SpeakerLabel {
  const [name, inside] = splitParens(label);
  if (inside === null)
    return { raw, name: name || null, role: null, constituency: null, party: null, kind: witnessType ? 'witness' : 'member' };
  const member = witnessType ? null : readMemberParens(inside);
  if (member) return { raw, name, ...member, kind: 'member' };
  // Parentheses without a party: a witness's title and organisation.
  return { raw, name, role: inside, constituency: null, party: null, kind: 'witness' };
}

/**
 * `type` is the Affiliation's Type attribute: 28 marks a witness (openparliament's reading of the
 * codes; the other values mix offices and roles and are not relied on).
 */
export function readSpeakerLabel(printed: string, type: string | null = null): SpeakerLabel | null {
  const raw = printed
    .replace(/\s+/g, ' ')
    .replace(/\s*:\s*$/, '')
    .trim();
  if (!raw) return null;
  const [head, inside] = splitParens(raw);
  if (COLLECTIVE.test(raw)) return { raw, name: null, role: null, constituency: null, party: null, kind: 'collective' };
  if (PRESIDING.test(head) || OFFICIAL.test(head)) {
    const kind: SpeakerKind = PRESIDING.test(head) ? 'presiding' : 'official';
    const who = inside ? readPerson(inside, raw, false) : null;
    return { raw, name: who?.name ?? null, role: head, constituency: who?.constituency ?? null, party: who?.party ?? null, kind };
  }
  return readPerson(raw, raw, type === '28');
}
