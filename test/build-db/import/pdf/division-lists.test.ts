// The PDF text path on a PDF generated here with pdf-lib in the layout of Alberta's Votes and
// Proceedings (no real publisher PDF is available to this repository's tests yet): the first
// division of 2024-12-03 (Bill 26's third-reading amendment, 35 for and 47 against as printed; the
// names are the members the Assembly listed), names in three columns at tab stops, a riding in
// brackets after a name or on the line below, the list broken by a page. One member dropped from
// a list must get the division refused.
import { describe, expect, test } from 'bun:test';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
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

// Layouts of real Votes and Proceedings the pdf-lib fixture above does not have, as text extractions
// of the publisher's PDFs show them (thejoycething-code/parl-monitor, tests/fixtures/prov/
// ab_vp_20171213_split.txt, ab_vp_20151026_heading.txt, ab_vp_20190523_glasgo_nixon.txt,
// ab_vp_20121203_nototal.txt): written here with pdf-lib, names and totals as printed there.
type Cell = [number, string, ('regular' | 'bold')?];
async function layoutPdf(lines: Cell[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.TimesRoman), bold: await doc.embedFont(StandardFonts.TimesRomanBold) };
  let page = doc.addPage([612, 792]);
  let y = 740;
  for (const cells of lines) {
    for (const [x, t, f] of cells) {
      // "La rivee": the publisher's spacing splits a surname; drawn as two runs a small gap apart.
      const [a, b] = t.split('|');
      page.drawText(a, { x, y, size: 11, font: fonts[f ?? 'regular'] });
      if (b) page.drawText(b, { x: x + fonts.regular.widthOfTextAtSize(a, 11) + 3, y, size: 11, font: fonts.regular });
    }
    y -= 14;
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
  }
  return doc.save();
}
const rows = (rs: Array<Array<string | null>>, stops = TAB_STOPS): Cell[][] =>
  rs.map((r) => r.flatMap((t, i) => (t ? [[stops[i], t] as Cell] : [])));
// A long riding in the middle column ("Nixon (Rimbey-Rocky Mtn. House-Sundre)") needs the columns wider apart.
const WIDE = [72, 200, 440];
const prose = (t: string, f: 'regular' | 'bold' = 'regular'): Cell[] => [[72, t, f]];

