// Recorded divisions printed as column lists of surnames under a heading with the printed total
// (Alberta's Votes and Proceedings: "For the motion: 47", then three columns; a riding that tells two
// members apart sits in brackets after the name or on the line below it). A list whose names do not
// add up to its printed total is refused: reported with both figures, never stored.
import type { PdfLine } from './pdf-lines.js';

export interface ListedName {
  name: string;
  riding: string | null;
}
export interface DivisionList {
  side: 'for' | 'against';
  question: string;
  /** null when the heading prints no total. */
  printed: number | null;
  names: ListedName[];
  page: number;
  /** Index of the heading among the lines read, so a caller can look back for the question. */
  line: number;
}
export interface Division {
  question: string;
  page: number;
  line: number;
  yeas: ListedName[];
  nays: ListedName[];
}
export interface RefusedDivision {
  question: string;
  page: number;
  reason: string;
}

const HEADING = /^(For|Against) the (.+?):\s*(\d+)$/;
// A heading whose total was left out in print ("Against the amendment", 2012-12-03): read, so that the
// division is refused for it rather than its names run into the list above.
const HEADING_UNCOUNTED = /^(For|Against) the (motion|amendment|subamendment|sub-amendment):?$/;
const RIDING_ONLY = /^\(([^()]+)\)$/;
const PARTICLE = new Set(['de', 'van', 'von', 'der', 'den', 'du', 'la', 'le', 'st.']);
// A cell that is a surname (one to three words, each capitalised or a particle), a riding after it maybe.
const isNameCell = (text: string) => {
  const m = /^([^()]+?)(?:\s*\(([^()]+)\))?$/.exec(text);
  if (!m) return false;
  const words = m[1].trim().split(' ');
  return words.length <= 3 && words.every((w) => PARTICLE.has(w.toLowerCase()) || /^\p{Lu}[\p{L}'’.-]*$/u.test(w));
};
// Letters set apart ("G a n l e y") and a surname broken by spacing ("La rivee", "Swee t") are
// whole again: after a capitalised word, a lower-case piece that is no particle is the same word.
export function mendName(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^(?:\p{L} )+\p{L}$/u.test(t)) return t.replace(/ /g, '');
  const words: string[] = [];
  for (const w of t.split(' ')) {
    const last = words.at(-1);
    if (last && /^\p{Ll}/u.test(w) && !PARTICLE.has(w.toLowerCase()) && /\p{L}$/u.test(last)) words[words.length - 1] = last + w;
    else words.push(w);
  }
  return words.join(' ');
}
// A page number alone on a line (page breaks fall inside lists).
const isPageNumber = (text: string) => /^\d{1,3}$/.test(text.trim());

/** Every heading-and-names list in the lines, in order. */
export function readDivisionLists(lines: PdfLine[]): DivisionList[] {
  type Open = DivisionList & { columns: Array<{ x: number; last: ListedName | null }>; font: string | null };
  const lists: Open[] = [];
  let open: Open | null = null;
  for (const [index, line] of lines.entries()) {
    const heading = HEADING.exec(line.text.trim()) ?? HEADING_UNCOUNTED.exec(line.text.trim());
    if (heading) {
      open = {
        side: heading[1] === 'For' ? 'for' : 'against',
        question: heading[2],
        printed: heading[3] === undefined ? null : Number(heading[3]),
        names: [],
        page: line.page,
        line: index,
        columns: [],
        font: null,
      };
      lists.push(open);
      // "Against the motion: 0": no names follow, and the next line is whatever comes after the division.
      if (open.printed === 0) open = null;
      continue;
    }
    if (!open) continue;
    if (isPageNumber(line.text)) continue;
    // A riding alone in its column belongs to the name above it there; the other columns may go on
    // with their next names on the same line ("(Leduc-Beaumont) | Feehan | McKitrick", 2017-12-13).
    const ridings = line.cells.filter((c) => RIDING_ONLY.test(c.text));
    const names = line.cells.filter((c) => !RIDING_ONLY.test(c.text));
    // The names are set in one font; a heading after the list ("Adjournment") is not, though it reads like a name.
    const fonts = new Set(names.map((c) => c.runs[0]?.font));
    if (
      !names.every((c) => isNameCell(mendName(c.text))) ||
      (ridings.length && !open.columns.length) ||
      fonts.size > 1 ||
      (open.font !== null && names.length > 0 && !fonts.has(open.font))
    ) {
      open = null;
      continue;
    }
    if (names.length) open.font ??= names[0].runs[0]?.font ?? null;
    for (const c of ridings) {
      const col = nearest(open.columns, c.x);
      if (col?.last && !col.last.riding) col.last.riding = RIDING_ONLY.exec(c.text)![1];
    }
    for (const c of names) {
      const m = /^([^()]+?)(?:\s*\(([^()]+)\))?$/.exec(mendName(c.text))!;
      const name: ListedName = { name: m[1].trim(), riding: m[2]?.trim() ?? null };
      open.names.push(name);
      const col = open.columns.find((k) => Math.abs(k.x - c.x) < 20);
      if (col) col.last = name;
      else open.columns.push({ x: c.x, last: name });
    }
  }
  return lists.map(({ columns: _c, font: _f, ...l }) => l);
}

function nearest<T extends { x: number }>(cols: T[], x: number): T | undefined {
  return [...cols].sort((a, b) => Math.abs(a.x - x) - Math.abs(b.x - x))[0];
}

/** Lists paired into divisions ("For the motion" then "Against the motion"); a count that disagrees with its printed total refuses the division. */
export function readDivisions(lines: PdfLine[]): { divisions: Division[]; refused: RefusedDivision[] } {
  const lists = readDivisionLists(lines);
  const divisions: Division[] = [];
  const refused: RefusedDivision[] = [];
  for (let i = 0; i < lists.length; i++) {
    const yes = lists[i];
    const no = lists[i + 1];
    if (yes.side !== 'for' || !no || no.side !== 'against' || no.question !== yes.question) {
      refused.push({
        question: yes.question,
        page: yes.page,
        reason: `"${yes.side === 'for' ? 'For' : 'Against'} the ${yes.question}" without its other side`,
      });
      continue;
    }
    i++;
    const wrong = [yes, no].filter((l) => l.names.length !== l.printed);
    if (wrong.length) {
      refused.push({
        question: yes.question,
        page: yes.page,
        reason: wrong
          .map(
            (l) =>
              `${l.side === 'for' ? 'For' : 'Against'} the ${l.question}: ${l.names.length} names, ${l.printed === null ? 'no total' : l.printed} printed`,
          )
          .join('; '),
      });
      continue;
    }
    divisions.push({ question: yes.question, page: yes.page, line: yes.line, yeas: yes.names, nays: no.names });
  }
  return { divisions, refused };
}
