// The ontario-hansard importer: a hand-written page in each of the Assembly's two layouts (labels,
// presiding officers, clerks, interjections, times past midnight, a language change inside a turn),
// then three real sittings of ../shared/datasets/ontario-hansard-2014-2018 (skipped when absent)
// against facts read off the pages by hand.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { importOntarioHansard } from '../../../build-db/import/ontario-hansard/index.js';
import { paragraphLanguage, sentenceRuns } from '../../../build-db/import/ontario-hansard/language.js';
import { readSpeaker } from '../../../build-db/import/ontario-hansard/speaker.js';
import { readClock } from '../../../build-db/import/ontario-hansard/walk.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const REAL = join(import.meta.dir, '../../../../shared/datasets/ontario-hansard-2014-2018/html');
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-on-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Speech = SourceInput<'speeches'>;
function run(from: string, people: Person[] = []): { out: ImportOutput; speeches: Speech[]; skips: Skip[] } {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const out = importOntarioHansard(from, ctx) as ImportOutput;
  return { out, speeches: (out.records.speeches ?? []) as Speech[], skips };
}

const member = (key: string, name: string, from = '2014-06-12', to: string | null = '2018-05-08'): Person => ({
  key,
  name,
  level: 'provincial',
  province_territory: 'ON',
  terms: [{ start_at: from, end_at: to, elected_office: 'MPP' }],
});

// Pre-2018 layout: `<a id="paraNN">` anchors, session in the temporal meta, a table of contents.
const OLD = `<html><head><meta name ="dc.date.created" content="2015-11-19" /><meta name ="dc.coverage.temporal" content="P41-S1" /></head><body>
<div id="transcript"><div id="toc"><p><a href="#P1"><strong>Oral Questions</strong></a></p><p>Ms. Ann Lee:</p></div>
<p class="procedure"><a name="para1" id="para1"></a>The House met at 2330.</p>
<p class="speakerStart"><a name="para2" id="para2"></a><strong>The Speaker (Hon. Dave Levac):</strong> Good evening.</p>
<h2><a name="para3" id="para3"></a>Oral Questions</h2>
<h3><a name="para4" id="para4"></a>Hospital funding / Financement des hôpitaux</h3>
<p class="speakerStart"><a name="para5" id="para5"></a><strong><a id="P9_1" name="P9_1"></a>Ms. Ann Lee:</strong> My question is for the Premier and it is about the hospitals in the north.</p>
<p><a name="para6" id="para6"></a>Monsieur le Président, je veux que les familles de ma circonscription aient des soins dans leur langue.</p>
<p class="procedure"><a name="para7" id="para7"></a>Interjections.</p>
<p><a name="para8" id="para8"></a>Et nous savons que les hôpitaux sont pleins.</p>
<p class="timeStamp"><a name="para9" id="para9"></a>0005</p>
<p class="speakerStart"><a name="para10" id="para10"></a><strong>L’hon. Bob Roy:</strong> Thank you for the question; the minister will answer it in the House.</p>
<p class="speakerStart"><a name="para11" id="para11"></a><strong>Interjection:</strong> Shame.</p>
<p class="speakerStart"><a name="para12" id="para12"></a><strong>The Clerk of the Assembly (Ms. Deborah Deller):</strong> The ayes are 2; the nays are 1.</p>
<h4 class="voteDirection"><a name="para13" id="para13"></a>Ayes</h4><ul><li class="voteText"><a name="para14" id="para14"></a>Lee, Ann</li></ul>
<p class="speakerStart"><a name="para15" id="para15"></a><strong>The Acting Speaker (Mr. Paul Miller:</strong> Thank you.</p>
<p class="speakerStart"><a name="para16" id="para16"></a><strong>Mr. Nobody Known:</strong> Hello there, this is my speech.</p>
</div><div id="footer"><p>Copyright</p></div></body></html>`;

