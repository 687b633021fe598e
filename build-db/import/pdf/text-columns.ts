// Pages set in two text columns (Alberta Hansard): pdf-lines reads across the page, so one line holds
// the left column's words and the right column's. This puts them in reading order: down the left
// column, then down the right, with a line that crosses the middle (a running head, a title) closing
// the columns above it and read where it stands.
import type { PdfCell, PdfLine } from './pdf-lines.js';

// A cell reaching this far past the middle crosses it (column gutters are wider than this).
const SLACK = 2;

export function inReadingOrder(lines: PdfLine[]): PdfLine[] {
  const out: PdfLine[] = [];
  let left: PdfLine[] = [];
  let right: PdfLine[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  let page = 0;
  for (const line of lines) {
    if (line.page !== page) {
      flush();
      page = line.page;
    }
    const mid = line.pageWidth / 2;
    if (line.cells.some((c) => c.x < mid - SLACK && c.right > mid + SLACK)) {
      flush();
      out.push(line);
      continue;
    }
    const part = (cells: PdfCell[]): PdfLine => ({ ...line, cells, text: cells.map((c) => c.text).join(' ') });
    const l = line.cells.filter((c) => c.right <= mid + SLACK);
    const r = line.cells.filter((c) => c.right > mid + SLACK);
    if (l.length) left.push(part(l));
    if (r.length) right.push(part(r));
  }
  flush();
  return out;
}
