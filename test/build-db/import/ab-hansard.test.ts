// Alberta Hansard through the PDF text path, import, build and search. No real Alberta Hansard PDF is
// held by a public repository reachable here, so the test writes one with pdf-lib in the publisher's
// layout, as a saved text extraction of the 2024-12-03 sitting shows it (a public repository's fixture,
// thejoycething-code/parl-monitor tests/fixtures/prov/ab_hansard_241203_trim.txt): a cover, the
// officers' lines of the members' list, running heads, "Title: …", two text columns, "head: …"
// headings, "Label:" turns, indented paragraphs, times in the text, "[The Deputy Speaker in the
// chair]", a division list with its totals, words split at a line's end. The wording is the test's
// own. The roster rows are Alberta's markup; the mids are the test's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { abHansardImporter } from '../../../build-db/import/ab-assembly/hansard.js';
import { abMembersImporter } from '../../../build-db/import/ab-assembly/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';
import { abRosterRow } from '../../helpers/ab-roster.js';

const SIZE = 10;
const LEFT = 54;
const RIGHT = 318;
const INDENT = 12;

/** Lines of one column: a leading tab (\t) indents a paragraph's first line. */
function column(page: PDFPage, font: PDFFont, x: number, top: number, lines: string[]) {
  let y = top;
  for (const l of lines) {
    const time = /^(\d{1,2}:\d{2}) {2}(.*)$/.exec(l);
    if (time) {
      page.drawText(time[1], { x, y, size: SIZE, font });
      page.drawText(time[2], { x: x + 40, y, size: SIZE, font });
    } else if (l.startsWith('\t')) page.drawText(l.slice(1), { x: x + INDENT, y, size: SIZE, font });
    else page.drawText(l, { x, y, size: SIZE, font });
    y -= 13;
  }
}
function centred(page: PDFPage, font: PDFFont, y: number, text: string) {
  page.drawText(text, { x: (612 - font.widthOfTextAtSize(text, SIZE)) / 2, y, size: SIZE, font });
}

