// Québec's recorded divisions from the Journal des débats: the real sitting of 2023-11-01
// (../shared/datasets/provincial-samples/qc-hansard), and pages written here BY HAND in the Journal's
// exact markup (the sample's header, `<Contenu>`, bold centred headings, "<b>Label : </b>" turns,
// "• (11 heures) •" clock lines) for the wordings the sample lacks: a deferred vote taken the next day,
// a vote by roll call ("appel nominal", the Assistant Secretary calling names), an amendment, a bill at
// a stage, a rejected motion, a missing announcement, totals that contradict it or cannot be read.
// Their motions, members' words and totals are made up for the test.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { announcedResult, readQcDivisions } from '../../../build-db/import/qc-assnat/divisions.js';
import { qcBillsImporter } from '../../../build-db/import/qc-assnat/bills.js';
import { qcHansardImporter } from '../../../build-db/import/qc-assnat/hansard.js';
import { readTurns } from '../../../build-db/import/qc-assnat/journal.js';
import { qcVotesImporter } from '../../../build-db/import/qc-assnat/votes.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const SAMPLE = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/qc-hansard/journal-debats-43-1-20231101.html');
const have = existsSync(SAMPLE);

/** "Pour : <digits>" in the page's text with the tags taken out: the count of printed totals, read
 *  without the Journal reader. */
const printedTotals = (html: string) =>
  [
    ...html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/\s+/g, ' ')
      .matchAll(/\bPour : (\S+)/g),
  ].map((m) => m[1]);

// ---- hand-written pages, in the sample's markup ----
const heading = (text: string) => `<p style="font-weight:bold;text-align: center;">
                            <a name="_Toc150176700"></a>
                            <a name="_Toc149738694">${text}</a>
                        </p>`;
const turn = (label: string, text: string) => `<p style="text-align: justify">
                            <b>${label} : </b>${text}</p>`;
const para = (text: string) => `<p style="text-align: justify">${text}</p>`;
const clock = (text: string) => `<p style="text-align: justify">•<i> (${text}) </i>•</p>`;

const page = (
  day: string,
  dayName: string,
  printed: string,
  id: string,
  body: string[],
) => `<html><head><title>Journal des débats</title></head><body>
<a href='http://www.facebook.com/sharer/sharer.php?u=http://www.assnat.qc.ca%2ffr%2ftravaux-parlementaires%2fassemblee-nationale%2f43-1%2fjournal-debats%2f${day}%2f${id}.html'>Facebook</a>
                    <h1>
                        <span id="ctl00_ColCentre_TitreSurUneColonne_SiteMapPathTitreContenu"><span>Journal des d&#233;bats de l&#39;Assembl&#233;e nationale</span></span>
                    </h1>
                    <h2>Version finale</h2>
                    <h2 class="titre2TravauxParl">
                        43<sup>e</sup> législature, 1<sup>re</sup> session
                        <br/>
                        (début : 29 novembre 2022)
                    </h2>
                    <h2>
                        Le ${dayName} ${printed} - Vol.&nbsp;47 N°&nbsp;76
                    </h2>
                    <h2>
                        <a name="debut_journal" class="ancreNommee">Journal des débats</a>
                    </h2>
                    <Contenu><p style="text-align: justify">
                        <a name="Page03501"></a>
                        <i>(Neuf
                            heures quarante minutes)</i>
                    </p>
${body.join('\n')}
</Contenu>
</body></html>`;

