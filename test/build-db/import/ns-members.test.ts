// Nova Scotia's member list and Hansard divisions together: the list written here by hand in the
// markup of nslegislature.ca's table of the 65th General Assembly (its dates under the heading, rows
// "Surname, [Hon.] First" linked to the profile, party, district; a few of the Assembly's members),
// the sitting page a short division in the Hansard markup. Voters link by the full name printed,
// on the sitting's day; "Tom Taggar" (printed so) is no member's name and stays unlinked.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nsHansardImporter } from '../../../build-db/import/ns-hansard/index.js';
import { nsMembersImporter } from '../../../build-db/import/ns-hansard/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const member = (slug: string, label: string, party: string, riding: string) => `          <tr  class="odd">
                  <td  class="views-field views-field-ns-leg-sortable-mla-name active">
            <a href="/members/profiles/${slug}/history">${label}</a>          </td>
                  <td  class="views-field views-field-field-party">
            <span class="party-name"><span class="party-name-color party-name-pc"></span>${party}</span>          </td>
                  <td  class="views-field views-field-field-constituency-name">
            ${riding}          </td>
              </tr>`;
const LIST = `<h1>MLAs </h1>
<div class="panel-pane pane-ns-leg-mla-list-header"  >
  <h2 class="paragraph-header">Assembly 65</h2>November 26, 2024 - September 18, 2026
  </div>
<div class="view-content">
      <table  class="views-table cols-3">
         <thead>
      <tr>
                  <th  class="views-field views-field-ns-leg-sortable-mla-name active" scope="col">Name</th>
                  <th  class="views-field views-field-field-party" scope="col">Party</th>
                  <th  class="views-field views-field-field-constituency-name" scope="col">Electoral District</th>
              </tr>
    </thead>
    <tbody>
${[
  member('tim-houston', 'Houston, Hon. Tim', 'PC', 'Pictou East'),
  member('claudia-chender', 'Chender, Claudia', 'NDP', 'Dartmouth South'),
  member('colton-leblanc', 'LeBlanc, Hon. Colton', 'PC', 'Argyle'),
  member('susan-leblanc', 'Leblanc, Susan', 'NDP', 'Dartmouth North'),
].join('\n')}
    </tbody>
  </table>
</div>`;
const said = (who: string, text: string) =>
  `\t\t\t<p>  <a name="x0001"></a><a href="/members/speaker/" title="View Profile">${who}</a> <a href="#x" title="Previous">&laquo;</a> <a href="#x" title="Next">&raquo;</a> : ${text}</p>\n`;
const SITTING = `<html><body>${said('THE SPEAKER', 'The motion is for third reading of Bill No. 6.')}\t\t\t<p>[5:34 p.m.]</p>
<table>
<TR><td><b>YEAS  </b> </td><td><b>NAYS</b></td></tr>
<tr><td>Hon.  Tim Houston</td><td>Claudia Chender</td></tr>
<tr><td>Hon.  Colton LeBlanc</td><td>Susan Leblanc</td></tr>
<tr><td>Tom  Taggar</td><td>&nbsp;</td></tr>
</table>
${said('THE CLERK', 'For, 3. Against, 2.')}${said('THE SPEAKER', 'The motion is carried.')}</body></html>`;

describe('ns-members with ns-hansard', () => {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-ns-members-'));
  let app: ImportedApp;
  beforeAll(async () => {
    mkdirSync(join(dir, 'ns-members'));
    mkdirSync(join(dir, 'ns-hansard', 'assembly-65-session-1'), { recursive: true });
    writeFileSync(join(dir, 'ns-members', 'members-assembly-65.html'), LIST);
    writeFileSync(join(dir, 'ns-hansard', 'assembly-65-session-1', 'house_25mar25.htm'), SITTING);
    app = await importBuildServe([nsMembersImporter, nsHansardImporter], (i) => join(dir, i.datasetDir));
  }, 60_000);
  afterAll(() => {
    app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("members keyed by profile slug, one term over the Assembly's printed dates", () => {
    const people = readFileSync(join(app.into, 'politicians.ns-members.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(people).toHaveLength(4);
    const houston = people.find((p) => p.key === 'ns-leg/member/tim-houston')!;
    expect(houston).toMatchObject({
      name: 'Tim Houston',
      honorific: 'Hon.',
      party: 'PC',
      constituency_name: 'Pictou East',
      is_active: false,
    });
    expect(houston.terms).toEqual([
      expect.objectContaining({ start_at: '2024-11-26T00:00:00-04:00', end_at: '2026-09-18T00:00:00-03:00', parliament_number: 65 }),
    ]);
  });

  test('voters linked by full name on the day; LeBlanc and Leblanc kept apart; a misprint left unlinked', () => {
    const [vote] = readFileSync(join(app.into, 'votes.ns-hansard.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    const by = Object.fromEntries(vote.positions.map((p: Json) => [p.politician_name_raw, p.politician_key]));
    expect(by).toEqual({
      'Hon. Tim Houston': 'ns-leg/member/tim-houston',
      'Hon. Colton LeBlanc': 'ns-leg/member/colton-leblanc',
      'Tom Taggar': null,
      'Claudia Chender': 'ns-leg/member/claudia-chender',
      'Susan Leblanc': 'ns-leg/member/susan-leblanc',
    });
  });
});
