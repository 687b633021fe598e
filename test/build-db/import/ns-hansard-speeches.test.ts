// Nova Scotia Hansard speeches. The sitting below is written by hand in the markup of
// nslegislature.ca's transcript pages, as a saved copy of the 24 February 2026 sitting shows it
// (RiddimSoftware/epac, ios/epacTests/Fixtures/Hansard/NovaScotia/house_26feb24.html: the canonical
// link, `div.hsd_body`, the centred head with the date, the opening time and the Speaker's name,
// speaker paragraphs `<a name="…"></a><a href="/members/profiles/{slug}">NAME</a> « » : text`, the
// Speaker's `/members/speaker/` link, bold order-of-business lines, centred bold subject lines, the
// bills introduced as bold lines, "[Page N]" and "[1:15 p.m.]" lines, blockquoted petitions); the words
// are shortened from that sitting. The profile slug
// "john-.-lohr" is the page's own (the roster's is "john-a.-lohr"): that member links by name.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nsHansardImporter } from '../../../build-db/import/ns-hansard/index.js';
import { nsMembersImporter } from '../../../build-db/import/ns-hansard/members.js';
import { readNsSitting, readNsSpeaker } from '../../../build-db/import/ns-hansard/turns.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const nav = (a: string) => ` <a href="#${a}" title="Previous">&laquo;</a> <a href="#${a}" title="Next">&raquo;</a> `;
const mla = (anchor: string, slug: string, label: string, text: string) =>
  `\t\t\t<p>  <a name="${anchor}"></a><a href="/members/profiles/${slug}" class="hsd_mla" title="View Profile">${label}</a>${nav(anchor)}:  ${text}</p>\n`;
const chair = (anchor: string, label: string, text: string) =>
  `\t\t\t<p>  <a name="${anchor}"></a><a href="/members/speaker/" title="View Profile">${label}</a>${nav(anchor)}: ${text}</p>\n`;
const PAGE = `<!DOCTYPE html>
<html  lang="en" dir="ltr">
<head>
<link rel="canonical" href="https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26feb24" />
  <title>Nova Scotia Legislature - Hansard - Assembly 65, Session 1 - Tuesday, February 24, 2026</title>
</head>
<body>
\t<div class="hansard_header">
\t\t\t<p class="hansard_title">Speaker: Honourable Danielle Barkhouse </p>
\t\t\t<p class="hansard_title">TUESDAY, FEBRUARY 24, 2026</p>
\t\t</div>
\t\t<table id="hansard_toc">
\t\t\t<tr>
\t\t\t\t<td class="indent10"><div class="leader"><span class="leader"><a name="susan-leblanc0001"></a><a href="/members/profiles/susan-leblanc" class="hsd_mla" title="View Profile"> S. Leblanc</a> <a href="#susan-leblanc0002" title="Next">&raquo;</a> </span></div></td>
\t\t\t\t<td class="page_no"><a  name=IPage2339></a><a href="#HPage2339">2339</a></td>
\t\t\t</tr>
\t\t</table>
\t\t<h3>&nbsp;</h3>
\t\t<div class="hsd_body">
\t\t\t<p class="hsd_center"></p>    <p class=MsoNormal align=center style='text-align:center'>&nbsp;</p>
\t\t\t<p><a name=HPage2340></a>[<a href="#IPage2340">Page  2340</a>]</p>
\t\t\t<p class="hsd_center"><b>HALIFAX, TUESDAY, FEBRUARY 24, 2026</b></p>
\t\t\t<p class="hsd_center"><b>Sixty-fifth General Assembly</b></p>
\t\t\t<p class="hsd_center"><b>First Session</b></p>
\t\t\t<p class="hsd_center"><b>1:06 P.M.</b></p>
\t\t\t<p class="hsd_center">SPEAKER</p>
\t\t\t<p class="hsd_center">Hon. Danielle Barkhouse</p>
\t\t\t<p class="hsd_center">DEPUTY SPEAKERS</p>
\t\t\t<p class="hsd_center">Marco MacLeod, Tom Taggart, Julie Vanexan</p>
${chair('speaker0005', 'THE SPEAKER', " Order, please. We'll begin the Daily Routine. ")}\t\t\t<p>  <b>PRESENTING AND  READING PETITIONS</b></p>
${chair('speaker0006', 'THE SPEAKER', 'The  honourable member for Dartmouth North.')}${mla('susan-leblanc0005', 'susan-leblanc', ' SUSAN LEBLANC', 'Speaker, I beg leave to table a petition, the operative clause </p>\n\t\t\t<p>of which reads as follows:')}\t\t\t<blockquote>We the undersigned call on the Nova  Scotia Legislature to pass legislation that provides sustainable ongoing  funding for public libraries.</blockquote>
\t\t\t<p><a name=HPage2341></a>[<a href="#IPage2341">Page  2341</a>]</p>
\t\t\t<p>  Speaker, there are  648 signatures on this petition.</p>
${chair('speaker0007', 'THE SPEAKER', 'The  petition is tabled.')}\t\t\t<p>[1:15 p.m.]</p>
\t\t\t<p><b>STATEMENTS  BY MINISTERS</b></p>
${mla('john-a.-lohr-0004', 'john-.-lohr', 'HON. JOHN LOHR', 'Speaker, I rise today to pay tribute to Neil Robert Ferguson, K.C., the former  Chief Clerk of this Legislature.')}${chair('speaker0019', 'THE SPEAKER', ' Please rise.')}\t\t\t<p>  [A moment of  silence was observed.]</p>
${mla('tim-houston0005', 'tim-houston', ' THE PREMIER', 'Speaker, I beg leave to table a report entitled <i>Final Report of the 2025  Nova Scotia Electoral Boundaries Commission</i>.')}\t\t\t<p>  <b>INTRODUCTION OF  BILLS</b></p>
\t\t\t<p>  <b>Bill No. 193 -  An Act Respecting Energy. (Hon. Tim Houston)</b></p>
\t\t\t<p><b>ORAL QUESTIONS PUT BY MEMBERS TO MINISTERS</b></p>
\t\t\t<p>  The honourable Leader of the Official Opposition.</p>
\t\t\t<p class="hsd_center"><b>PREM.: LIBRARY FUNDING -&nbsp;INCREASE</b></p>
${mla('claudia-chender0010', 'claudia-chender', 'CLAUDIA CHENDER', 'Will the Premier fund public libraries?')}${mla('tim-houston0006', 'tim-houston', 'HON. TIM HOUSTON (The Premier)', 'Speaker, libraries matter to every community.')}\t\t\t<p>HON. MEMBERS: Hear, hear!</p>
${chair('speaker0030', 'THE DEPUTY SPEAKER', 'Order, please.')}</div>
</body></html>`;

