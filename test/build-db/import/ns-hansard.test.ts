// Nova Scotia Hansard divisions through import and build. The sitting page is written here by hand
// in nslegislature.ca's markup (speaker paragraphs with profile links, "[5:34 p.m.]" clock lines, the
// YEAS/NAYS table continued after a page break in a second table whose cells are not closed, THE
// CLERK's count, THE SPEAKER's result): Bill 6's third reading of 25 March 2025, 39 for and 11
// against as the Clerk counted, the names as the Assembly printed them ("Tom Taggar" included).
// A second, hand-altered roll one name short of its count must be refused.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clerkCount, readNsDivisions } from '../../../build-db/import/ns-hansard/divisions.js';
import { nsHansardImporter, sittingDate } from '../../../build-db/import/ns-hansard/index.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const FIRST: Array<[string, string]> = [
  ['Hon.  Brian Comer', 'Claudia Chender'],
  ['Hon.  Nolan Young', 'Susan Leblanc'],
  ['Hon.  Kim Masland', 'Lisa Lachance'],
  ['Hon. John Lohr', 'Hon. Derek  Mombourquette'],
  ['Hon. Brendan Maguire', 'Hon. Iain  Rankin'],
  ['Hon.  Tim Houston', 'Elizabeth Smith-McCrossin'],
  ['Hon.  Barbara Adams', 'Paul Wozney'],
  ['Hon.  Michelle Thompson', 'Suzy Hansen'],
  ['Hon.  Fred Tilley', 'Kendra Coombes'],
  ['Hon.  Dave Ritcey', 'Krista Gallagher'],
  ['Hon.  Twila Grosse', 'Lina Hamid'],
  ['Tom  Taggar', '&nbsp;'],
];
const REST = [
  'Hon.  Brad Johns',
  'Marco  MacLeod',
  'Hon.  Susan Corkum-Greek',
  'Hon.  Leah Martin',
  'Chris  Palmer',
  'Melissa  Sheehy-Richard',
  'Hon.  Brian Wong',
  'John  A. MacDonald',
  'John  White',
  'Kyle  MacQuarrie',
  'Tim  Outhit',
  'Rick  Burns',
  'Julie  Vanexan',
  'Dianne  Timmins',
  'David  Bowlby',
  'Nick  Hilton',
  'Hon.  Timothy Halman',
  'Hon.  Scott Armstrong',
  'Hon.  Jill Balser',
  'Hon.  Colton LeBlanc',
  'Hon.  Kent Smith',
  'Hon.  Tory Rushton',
  'Hon.  Trevor Boudreau',
  'Hon.  Greg Morrow',
  'Ryan  Robicheau',
  'Damian  Stoilov',
  'Danny  MacGillivray',
];
const said = (who: string, slug: string, text: string) =>
  `\t\t\t<p>  <a name="${slug}0103"></a><a href="/members/speaker/" title="View Profile">${who}</a> <a href="#${slug}0102" title="Previous">&laquo;</a> <a href="#${slug}0104" title="Next">&raquo;</a> : ${text}</p>\n`;
const division = (
  rest: string[],
  bill: string,
) => `${said('THE SPEAKER', 'speaker', `The motion is for third reading of Bill No. ${bill}.`)}\t\t\t<p>  There  has been a request for a recorded vote.</p>
\t\t\t<p>[5:29 p.m.]</p>
\t\t\t<p>[The Division bells were rung.]</p>
\t\t\t<p>  [The  Clerk called the roll.]</p>
\t\t\t<p>[5:34 p.m.]</p>
<table>
<TR><td><b>YEAS  </b> </td><td><b>NAYS</b></td></tr>
${FIRST.map(([y, n]) => `<tr><td>${y}</td><td>${n}</td></tr>`).join('\n')}
</table>
\t\t\t<p><a name=HPage1550></a>[<a href="#IPage1550">Page 1550</a>]</p>
<table>
${rest.map((y) => `<tr><td>${y}<td>&nbsp;</td></tr>`).join('\n')}
</table>
\t\t\t<p>  </p>
${said('THE CLERK', 'clerk', 'For, 39. Against, 11.')}${said('THE SPEAKER', 'speaker', 'The motion is carried.')}`;
const PAGE = `<html><body>
\t\t\t<p>  <a name="tory-rushton0027"></a><a href="/members/profiles/tory-rushton" class="hsd_mla" title="View Profile">HON. TORY RUSHTON</a> <a href="#tory-rushton0026" title="Previous">&laquo;</a> <a href="#tory-rushton0028" title="Next">&raquo;</a> : With that, I move to close Bill No. 6.</p>
${division(REST, '6')}${division(REST.slice(1), '99')}</body></html>`;

