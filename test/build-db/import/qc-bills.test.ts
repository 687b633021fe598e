// Québec bills: the open-data list and a bill's page. No saved copy of either was found in public
// repositories, so both are written here by hand in the layouts two public clients read:
// - the list (Données Québec, projets-de-loi.csv): columns Id, Numero_projet_loi, Titre_projet_loi
//   ("43-2 PL 1  Loi constitutionnelle de 2025 sur le Québec": the presenting session first),
//   Type_projet_loi, Derniere_etape_franchie (codes presentation, depot_commission_consultation,
//   adoption_principe, depot_commission_etude_detaillee, sanction), Date_derniere_etape,
//   No_legislature, Date_debut_legislature, Date_fin_legislature, No_session — one row per bill and
//   session, a carried-over bill sharing its Id (the Id-grouping client's comments; both clients);
// - the bill page: "Auteur" with a table (class tableInvisible) linking /fr/deputes/{slug}-{id}/,
//   "Type" with a paragraph, h2 "Étapes de cheminement", an h3 per stage, `ul.ListeLien` items
//   linking that sitting's Journal des débats and a bracketed note, ending at "En complément"
//   (thejoycething-code/parl-monitor's prov_qc.py, a veille-assnat bill-details.js scraper).
// The author is a real member of the samples (Lionel Carmant, id 17893, ../shared/datasets); the
// bills' stages and dates below are made up for the test.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { qcBillsImporter } from '../../../build-db/import/qc-assnat/bills.js';
import { readQcBillPage } from '../../../build-db/import/qc-assnat/bill-page.js';
import { readQcBillRows } from '../../../build-db/import/qc-assnat/bill-rows.js';
import { qcMembersImporter } from '../../../build-db/import/qc-assnat/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const MEMBERS = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/qc-members');

const CSV = `Id,Numero_projet_loi,Titre_projet_loi,Type_projet_loi,Derniere_etape_franchie,Date_derniere_etape,No_legislature,Date_debut_legislature,Date_fin_legislature,No_session
1001,94,"43-1 PL 94  Loi visant notamment à renforcer la laïcité dans le réseau de l'éducation",Public du gouvernement,adoption_principe,2025-05-01,43,2022-11-29,,1
1001,94,"43-1 PL 94  Loi visant notamment à renforcer la laïcité dans le réseau de l'éducation",Public du gouvernement,sanction,2025-10-30,43,2022-11-29,,2
1002,1,"43-2 PL 1  Loi constitutionnelle de 2025 sur le Québec",Public du gouvernement,presentation,2025-12-09,43,2022-11-29,,2
1003,abc,"43-2 PL abc  Loi mal numérotée",Public de député,presentation,2025-12-10,43,2022-11-29,,2
`;

const jd = (day: string, id: string) => `/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/${day}/${id}.html`;
const PAGE = `<html><body><div id="PageContenu">
<h1><span id="ctl00_ColCentre_ContenuColonneGauche_SiteMapPathTitreContenu"><span>Projet de loi n° 94, Loi visant notamment à renforcer la laïcité dans le réseau de l'éducation</span></span></h1>
<h3>Auteur</h3>
<table class="tableInvisible">
  <tr><td><a href="/fr/deputes/carmant-lionel-17893/index.html">Carmant, Lionel</a>,</td><td>ministre délégué à la Santé et aux Services sociaux</td></tr>
</table>
<h3>Type</h3>
<p>Public du gouvernement</p>
<h2>Étapes de cheminement</h2>
<h3>Présentation</h3>
<ul class="ListeLien">
  <li><a href='/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20250213/372101.html'>Le jeudi 13 février 2025</a></li>
  <li><a href='/fr/document/Process.aspx?MediaId=ANQ.Vigie.Bll.DocumentGenerique_1&amp;process=Default'>Version PDF du projet de loi</a></li>
</ul>
<h3>Adoption du principe</h3>
<ul class="ListeLien">
  <li><a href='${jd('20250430', '373500')}'>Le mercredi 30 avril 2025</a> (Débat ajourné)</li>
  <li><a href='${jd('20250501', '373600')}'>Le jeudi 1 mai 2025</a> (Vote : Pour 73, Contre 35, Abstention 0)</li>
</ul>
<h3>Étude détaillée en commission</h3>
<ul class="ListeLien">
  <li><a href='/fr/travaux-parlementaires/commissions/ce-43-1/journal-debats/CE-250520.html'>Commission de la culture et de l'éducation, le 20 mai 2025</a></li>
</ul>
<h3>Adoption</h3>
<ul class="ListeLien">
  <li><a href='/fr/travaux-parlementaires/assemblee-nationale/43-2/journal-debats/20251028/380100.html'>Le mardi 28 octobre 2025</a> (Vote : Pour 70, Contre 33, Abstention 0)</li>
</ul>
<h3>Sanction</h3>
<ul class="ListeLien">
  <li>Le 30 octobre 2025</li>
</ul>
<h3>Mise en vigueur</h3>
<ul class="ListeLien"><li>Voir les dispositions du projet de loi</li></ul>
<h2>En complément</h2>
<ul class="ListeLien"><li><a href='/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20250213/372101.html'>Le 13 février 2025</a></li></ul>
</div></body></html>`;

