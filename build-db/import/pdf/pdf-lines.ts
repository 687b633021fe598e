// A PDF's text as lines of positioned cells, through pdf.js (Mozilla's PDF reader, its Node build):
// the legislatures that publish only PDF print division lists in columns, and only the x position of
// each run of text tells "Calahoo Stonehouse | Haji | Sabir" (three members) from two.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

export interface PdfRun {
  text: string;
  x: number;
  right: number;
  /** pdf.js's name for the run's font: a bold heading after a list of names is told by it. */
  font: string;
}
export interface PdfCell extends PdfRun {
  /** The runs of text the cell joins, each with its own position: a roll-call sheet's column headings
   *  ("YEA NAY EXCUSED ABSENT") sit closer than a column gap, and only these tell where each column is. */
  runs: PdfRun[];
}
export interface PdfLine {
  page: number;
  /** The page's width, for readers that split a page into its text columns. */
  pageWidth: number;
  y: number;
  cells: PdfCell[];
  text: string;
}

// Runs closer than this fraction of the font size are one cell (a word space); wider gaps are columns.
const CELL_GAP = 1.2;
// Runs whose baselines differ by less than this fraction of the font size are one line.
const SAME_LINE = 0.4;

/** Lines top to bottom, page by page; each line's cells left to right. */
export async function readPdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The standard fonts' metrics ship with the package; without them pdf.js warns on every page.
  const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl, verbosity: 0 })
    .promise;
  const lines: PdfLine[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const pageWidth = page.getViewport({ scale: 1 }).width;
      const items = (await page.getTextContent()).items.filter((i): i is TextItem => 'str' in i && i.str.trim() !== '');
      const rows: Array<{ y: number; size: number; items: TextItem[] }> = [];
      for (const it of items) {
        const y = it.transform[5];
        const size = Math.abs(it.transform[3]) || it.height || 10;
        const row = rows.find((r) => Math.abs(r.y - y) < SAME_LINE * Math.max(size, r.size));
        if (row) row.items.push(it);
        else rows.push({ y, size, items: [it] });
      }
      rows.sort((a, b) => b.y - a.y);
      for (const r of rows) {
        const cells: PdfCell[] = [];
        for (const it of [...r.items].sort((a, b) => a.transform[4] - b.transform[4])) {
          const x = it.transform[4];
          const run = { text: it.str.replace(/\s+/g, ' ').trim(), x, right: x + it.width, font: it.fontName };
          const last = cells.at(-1);
          if (last && x - last.right < CELL_GAP * r.size) {
            last.text = `${last.text}${x - last.right > 0.15 * r.size && !last.text.endsWith(' ') ? ' ' : ''}${it.str}`.replace(
              /\s+/g,
              ' ',
            );
            last.right = x + it.width;
            last.runs.push(run);
          } else cells.push({ ...run, runs: [run] });
        }
        for (const c of cells) c.text = c.text.trim();
        lines.push({ page: n, pageWidth, y: r.y, cells, text: cells.map((c) => c.text).join(' ') });
      }
    }
  } finally {
    await pdf.destroy();
  }
  return lines;
}
