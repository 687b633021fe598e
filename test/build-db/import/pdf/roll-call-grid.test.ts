// The PDF text path on real publisher PDFs: two official roll-call sheets of the New Mexico
// Legislature (2017), saved from a public repository's test data into /work/public-docs (see
// SOURCES.md there; never committed). No Canadian legislature's division PDF is held by any public
// repository reachable here, so these are the real PDFs the path is checked on. The answers are
// known apart from the reader: the House sheet prints its totals above the grid, the Senate sheet on
// a TOTAL row under it, and the Senate's No and Absent names are those openstates' own test lists.
// A copy of the House sheet with one mark added (pdf-lib) must be refused.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readPdfLines } from '../../../../build-db/import/pdf/pdf-lines.js';
import { type GridColumn, readRollCallGrids } from '../../../../build-db/import/pdf/roll-call-grid.js';
import { publicDoc } from '../../../helpers/public-docs.js';

const HOUSE = publicDoc('openstates+openstates-scrapers/scrapers/nm/tests/testData/2017_vote_house.pdf');
const SENATE = publicDoc('openstates+openstates-scrapers/scrapers/nm/tests/testData/2017_vote_senate.pdf');
const read = async (bytes: Uint8Array) => readRollCallGrids(await readPdfLines(bytes));
const column = (cols: GridColumn[], label: string) => cols.find((c) => c.label === label)!;

describe.skipIf(!HOUSE || !SENATE)('roll-call grids from real publisher PDFs (skipped when public-docs lacks them)', () => {
  test('the House sheet: every column adds up to the totals printed above the grid', async () => {
    const { divisions, refused } = await read(new Uint8Array(readFileSync(HOUSE!)));
    expect(refused).toEqual([]);
    expect(divisions).toHaveLength(1);
    const [d] = divisions;
    expect(d.head).toContain('SB 176');
    expect(d.columns.map((c) => [c.label, c.side, c.names.length, c.printed])).toEqual([
      ['YEA', 'yea', 37, 37],
      ['NAY', 'nay', 32, 32],
      ['EXCUSED', 'other', 1, 1],
      ['ABSENT', 'other', 0, 0],
    ]);
    // Both blocks of columns are read, names with initials and accents whole.
    expect(column(d.columns, 'EXCUSED').names).toEqual(['Salazar, Nick']);
    expect(column(d.columns, 'NAY').names).toContain('Gallegos, David');
    expect(column(d.columns, 'NAY').names).toContain('Larrañaga');
    expect(column(d.columns, 'YEA').names).toContain('Martínez, J.');
    expect(column(d.columns, 'YEA').names).toContain('Roybal Caballero');
  });

  test('the Senate sheet: totals on the TOTAL row; the No and Absent members as openstates lists them', async () => {
    const { divisions, refused } = await read(new Uint8Array(readFileSync(SENATE!)));
    expect(refused).toEqual([]);
    const [d] = divisions;
    expect(d.head).toContain('SENATE BILL 111');
    expect(column(d.columns, 'YES')).toMatchObject({ printed: 39 });
    expect(column(d.columns, 'YES').names).toHaveLength(39);
    expect(column(d.columns, 'NO')).toEqual(expect.objectContaining({ names: ['BRANDT', 'WOODS'], printed: 2 }));
    expect(column(d.columns, 'ABS')).toEqual(expect.objectContaining({ names: ['MOORES'], printed: 1 }));
  });

  test('a copy with one mark added (a member marked twice) is refused, naming both figures', async () => {
    const doc = await PDFDocument.load(readFileSync(HOUSE!));
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // Adkins voted Nay (the mark at x 178 on the row at y 603); an X under Yea on the same row.
    doc.getPage(0).drawText('X', { x: 153, y: 603, size: 10, font });
    const { divisions, refused } = await read(await doc.save());
    expect(divisions).toEqual([]);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBe('Adkins marked under YEA and NAY; YEA: 38 names, 37 printed');
  });
});
