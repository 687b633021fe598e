// Québec from the Assemblée nationale's own pages (../shared/datasets/provincial-samples: the roster,
// two member pages, the Journal des débats of 2023-11-01), imported, built and searched in French.
// The values checked are printed on those pages; one roster row (Chantal Soucy, Vice-President since
// the 43rd legislature opened) is written in the test, since the trimmed roster sample lacks her.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { qcHansardImporter } from '../../../build-db/import/qc-assnat/hansard.js';
import { qcMembersImporter } from '../../../build-db/import/qc-assnat/members.js';
import { frenchClock, frenchDate } from '../../../build-db/import/qc-assnat/french-dates.js';
import { readQcSpeaker } from '../../../build-db/import/qc-assnat/speaker.js';
import type { Importer } from '../../../build-db/import/types.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';
import type { Json } from '../../helpers/http.js';

const SAMPLES = join(import.meta.dir, '../../../../shared/datasets/provincial-samples');
const have = existsSync(join(SAMPLES, 'qc-hansard/journal-debats-43-1-20231101.html'));

describe('French dates, clock lines and speaker labels as the Journal prints them', () => {
  test('dates and times', () => {
    expect(frenchDate('Le mercredi 1 novembre 2023')).toBe('2023-11-01');
    expect(frenchDate('1er octobre 2018')).toBe('2018-10-01');
    expect(frenchClock('(Neuf heures quarante minutes)')).toBe(9 * 60 + 40);
    expect(frenchClock('(Quinze heures)')).toBe(15 * 60);
    expect(frenchClock('• (10 h 50) •')).toBe(10 * 60 + 50);
    expect(frenchClock('• (16 heures) •')).toBe(16 * 60);
    expect(frenchClock('(Reprise à 15 h 01)')).toBe(15 * 60 + 1);
    expect(frenchClock('(Applaudissements)')).toBeNull();
  });
  test('labels', () => {
    expect(readQcSpeaker('Le Vice-Président (M. Benjamin)')).toMatchObject({
      presiding: true,
      role: 'Vice-Président',
      lastName: 'Benjamin',
    });
    expect(readQcSpeaker('La Présidente')).toMatchObject({ presiding: true, role: 'Présidente', lastName: null });
    expect(readQcSpeaker('Mme Roy (Verchères)')).toMatchObject({ kind: 'member', lastName: 'Roy', riding: 'Verchères' });
    expect(readQcSpeaker('Des voix')).toMatchObject({ kind: 'collective', lastName: null });
  });
});

