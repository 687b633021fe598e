// The nightly's fresh bundle keeps the parts of importers that carry history, and only those.
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carryHistoryParts } from '../../../build-db/pipeline/keep-history.js';
import type { Importer } from '../../../build-db/import/types.js';

const dir = mkdtempSync(join(tmpdir(), 'canpol-keep-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const importer = (kind: string, keepsHistory?: boolean): Importer => ({
  kind,
  summary: '',
  datasetDir: kind,
  keepsHistory,
  run: () => ({ records: {}, sources: [], coverage: [] }),
});

test('parts of importers with keepsHistory are copied, nothing else', () => {
  const previous = join(dir, 'previous');
  mkdirSync(previous);
  for (const f of ['politicians.rosters.jsonl', 'offices.rosters.jsonl', 'politicians.other.jsonl', 'manifest.json'])
    writeFileSync(join(previous, f), '{}\n');
  const next = join(dir, 'next');
  expect(carryHistoryParts(previous, next, [importer('rosters', true), importer('other')]).sort()).toEqual([
    'offices.rosters.jsonl',
    'politicians.rosters.jsonl',
  ]);
  expect(readdirSync(next).sort()).toEqual(['offices.rosters.jsonl', 'politicians.rosters.jsonl']);
});

test('no previous bundle (the first night): nothing to carry', () => {
  expect(carryHistoryParts(join(dir, 'absent'), join(dir, 'next2'), [importer('rosters', true)])).toEqual([]);
});