describe('qc-bills: the open-data list and the bill pages', () => {
  test('rows: the presenting session from the title, one row per bill and session, the bad number reported', () => {
    const { rows, problems, missing } = readQcBillRows(CSV);
    expect(missing).toEqual([]);
    expect(rows.map((r) => [r.id, r.legislature, r.session, r.number, r.lastStage, r.lastDate])).toEqual([
      ['1001', 43, 1, '94', 'adoption_principe', '2025-05-01'],
      ['1001', 43, 1, '94', 'sanction', '2025-10-30'],
      ['1002', 43, 2, '1', 'presentation', '2025-12-09'],
    ]);
    expect(rows[2].title).toBe('Loi constitutionnelle de 2025 sur le Québec');
    expect(problems).toEqual([{ line: 5, field: 'Numero_projet_loi', detail: '"abc"' }]);
    expect(readQcBillRows('Numero,Titre\n1,x\n').missing.length).toBeGreaterThan(0);
  });

  test('the page: author by member id, type, every sitting of every stage with its note; text links and later sections left out', () => {
    const page = readQcBillPage(PAGE)!;
    expect(page.author).toEqual({ id: '17893', name: 'Lionel Carmant', role: 'ministre délégué à la Santé et aux Services sociaux' });
    expect(page.type).toBe('Public du gouvernement');
    expect(page.stages.map((s) => [s.stage, s.date, s.note])).toEqual([
      ['Présentation', '2025-02-13', null],
      ['Présentation', null, null],
      ['Adoption du principe', '2025-04-30', 'Débat ajourné'],
      ['Adoption du principe', '2025-05-01', 'Vote : Pour 73, Contre 35, Abstention 0'],
      ['Étude détaillée en commission', '2025-05-20', null],
      ['Adoption', '2025-10-28', 'Vote : Pour 70, Contre 33, Abstention 0'],
      ['Sanction', '2025-10-30', null],
      ['Mise en vigueur', null, null],
    ]);
    expect(readQcBillPage('<html><h1>Erreur</h1></html>')).toBeNull();
  });

  describe.skipIf(!existsSync(MEMBERS))('through import and build, with the members of the samples', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canpol-qc-bills-'));
    let app: ImportedApp;
    beforeAll(async () => {
      writeFileSync(join(dir, 'projets-de-loi.csv'), CSV);
      writeFileSync(join(dir, 'projet-loi-94-43-1.html'), PAGE);
      app = await importBuildServe([qcMembersImporter, qcBillsImporter], (i) => (i === qcMembersImporter ? MEMBERS : dir));
    }, 60_000);
    afterAll(() => {
      app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('bill 94: one bill in its presenting session, every sitting as an event, the author linked', async () => {
      const found = (await app.get('/bills?province_territory=QC&q=la%C3%AFcit%C3%A9')).items as Json[];
      expect(found.map((b) => [b.bill_number, b.session_name])).toEqual([['94', '43e législature, 1re session']]);
      const bill = found[0];
      expect(bill).toMatchObject({ introduced_date: '2025-02-13', status: 'Sanction', bill_type: 'Public du gouvernement' });
      const events = (await app.get(`/bills/${bill.id}/events`)).events as Json[];
      expect(events.map((e) => [e.stage, e.event_date])).toEqual([
        ['first_reading', '2025-02-13'],
        ['second_reading', '2025-04-30'],
        ['second_reading', '2025-05-01'],
        ['committee', '2025-05-20'],
        ['third_reading', '2025-10-28'],
        ['royal_assent', '2025-10-30'],
      ]);
      expect(events[2].outcome).toBe('Vote : Pour 73, Contre 35, Abstention 0');
      const sponsors = (await app.get(`/bills/${bill.id}/sponsors`)).sponsors as Json[];
      expect(sponsors).toHaveLength(1);
      expect(sponsors[0]).toMatchObject({ sponsor_name_raw: 'Lionel Carmant', politician_name: 'Lionel Carmant', role: 'sponsor' });
      expect(sponsors[0].politician_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    test('bill 1 without a page: its last stage from the list; the reports name the rest', async () => {
      const [bill] = (await app.get('/bills?province_territory=QC&q=constitutionnelle')).items as Json[];
      expect(bill).toMatchObject({ bill_number: '1', introduced_date: '2025-12-09', session_name: '43e législature, 2e session' });
      const skipped = app.report.skipped.filter((s) => s.importer === 'qc-bills').map((s) => [s.record, s.reason]);
      expect(skipped).toEqual([['line 5', 'row unreadable: Numero_projet_loi']]);
      const lines = readFileSync(join(app.into, 'bills.qc-bills.jsonl'), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(2);
      const qc = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'QC');
      expect(qc).toMatchObject({ bills_status: 'partial', bills_count: 2 });
    });
  });
});
