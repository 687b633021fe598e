// A PDF's text as lines of positioned cells, through pdf.js (Mozilla's PDF reader, its Node build):
// the legislatures that publish only PDF print division lists in columns, and only the x position of
// each run of text tells "Calahoo Stonehouse | Haji | Sabir" (three members) from two.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

/** A run of text inside a cell, with its own position. */
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

/** One run of text as pdf.js places it on its page: left edge, baseline, width and font size. Runs
 *  saved by others as text (a scraper's extraction) may lack the font and the page's width. */
export interface PdfTextRun {
  page: number;
  x: number;
  y: number;
  width: number;
  size: number;
  text: string;
  font?: string;
  pageWidth?: number;
}

// Runs closer than this fraction of the font size are one cell (a word space); wider gaps are columns.
const CELL_GAP = 1.2;
// Runs whose baselines differ by less than this fraction of the font size are one line.
const SAME_LINE = 0.4;

/** Lines top to bottom, page by page; each line's cells left to right. */
export async function readPdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  return linesFromRuns(await readPdfRuns(bytes));
}

/** Every run of text in the PDF, in the order pdf.js gives them. */
export async function readPdfRuns(bytes: Uint8Array): Promise<PdfTextRun[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The standard fonts' metrics ship with the package; without them pdf.js warns on every page.
  const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl, verbosity: 0 })
    .promise;
  const runs: PdfTextRun[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const pageWidth = page.getViewport({ scale: 1 }).width;
      for (const it of (await page.getTextContent()).items) {
        if (!('str' in it) || (it as TextItem).str.trim() === '') continue;
        const t = it as TextItem;
        runs.push({
          page: n,
          x: t.transform[4],
          y: t.transform[5],
          width: t.width,
          size: Math.abs(t.transform[3]) || t.height || 10,
          text: t.str,
          font: t.fontName,
          pageWidth,
        });
      }
    }
  } finally {
    await pdf.destroy();
  }
  return runs;
}

/** Runs → lines: runs on one baseline are a line, runs close together on it one cell. A cell never
 *  spans one of `columnEdges` (x positions a caller knows columns start at). */
export function linesFromRuns(runs: PdfTextRun[], columnEdges: number[] = []): PdfLine[] {
  const lines: PdfLine[] = [];
  const pages = [...new Set(runs.map((r) => r.page))].sort((a, b) => a - b);
  for (const n of pages) {
    const onPage = runs.filter((it) => it.page === n && it.text.trim() !== '');
    // Runs saved without the page's width: the rightmost edge printed stands in for it.
    const pageWidth = onPage.find((it) => it.pageWidth)?.pageWidth ?? Math.max(0, ...onPage.map((it) => it.x + it.width));
    const rows: Array<{ y: number; size: number; items: PdfTextRun[] }> = [];
    for (const it of onPage) {
      const row = rows.find((r) => Math.abs(r.y - it.y) < SAME_LINE * Math.max(it.size, r.size));
      if (row) row.items.push(it);
      else rows.push({ y: it.y, size: it.size, items: [it] });
    }
    rows.sort((a, b) => b.y - a.y);
    for (const r of rows) {
      const cells: PdfCell[] = [];
      for (const it of [...r.items].sort((a, b) => a.x - b.x)) {
        const run: PdfRun = { text: it.text.replace(/\s+/g, ' ').trim(), x: it.x, right: it.x + it.width, font: it.font ?? '' };
        const last = cells.at(-1);
        if (last && it.x - last.right < CELL_GAP * r.size && !columnEdges.some((e) => last.x < e && it.x >= e)) {
          last.text = `${last.text}${it.x - last.right > 0.15 * r.size && !last.text.endsWith(' ') ? ' ' : ''}${it.text}`.replace(
            /\s+/g,
            ' ',
          );
          last.right = it.x + it.width;
          last.runs.push(run);
        } else cells.push({ ...run, text: it.text.replace(/\s+/g, ' '), runs: [run] }); // untrimmed: a run's trailing space joins the next
      }
      for (const c of cells) c.text = c.text.trim();
      lines.push({ page: n, pageWidth, y: r.y, cells, text: cells.map((c) => c.text).join(' ') });
    }
  }
  return lines;
}
