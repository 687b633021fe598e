// Reasons for records leaving the data file, on two small files built here where the answer is known.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SourceReport } from '../../../build-db/fetch/run-fetch.js';
import type { ImportReport } from '../../../build-db/import/run-import.js';
import { compareDataFiles } from '../../../build-db/pipeline/change-report.js';
import { explainRemovals, removalsGuard } from '../../../build-db/pipeline/removals.js';

const dir = mkdtempSync(join(tmpdir(), 'canpol-removals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, rows: { politicians: Array<[string, string]>; speeches: string[]; chunks: string[] }): string {
  const path = join(dir, name);
  const db = new Database(path);
  db.exec(
    'CREATE TABLE politicians (id TEXT PRIMARY KEY, key TEXT NOT NULL UNIQUE); CREATE TABLE speeches (id TEXT PRIMARY KEY); CREATE TABLE chunks (id TEXT PRIMARY KEY)',
  );
  for (const [id, key] of rows.politicians) db.prepare('INSERT INTO politicians VALUES (?, ?)').run(id, key);
  for (const id of rows.speeches) db.prepare('INSERT INTO speeches VALUES (?)').run(id);
  for (const id of rows.chunks) db.prepare('INSERT INTO chunks VALUES (?)').run(id);
  db.close();
  return path;
}

const source = (id: string, importer: string, items: Partial<SourceReport['items']> = {}, status: SourceReport['status'] = 'fresh') =>
  ({ id, importer, status, problems: [], files: [], items: { new: [], changed: [], removed: [], ...items } }) as unknown as SourceReport;
const report = (
  entries: Array<{ kind: string; written: Record<string, number>; skipped_by_reason?: Record<string, number> }>,
): ImportReport =>
  ({
    importers: entries.map((e) => ({ skipped_by_reason: {}, ...e })),
    skipped: entries.flatMap((e) =>
      Object.entries(e.skipped_by_reason ?? {}).flatMap(([reason, n]) =>
        Array.from({ length: n }, () => ({ importer: e.kind, reason, file: 'f', record: 'r' })),
      ),
    ),
  }) as unknown as ImportReport;

const previous = file('prev.db', {
  politicians: [
    ['p1', 'ca-hoc/person/1'],
    ['p2', 'ca-hoc/person/2'],
  ],
  speeches: ['s1', 's2', 's3'],
  chunks: ['c1', 'c2', 'c3'],
});
const current = file('cur.db', {
  politicians: [
    ['p1-new', 'ca-hoc/person/1'],
    ['p2', 'ca-hoc/person/2'],
  ],
  speeches: ['s1', 's2'],
  chunks: ['c1', 'c2'],
});
const changes = compareDataFiles(current, previous, ['chunks', 'politicians', 'speeches']);

test('a row whose natural key is in the new file under a new id is superseded; each removed row is named', () => {
  const out = explainRemovals({
    candidate: current,
    previous,
    changes,
    imported: report([{ kind: 'hoc-members', written: { politicians: 2 } }]),
    previousSkipped: null,
    sources: [source('hoc-members-xml', 'hoc-members')],
  });
  expect(out.find((t) => t.table === 'politicians')).toEqual({
    table: 'politicians',
    removed: 1,
    sample: ['p1 [ca-hoc/person/1]'],
    reasons: [{ kind: 'superseded', detail: '1 row(s) whose key is in the new file under a new id', rows: 1 }],
    explained: true,
  });
});

test('a speech gone with its importer skipping one more for a reason than the last release is explained by that skip; chunks follow speeches', () => {
  const out = explainRemovals({
    candidate: current,
    previous,
    changes,
    sources: [source('hoc-hansard-xml', 'hoc-hansard')],
    imported: report([{ kind: 'hoc-hansard', written: { speeches: 2 }, skipped_by_reason: { 'empty intervention': 3 } }]),
    previousSkipped: { total: 2, by_importer: { 'hoc-hansard': { 'empty intervention': 2 } } },
  });
  const speeches = out.find((t) => t.table === 'speeches')!;
  expect(speeches).toMatchObject({ removed: 1, sample: ['s3'], explained: true });
  expect(speeches.reasons).toEqual([
    { kind: 'skipped by importer', detail: 'hoc-hansard: empty intervention (+1 since the last release)', rows: 1 },
  ]);
  const chunks = out.find((t) => t.table === 'chunks')!;
  expect(chunks.explained).toBe(true);
  expect(chunks.reasons.map((r) => r.kind)).toEqual(['derived', 'skipped by importer']);
  expect(removalsGuard(out).ok).toBe(true);
});

test('the same loss with the same skips and byte-identical inputs is unexplained and fails the guard; a withdrawn file explains it', () => {
  const base = {
    candidate: current,
    previous,
    changes,
    imported: report([
      { kind: 'hoc-hansard', written: { speeches: 2 } },
      { kind: 'hoc-members', written: { politicians: 2 } },
    ]),
    previousSkipped: null,
  };
  const bare = explainRemovals({ ...base, sources: [source('hoc-hansard-xml', 'hoc-hansard'), source('hoc-members-xml', 'hoc-members')] });
  expect(bare.find((t) => t.table === 'speeches')).toMatchObject({ explained: false, reasons: [] });
  const guard = removalsGuard(bare);
  expect(guard.ok).toBe(false);
  expect(guard.detail).toContain('speeches −1 (s3)');
  const withdrawn = explainRemovals({
    ...base,
    sources: [
      source('hoc-hansard-xml', 'hoc-hansard', { removed: ['hoc-hansard-xml-samples/44-1-5-en.xml.gz'] }),
      source('hoc-members-xml', 'hoc-members'),
    ],
  });
  expect(withdrawn.find((t) => t.table === 'speeches')!.reasons).toEqual([
    { kind: 'removed upstream', detail: 'hoc-hansard-xml: hoc-hansard-xml-samples/44-1-5-en.xml.gz', rows: null },
  ]);
  expect(removalsGuard(withdrawn).ok).toBe(true);
  expect(removalsGuard(null).ok).toBe(true);
});