describe('ns-hansard: divisions from a sitting page', () => {
  // The site names a sitting YYmonDD: its listing links house_26apr09 as "2026-Apr-9" and
  // house_24feb27a (a part letter); a copy suffix too (house_26mar25-0, listed as 2026-Mar-26, so a
  // date printed on the page wins over the name).
  test('file names date the sitting (YYmonDD, part letters and copy suffixes)', () => {
    expect(sittingDate('house_25mar25.htm')).toBe('2025-03-25');
    expect(sittingDate('house_26apr09.htm')).toBe('2026-04-09');
    expect(sittingDate('house_24feb27a.htm')).toBe('2024-02-27');
    expect(sittingDate('house_26mar25-0.htm')).toBe('2026-03-25');
    expect(sittingDate('house_96oct15.htm')).toBe('1996-10-15');
    expect(sittingDate('house_26feb99.htm')).toBeNull();
  });

  test("the roll across two tables adds up to the Clerk's count; the short one is refused", () => {
    const { divisions, refused } = readNsDivisions(PAGE);
    expect(divisions).toHaveLength(1);
    const [d] = divisions;
    expect(d).toMatchObject({
      question: 'The motion is for third reading of Bill No. 6.',
      bill: '6',
      minutes: 17 * 60 + 34,
      result: 'passed',
      printed: { for: 39, against: 11 },
    });
    expect([d.yeas.length, d.nays.length]).toEqual([39, 11]);
    expect(d.yeas).toContain('Hon. Tim Houston');
    expect(d.yeas.at(-1)).toBe('Danny MacGillivray');
    expect(d.nays).toContain('Claudia Chender');
    expect(refused).toEqual([
      {
        question: 'The motion is for third reading of Bill No. 99.',
        reason: '38 yeas and 11 nays listed, the Clerk counted 39 for and 11 against',
      },
    ]);
  });

  describe('through import and build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canpol-ns-'));
    let app: ImportedApp;
    beforeAll(async () => {
      mkdirSync(join(dir, 'assembly-65-session-1'), { recursive: true });
      writeFileSync(join(dir, 'assembly-65-session-1', 'house_25mar25.htm'), PAGE);
      app = await importBuildServe([nsHansardImporter], () => dir);
    }, 60_000);
    afterAll(() => {
      app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('one vote with 50 positions, the page URL, the Halifax clock; the refusal reported', async () => {
      const [vote] = readFileSync(join(app.into, 'votes.ns-hansard.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Json);
      expect(vote).toMatchObject({
        key: 'ns/vote/65-1/2025-03-25/1',
        session_key: 'ns/session/65-1',
        result: 'passed',
        ayes: 39,
        nays: 11,
        occurred_at: '2025-03-25T17:34:00-03:00',
        source_url: 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_25mar25',
      });
      expect(vote.positions).toHaveLength(50);
      expect(app.report.skipped.filter((s) => s.reason.startsWith('division refused'))).toHaveLength(1);
      const ns = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'NS');
      expect(ns).toMatchObject({ votes_status: 'partial', votes_count: 1 });
      expect(ns.notes).toContain('bills: a Socrata JSON API');
    });
  });
});

describe("ns-hansard: the Clerk's count in the forms printed since 2010", () => {
  test('each form read; abstentions and prose are not a count', () => {
    expect(clerkCount('For, 39. Against, 11.')).toEqual(['39', '11']);
    expect(clerkCount('For, 28, Against 12.')).toEqual(['28', '12']);
    expect(clerkCount('For, 23. Against. 23. (Applause)')).toEqual(['23', '23']);
    expect(clerkCount('Those in favour of the motion, 31; those against, 17.')).toEqual(['31', '17']);
    expect(clerkCount('Yays, 47. Nays, 0.')).toEqual(['47', '0']);
    expect(clerkCount('For, 28. Nay, 17. Abstentions, 1.')).toBeNull();
    expect(clerkCount('For the record, I was against it.')).toBeNull();
  });
});
