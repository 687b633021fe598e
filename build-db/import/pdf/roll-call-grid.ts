// Roll-call sheets: a division printed as a grid, one member a row and an "X" under the column of
// their vote ("YEA NAY EXCUSED ABSENT", often two blocks of columns side by side), with the printed
// totals either above the grid ("YEAS: 37  NAYS: 32") or on a TOTAL row under its columns. A column
// is told by the position of its heading, so the mark's x decides the vote; a column whose marks do
// not add up to its printed total refuses the division, reported with both figures, never stored.
import type { PdfCell, PdfLine } from './pdf-lines.js';

export type GridSide = 'yea' | 'nay' | 'other';
const HEADINGS: Record<string, GridSide> = {
  YEA: 'yea',
  YES: 'yea',
  AYE: 'yea',
  NAY: 'nay',
  NO: 'nay',
  EXCUSED: 'other',
  EXC: 'other',
  ABSENT: 'other',
  ABS: 'other',
  REC: 'other',
};
export interface GridColumn {
  label: string;
  side: GridSide;
  names: string[];
  printed: number | null;
}
export interface GridDivision {
  page: number;
  /** The page's lines above the grid (chamber, bill, question, date), for the caller to read. */
  head: string[];
  columns: GridColumn[];
}
export interface GridRefused {
  page: number;
  head: string[];
  reason: string;
}

const MARK = /^x$/i;
const PRINTED = /^([A-Z]+):\s*(\d+)$/;
const centre = (r: { x: number; right: number }) => (r.x + r.right) / 2;

function nearestLabel(headings: Array<{ label: string; at: number }>, at: number): string {
  return headings.reduce((a, b) => (Math.abs(b.at - at) < Math.abs(a.at - at) ? b : a)).label;
}

/** Every roll-call grid in the lines: a heading line with two or more known column words starts one. */
export function readRollCallGrids(lines: PdfLine[]): { divisions: GridDivision[]; refused: GridRefused[] } {
  const divisions: GridDivision[] = [];
  const refused: GridRefused[] = [];
  for (const [i, line] of lines.entries()) {
    const headings = line.cells
      .flatMap((c) => c.runs)
      .filter((r) => r.text.toUpperCase() in HEADINGS)
      .map((r) => ({ label: r.text.toUpperCase(), at: centre(r) }));
    if (new Set(headings.map((h) => h.label)).size < 2) continue;
    const above = lines.slice(0, i).filter((l) => l.page === line.page);
    const head = above.map((l) => l.text);
    const columns = new Map<string, GridColumn>();
    for (const h of headings)
      if (!columns.has(h.label)) columns.set(h.label, { label: h.label, side: HEADINGS[h.label], names: [], printed: null });
    // Totals above the grid: "YEAS: 37" names its column by the heading word it begins with.
    for (const l of above)
      for (const c of l.cells) {
        const m = PRINTED.exec(c.text);
        const col = m && [...columns.values()].find((k) => m[1].toUpperCase().startsWith(k.label));
        if (m && col) col.printed = Number(m[2]);
      }
    const problems: string[] = [];
    const marked = new Map<string, string>();
    for (const row of lines.slice(i + 1)) {
      if (row.page !== line.page) break;
      const marks = row.cells.filter((c) => MARK.test(c.text));
      if (!marks.length) {
        // A TOTAL row: each figure counts for the column heading nearest above it.
        if (/^TOTAL\b/i.test(row.text))
          for (const c of row.cells.filter((k) => /^\d+$/.test(k.text)))
            columns.get(nearestLabel(headings, centre(c)))!.printed = Number(c.text);
        break;
      }
      for (const mark of marks) {
        const name = nameLeftOf(row.cells, mark);
        if (!name) {
          problems.push(`a mark on page ${row.page} with no name before it`);
          continue;
        }
        const label = nearestLabel(headings, centre(mark));
        if (marked.has(name)) problems.push(`${name} marked under ${marked.get(name)} and ${label}`);
        marked.set(name, label);
        columns.get(label)!.names.push(name);
      }
    }
    const cols = [...columns.values()];
    if (cols.every((c) => c.printed === null)) problems.push('no printed totals');
    for (const c of cols)
      if (c.printed !== null && c.names.length !== c.printed) problems.push(`${c.label}: ${c.names.length} names, ${c.printed} printed`);
    if (problems.length) refused.push({ page: line.page, head, reason: problems.join('; ') });
    else divisions.push({ page: line.page, head, columns: cols });
  }
  return { divisions, refused };
}

/** The member a mark belongs to: the nearest cell to its left that is not itself a mark. */
function nameLeftOf(cells: PdfCell[], mark: PdfCell): string | null {
  const before = cells.filter((c) => c.right <= mark.x && !MARK.test(c.text));
  return before.at(-1)?.text ?? null;
}