describe.skipIf(!have)('Québec members and Journal des débats, real pages', () => {
  let app: ImportedApp;
  const soucy: Importer = {
    kind: 'qc-test-soucy',
    summary: 'one hand-written Québec member',
    datasetDir: '.',
    run: () => ({
      records: {
        politicians: [
          {
            key: 'test/soucy',
            name: 'Chantal Soucy',
            first_name: 'Chantal',
            last_name: 'Soucy',
            party: 'Coalition avenir Québec',
            elected_office: 'MNA',
            level: 'provincial',
            province_territory: 'QC',
            constituency_name: 'Saint-Hyacinthe',
            is_active: true,
            terms: [{ start_at: '2022-10-03T00:00:00-04:00', end_at: null, constituency_name: 'Saint-Hyacinthe' }],
          },
        ],
      },
      sources: [],
      coverage: [],
    }),
  };
  const speeches = () =>
    readFileSync(join(app.into, 'speeches.qc-hansard.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
  const people = () =>
    readFileSync(join(app.into, 'politicians.qc-members.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);

  beforeAll(async () => {
    app = await importBuildServe([qcMembersImporter, soucy, qcHansardImporter], (i) =>
      i.kind === 'qc-test-soucy' ? SAMPLES : join(SAMPLES, i.datasetDir.replace('provincial-samples/', '')),
    );
    // Import and build on a shared 2-core machine: beyond the 5 s default under load.
  }, 60_000);
  afterAll(() => app?.close());

  test('member pages give the numeric id and a term per election won; roster rows join them by name', () => {
    const all = people();
    // 6 roster rows (Massé among them) + Carmant's page.
    expect(all).toHaveLength(7);
    const masse = all.find((p) => p.key === 'qc-assnat/person/15421')!;
    expect(masse).toMatchObject({
      name: 'Manon Massé',
      party: 'Québec solidaire',
      constituency_name: 'Sainte-Marie–Saint-Jacques',
      is_active: true,
    });
    expect(masse.terms.map((t: Json) => t.start_at.slice(0, 10))).toEqual(['2014-04-07', '2018-10-01', '2022-10-03']);
    expect(all.find((p) => p.key === 'qc-assnat/person/17893')!.name).toBe('Lionel Carmant');
    // A roster row without its page: dated from the day the roster was seen, and marked so.
    expect(all.find((p) => p.name === 'Frantz Benjamin')!.terms[0]).toMatchObject({
      start_at: '2026-11-01T00:00:00-04:00',
      observed: true,
    });
  });

  test('the sitting: French speeches, times from the printed clock, the session from the header', () => {
    const s = speeches();
    expect(s.every((x) => x.language === 'fr' && x.province_territory === 'QC')).toBe(true);
    expect(s[0]).toMatchObject({
      speaker_name_raw: 'Le Vice-Président (M. Lévesque)',
      spoken_at: '2023-11-01T09:40:00-04:00',
      is_presiding: true,
      speaker_role: 'Vice-Président',
      session_key: 'qc/session/43-1',
    });
    expect(s[0].source_url).toBe(
      'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20231101/362603.html',
    );
    const session = JSON.parse(readFileSync(join(app.into, 'sessions.qc-hansard.jsonl'), 'utf8').trim());
    expect(session).toMatchObject({ parliament_number: 43, session_number: 1, start_date: '2022-11-29' });
    const qp = s.filter((x) => x.speech_type === 'question_period');
    expect(qp.length).toBeGreaterThan(0);
    expect(qp[0].order_of_business).toBe('Questions et réponses orales');
  });

  test('speakers are linked to Québec members; presiding officers by the holder their label names', () => {
    const s = speeches();
    const masse = s.filter((x) => x.speaker_name_raw === 'Mme Massé');
    // Five turns: two of them with the label broken over two lines ("<b>Mme\n Massé : </b>").
    expect(masse).toHaveLength(5);
    expect(masse.every((x) => x.politician_key === 'qc-assnat/person/15421')).toBe(true);
    const vp = s.filter((x) => x.speaker_name_raw === 'La Vice-Présidente (Mme Soucy)');
    // 25 labels "La Vice-Présidente (Mme Soucy) :" in the page, counted with its whitespace folded.
    expect(vp.length).toBe(25);
    expect(vp.every((x) => x.politician_key === 'test/soucy' && x.is_presiding)).toBe(true);
    expect(s.filter((x) => x.speaker_name_raw === 'M. Carmant').map((x) => x.politician_key)).toEqual(['qc-assnat/person/17893']);
    // "La Présidente" names nobody: unlinked and reported, never guessed.
    expect(s.filter((x) => x.speaker_name_raw === 'La Présidente').every((x) => x.politician_key === null)).toBe(true);
    const entry = app.report.importers.find((e) => e.kind === 'qc-hansard')!;
    expect(entry.skipped_by_reason['speaker unlinked: presiding officer not named']).toBeGreaterThan(0);
  });

  test('the coverage row counts what is on file and keeps the terms; the Hansard is searchable in French', async () => {
    const cov = await app.get('/coverage');
    const qc = cov.jurisdictions.find((r: Json) => r.jurisdiction === 'QC');
    expect(qc).toMatchObject({ hansard_status: 'partial', speeches_count: speeches().length });
    expect(qc.politicians_count).toBe(8);
    expect(qc.notes).toContain('commercial use needs prior authorization');
    expect(qc.notes).toContain('votes: the procès-verbal');
    const found = await app.get('/search/speeches?q=itin%C3%A9rance&lang=fr&province=QC');
    expect(found.items.length).toBeGreaterThan(0);
  });
});
