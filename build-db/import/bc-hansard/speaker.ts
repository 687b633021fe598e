// The speaker label that opens a turn: one or more name spans, then a colon. The label is split
// across spans in the wild ("Hon. " + "Ravi Parmar"; "Á’a" + ":líya Warbus"; "Debra Toporowski" +
// " / " + "Qwulti’stunaat"), the colon sits in a Bold span, in the name span ("Deputy Speaker:")
// or in its own name span, so the leading spans are joined and only a trailing colon is dropped.
import { isTag, isText, type AnyNode } from 'domhandler';
import { hasKind, type Element } from './document.js';
import { rawTextOf, textOf } from '../html-text.js';

export interface SpeakerLine {
  /** The label as printed, without the colon: "Hon. Niki Sharma", "The Speaker", "Hon. Wendy Cocchia (Lieutenant Governor)". */
  raw: string;
  /** The person's name for identity matching: the label without a parenthesised role. */
  name: string;
  /** A printed role: the parenthesised part, or the presiding title itself. */
  role: string | null;
  presiding: boolean;
  /** The rest of the paragraph: the first words of the speech (may be empty). */
  text: string;
}

// "The Speaker", "Mr. Speaker", "Madam Speaker", "Deputy Speaker", "The Assistant Deputy Speaker",
// "The Chair", "Deputy Chair", "The Acting Speaker": titles of whoever presides, not a person's name.
const PRESIDING = /^(?:the\s+|mr\.?\s+|madam\s+|madame\s+)?(?:acting\s+)?(?:assistant\s+)?(?:deputy\s+)?(?:speaker|chair)$/i;

const isBlank = (n: AnyNode) => isText(n) && !n.data.trim();
const isAnchor = (n: AnyNode) => isTag(n) && n.name === 'a' && !textOf(n); // finals: <a class="Heading"></a> before the name
const isNameSpan = (n: AnyNode): n is Element => isTag(n) && n.name === 'span' && hasKind(n, 'speakername');
const isColonSpan = (n: AnyNode): n is Element =>
  isTag(n) && n.name === 'span' && hasKind(n, 'bold') && /^\s*:?\s*$/.test(textOf(n) || ' ');

/** The speaker label at the start of a paragraph, or null when it does not start with one. */
export function readSpeakerLine(p: Element): SpeakerLine | null {
  const kids = p.children;
  let i = 0;
  while (i < kids.length && (isBlank(kids[i]) || isAnchor(kids[i]))) i++;
  if (i >= kids.length || !isNameSpan(kids[i])) return null;
  const parts: string[] = [];
  for (; i < kids.length; i++) {
    const n = kids[i];
    if (isNameSpan(n)) parts.push(rawTextOf(n));
    else if (isColonSpan(n)) parts.push(':');
    else break;
  }
  let joined = parts.join('').replace(/\s+/g, ' ').trim();
  // Words inside the name span after "Name: " are speech, not name (a colon inside a name, as in
  // "Á’a:líya", has no space after it).
  const spill = /^(.*?):\s+(\S.*)$/.exec(joined);
  if (spill) joined = spill[1];
  const label = joined.replace(/\s*:\s*$/, '').trim();
  if (!label) return null;
  const paren = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(label);
  const name = (paren ? paren[1] : label).trim();
  const presiding = PRESIDING.test(name);
  const text = [spill?.[2] ?? '', textOf(kids.slice(i))].filter(Boolean).join(' ');
  return { raw: label, name, role: paren ? paren[2].trim() : presiding ? name : null, presiding, text };
}