// The current Drupal layout: `<span id="paraNN"/>` anchors, the session in the canonical URL.
const NEW = `<html><head><link rel="canonical" href="https://www.ola.org/en/legislative-business/house-documents/parliament-41/session-2/2018-02-20/hansard" />
<title>Hansard</title></head><body><nav><h2 id="system-breadcrumb">Breadcrumb</h2><p>Members</p></nav>
<p class="procedure"><span id="para205"/>The House met at 0900.</p>
<p class="speakerStart"><span id="para206"/><strong>The Speaker (Hon. Dave Levac):</strong> Good morning. Please join me in prayer.</p>
<h2><span id="P1"/><span id="para223"/>Orders of the Day</h2>
<p class="speakerStart"><span id="para224"/><strong><span id="P2"/>Ms. Ann Lee:</strong> I rise on the budget.</p>
<p><span id="para225"/>It is the second paragraph.</p>
</body></html>`;

describe('labels, clock and language', () => {
  test('speaker labels: members, presiding officers by office, clerks, collective voices', () => {
    expect(readSpeaker('The Speaker (Hon. Dave Levac):')).toEqual({
      raw: 'The Speaker (Hon. Dave Levac)',
      name: 'Hon. Dave Levac',
      role: 'The Speaker',
      kind: 'presiding',
    });
    expect(readSpeaker('Le Président (M. Dave Levac):')!.kind).toBe('presiding');
    expect(readSpeaker('The Acting Speaker (Mr. Paul Miller:')!.name).toBe('Mr. Paul Miller');
    expect(readSpeaker('L’hon. Madeleine Meilleur:')!.name).toBe('Hon. Madeleine Meilleur');
    expect(readSpeaker('Premier Wynne:')!.name).toBe('Wynne');
    expect(readSpeaker('The Clerk-at-the-Table (Mr. William Short):')!.kind).toBe('official');
    expect(readSpeaker('Hon. David C. Onley (Lieutenant Governor):')!.kind).toBe('official');
    expect(readSpeaker('Interjections:')!.kind).toBe('collective');
    expect(readSpeaker('Des voix:')!.kind).toBe('collective');
    expect(readSpeaker('.')).toBeNull();
  });

  test('clock readings', () => {
    expect(readClock('0910')).toBe(9 * 60 + 10);
    expect(readClock('The House recessed from 1013 to 1030.')).toBe(10 * 60 + 30);
    expect(readClock('…commenced at 1200 pursuant to a proclamation')).toBe(12 * 60);
    expect(readClock('Applause.')).toBeNull();
  });

  test('paragraph language', () => {
    expect(
      paragraphLanguage(
        'Les résidants de ma communauté ont répondu à l’appel en grand nombre et ont pu partager de beaux moments en famille.',
      ),
    ).toBe('fr');
    expect(paragraphLanguage('Thank you to the team at the bowling centre, who collaborated with us to make this event a success.')).toBe(
      'en',
    );
    expect(paragraphLanguage('Ninety-two per cent get a hike.')).toBeNull();
    expect(paragraphLanguage('Merci.')).toBeNull();
  });
});