// The next day: the deferred vote, then a bill's principle with an amendment, by roll call then electronically.
const DAY_2 = page('20231102', 'jeudi', '2 novembre 2023', '362700', [
  turn('Le Président', 'Alors, bon jeudi matin. Veuillez vous asseoir.'),
  heading('Affaires courantes'),
  heading('Votes reportés'),
  heading(
    "Motion proposant que l'Assemblée demande au gouvernement de renoncer aux modifications proposées aux frais de scolarité imposés aux étudiants canadiens non-résidents du Québec",
  ),
  turn(
    'Le Président',
    'Nous en sommes maintenant à la rubrique des votes reportés. Comme annoncé précédemment, nous allons procéder au vote reporté sur la motion de Mme la députée de Saint-Laurent, qui se lit comme suit :',
  ),
  para(
    "«Que l'Assemblée nationale prenne acte que les modifications proposées aux frais de scolarité des étudiants canadiens hors Québec auront pour effet de diminuer les retombées économiques générées par leur présence au Québec;",
  ),
  para("«Qu'enfin, elle demande au gouvernement caquiste de reculer sur cette mesure.»"),
  para('Le vote est maintenant ouvert.'),
  clock('9 h 50'),
  para('La période de vote est terminée. M. le secrétaire général, pour le résultat du vote.'),
  turn('Le\n                                Secrétaire', 'Pour : 40 Contre : 62 Abstentions : 0'),
  turn('Le Président', 'Cette motion est rejetée. M. le leader du gouvernement.'),
  heading('Affaires du jour'),
  heading('Projet de loi n° 15'),
  heading('Adoption du principe'),
  heading('M. Christian Dubé'),
  turn('M. Dubé', 'Merci, M. le Président. Ce projet de loi rendra le réseau plus efficace.'),
  clock('11 heures'),
  heading("Mise aux voix de l'amendement"),
  turn(
    'La Vice-Présidente (Mme Soucy)',
    "Je mets d'abord aux voix la motion d'amendement de M. le député de Pontiac, qui se lit comme suit :",
  ),
  para(
    '«Que la motion en discussion soit modifiée en retranchant le mot «maintenant» et en ajoutant, à la fin, les mots «dans six mois».»',
  ),
  para("Cette motion d'amendement est-elle adoptée?"),
  turn('M. Derraji', 'Vote par appel nominal, Mme la Présidente.'),
  turn('La Vice-Présidente (Mme Soucy)', "Qu'on appelle les députés. Que les députés en faveur de cette motion veuillent bien se lever."),
  turn('Le Secrétaire adjoint', 'M. Tanguay (LaFontaine), M. Derraji (Nelligan), Mme Rizqy (Saint-Laurent), M. Fortin (Pontiac).'),
  turn('La Vice-Présidente (Mme Soucy)', 'Que les députés contre cette motion veuillent bien se lever.'),
  turn('Le Secrétaire adjoint', "M. Legault (L'Assomption), M. Jolin-Barrette (Borduas), M. Dubé (La Prairie)."),
  turn('La Vice-Présidente (Mme Soucy)', 'Y a-t-il des abstentions? M. le secrétaire général, pour le résultat du vote.'),
  turn('Le Secrétaire', 'Pour : 35'),
  para(' Contre :\n                            70'),
  para(' Abstentions :\n                            0'),
  turn('La Vice-Présidente (Mme Soucy)', "L'amendement est rejeté."),
  heading('Mise aux voix de la motion principale'),
  turn(
    'La Vice-Présidente (Mme Soucy)',
    'Le principe du projet de loi n° 15, Loi visant à rendre le système de santé et de services sociaux plus efficace, est-il adopté?',
  ),
  turn('M. Jolin-Barrette', 'Vote électronique, Mme la Présidente.'),
  turn('La Vice-Présidente (Mme Soucy)', 'Le vote est ouvert.'),
  clock('11 h 20'),
  para('La période de vote est terminée. Mme la secrétaire adjointe, pour le résultat du vote.'),
  turn('La Secrétaire adjointe', 'Pour : 70'),
  para(' Contre :\n                            35'),
  para(' Abstentions :\n                            1'),
  turn('La Vice-Présidente (Mme Soucy)', 'Le principe du projet de loi n° 15 est adopté. M. le leader du gouvernement.'),
]);

