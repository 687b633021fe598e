// Alberta's Votes and Proceedings through the PDF text path, import and build. The PDF is written
// here with pdf-lib in the publisher's layout (no real V&P PDF is available to the tests yet): the
// head of the sitting of 2024-12-03 and its first division (Bill 26's third-reading amendment, 35 for
// and 47 against as printed), then a second division whose "for" list is one name short of its
// printed total. The roster rows (Alberta's markup, mids as the Assembly's) cover the names that
// need a riding to be told apart and a few more; the others stay unlinked and are reported.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { abMembersImporter } from '../../../build-db/import/ab-assembly/members.js';
import { abVotesImporter } from '../../../build-db/import/ab-assembly/votes.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';
import { abRosterRow } from '../../helpers/ab-roster.js';

type Row = Array<string | null>;
const FOR: Row[] = [
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
const AGAINST: Row[] = [
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

async function votesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const put = (cells: Array<[number, string]>) => {
    for (const [x, t] of cells) page.drawText(t, { x, y, size: 11, font });
    y -= 14;
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
  };
  const prose = (t: string) => put([[72, t]]);
  const list = (rows: Row[]) => {
    for (const r of rows) put(r.flatMap((t, i) => (t ? [[[72, 234, 396][i], t] as [number, string]] : [])));
  };
  for (const t of [
    'Legislative Assembly',
    'Province of Alberta',
    'No. 77',
    'VOTES AND PROCEEDINGS',
    'First Session Thirty-First Legislature',
    'Tuesday, December 3, 2024',
    'The Speaker took the Chair at 1:30 p.m.',
  ])
    prose(t);
  prose('On the motion that the following Bill be now read a Third time:');
  prose('Bill 26 Health Statutes Amendment Act, 2024 (No. 2) — Hon. Min. LaGrange');
  prose('The question being put, the amendment was defeated on the voice vote. With Hon.');
  prose('Mr. Cooper in the Chair, the names being called for were taken as follows:');
  prose('For the amendment:  35');
  list(FOR);
  prose('Against the amendment:  47');
  list(AGAINST);
  prose('On the motion that the following Bill be now read a Third time:');
  prose('Bill 27 Education Amendment Act, 2024 — Hon. Mr. Nicolaides');
  prose('For the amendment:  35');
  list(FOR.slice(0, -1)); // the last row (Ellingson, Kayande) left out: 33 names under a printed 35
  prose('Against the amendment:  47');
  list(AGAINST);
  prose('The following Bills were read a Third time and passed:');
  return doc.save();
}

const ROSTER = `<table>${[
  abRosterRow('0875', 'Sigurdson, Honourable Lori', 'NDP', 'Edmonton-Riverview'),
  abRosterRow('0945', 'Sigurdson, Honourable R.J.', 'UC', 'Highwood'),
  abRosterRow('0971', 'Wright, Ms Peggy', 'NDP', 'Edmonton-Beverly-Clareview'),
  abRosterRow('0982', 'Wright, Honourable Justin', 'UC', 'Cypress-Medicine Hat'),
  abRosterRow('0958', 'Calahoo Stonehouse, Member Jodi', 'NDP', 'Edmonton-Rutherford'),
  abRosterRow('0963', 'Haji, Mr. Sharif', 'NDP', 'Edmonton-Decore'),
  abRosterRow('0871', 'Sabir, Honourable Irfan', 'NDP', 'Calgary-Bhullar-McCall'),
  abRosterRow('0924', 'LaGrange, Honourable Adriana', 'UC', 'Red Deer-North'),
].join('\n')}</table>`;

describe('ab-votes: divisions from a Votes and Proceedings PDF', () => {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-ab-votes-'));
  let app: ImportedApp;
  beforeAll(async () => {
    mkdirSync(join(dir, 'ab-members'));
    mkdirSync(join(dir, 'ab-votes'));
    writeFileSync(join(dir, 'ab-members', 'members-legl-31.html'), ROSTER);
    writeFileSync(join(dir, 'ab-votes', 'vp-20241203.pdf'), await votesPdf());
    app = await importBuildServe([abMembersImporter, abVotesImporter], (i) => join(dir, i.datasetDir));
    // Import and build on a shared 2-core machine: beyond the 5 s default under load.
  }, 60_000);
  afterAll(() => {
    app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // bill_number is dropped by reconcile when no part holds that bill; the motion text keeps it.
  test('the division matching its printed totals is stored with every position; the short one is refused', () => {
    const votes = readFileSync(join(app.into, 'votes.ab-votes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({
      key: 'ab/vote/31-1/2024-12-03/1',
      session_key: 'ab/session/31-1',
      motion_text: 'On the amendment (Bill 26)',
      result: 'defeated',
      ayes: 35,
      nays: 47,
      occurred_at: '2024-12-03T13:30:00-07:00',
    });
    expect(votes[0].positions).toHaveLength(82);
    const entry = app.report.importers.find((e) => e.kind === 'ab-votes')!;
    expect(entry.stats).toMatchObject({ divisions: 1, divisions_refused: 1 });
    const refused = app.report.skipped.find((s) => s.reason === 'division refused: names do not add up to the printed totals')!;
    expect(refused.detail).toBe('For the amendment: 33 names, 35 printed');
  });

  test('voters linked by surname and the printed riding; a name no roster row has stays unlinked', () => {
    const [vote] = readFileSync(join(app.into, 'votes.ab-votes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    const by = (raw: string) => vote.positions.find((p: Json) => p.politician_name_raw === raw);
    expect(by('Sigurdson (Edmonton-Riverview)')).toMatchObject({ politician_key: 'ab-assembly/member/0875', position: 'yea' });
    expect(by('Sigurdson (Highwood)')).toMatchObject({ politician_key: 'ab-assembly/member/0945', position: 'nay' });
    expect(by('Wright (Edmonton-Beverly-Clareview)').politician_key).toBe('ab-assembly/member/0971');
    expect(by('Wright (Cypress-Medicine Hat)').politician_key).toBe('ab-assembly/member/0982');
    expect(by('Calahoo Stonehouse').politician_key).toBe('ab-assembly/member/0958');
    expect(by('Haji').politician_key).toBe('ab-assembly/member/0963');
    expect(by('LaGrange')).toMatchObject({ politician_key: 'ab-assembly/member/0924', position: 'nay' });
    expect(by('Notley').politician_key).toBeNull();
    expect(vote.positions.filter((p: Json) => p.politician_key).length).toBe(8);
  });

  test('built: the AB coverage row counts the division', async () => {
    const ab = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'AB');
    expect(ab).toMatchObject({ votes_status: 'partial', votes_count: 1 });
  });
});