async function hansardPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const cover = doc.addPage([612, 792]);
  for (const [i, t] of [
    'Province of Alberta',
    'The 31st Legislature',
    'First Session',
    'Alberta Hansard',
    'Tuesday afternoon, December 3, 2024',
    'Day 77',
    'The Honourable Nathan M. Cooper, Speaker',
  ].entries())
    centred(cover, font, 600 - i * 20, t);
  const list = doc.addPage([612, 792]);
  centred(list, font, 740, 'Legislative Assembly of Alberta');
  centred(list, font, 726, 'The 31st Legislature First Session');
  for (const [i, t] of [
    'Cooper, Hon. Nathan M., Olds-Didsbury-Three Hills (UC), Speaker',
    // A long office wraps onto the next line.
    'Armstrong-Homeniuk, Jackie, Fort Saskatchewan-Vegreville (UC), Deputy Speaker and Chair of',
    'Committees',
    'de Jonge, Chantelle, Chestermere-Strathmore (UC), Deputy Chair of Committees',
  ].entries())
    centred(list, font, 700 - i * 13, t);
  column(list, font, LEFT, 650, ['Al-Guneid, Nagwan, Calgary-Glenmore (NDP)', 'Amery, Hon. Mickey K., Calgary-Cross (UC)']);
  column(list, font, RIGHT, 650, [
    'Hoyle, Rhiannon, Edmonton-South (NDP)',
    'Nicolaides, Hon. Demetrios, Calgary-Bow (UC)',
    'Nixon, Hon. Jason, Rimbey-Rocky Mountain House-Sundre (UC)',
  ]);

  const p3 = doc.addPage([612, 792]);
  p3.drawText('December 3, 2024', { x: LEFT, y: 760, size: SIZE, font });
  centred(p3, font, 760, 'Alberta Hansard');
  p3.drawText('2287', { x: 536, y: 760, size: SIZE, font });
  centred(p3, font, 740, 'Legislative Assembly of Alberta');
  centred(p3, font, 727, 'Title: Tuesday, December 3, 2024 1:30 p.m.');
  centred(p3, font, 714, '1:30 p.m. Tuesday, December 3, 2024');
  column(p3, font, LEFT, 690, [
    '[The Speaker in the chair]',
    'head: Prayers',
    'The Speaker: Let us ask for wisdom in the work',
    'of this Assembly today. Amen.',
    '\tPlease be seated.',
    'head: Introduction of Guests',
    'The Speaker: The hon. Member for Edmonton-',
    'South.',
    'Member Hoyle: Thank you, Mr. Speaker. I am',
    'pleased to introduce students from a school in my',
    'constituency. Please rise and receive the warm wel-',
    'come of the Assembly.',
    'head: Oral Question Period',
    'Ms Pancholi: Mr. Speaker, my question is about',
    'the funding of classrooms in growing schools.',
  ]);
  column(p3, font, RIGHT, 690, [
    'Mr. Nicolaides: Thank you, Mr. Speaker. The',
    'funding of classrooms grows again this year.',
    '[The Deputy Speaker in the chair]',
    'head: Government Bills and Orders',
    'Third Reading',
    'Bill 27',
    'Education Amendment Act, 2024',
    '3:50  The Deputy Speaker: The hon. Minister of',
    'Education has the call.',
    'For the motion:',
    'Amery Hoyle Nicolaides',
    'Against the motion:',
    'Al-Guneid Pancholi',
    'Totals: For – 3 Against – 2',
    '[Motion carried; Bill 27 read a third time]',
    'The Acting Speaker: Order, please. The hon.',
  ]);
  const p4 = doc.addPage([612, 792]);
  // This page's running head does not cross the middle: read in columns, it comes apart.
  p4.drawText('2288 Alberta Hansard', { x: LEFT, y: 760, size: SIZE, font });
  p4.drawText('December 3, 2024', { x: 480, y: 760, size: SIZE, font });
  column(p4, font, LEFT, 730, [
    'Member for Calgary-Glenmore.',
    'An Hon. Member: Hear, hear.',
    'head: Members’ Statements',
    'Mr. Kasawski: A statement on roads.',
    'Mr. Nixon: A point of order, Mr. Speaker.',
  ]);
  return doc.save();
}

const ROSTER = `<table>${[
  abRosterRow('0901', 'Cooper, Honourable Nathan', 'UC', 'Olds-Didsbury-Three Hills'),
  abRosterRow('0902', 'Armstrong-Homeniuk, Ms Jackie', 'UC', 'Fort Saskatchewan-Vegreville'),
  abRosterRow('0903', 'Hoyle, Member Rhiannon', 'NDP', 'Edmonton-South'),
  abRosterRow('0904', 'Pancholi, Ms Rakhi', 'NDP', 'Edmonton-Whitemud'),
  abRosterRow('0905', 'Nicolaides, Honourable Demetrios', 'UC', 'Calgary-Bow'),
  abRosterRow('0906', 'Nixon, Honourable Jason', 'UC', 'Rimbey-Rocky Mountain House-Sundre'),
].join('\n')}</table>`;
// An earlier legislature's roster in the bundle too: a second Nixon, who does not sit in the 31st.
const ROSTER_30 = `<table>${abRosterRow('0907', 'Nixon, Mr. Jeremy', 'UC', 'Calgary-Klein').replace('legl=31', 'legl=30')}</table>`;

