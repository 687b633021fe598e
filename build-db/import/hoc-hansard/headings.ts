// Headings as the reader sees them. Order-of-business titles are printed in capitals in some years
// ("ORAL QUESTIONS") and in title case in others; the running head (<CatchLine>) has the title-case
// form, so it is preferred when it says the same thing. A <CatchLine> inside a subject marks a new
// stretch of business within the order of business ("Points of Order" after Oral Questions,
// "Business of the House", "Privilege"): the walk keeps it as the running head.
import { fold } from '../../../src/core/domain/text.js';

const letters = (s: string) => fold(s).replace(/[^a-z]/g, '');
const SMALL = new Set([
  'of',
  'and',
  'the',
  'by',
  'to',
  'in',
  'on',
  'for',
  'a',
  'an',
  'de',
  'des',
  'du',
  'la',
  'le',
  'les',
  'et',
  'aux',
  'au',
  'en',
]);

function titleCase(s: string): string {
  return s
    .toLowerCase()
    .split(' ')
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

// Typographic apostrophes made plain, so "Private Members’ Business" and "Private Members' Business" are one heading.
const tidy = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').replace(/[’‘]/g, "'").trim();

/** An order of business's label: its title (title-cased when printed in capitals), else its catch line. */
export function orderOfBusinessLabel(title: string | null, catchLine: string | null): string | null {
  const t = tidy(title),
    c = tidy(catchLine);
  if (!t) return c || null;
  if (t !== t.toUpperCase()) return t;
  return c && letters(c) === letters(t) ? c : titleCase(t);
}

/** Whether a heading names that order of business, in either language. */
export const isOralQuestions = (h: string | null) =>
  !!h && ['oralquestions', 'questionsorales', 'oralquestionperiod', 'periodedesquestionsorales'].includes(letters(h));
export const isMembersStatements = (h: string | null) => !!h && ['statementsbymembers', 'declarationsdedeputes'].includes(letters(h));

/** "Petitions" + "Air Transportation" → "Petitions — Air Transportation". */
export function subjectLabel(title: string | null, qualifier: string | null): string | null {
  const parts = [tidy(title), tidy(qualifier)].filter(Boolean);
  return parts.length ? parts.join(' — ') : null;
}

export { tidy };