// Motions without notice: a short "Motion adoptée.", no announcement read, a contradiction, unreadable totals.
const motion = (title: string, text: string) => [
  heading(title),
  turn('Mme Cadet', 'Je sollicite le consentement de cette Assemblée afin de présenter la motion suivante :'),
  para(`«Que l'Assemblée nationale ${text}.»`),
  heading('Mise aux voix'),
  turn('La Présidente', 'Cette motion est-elle adoptée?'),
  turn('M. Derraji', 'Je vous demande un vote électronique.'),
  turn('La Présidente', 'Donc, le vote est ouvert.'),
  para('Alors, la période du vote est terminée. M. le secrétaire général, pour le résultat du vote.'),
];
const DAY_3 = page('20231107', 'mardi', '7 novembre 2023', '362800', [
  turn('La Présidente', 'Bon mardi. Veuillez vous asseoir.'),
  heading('Motions sans préavis'),
  ...motion('Souligner la Semaine des bibliothèques', 'souligne la Semaine des bibliothèques publiques'),
  turn('Le Secrétaire adjoint', 'Pour : 61 Contre : 38 Abstentions : 0'),
  turn('La Présidente', 'Motion adoptée.'),
  ...motion('Reconnaître le travail des brigadiers scolaires', 'reconnaisse le travail des brigadiers scolaires'),
  turn('Le Secrétaire', 'Pour : 60 Contre : 40 Abstentions : 0'),
  turn('La Présidente', 'M. le leader du gouvernement.'),
  ...motion('Demander un rapport sur les traversiers', 'demande un rapport sur les traversiers'),
  turn('Le Secrétaire', 'Pour : 20 Contre : 80 Abstentions : 0'),
  turn('La Présidente', 'La motion est adoptée.'),
  ...motion('Souligner la Journée des aînés', 'souligne la Journée des aînés'),
  turn('Le Secrétaire', 'Pour : cent cinq Contre : 0 Abstentions : 0'),
  turn('La Présidente', 'La motion est adoptée.'),
]);

// The open-data bill list (qc-bills' layout, hand-written in qc-bills.test.ts's columns): bill 15 of 43-1.
const CSV = `Id,Numero_projet_loi,Titre_projet_loi,Type_projet_loi,Derniere_etape_franchie,Date_derniere_etape,No_legislature,Date_debut_legislature,Date_fin_legislature,No_session
2015,15,"43-1 PL 15  Loi visant à rendre le système de santé et de services sociaux plus efficace",Public du gouvernement,adoption_principe,2023-11-02,43,2022-11-29,,1
`;

describe('the announcement', () => {
  test('the first statement naming an outcome; questions are not announcements', () => {
    expect(announcedResult('La motion est adoptée. M. le leader, je pense, vous aviez...')).toBe('passed');
    expect(announcedResult('Cette motion est rejetée.')).toBe('defeated');
    // "é" then a full stop: no ASCII word boundary, still the word's end.
    expect(announcedResult('Adopté.')).toBe('passed');
    expect(announcedResult('Le sous-amendement est rejeté.')).toBe('defeated');
    expect(announcedResult("L'amendement est rejeté. La motion principale est-elle adoptée?")).toBe('defeated');
    expect(announcedResult('Cette motion est-elle adoptée? Motion adoptée.')).toBe('passed');
    expect(announcedResult("La motion n'est pas adoptée.")).toBe('defeated');
    expect(announcedResult('Cette motion est-elle adoptée?')).toBeNull();
    expect(announcedResult('M. le leader du gouvernement.')).toBeNull();
  });
});