describe('ab-hansard: speeches from a Hansard PDF in two columns', () => {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-ab-hansard-'));
  let app: ImportedApp;
  const speeches = () =>
    readFileSync(join(app.into, 'speeches.ab-hansard.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
  beforeAll(async () => {
    mkdirSync(join(dir, 'ab-members'));
    mkdirSync(join(dir, 'ab-hansard'));
    writeFileSync(join(dir, 'ab-members', 'members-legl-31.html'), ROSTER);
    writeFileSync(join(dir, 'ab-members', 'members-legl-30.html'), ROSTER_30);
    writeFileSync(join(dir, 'ab-hansard', '20241203_1330_01_han.pdf'), await hansardPdf());
    app = await importBuildServe([abMembersImporter, abHansardImporter], (i) => join(dir, i.datasetDir));
  }, 60_000);
  afterAll(() => {
    app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('turns in reading order (left column, then right, then the next page), paragraphs and split words joined', () => {
    const s = speeches();
    expect(s.map((x) => x.speaker_name_raw)).toEqual([
      'The Speaker',
      'The Speaker',
      'Member Hoyle',
      'Ms Pancholi',
      'Mr. Nicolaides',
      'The Deputy Speaker',
      'The Acting Speaker',
      'An Hon. Member',
      'Mr. Kasawski',
      'Mr. Nixon',
    ]);
    expect(s[0]).toMatchObject({
      key: 'ab/speech/2024-12-03/1330/1',
      session_key: 'ab/session/31-1',
      text: 'Let us ask for wisdom in the work of this Assembly today. Amen.\n\nPlease be seated.',
      order_of_business: 'Prayers',
      spoken_at: '2024-12-03T13:30:00-07:00',
      language: 'en',
      speech_type: 'presiding',
    });
    expect(s[1].text).toBe('The hon. Member for Edmonton-South.');
    expect(s[2].text).toBe(
      'Thank you, Mr. Speaker. I am pleased to introduce students from a school in my constituency. Please rise and receive the warm welcome of the Assembly.',
    );
    expect(s[3]).toMatchObject({ speech_type: 'question_period', order_of_business: 'Oral Question Period' });
    // The bill's heading is no one's words; the time printed beside the Deputy Speaker's turn is 3:50 p.m.
    expect(s[4].text).toBe('Thank you, Mr. Speaker. The funding of classrooms grows again this year.');
    expect(s[5]).toMatchObject({
      text: 'The hon. Minister of Education has the call.',
      subject: 'Bill 27, Education Amendment Act, 2024',
      spoken_at: '2024-12-03T15:50:00-07:00',
    });
    // The division list is not speech; the turn after it runs on over the page break.
    expect(s.some((x) => /Against the motion|Totals/.test(x.text))).toBe(false);
    expect(s[6].text).toBe('Order, please. The hon. Member for Calgary-Glenmore.');
    expect(s.every((x) => !/Alberta Hansard|2288/.test(x.text))).toBe(true);
    // The rubric as printed, with its typographic apostrophe.
    expect(s[8]).toMatchObject({ order_of_business: "Members' Statements", speech_type: 'statement' });
  });

  test('members linked by surname, presiding officers by office through the members list; the rest reported', () => {
    const s = speeches();
    const key = (raw: string) => s.find((x) => x.speaker_name_raw === raw)!.politician_key;
    expect(key('The Speaker')).toBe('ab-assembly/member/0901');
    expect(key('The Deputy Speaker')).toBe('ab-assembly/member/0902');
    expect(key('Member Hoyle')).toBe('ab-assembly/member/0903');
    expect(key('Ms Pancholi')).toBe('ab-assembly/member/0904');
    expect(key('Mr. Nicolaides')).toBe('ab-assembly/member/0905');
    expect(s.find((x) => x.speaker_name_raw === 'The Acting Speaker')).toMatchObject({ politician_key: null, is_presiding: true });
    expect(key('An Hon. Member')).toBeNull();
    expect(key('Mr. Kasawski')).toBeNull();
    // Two Nixons in the bundle; the sitting's members' list names one, for Rimbey-Rocky Mountain House-Sundre.
    expect(key('Mr. Nixon')).toBe('ab-assembly/member/0906');
    const entry = app.report.importers.find((e) => e.kind === 'ab-hansard')!;
    expect(entry.stats).toMatchObject({ sittings: 1, speeches: 10, speeches_linked: 7 });
    expect(entry.skipped_by_reason['speaker unlinked: presiding officer not named']).toBe(1);
  });

  test('built: the AB coverage row counts the speeches, and they are found by search', async () => {
    const ab = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'AB');
    expect(ab).toMatchObject({ hansard_status: 'partial', speeches_count: 10 });
    const found = await app.get('/search/speeches?q=classrooms&province_territory=AB');
    expect(found.items).toHaveLength(2);
    const said = JSON.stringify(found.items);
    expect(said).toContain('Pancholi');
    expect(said).toContain('Nicolaides');
  });
});
