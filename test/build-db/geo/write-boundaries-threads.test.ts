// The geo phase shared with a worker thread (`--build-workers`) writes the same file as on one
// thread: every other batch of boundaries is derived there, rows written in file order, a refused
// geometry leaving no gap in the rowids whichever thread refused it.
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { computeChecksums } from '../../../src/core/data-file/data-checksums.js';
import { boundaryRecords } from '../../helpers/boundary-fixture.js';
import { tempDir, writeFixture } from '../../helpers/fixture.js';

const dir = tempDir('canpol-geo-threads-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Three copies of the hand-made boundaries (24: three batches of 8, the second on the worker), one of
 *  them (in the second) a line with no area. */
function records() {
  const rows = [0, 1, 2].flatMap((copy) => boundaryRecords().map((r): Record<string, unknown> => ({ ...r, slug: `${r.slug}-${copy}` })));
  rows[13].geometry = {
    type: 'Polygon',
    coordinates: [
      [
        [-75, 45],
        [-74.5, 45],
        [-74, 45],
        [-75, 45],
      ],
    ],
  };
  return rows;
}

function build(workers: 'off' | 'always') {
  const sources = join(dir, `sources-${workers}`);
  mkdirSync(sources);
  writeFixture(sources, (r) => {
    (r as unknown as { boundaries: unknown[] }).boundaries = records();
  });
  const log: string[] = [];
  const out = join(dir, `${workers}.db`);
  const result = buildDataFile({ sources, out, now: new Date('2026-11-02T00:00:00Z'), workers, onProgress: (m) => log.push(m) });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const db = new Database(out, { readonly: true });
  try {
    return {
      log,
      checksums: Object.fromEntries(computeChecksums(db).map((c) => [`${c.kind} ${c.name}`, c.sha256])),
      rowids: db.prepare('SELECT rowid FROM boundaries ORDER BY rowid').pluck().all() as number[],
      warnings: (JSON.parse(db.prepare('SELECT warnings FROM build').pluck().get() as string) as string[]).filter((w) =>
        w.includes(': geometry: '),
      ),
    };
  } finally {
    db.close();
  }
}

test('two threads write the file one thread writes, the refused boundary named and no rowid skipped', () => {
  const one = build('off');
  const two = build('always');
  expect(two.log.some((m) => /^geo phase: 23 boundaries .* 1 rejected .*\(2 threads\)$/.test(m))).toBe(true);
  expect(one.log.some((m) => m.includes('(2 threads)'))).toBe(false);
  expect(two.rowids).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  expect(two.warnings).toEqual([
    expect.stringMatching(/^boundaries\.jsonl:14: geometry: boundary city-wards\/ward-1-1 rejected: no area left/),
  ]);
  expect(two.warnings).toEqual(one.warnings);
  expect(two.checksums).toEqual(one.checksums);
}, 120_000);
