// Coverage rows that hold nothing say why: PEI and Yukon blocked with the reason, the rest `none`
// with what the publisher offers, through the import's jurisdictions file and the build.
import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { writeManifest } from '../../../build-db/import/bundle-folder.js';
import { PUBLISHER_GAPS } from '../../../build-db/import/publisher-gaps.js';
import { JURISDICTIONS } from '../../../src/core/domain/enums.js';
import { tempDir } from '../../helpers/fixture.js';

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-gaps-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Row = Record<string, string | null> & { source_urls: Record<string, string> };

describe('publisher gaps in the jurisdictions file and the data file', () => {
  const into = temp();
  // One import claiming Québec's Hansard only: its other kinds stay unclaimed.
  writeManifest(
    into,
    [{ kind: 'qc-test', from: '/x', sources: [], coverage: [{ jurisdiction: 'QC', hansard: 'live', notes: 'Terms: non-commercial.' }] }],
    '2026-12-01T00:00:00Z',
  );
  const rows = readFileSync(join(into, 'jurisdictions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
  const row = (j: string) => rows.find((r) => r.jurisdiction === j)!;

  test('every provincial and territorial row is declared; federal is not (nothing is missing there)', () => {
    expect(Object.keys(PUBLISHER_GAPS).sort()).toEqual(JURISDICTIONS.filter((j) => j !== 'federal').sort());
    expect(row('federal').notes).toBeNull();
  });

  test('PEI and Yukon are blocked in every kind, with the reason', () => {
    for (const j of ['PE', 'YT']) {
      expect(row(j)).toMatchObject({
        bills_status: 'blocked',
        hansard_status: 'blocked',
        votes_status: 'blocked',
        committees_status: 'blocked',
      });
      expect(row(j).notes).toStartWith('Blocked: ');
    }
    expect(row('PE').notes).toContain('CAPTCHA');
    expect(row('YT').notes).toContain('Cloudflare');
  });

  test('an open publisher with nothing claimed says what it offers for each kind', () => {
    const ns = row('NS');
    expect(ns).toMatchObject({ bills_status: 'none', hansard_status: 'none', votes_status: 'none', committees_status: 'none' });
    expect(ns.notes).toContain('bills: a Socrata JSON API');
    expect(ns.notes).toContain('votes: divisions inline in Hansard');
  });

  test("a claimed kind drops out of the note; the claim's own note comes first", () => {
    const qc = row('QC');
    expect(qc.hansard_status).toBe('live');
    expect(qc.notes).toStartWith('Terms: non-commercial. Not on file: bills: ');
    expect(qc.notes).not.toContain('hansard: ');
    expect(qc.notes).toContain('votes: the procès-verbal');
  });

  test('the build keeps blocked rows blocked and their notes; the coverage summary counts them', () => {
    const out = join(temp(), 'x.db');
    const result = buildDataFile({ sources: into, out });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const db = new Database(out, { readonly: true });
    const built = db.prepare('SELECT jurisdiction, bills_status, hansard_status, notes FROM jurisdictions ORDER BY ord').all() as Row[];
    db.close();
    expect(built.filter((r) => r.bills_status === 'blocked').map((r) => r.jurisdiction)).toEqual(['PE', 'YT']);
    expect(built.find((r) => r.jurisdiction === 'YT')!.notes).toContain('bot challenge');
    // Nothing of Québec's Hansard is on file, so the build lowers the claim to none (its note kept).
    expect(built.find((r) => r.jurisdiction === 'QC')!.hansard_status).toBe('none');
  }, 60_000);
});