describe.skipIf(!have)('qc-votes on the real sitting of 2023-11-01', () => {
  const html = have ? readFileSync(SAMPLE, 'utf8') : '';
  let app: ImportedApp;
  beforeAll(async () => {
    app = await importBuildServe([qcHansardImporter, qcVotesImporter], () => join(SAMPLE, '..'));
  }, 60_000);
  afterAll(() => app?.close());

  test('one division per printed "Pour :" total, the first as printed', () => {
    const printed = printedTotals(html);
    // Counted without the reader: one recorded division that sitting (the other vote asked for was deferred).
    expect(printed).toEqual(['105']);
    const { divisions, problems } = readQcDivisions(readTurns(html).turns);
    expect(problems).toEqual([]);
    expect(divisions).toHaveLength(printed.length);
    expect(divisions[0]).toMatchObject({
      ayes: 105,
      nays: 0,
      abstentions: 0,
      announced: 'passed',
      item: "Demander au gouvernement de reconduire le financement du programme Parlez-moi d'une langue!",
      bill: null,
      anchor: 'Page03452',
      minutes: 11 * 60,
    });
    expect(divisions[0].motion).toStartWith("«Que l'Assemblée nationale prenne acte que depuis plus de 25 ans, le programme Parlez-moi");
    expect(divisions[0].motion).toEndWith('sans plus attendre.»');
  });

  test('through the API: listed under QC, its totals, no positions, the coverage row partial', async () => {
    const list = await app.get('/votes?province_territory=QC');
    expect(list.items).toHaveLength(1);
    const item = list.items[0];
    expect(item).toMatchObject({
      level: 'provincial',
      province_territory: 'QC',
      vote_type: 'division',
      result: 'passed',
      ayes: 105,
      nays: 0,
      abstentions: 0,
      positions_count: 0,
      source_system: 'qc-journal-des-debats',
      source_url:
        'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20231101/362603.html#Page03452',
      parliament_number: 43,
      session_number: 1,
    });
    // "• (11 heures) •" before the totals: 11:00 in Québec (EDT, UTC-4, on 1 November 2023).
    expect(new Date(item.occurred_at).toISOString()).toBe('2023-11-01T15:00:00.000Z');
    const { vote } = await app.get(`/votes/${item.id}`);
    expect(vote).toMatchObject({ ayes: 105, nays: 0, abstentions: 0, result: 'passed', bill_id: null });
    expect(vote.motion_text).toStartWith(
      "Demander au gouvernement de reconduire le financement du programme Parlez-moi d'une langue!\n\n«Que",
    );
    expect(await app.get(`/votes/${item.id}/positions`)).toEqual({ vote_id: item.id, positions: [] });
    const qc = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'QC');
    expect(qc).toMatchObject({ votes_status: 'partial', votes_count: 1 });
    expect(qc.notes).toContain("No member positions: they are in the procès-verbal's annex (PDF), not yet read.");
  });
});

