// Québec committee Journals. No committee page was found saved in a public repository; the
// Assembly's stored committee pages (assnat.qc.ca/fr/travaux-parlementaires/commissions/…/journal-debats/
// CAN-830329.html and others, read as text) show the House's page family: the title "Journal des
// débats de la Commission …", "Version finale", the legislature and session line, the dated line,
// then the transcript with "Le Président (M. Guay) :" labels. So the committee page here is the real
// House sitting of the samples (../shared/datasets/provincial-samples/qc-hansard) with only its title
// and its address changed to a committee's (the address pattern of the listing's committee links,
// CCE-221206 there); read beside the unchanged House page, both must be kept, apart.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { qcHansardImporter } from '../../../build-db/import/qc-assnat/hansard.js';
import { readSitting } from '../../../build-db/import/qc-assnat/journal.js';
import { qcMembersImporter } from '../../../build-db/import/qc-assnat/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const SAMPLES = join(import.meta.dir, '../../../../shared/datasets/provincial-samples');
const HOUSE = join(SAMPLES, 'qc-hansard/journal-debats-43-1-20231101.html');
const have = existsSync(HOUSE);
const TITLE = 'Journal des d&#233;bats de l&#39;Assembl&#233;e nationale';
const SHARE =
  'http://www.assnat.qc.ca%2ffr%2ftravaux-parlementaires%2fassemblee-nationale%2f43-1%2fjournal-debats%2f20231101%2f362603.html';
const committeePage = (html: string) =>
  html
    .split(TITLE)
    .join('Journal des d&#233;bats de la Commission de la culture et de l&#39;&#233;ducation')
    .split(SHARE)
    .join('http://www.assnat.qc.ca%2ffr%2ftravaux-parlementaires%2fcommissions%2fcce-43-1%2fjournal-debats%2fCCE-231101.html');

describe.skipIf(!have)('qc-hansard: committee Journals', () => {
  const house = have ? readFileSync(HOUSE, 'utf8') : '';
  test('the title names the committee, the address the meeting; the House page has none', () => {
    expect(readSitting(committeePage(house))).toMatchObject({
      legislature: 43,
      session: 1,
      date: '2023-11-01',
      url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/commissions/cce-43-1/journal-debats/CCE-231101.html',
      committee: { name: "Commission de la culture et de l'éducation", meeting: 'CCE-231101' },
    });
    expect(readSitting(house)?.committee).toBeNull();
  });

  describe('imported beside the House sitting of the same day', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canpol-qc-committee-'));
    let app: ImportedApp;
    beforeAll(async () => {
      mkdirSync(join(dir, 'journal'));
      writeFileSync(join(dir, 'journal', 'journal-debats-43-1-20231101.html'), house);
      writeFileSync(join(dir, 'journal', 'journal-debats-commission-cce-43-1-20231101.html'), committeePage(house));
      app = await importBuildServe([qcMembersImporter, qcHansardImporter], (i) =>
        i === qcMembersImporter ? join(SAMPLES, 'qc-members') : join(dir, 'journal'),
      );
    }, 120_000);
    afterAll(() => {
      app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('both kept: the committee speeches typed committee, with the committee and the meeting page, keys apart', async () => {
      const speeches = readFileSync(join(app.into, 'speeches.qc-hansard.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Json);
      const committee = speeches.filter((s) => s.committee_name);
      const floor = speeches.filter((s) => !s.committee_name);
      expect(committee.length).toBe(floor.length);
      expect(committee.length).toBeGreaterThan(100);
      expect(new Set(speeches.map((s) => s.key)).size).toBe(speeches.length);
      expect(
        committee.every((s) => s.speech_type === 'committee' && s.committee_name === "Commission de la culture et de l'éducation"),
      ).toBe(true);
      expect(committee[0]).toMatchObject({
        key: 'qc/speech/2023-11-01/CCE-231101/1',
        meeting_url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/commissions/cce-43-1/journal-debats/CCE-231101.html',
      });
      // The presiding officer is still the presiding officer, in committee as in the House.
      expect(committee.filter((s) => s.is_presiding).length).toBe(floor.filter((s) => s.is_presiding).length);
      expect(app.report.skipped.some((s) => s.reason === 'second file for the same sitting')).toBe(false);
      const qc = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'QC');
      expect(qc.committees_status).toBe('partial');
      expect(qc.notes).toContain('1 committee meeting(s)');
    });
  });
});
