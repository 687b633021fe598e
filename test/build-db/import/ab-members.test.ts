// Alberta's roster through import, build and the API. The page is written here by hand in the exact
// markup of assembly.ab.ca's roster of the 31st legislature (rows as the live page prints them:
// photo, "Surname, [KC,] Title First" linked with mid and legl, caucus abbreviation, riding or
// "Former Member", "- Member-elect"); the names, mids and ridings are the Assembly's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abMembersImporter } from '../../../build-db/import/ab-assembly/members.js';
import type { Json } from '../../helpers/http.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';
import { abRosterRow } from '../../helpers/ab-roster.js';

const row = (mid: string, label: string, caucus: string, place: string, alt: string, after = '') =>
  abRosterRow(mid, label, caucus, place, { alt, after });
const ROSTER = `<html><body><table>${[
  row('0984', 'Al-Guneid, Ms Nagwan', 'NDP', 'Calgary-Glenmore', 'Nagwan Al-Guneid'),
  row('0913', 'Amery, KC, Honourable Mickey', 'UC', 'Calgary-Cross', 'Mickey Amery'),
  row('0958', 'Calahoo Stonehouse, Member Jodi', 'NDP', 'Edmonton-Rutherford', 'Jodi Calahoo Stonehouse'),
  row('0989', 'Campbell, Kyle', 'NDP', 'Calgary-Shaw', 'Kyle Campbell', ' - Member-elect'),
  row('0885', 'Cooper, Nathan', '&nbsp;', '<i style="color:brown"><span style="color:#fff;">z</span>Former Member</i>', 'Nathan Cooper'),
  row('0975', 'de Jonge, Ms Chantelle', 'UC', 'Chestermere-Strathmore', 'Chantelle de Jonge'),
].join('')}</table></body></html>`;

describe('ab-members: the Assembly roster with mid ids', () => {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-ab-'));
  let app: ImportedApp;
  beforeAll(async () => {
    writeFileSync(join(dir, 'members-legl-31.html'), ROSTER);
    app = await importBuildServe([abMembersImporter], () => dir);
    // Import and build on a shared 2-core machine: beyond the 5 s default under load.
  }, 60_000);
  afterAll(() => {
    app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('sitting members keyed by mid, names without titles or post-nominals; the former member reported', async () => {
    const list = await app.get('/politicians?jurisdiction=AB&limit=100');
    expect(list.items.map((p: Json) => p.full_name).sort()).toEqual([
      'Chantelle de Jonge',
      'Jodi Calahoo Stonehouse',
      'Kyle Campbell',
      'Mickey Amery',
      'Nagwan Al-Guneid',
    ]);
    const amery = list.items.find((p: Json) => p.full_name === 'Mickey Amery');
    const detail = await app.get(`/politicians/${amery.id}`);
    expect(detail.politician).toMatchObject({
      ab_assembly_mid: '0913',
      party: 'UC',
      constituency_name: 'Calgary-Cross',
      last_name: 'Amery',
      first_name: 'Mickey',
    });
    const entry = app.report.importers.find((e) => e.kind === 'ab-members')!;
    expect(entry.skipped_by_reason['former member: the roster dates nothing']).toBe(1);
    expect(entry.stats).toMatchObject({ members: 5, members_elect: 1, former_members_not_dated: 1 });
  });

  test('the coverage row: Alberta members live, counted; the rest still says what is missing', async () => {
    const ab = (await app.get('/coverage')).jurisdictions.find((r: Json) => r.jurisdiction === 'AB');
    expect(ab).toMatchObject({ politicians_count: 5, bills_status: 'none' });
    expect(ab.notes).toContain('bills: a page per bill with every stage');
  });
});
