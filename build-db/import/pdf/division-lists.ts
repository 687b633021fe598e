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
  printed: number;
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
const RIDING_ONLY = /^\(([^()]+)\)$/;
const PARTICLE = new Set(['de', 'van', 'von', 'der', 'den', 'du', 'la', 'le', 'st.']);
// A cell that is a surname (one to three words, each capitalised or a particle), a riding after it maybe.
const isNameCell = (text: string) => {
  const m = /^([^()]+?)(?:\s*\(([^()]+)\))?$/.exec(text);
  if (!m) return false;
  const words = m[1].trim().split(' ');
  return words.length <= 3 && words.every((w) => PARTICLE.has(w.toLowerCase()) || /^\p{Lu}[\p{L}'’.-]*$/u.test(w));
};
// A page number alone on a line (page breaks fall inside lists).
const isPageNumber = (text: string) => /^\d{1,3}$/.test(text.trim());

/** Every heading-and-names list in the lines, in order. */
export function readDivisionLists(lines: PdfLine[]): DivisionList[] {
  type Open = DivisionList & { columns: Array<{ x: number; last: ListedName | null }> };
  const lists: Open[] = [];
  let open: Open | null = null;
  for (const [index, line] of lines.entries()) {
    const heading = HEADING.exec(line.text.trim());
    if (heading) {
      open = {
        side: heading[1] === 'For' ? 'for' : 'against',
        question: heading[2],
        printed: Number(heading[3]),
        names: [],
        page: line.page,
        line: index,
        columns: [],
      };
      lists.push(open);
      continue;
    }
    if (!open) continue;
    if (isPageNumber(line.text)) continue;
    if (line.cells.every((c) => RIDING_ONLY.test(c.text))) {
      // A riding on its own line belongs to the name above it in the same column.
      for (const c of line.cells) {
        const col = nearest(open.columns, c.x);
        if (col?.last && !col.last.riding) col.last.riding = RIDING_ONLY.exec(c.text)![1];
      }
      continue;
    }
    if (!line.cells.every((c) => isNameCell(c.text))) {
      open = null;
      continue;
    }
    for (const c of line.cells) {
      const m = /^([^()]+?)(?:\s*\(([^()]+)\))?$/.exec(c.text)!;
      const name: ListedName = { name: m[1].trim(), riding: m[2]?.trim() ?? null };
      open.names.push(name);
      const col = open.columns.find((k) => Math.abs(k.x - c.x) < 20);
      if (col) col.last = name;
      else open.columns.push({ x: c.x, last: name });
    }
  }
  return lists.map(({ columns: _c, ...l }) => l);
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
          .map((l) => `${l.side === 'for' ? 'For' : 'Against'} the ${l.question}: ${l.names.length} names, ${l.printed} printed`)
          .join('; '),
      });
      continue;
    }
    divisions.push({ question: yes.question, page: yes.page, line: yes.line, yeas: yes.names, nays: no.names });
  }
  return { divisions, refused };
}