const member = (slug: string, label: string, party: string, riding: string) =>
  `<tr><td class="views-field"><a href="/members/profiles/${slug}/history">${label}</a></td><td>${party}</td><td>${riding}</td></tr>`;
const ROSTER = `<h2 class="paragraph-header">Assembly 65</h2>November 26, 2024 - September 18, 2026
<table  class="views-table cols-3"><thead><tr><th>Name</th><th>Party</th><th>Electoral District</th></tr></thead><tbody>
${[
  member('tim-houston', 'Houston, Hon. Tim', 'PC', 'Pictou East'),
  member('claudia-chender', 'Chender, Claudia', 'NDP', 'Dartmouth South'),
  member('susan-leblanc', 'Leblanc, Susan', 'NDP', 'Dartmouth North'),
  member('john-a.-lohr', 'Lohr, Hon. John', 'PC', 'Kings North'),
  member('danielle-barkhouse', 'Barkhouse, Hon. Danielle', 'PC', "Chester-St. Margaret's"),
].join('\n')}
</tbody></table>`;

describe('ns-hansard: speeches', () => {
  test('labels: members with their slug and office, the chair by office, the voices apart', () => {
    expect(readNsSpeaker('HON. TIM HOUSTON (The Premier)', '/members/profiles/tim-houston')).toMatchObject({
      slug: 'tim-houston',
      name: 'Tim Houston',
      role: 'Premier',
      kind: 'member',
    });
    expect(readNsSpeaker(' THE PREMIER', '/members/profiles/tim-houston')).toMatchObject({
      name: null,
      role: 'Premier',
      slug: 'tim-houston',
    });
    expect(readNsSpeaker('THE SPEAKER', '/members/speaker/')).toMatchObject({ kind: 'presiding', role: 'Speaker', name: null });
    expect(readNsSpeaker('THE DEPUTY SPEAKER', '/members/speaker/')).toMatchObject({ kind: 'presiding', role: 'Deputy Speaker' });
    expect(readNsSpeaker('HON. MEMBERS', null).kind).toBe('collective');
  });

  test('the sitting: date and Speaker from the head, turns with the clock, headings, petition text', () => {
    const s = readNsSitting(PAGE);
    expect(s).toMatchObject({ date: '2026-02-24', speakerName: 'Danielle Barkhouse' });
    expect(s.url).toBe('https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26feb24');
    expect(s.turns.map((t) => [t.anchor, t.minutes])).toEqual([
      ['speaker0005', 13 * 60 + 6],
      ['speaker0006', 13 * 60 + 6],
      ['susan-leblanc0005', 13 * 60 + 6],
      ['speaker0007', 13 * 60 + 6],
      ['john-a.-lohr-0004', 13 * 60 + 15],
      ['speaker0019', 13 * 60 + 15],
      ['tim-houston0005', 13 * 60 + 15],
      ['claudia-chender0010', 13 * 60 + 15],
      ['tim-houston0006', 13 * 60 + 15],
      [null, 13 * 60 + 15],
      ['speaker0030', 13 * 60 + 15],
    ]);
    const petition = s.turns[2];
    expect(petition.orderOfBusiness).toBe('PRESENTING AND READING PETITIONS');
    expect(petition.paragraphs).toEqual([
      'Speaker, I beg leave to table a petition, the operative clause',
      'of which reads as follows:',
      'We the undersigned call on the Nova Scotia Legislature to pass legislation that provides sustainable ongoing funding for public libraries.',
      'Speaker, there are 648 signatures on this petition.',
    ]);
    // The stage direction is not the Speaker's words.
    expect(s.turns[5].paragraphs).toEqual(['Please rise.']);
    // A centred bold line after the head is the subject, not the order of business.
    expect(s.turns[7]).toMatchObject({
      orderOfBusiness: 'ORAL QUESTIONS PUT BY MEMBERS TO MINISTERS',
      subject: 'PREM.: LIBRARY FUNDING - INCREASE',
    });
    expect(s.introductions).toEqual([{ number: '193', title: 'An Act Respecting Energy', member: 'Tim Houston' }]);
    // Words after a heading and before any label are nobody's as printed: kept out, and reported by the importer.
    expect(s.unattributed).toEqual(['The honourable Leader of the Official Opposition.']);
  });

  describe('through import and build, with the roster', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canpol-ns-speeches-'));
    let app: ImportedApp;
    beforeAll(async () => {
      mkdirSync(join(dir, 'hansard', 'assembly-65-session-1'), { recursive: true });
      mkdirSync(join(dir, 'members'));
      writeFileSync(join(dir, 'hansard', 'assembly-65-session-1', 'house_26feb24.htm'), PAGE);
      writeFileSync(join(dir, 'members', 'members-assembly-65.html'), ROSTER);
      app = await importBuildServe([nsMembersImporter, nsHansardImporter], (i) =>
        join(dir, i === nsMembersImporter ? 'members' : 'hansard'),
      );
    }, 60_000);
    afterAll(() => {
      app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('every member turn linked (by slug, or by name when the slug differs), the Speaker by the head, the Deputy not named', () => {
      const speeches = readFileSync(join(app.into, 'speeches.ns-hansard.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Json);
      expect(speeches).toHaveLength(11);
      const by = (anchor: string | null) => speeches.find((s) => s.source_anchor === anchor)!;
      expect(by('susan-leblanc0005')).toMatchObject({
        politician_key: 'ns-leg/member/susan-leblanc',
        speech_type: 'floor',
        spoken_at: '2026-02-24T13:06:00-04:00',
        language: 'en',
        source_url: 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26feb24',
      });
      expect(by('john-a.-lohr-0004')).toMatchObject({ politician_key: 'ns-leg/member/john-a.-lohr', speech_type: 'statement' });
      expect(by('tim-houston0005')).toMatchObject({ politician_key: 'ns-leg/member/tim-houston', speaker_role: 'Premier' });
      expect(by('claudia-chender0010').speech_type).toBe('question_period');
      expect(by('speaker0005')).toMatchObject({
        politician_key: 'ns-leg/member/danielle-barkhouse',
        is_presiding: true,
        speaker_role: 'Speaker',
        speech_type: 'presiding',
      });
      expect(by(null)).toMatchObject({ speaker_kind: 'collective', politician_key: null, speech_type: 'procedural' });
      expect(by('speaker0030')).toMatchObject({ speaker_role: 'Deputy Speaker', politician_key: null });
      const skipped = app.report.skipped.filter((s) => s.importer === 'ns-hansard').map((s) => s.reason);
      expect(skipped).toEqual(['text after a heading with no speaker: not a speech', 'speaker unlinked: presiding officer not named']);
    });

    test('searchable, and the coverage row counts them', async () => {
      const found = await app.get('/search/speeches?q=libraries&province_territory=NS');
      expect(found.items.length).toBeGreaterThan(0);
      expect(found.items.map((i: Json) => i.speech.source_anchor)).toContain('claudia-chender0010');
      expect(found.items.every((i: Json) => i.province_territory === 'NS')).toBe(true);
      const ns = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'NS');
      expect(ns).toMatchObject({ hansard_status: 'partial', speeches_count: 11 });
    });
  });
});