describe('hand-written pages', () => {
  const dir = temp();
  mkdirSync(join(dir, 'html'));
  writeFileSync(join(dir, 'html', '2015-11-19.html'), OLD);
  writeFileSync(join(dir, 'html', '2018-02-20.html'), NEW);
  writeFileSync(join(dir, 'html', 'notes.txt'), 'not a sitting');
  const people = [
    member('on/ann-lee', 'Ann Lee'),
    member('on/dave-levac', 'Dave Levac'),
    member('on/bob-roy', 'Bob Roy'),
    member('on/paul-miller', 'Paul Miller'),
  ];
  const { speeches, skips, out } = run(dir, people);
  const old = speeches.filter((s) => s.key.startsWith('on/speech/2015-11-19/'));

  test('turns, paragraphs, anchors and headings (old layout)', () => {
    expect(old.map((s) => [s.speaker_name_raw, s.language, s.source_anchor])).toEqual([
      ['The Speaker (Hon. Dave Levac)', 'en', 'para2'],
      ['Ms. Ann Lee', 'en', 'para5'],
      ['Ms. Ann Lee', 'fr', 'para6'],
      ['L’hon. Bob Roy', 'en', 'para10'],
      ['Interjection', 'en', 'para11'],
      ['The Clerk of the Assembly (Ms. Deborah Deller)', 'en', 'para12'],
      ['The Acting Speaker (Mr. Paul Miller', 'en', 'para15'],
      ['Mr. Nobody Known', 'en', 'para16'],
    ]);
    // The French run keeps both French paragraphs; the procedure line between them is not text.
    expect(old[2].text).toBe(
      'Monsieur le Président, je veux que les familles de ma circonscription aient des soins dans leur langue.\n\nEt nous savons que les hôpitaux sont pleins.',
    );
    expect(old[1]).toMatchObject({
      order_of_business: 'Oral Questions',
      subject: 'Hospital funding',
      speech_type: 'question_period',
      session_key: null,
    });
    expect(old[0]).toMatchObject({ speech_type: 'presiding', is_presiding: true, speaker_role: 'The Speaker', speaker_kind: 'presiding' });
    expect(old[4]).toMatchObject({ speaker_kind: 'collective', speech_type: 'procedural', politician_key: null });
    expect(old[5]).toMatchObject({ speaker_kind: 'official', speech_type: 'procedural', politician_key: null });
    expect(old[1].source_url).toBe(
      'https://www.ola.org/en/legislative-business/house-documents/parliament-41/session-1/2015-11-19/hansard',
    );
  });

  test('times: Toronto offsets, a reading past midnight is the next day', () => {
    expect(old[0].spoken_at).toBe('2015-11-19T23:30:00-05:00');
    expect(old[3].spoken_at).toBe('2015-11-20T00:05:00-05:00');
  });

  test('speakers linked to Ontario members serving that day; presiding officers by the name of the office holder', () => {
    expect(old.map((s) => s.politician_key)).toEqual([
      'on/dave-levac',
      'on/ann-lee',
      'on/ann-lee',
      'on/bob-roy',
      null,
      null,
      'on/paul-miller',
      null,
    ]);
    const unlinked = skips.filter((s) => s.reason.startsWith('speaker unlinked'));
    expect(unlinked).toEqual([
      {
        file: 'html/2015-11-19.html',
        record: 'para16 (Mr. Nobody Known)',
        reason: 'speaker unlinked: no Ontario member of that name serving that day',
        detail: 'Mr. Nobody Known on 2015-11-19',
      },
    ]);
    expect(out.stats!).toMatchObject({
      files: 2,
      turns: 9,
      turns_linked: 6,
      turns_unlinked: 1,
      turns_not_politicians: 2,
      turns_split_by_language: 1,
      divisions_printed: 1,
    });
  });

  test('the Drupal layout: nothing outside the paragraph anchors, the session from the canonical URL', () => {
    const now = speeches.filter((s) => s.key.startsWith('on/speech/2018-02-20/'));
    expect(now.map((s) => [s.speaker_name_raw, s.text, s.source_anchor, s.spoken_at])).toEqual([
      ['The Speaker (Hon. Dave Levac)', 'Good morning. Please join me in prayer.', 'para206', '2018-02-20T09:00:00-05:00'],
      ['Ms. Ann Lee', 'I rise on the budget.\n\nIt is the second paragraph.', 'para224', '2018-02-20T09:00:00-05:00'],
    ]);
    expect(now[1].source_url).toContain('/parliament-41/session-2/2018-02-20/hansard');
  });

  test('no roster: nothing is linked and every member turn is reported', () => {
    const bare = run(dir);
    expect(bare.speeches.every((s) => s.politician_key === null)).toBe(true);
    expect(bare.skips.filter((s) => s.reason === 'speaker unlinked: no Ontario member roster in the bundle').length).toBe(7);
  });
});