describe('qc-votes on hand-written pages of each wording', () => {
  let app: ImportedApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-qc-votes-'));
    mkdirSync(join(dir, 'journal'));
    mkdirSync(join(dir, 'bills'));
    writeFileSync(join(dir, 'journal', 'journal-debats-43-1-20231102.html'), DAY_2);
    writeFileSync(join(dir, 'journal', 'journal-debats-43-1-20231107.html'), DAY_3);
    writeFileSync(join(dir, 'bills', 'projets-de-loi.csv'), CSV);
    app = await importBuildServe([qcHansardImporter, qcBillsImporter, qcVotesImporter], (i) =>
      join(dir, i.kind === 'qc-bills' ? 'bills' : 'journal'),
    );
  }, 60_000);
  afterAll(() => {
    app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the reader: every printed total is a division or a reported problem', () => {
    const day2 = readQcDivisions(readTurns(DAY_2).turns);
    expect(printedTotals(DAY_2)).toEqual(['40', '35', '70']);
    expect(day2.problems).toEqual([]);
    expect(day2.divisions.map((d) => [d.ayes, d.nays, d.abstentions, d.announced, d.bill])).toEqual([
      [40, 62, 0, 'defeated', null],
      [35, 70, 0, 'defeated', '15'],
      [70, 35, 1, 'passed', '15'],
    ]);
    expect(day2.divisions.map((d) => d.item)).toEqual([
      "Motion proposant que l'Assemblée demande au gouvernement de renoncer aux modifications proposées aux frais de scolarité imposés aux étudiants canadiens non-résidents du Québec",
      "Projet de loi n° 15 — Adoption du principe — Mise aux voix de l'amendement",
      'Projet de loi n° 15 — Adoption du principe — Mise aux voix de la motion principale',
    ]);
    expect(day2.divisions.map((d) => d.motion)).toEqual([
      "«Que l'Assemblée nationale prenne acte que les modifications proposées aux frais de scolarité des étudiants canadiens hors Québec auront pour effet de diminuer les retombées économiques générées par leur présence au Québec;\n«Qu'enfin, elle demande au gouvernement caquiste de reculer sur cette mesure.»",
      '«Que la motion en discussion soit modifiée en retranchant le mot «maintenant» et en ajoutant, à la fin, les mots «dans six mois».»',
      'Le principe du projet de loi n° 15, Loi visant à rendre le système de santé et de services sociaux plus efficace, est-il adopté?',
    ]);
    // The clock the reader keeps: 9 h 50, then 11 heures, then 11 h 20.
    expect(day2.divisions.map((d) => d.minutes)).toEqual([9 * 60 + 50, 11 * 60, 11 * 60 + 20]);

    const day3 = readQcDivisions(readTurns(DAY_3).turns);
    expect(printedTotals(DAY_3)).toEqual(['61', '60', '20', 'cent']);
    expect(day3.divisions.map((d) => [d.index, d.ayes, d.nays, d.announced, d.item])).toEqual([
      [1, 61, 38, 'passed', 'Souligner la Semaine des bibliothèques'],
      [2, 60, 40, null, 'Reconnaître le travail des brigadiers scolaires'],
    ]);
    expect(day3.problems.map((p) => [p.index, p.field, p.reason])).toEqual([
      [3, 'result', 'division announcement contradicts the totals'],
      [4, 'ayes', 'division totals unreadable'],
    ]);
  });

  test('stored votes: results announced or from the totals (said so), bill linked, refusals reported', async () => {
    const list = await app.get('/votes?province_territory=QC&limit=100');
    // 3 + 2 stored of 3 + 4 printed totals; the 2 others reported.
    expect(list.items).toHaveLength(5);
    const bill = (await app.get('/bills?province_territory=QC')).items.find((b: Json) => b.bill_number === '15');
    const byTime = [...list.items].sort((a: Json, b: Json) => a.occurred_at.localeCompare(b.occurred_at));
    expect(byTime.map((v: Json) => [v.result, v.ayes, v.nays, v.abstentions, v.bill_id, v.positions_count])).toEqual([
      ['defeated', 40, 62, 0, null, 0],
      ['defeated', 35, 70, 0, bill.id, 0],
      ['passed', 70, 35, 1, bill.id, 0],
      ['passed', 61, 38, 0, null, 0],
      ['passed', 60, 40, 0, null, 0],
    ]);
    const filtered = await app.get(`/votes?bill_id=${bill.id}`);
    expect(filtered.items).toHaveLength(2);
    const entry = app.report.importers.find((e) => e.kind === 'qc-votes')!;
    expect(entry.stats).toMatchObject({
      divisions: 5,
      divisions_refused: 2,
      results_announced: 4,
      results_from_totals: 1,
      divisions_on_a_bill: 2,
    });
    expect(entry.notes).toEqual([
      'journal-debats-43-1-20231107.html division 2 (paragraph 22): no announcement read after the totals; result passed from Pour 60, Contre 40',
    ]);
    const refused = app.report.skipped.filter((s) => s.importer === 'qc-votes');
    expect(refused.map((s) => [s.file, s.record, s.reason, s.detail])).toEqual([
      [
        'journal-debats-43-1-20231107.html',
        'division 3 (paragraph 32), field result',
        'division announcement contradicts the totals',
        'announced adopted, Pour 20 Contre 80',
      ],
      [
        'journal-debats-43-1-20231107.html',
        'division 4 (paragraph 42), field ayes',
        'division totals unreadable',
        'Pour : cent cinq Contre : 0 Abstentions : 0',
      ],
    ]);
    const qc = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'QC');
    expect(qc).toMatchObject({ votes_status: 'partial', votes_count: 5 });
    expect(qc.notes).toContain('5 recorded division(s)');
    expect(qc.notes).toContain('1 from the totals');
    expect(qc.notes).toContain('2 refused');
  });
});