describe('Votes and Proceedings layouts met in the publisher PDFs', () => {
  test('2017-12-13: a riding alone under its name while the other columns go on; a surname split by spacing', async () => {
    const { divisions, refused } = readDivisions(
      await readPdfLines(
        await layoutPdf([
          prose('For the motion:  35'),
          ...rows([['Anderson', null, null]]),
          ...rows([
            ['(Leduc-Beaumont)', 'Feehan', 'McKitrick'],
            ['Babcock', 'Fitzpatrick', 'McLean'],
            ['Carlier', 'Hinkley', 'Miller'],
            ['Carson', 'Horne', 'Miranda'],
            ['Ceci', 'Jansen', 'Piquette'],
            ['Connolly', 'Kazim', 'Rosendahl'],
            ['Coolahan', 'Kleinsteuber', 'Schreiner'],
            ['Cortes-Vargas', 'La|rivee', 'Shepherd'],
            ['Dach', 'Littlewood', 'Sucha'],
            ['Dang', 'Luff', 'Westhead'],
            ['Drever', 'Malkinson', 'Woollard'],
            ['Eggen', 'Mason', null],
          ]),
          prose('Against the motion:  20'),
          ...rows([
            ['Barnes', 'Hanson', 'Pitt'],
            ['Clark', 'Hunter', 'Schneider'],
            ['Cooper', 'Loewen', 'Smith'],
            ['Cyr', 'McIver', 'Starke'],
            ['Drysdale', 'McPherson', 'Strankman'],
            ['Gill', 'Orr', 'van Dijken'],
            ['Gotfried', 'Panda', null],
          ]),
          prose('The following Bill was read a Third time and passed:'),
        ]),
      ),
    );
    expect(refused).toEqual([]);
    expect([divisions[0].yeas.length, divisions[0].nays.length]).toEqual([35, 20]);
    expect(divisions[0].yeas[0]).toEqual({ name: 'Anderson', riding: 'Leduc-Beaumont' });
    expect(divisions[0].yeas.map((n) => n.name)).toContain('Larivee');
    expect(divisions[0].yeas.find((n) => n.name === 'Feehan')!.riding).toBeNull();
  });

  test('2015-10-26: a bold heading after the last list is not a name', async () => {
    const { divisions, refused } = readDivisions(
      await readPdfLines(
        await layoutPdf([
          prose('For the motion:  56'),
          ...rows([
            ['Anderson (Leduc-Beaumont)', 'Gotfried', 'Miranda'],
            ['Babcock', 'Gray', 'Nielsen'],
            ['Bilous', 'Hinkley', 'Payne'],
            ['Carlier', 'Hoffman', 'Phillips'],
            ['Carson', 'Horne', 'Piquette'],
            ['Ceci', 'Jabbour', 'Renaud'],
            ['Connolly', 'Jansen', 'Rodney'],
            ['Coolahan', 'Kazim', 'Rosendahl'],
            ['Cortes-Vargas', 'Kleinsteuber', 'Sabir'],
            ['Dach', 'Littlewood', 'Schmidt'],
            ['Dang', 'Loyola', 'Schreiner'],
            ['Drever', 'Luff', 'Shepherd'],
            ['Drysdale', 'Malkinson', 'Starke'],
            ['Eggen', 'Mason', 'Sucha'],
            ['Ellis', 'McIver', 'Sweet'],
            ['Feehan', 'McKitrick', 'Turner'],
            ['Fitzpatrick', 'McLean', 'Westhead'],
            ['Ganley', 'McPherson', 'Woollard'],
            ['Goehring', 'Miller', null],
          ]),
          prose('Against the motion:  9'),
          ...rows([
            ['Aheer', 'Fildebrandt', 'Panda'],
            ['Cooper', 'Hunter', 'Pitt'],
            ['Cyr', 'Loewen', 'van Dijken'],
          ]),
          prose('Intersessional Deposits', 'bold'),
          prose('Pursuant to Standing Order 38.1(3), the following documents were deposited with the'),
        ]),
      ),
    );
    expect(refused).toEqual([]);
    expect([divisions[0].yeas.length, divisions[0].nays.length]).toEqual([56, 9]);
    expect(divisions[0].nays.map((n) => n.name)).not.toContain('Intersessional Deposits');
  });

  test('2019-05-23: "Against the motion: 0" takes no names, whatever follows it', async () => {
    const FOR_80 = [
      'Aheer Horner Reid',
      'Allard Hunter Renaud',
      'Amery Irwin Rosin',
      'Armstrong-Homeniuk Issik Rowswell',
      'Barnes Jones Rutherford',
      'Bilous Kenney Sabir',
      'Carson LaGrange Savage',
      'Ceci Loewen Schow',
      'Copping Long Schulz',
      'Dach Lovely Schweitzer',
      'Dang Loyola Shandro',
      'Deol Luan Shepherd',
      'Dreeshen Madu Sigurdson',
    ].map((r) => r.split(' '));
    const { divisions, refused } = readDivisions(
      await readPdfLines(
        await layoutPdf([
          prose('For the motion:  80'),
          ...rows(FOR_80, WIDE),
          ...rows([[null, null, '(Edmonton-Riverview)']], WIDE),
          ...rows(
            [
              ['Eggen', 'McIver', 'Sigurdson (Highwood)'],
              ['Ellis', 'Milliken', 'Singh'],
              ['Feehan', 'Nally', 'Smith'],
              ['Fir', 'Neudorf', 'Stephan'],
              ['Ganley', 'Nicolaides', 'Sweet'],
              ['Getson', 'Nielsen', 'Toews'],
              ['Glasgo', 'Nixon', null],
              [null, '(Calgary-Klein)', 'Toor'],
              ['Glubish', 'Nixon (Rimbey-Rocky Mtn. House-Sundre)', 'Turton'],
              ['Goehring', 'Orr', 'van Dijken'],
              ['Goodridge', 'Pancholi', 'Walker'],
              ['Gotfried', 'Panda', 'Wilson'],
              ['Gray', 'Phillips', 'Yao'],
              ['Hanson', 'Pitt', 'Yaseen'],
              ['Hoffman', 'Pon', null],
            ],
            WIDE,
          ),
          prose('Against the motion:  0'),
          // The heading's font in the PDF is not known here; set like the names, only the zero total ends the list.
          prose('Adjournment'),
          prose('On motion by Hon. Mr. Nixon, Government House Leader, that it be called 12:00 p.m.,'),
        ]),
      ),
    );
    expect(refused).toEqual([]);
    expect([divisions[0].yeas.length, divisions[0].nays.length]).toEqual([80, 0]);
    const nixons = divisions[0].yeas.filter((n) => n.name === 'Nixon').map((n) => n.riding);
    expect(nixons).toEqual(['Calgary-Klein', 'Rimbey-Rocky Mtn. House-Sundre']);
  });

  test('2012-12-03: a list printed without its total refuses the division, saying so', async () => {
    const { divisions, refused } = readDivisions(
      await readPdfLines(
        await layoutPdf([
          prose('For the amendment:  9'),
          ...rows([
            ['Anglin', 'Donovan', 'McAllister'],
            ['Barnes', 'Eggen', 'Pedersen'],
            ['Bikman', 'Hehr', 'Saskiw'],
          ]),
          prose('Against the amendment'),
          ...rows([
            ['Bhardwaj', 'Fritz', 'McDonald'],
            ['Bhullar', 'Griffiths', 'Oberle'],
            ['Cao', 'Hancock', 'Pastoor'],
            ['Casey', 'Hughes', 'Rodney'],
            ['Cusanelli', 'Jansen', 'Sandhu'],
            ['Denis', 'Johnson', null],
            [null, '(Calgary-Glenmore)', 'Scott'],
            ['Dorward', 'Klimchuk', 'Starke'],
            ['Drysdale', 'Lemke', 'Webber'],
            ['Fenske', 'Leskiw', 'Woo-Paw'],
            ['Fraser', 'Luan', null],
          ]),
        ]),
      ),
    );
    expect(divisions).toEqual([]);
    expect(refused).toEqual([{ question: 'amendment', page: 1, reason: 'Against the amendment: 29 names, no total printed' }]);
  });
});