describe('a division on a hand-written page', () => {
  const PAGE = `<html><head><meta name ="dc.date.created" content="2014-07-02" /><meta name ="dc.coverage.temporal" content="P41-S1" /></head><body>
<p class="procedure"><a id="para1"></a>The first day of the first session of the 41st Parliament of the province of Ontario commenced at 1400 pursuant to a proclamation.</p>
<p class="speakerStart"><a id="para2"></a><strong>The Speaker (Hon. Dave Levac):</strong> Mr. Roy has moved motion number 1. All those in favour, please rise.</p>
<p class="procedure"><a id="para3"></a>The division bells rang from 1502 to 1507.</p>
<h4 class="voteDirection"><a id="para4"></a>Ayes</h4><ul><li class="voteText"><a id="para5"></a>Lee, Ann</li></ul>
<p class="speakerStart"><a id="para6"></a><strong>The Speaker (Hon. Dave Levac):</strong> All those opposed to the motion carried forward, please rise.</p>
<h4 class="voteDirection"><a id="para7"></a>Nays</h4><ul><li class="voteText"><a id="para8"></a>Roy, Bob</li><li class="voteText"><a id="para9"></a>Nobody, Known</li></ul>
<p class="speakerStart"><a id="para10"></a><strong>The Clerk of the Assembly (Ms. Deborah Deller):</strong> The ayes are 1; the nays are 1.</p>
<p class="speakerStart"><a id="para11"></a><strong>The Speaker (Hon. Dave Levac):</strong> I declare the motion, as amended, lost.</p>
</body></html>`;
  const dir = temp();
  writeFileSync(join(dir, '2014-07-02.html'), PAGE);
  const { out, skips } = run(dir, [
    member('on/ann-lee', 'Ann Lee'),
    member('on/bob-roy', 'Bob Roy'),
    member('on/dave-levac', 'Dave Levac'),
  ]);
  const vote = (out.records.votes ?? [])[0] as SourceInput<'votes'>;

  test('positions linked by the printed "Last, First"; the call for the nays does not close it; the declaration gives the result', () => {
    expect(vote).toMatchObject({
      key: 'on/vote/2014-07-02/1',
      session_key: 'on/session/41-1',
      result: 'defeated',
      ayes: 1,
      nays: 2,
      occurred_at: '2014-07-02T15:07:00-04:00',
    });
    expect(vote.positions).toEqual([
      { politician_key: 'on/ann-lee', politician_name_raw: 'Lee, Ann', position: 'yea' },
      { politician_key: 'on/bob-roy', politician_name_raw: 'Roy, Bob', position: 'nay' },
      { politician_key: null, politician_name_raw: 'Nobody, Known', position: 'nay' },
    ]);
  });

  test("a list that differs from the Clerk's totals and an unknown voter are reported", () => {
    expect(skips.filter((s) => /division|voter/.test(s.reason)).map((s) => [s.record, s.reason])).toEqual([
      ['division at para4', "division lists differ from the Clerk's totals (the lists are kept)"],
      ['division at para4: Nobody, Known', 'voter unlinked: no Ontario member of that name serving that day'],
    ]);
  });
});

