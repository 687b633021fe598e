// `canpol import --commercial-only on`: a source whose terms forbid commercial reuse is left out,
// with its parts and manifest entry of an earlier run, and the report says so; the registry declares
// Ontario's sources forbidden and BC's unverified.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORTERS } from '../../../build-db/import/registry.js';
import { runImport } from '../../../build-db/import/run-import.js';
import type { Importer } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-terms-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const speech = (key: string, province: 'ON' | 'BC') => ({
  key,
  speaker_name_raw: 'A Member',
  spoken_at: '2016-03-02T09:00:00-05:00',
  language: 'en' as const,
  level: 'provincial' as const,
  province_territory: province,
  speech_type: 'floor' as const,
  text: 'Words.',
  source_system: 't',
});
const importer = (kind: string, province: 'ON' | 'BC', commercial: 'forbidden' | 'unverified'): Importer => ({
  kind,
  summary: kind,
  datasetDir: kind,
  terms: { commercial, summary: `${kind} terms` },
  run: () => ({
    records: { speeches: [speech(`${kind}/1`, province)] },
    sources: [{ id: kind, version: '1' }],
    coverage: [{ jurisdiction: province, hansard: 'partial' }],
  }),
});

describe('--commercial-only', () => {
  const on = importer('on-words', 'ON', 'forbidden');
  const bc = importer('bc-words', 'BC', 'unverified');
  const into = temp();
  const run = (commercialOnly: boolean) =>
    runImport({ importers: [on, bc], fromOf: () => into, into, extractedAt: '2026-12-06T00:00:00Z', commercialOnly });

  test('without it both sources are imported', async () => {
    await run(false);
    expect(existsSync(join(into, 'speeches.on-words.jsonl'))).toBe(true);
    expect(existsSync(join(into, 'speeches.bc-words.jsonl'))).toBe(true);
  });

  test('with it the forbidden source, and its records of the earlier run, are left out and reported', async () => {
    const report = await run(true);
    expect(existsSync(join(into, 'speeches.on-words.jsonl'))).toBe(false);
    expect(existsSync(join(into, 'speeches.bc-words.jsonl'))).toBe(true);
    expect(report.skipped).toContainEqual({
      importer: 'on-words',
      file: into,
      record: 'whole dataset',
      reason: 'left out: terms forbid commercial reuse (--commercial-only)',
      detail: 'on-words terms',
    });
    const manifest = JSON.parse(readFileSync(join(into, 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.imports)).toEqual(['bc-words']);
    expect(manifest.sources.map((s: { id: string }) => s.id)).toEqual(['bc-words']);
    const rows = readFileSync(join(into, 'jurisdictions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.find((r) => r.jurisdiction === 'ON').hansard_status).toBe('none');
    expect(rows.find((r) => r.jurisdiction === 'BC').hansard_status).toBe('partial');
  });

  test('the registry: Ontario sources forbidden, BC unverified', () => {
    const terms = Object.fromEntries(IMPORTERS.filter((i) => i.terms).map((i) => [i.kind, i.terms!.commercial]));
    expect(terms).toMatchObject({
      'ontario-hansard': 'forbidden',
      'ontario-members': 'forbidden',
      'ontario-committees': 'forbidden',
      'bc-lims': 'unverified',
      'bc-hansard': 'unverified',
    });
  });
});

describe('--leave-out', () => {
  const on = importer('on-words', 'ON', 'forbidden');
  const bc = importer('bc-words', 'BC', 'unverified');
  const into = temp();
  const run = (leaveOut: string[]) =>
    runImport({ importers: [on, bc], fromOf: () => into, into, extractedAt: '2026-12-06T00:00:00Z', leaveOut });

  test('an importer named is left out with its records of an earlier run, and the report says so', async () => {
    await run([]);
    expect(existsSync(join(into, 'speeches.on-words.jsonl'))).toBe(true);
    const report = await run(['on-words']);
    expect(existsSync(join(into, 'speeches.on-words.jsonl'))).toBe(false);
    expect(existsSync(join(into, 'speeches.bc-words.jsonl'))).toBe(true);
    expect(report.skipped).toContainEqual(expect.objectContaining({ importer: 'on-words', reason: 'left out on purpose (--leave-out)' }));
  });
});
