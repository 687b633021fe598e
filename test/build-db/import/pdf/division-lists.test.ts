// The PDF text path on a PDF generated here with pdf-lib in the layout of Alberta's Votes and
// Proceedings (no real publisher PDF is available to this repository's tests yet): the first
// division of 2024-12-03 (Bill 26's third-reading amendment, 35 for and 47 against as printed; the
// names are the members the Assembly listed), names in three columns at tab stops, a riding in
// brackets after a name or on the line below, the list broken by a page. One member dropped from
// a list must get the division refused.
import { describe, expect, test } from 'bun:test';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { readDivisions } from '../../../../build-db/import/pdf/division-lists.js';
import { readPdfLines } from '../../../../build-db/import/pdf/pdf-lines.js';

const FOR_AMENDMENT = [
  ['Al-Guneid', 'Elmeligi', 'Loyola'],
  ['Arcand-Paul', 'Eremenko', 'Metz'],
  ['Batten', 'Ganley', 'Notley'],
  ['Boparai', 'Goehring', 'Pancholi'],
  ['Brar', 'Gray', 'Renaud'],
  ['Calahoo Stonehouse', 'Haji', 'Sabir'],
  ['Ceci', 'Hayter', 'Schmidt'],
  ['Chapman', 'Hoffman', 'Shepherd'],
  ['Dach', 'Hoyle', 'Sigurdson'],
  [null, null, '(Edmonton-Riverview)'],
  ['Deol', 'Irwin', 'Sweet'],
  ['Eggen', 'Kasawski', 'Wright'],
  [null, null, '(Edmonton-Beverly-Clareview)'],
  ['Ellingson', 'Kayande', null],
];
const AGAINST_AMENDMENT = [
  ['Amery', 'Johnson', 'Schow'],
  ['Armstrong-Homeniuk', 'LaGrange', 'Schulz'],
  ['Boitchenko', 'Loewen', 'Sigurdson (Highwood)'],
  ['Bouchard', 'Long', 'Sinclair'],
  ['Cyr', 'Lovely', 'Singh'],
  ['de Jonge', 'Lunty', 'Smith'],
  ['Dreeshen', 'McDougall', 'Stephan'],
  ['Dyck', 'McIver', 'Turton'],
  ['Ellis', 'Nally', 'van Dijken'],
  ['Fir', 'Neudorf', 'Wiebe'],
  ['Getson', 'Nicolaides', 'Williams'],
  ['Glubish', 'Nixon', 'Wilson'],
  ['Guthrie', 'Petrovic', 'Wright'],
  [null, null, '(Cypress-Medicine Hat)'],
  ['Horner', 'Pitt', 'Yao'],
  ['Hunter', 'Rowswell', 'Yaseen'],
  ['Jean', 'Sawhney', null],
];
const TAB_STOPS = [72, 234, 396];

/** A Votes and Proceedings page set: prose, the two headed lists (the second on page 2), prose after. */
async function votesPdf(forRows: Array<Array<string | null>>, forTotal: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const line = (p: PDFPage, f: PDFFont, cells: Array<[number, string]>) => {
    for (const [x, t] of cells) p.drawText(t, { x, y, size: 11, font: f });
    y -= 14;
  };
  const prose = (t: string) => line(page, font, [[72, t]]);
  const list = (rows: Array<Array<string | null>>) => {
    for (const r of rows)
      line(
        page,
        font,
        r.flatMap((t, i) => (t ? [[TAB_STOPS[i], t] as [number, string]] : [])),
      );
  };
  prose('The question being put, the amendment was defeated on the voice vote. With Hon.');
  prose('Mr. Cooper in the Chair, the names being called for were taken as follows:');
  line(page, font, [[72, `For the amendment:  ${forTotal}`]]);
  list(forRows);
  page.drawText('6', { x: 300, y: 40, size: 11, font });
  page = doc.addPage([612, 792]);
  y = 740;
  line(page, font, [[72, 'Against the amendment:  47']]);
  list(AGAINST_AMENDMENT);
  prose('The question being immediately put, the motion for Third Reading was agreed to on the');
  return doc.save();
}

describe('division lists from a PDF in the Votes and Proceedings layout', () => {
  test('columns keep two-word names whole, ridings attach to their name, totals match', async () => {
    const { divisions, refused } = readDivisions(await readPdfLines(await votesPdf(FOR_AMENDMENT, 35)));
    expect(refused).toEqual([]);
    expect(divisions).toHaveLength(1);
    const [d] = divisions;
    expect(d.question).toBe('amendment');
    expect([d.yeas.length, d.nays.length]).toEqual([35, 47]);
    const yeas = d.yeas.map((n) => n.name);
    expect(yeas).toContain('Calahoo Stonehouse');
    expect(yeas).toContain('Haji');
    expect(yeas).toContain('Sabir');
    expect(d.yeas.find((n) => n.name === 'Sigurdson')!.riding).toBe('Edmonton-Riverview');
    expect(d.yeas.find((n) => n.name === 'Wright')!.riding).toBe('Edmonton-Beverly-Clareview');
    expect(d.nays.find((n) => n.name === 'Sigurdson')!.riding).toBe('Highwood');
    expect(d.nays.find((n) => n.name === 'Wright')!.riding).toBe('Cypress-Medicine Hat');
    expect(d.nays.map((n) => n.name)).toContain('de Jonge');
    expect(d.nays.map((n) => n.name)).toContain('van Dijken');
  });

  test('a list one name short of its printed total refuses the division, naming both figures', async () => {
    const short = FOR_AMENDMENT.map((r) => [...r]);
    short[13] = ['Ellingson', null, null]; // Kayande left out
    const { divisions, refused } = readDivisions(await readPdfLines(await votesPdf(short, 35)));
    expect(divisions).toEqual([]);
    expect(refused).toEqual([{ question: 'amendment', page: 1, reason: 'For the amendment: 34 names, 35 printed' }]);
  });
});