describe('sentenceRuns: a paragraph that changes language between sentences', () => {
  test('its runs, each sentence in its own language, an unclear one with its neighbour', () => {
    expect(sentenceRuns('Ma question est pour le ministre du Logement. There are presently 1,577 households in Sudbury.')).toEqual([
      { lang: 'fr', text: 'Ma question est pour le ministre du Logement.' },
      { lang: 'en', text: 'There are presently 1,577 households in Sudbury.' },
    ]);
    // "Merci." says nothing clearly: it goes with the French before it.
    expect(sentenceRuns('Je vous remercie pour la question. Merci. The minister has been clear on this file.').map((r) => r.lang)).toEqual([
      'fr',
      'en',
    ]);
  });

  test("a title's period does not end the sentence", () => {
    expect(sentenceRuns('They are making their way here. MM. Éric Desrochers et Lucas Egan seront avec nous aujourd’hui.')).toEqual([
      { lang: 'en', text: 'They are making their way here.' },
      { lang: 'fr', text: 'MM. Éric Desrochers et Lucas Egan seront avec nous aujourd’hui.' },
    ]);
  });

  test('a paragraph of one language (or a French name quoted in English) is one run, as printed', () => {
    const p = 'I rise on Bill 6, the Great Lakes and St. Lawrence River Basin; en français, Loi visant la protection du bassin. ';
    expect(sentenceRuns(p)).toEqual([{ lang: null, text: p }]);
    expect(sentenceRuns('I rise today. It is an honour to be here.')).toEqual([
      { lang: 'en', text: 'I rise today. It is an honour to be here.' },
    ]);
  });
});

describe.skipIf(!existsSync(REAL))('real sittings', () => {
  const dir = temp();
  mkdirSync(join(dir, 'html'));
  const days = ['2014-07-02', '2016-03-02', '2018-02-20', '2018-04-19'];
  for (const d of days) copyFileSync(join(REAL, `${d}.html.gz`), join(dir, 'html', `${d}.html.gz`));
  const { speeches, out, skips } = run(dir);
  const stats = out.stats!;
  const html = (d: string) => gunzipSync(readFileSync(join(REAL, `${d}.html.gz`))).toString('utf8');

  test('one turn per speaker paragraph of each page', () => {
    for (const d of days) {
      const printed = html(d).match(/<p class="speakerStart">/g)!.length;
      const turns = new Set(
        speeches
          .filter((s) => s.key.startsWith(`on/speech/${d}/`))
          .map((s) => s.key.replace(/\/\d+$/, '') + s.speaker_name_raw + s.spoken_at),
      );
      expect(turns.size).toBeLessThanOrEqual(printed);
    }
    expect(stats.turns).toBe(days.reduce((n, d) => n + html(d).match(/<p class="speakerStart">/g)!.length, 0));
  });

  test('2016-03-02: Lisa Thompson opens the debate at 09:00 under Orders of the Day', () => {
    const s = speeches.find((x) => x.key.startsWith('on/speech/2016-03-02/') && x.source_anchor === 'para32')!;
    expect(s).toMatchObject({
      speaker_name_raw: 'Ms. Lisa M. Thompson',
      spoken_at: '2016-03-02T09:00:00-05:00',
      order_of_business: 'Orders of the Day',
      language: 'en',
      session_key: 'on/session/41-1',
    });
    expect(s.subject).toBe('Climate Change Mitigation and Low-carbon Economy Act, 2016');
    expect(s.text.startsWith('Speaker, I’m pleased today to lend my voice to Bill 172')).toBe(true);
    expect(s.text.endsWith('I always find it interesting when a Liberal is willing to point out the spin of his former colleagues.')).toBe(
      true,
    );
  });

  test('2016-03-02: a member statement that ends in French is two speeches, the French one from its own paragraph', () => {
    const two = speeches.filter(
      (x) => x.key.startsWith('on/speech/2016-03-02/') && x.speaker_name_raw === 'Mrs. Marie-France Lalonde' && x.subject === 'Family Day',
    );
    expect(two.map((x) => [x.language, x.source_anchor, x.speech_type, x.spoken_at])).toEqual([
      ['en', 'para720', 'statement', '2016-03-02T15:10:00-05:00'],
      ['fr', 'para723', 'statement', '2016-03-02T15:10:00-05:00'],
    ]);
    expect(two[1].text.startsWith('Les résidants de ma communauté')).toBe(true);
  });

  test('2018-04-19: a paragraph that opens in French and goes on in English is two speeches, the French sentence its own', () => {
    const turn = speeches.filter((x) => x.key.startsWith('on/speech/2018-04-19/') && x.source_anchor === 'para648');
    expect(turn.map((x) => [x.language, x.speaker_name_raw, x.subject])).toEqual([
      ['fr', 'Mme France Gélinas', 'Affordable housing'],
      ['en', 'Mme France Gélinas', 'Affordable housing'],
    ]);
    expect(turn[0].text).toBe('Ma question est pour le ministre du Logement.');
    expect(turn[1].text.startsWith('There are presently 1,577 households in greater Sudbury')).toBe(true);
    // The turn's next paragraph, English too, stays in the English speech.
    expect(turn[1].text.endsWith('why is this government doing nothing to help elderly, vulnerable Ontarians in need of housing?')).toBe(
      true,
    );
    expect(turn[1].text).toContain('in the community.\n\nMy question is,');
  });

  test('2014-07-02 opens the 41st Parliament: its session starts that day', () => {
    expect(out.records.sessions).toEqual([
      {
        key: 'on/session/41-1',
        level: 'provincial',
        province_territory: 'ON',
        parliament_number: 41,
        session_number: 1,
        name: '41st Parliament, 1st Session',
        start_date: '2014-07-02',
      },
    ]);
    expect(speeches.find((x) => x.key === 'on/speech/2014-07-02/1')!.spoken_at).toBe('2014-07-02T14:00:00-04:00');
  });

  test("2018-02-20 (the current site's layout) is read like the others", () => {
    const day = speeches.filter((x) => x.key.startsWith('on/speech/2018-02-20/'));
    expect(day[0]).toMatchObject({
      speaker_name_raw: 'The Speaker (Hon. Dave Levac)',
      source_anchor: 'para206',
      spoken_at: '2018-02-20T09:00:00-05:00',
    });
    expect(
      day.some((x) => x.speaker_name_raw === 'Hon. Bob Chiarelli' && x.order_of_business === null && x.subject === 'Order of business'),
    ).toBe(true);
  });

  test('2016-03-02: the deferred division on the time-allocation amendment, 77 to 15 as the Clerk read them, carried', () => {
    const printed = html('2016-03-02');
    const votes = (out.records.votes ?? []) as Array<SourceInput<'votes'>>;
    const day = votes.filter((v) => v.key.startsWith('on/vote/2016-03-02/'));
    expect(day.length).toBe(1);
    // The page prints "The ayes are 77; the nays are 15." after the lists, and "The division bells rang from 1139 to 1144." before them.
    expect(printed).toContain('The ayes are 77; the nays are 15.');
    expect(day[0]).toMatchObject({
      session_key: 'on/session/41-1',
      vote_type: 'division',
      result: 'passed',
      ayes: 77,
      nays: 15,
      occurred_at: '2016-03-02T11:44:00-05:00',
      source_system: 'ontario-hansard',
    });
    expect(day[0].positions!.length).toBe(92);
    expect(day[0].positions![0]).toEqual({ politician_key: null, politician_name_raw: 'Albanese, Laura', position: 'yea' });
    expect(day[0].positions!.find((p) => p.politician_name_raw === 'Armstrong, Teresa J.')!.position).toBe('nay');
    expect(day[0].motion_text!.endsWith('I declare the amendment carried.')).toBe(true);
    expect(skips.filter((s) => s.reason === 'voters unlinked: no Ontario member roster in the bundle').map((s) => s.record)).toContain(
      'division at para560',
    );
  });

  test('every member and presiding turn is in the report (no roster here)', () => {
    const reported = skips.filter((s) => s.reason.startsWith('speaker unlinked')).length;
    expect(reported).toBe(stats.turns_unlinked);
    expect(stats.turns_unlinked + stats.turns_not_politicians).toBe(stats.turns);
  });
});
