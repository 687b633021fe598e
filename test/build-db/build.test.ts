import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile, computeBuildId } from '../../build-db/build.js';
import { ids } from '../../build-db/ids.js';
import { tempDir, writeFixture, type FixtureRecords } from '../helpers/fixture.js';

const root = tempDir('canpol-build-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

function sources(edit?: (r: FixtureRecords) => void): string {
  const dir = join(root, `src-${n++}`);
  mkdirSync(dir);
  return writeFixture(dir, edit);
}

function build(dir: string, out = join(root, `out-${n++}.db`)) {
  return { out, result: buildDataFile({ sources: dir, out, now: new Date('2026-11-02T00:00:00Z') }) };
}

describe('build', () => {
  test('same sources give the same build id; a changed record gives another', () => {
    const a = build(sources()).result;
    const b = build(sources()).result;
    const c = build(
      sources((r) => {
        r.bills[0].title = 'Changed';
      }),
    ).result;
    if (!a.ok || !b.ok || !c.ok) throw new Error('build failed');
    expect(a.buildId).toMatch(/^[0-9a-f]{32}$/);
    expect(b.buildId).toBe(a.buildId);
    expect(c.buildId).not.toBe(a.buildId);
  });

  test('ids are UUIDv5 of natural keys, identical across builds', () => {
    const { out } = build(sources());
    const db = new Database(out, { readonly: true });
    const id = db.prepare(`SELECT id FROM politicians WHERE key = 'p/alice'`).pluck().get();
    expect(id).toBe(ids.politician('p/alice'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    db.close();
  });

  test('speeches and chunks keep their indexes, created after the rows: unique ids and keys, lookups by index', () => {
    const { out } = build(sources());
    const db = new Database(out, { readonly: true });
    const indexes = (table: string) =>
      Object.fromEntries(
        (db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number }[]).map((i) => [
          (db.prepare(`PRAGMA index_info(${i.name})`).all() as { name: string }[]).map((c) => c.name).join(','),
          i.unique,
        ]),
      );
    expect(indexes('speeches')).toEqual({ id: 1, key: 1, 'politician_id,spoken_at': 0 });
    expect(indexes('chunk_rows')).toEqual({
      id: 1,
      'speech_id,chunk_index': 0,
      'spoken_at,rowid': 0,
      'politician_id,spoken_at': 0,
      content_hash: 0,
    });
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' ');
    expect(plan(`SELECT * FROM speeches WHERE id = 'x'`)).toContain('USING INDEX speeches_by_id');
    expect(plan(`SELECT * FROM chunk_rows WHERE id = 'x'`)).toContain('USING INDEX chunks_by_id');
    const speech = db.prepare('SELECT id, key FROM speeches LIMIT 1').get() as { id: string; key: string };
    db.close();
    // The unique indexes refuse a second row with the same id or key, as the constraints they replace did.
    const writable = new Database(out);
    expect(() => writable.prepare(`INSERT INTO speeches SELECT * FROM speeches WHERE id = ?`).run(speech.id)).toThrow(/UNIQUE/);
    writable.close();
  });

  test('the build table records id, time, sources, digests and row counts', () => {
    const dir = sources();
    const { out, result } = build(dir);
    if (!result.ok) throw new Error('build failed');
    const db = new Database(out, { readonly: true });
    const row = db.prepare('SELECT * FROM build').get() as Record<string, string | number>;
    expect(row.id).toBe(result.buildId);
    expect(row.built_at).toBe('2026-11-02T00:00:00Z');
    expect(row.is_demo).toBe(1);
    expect(row.dataset_name).toBe('canpol test fixture');
    expect(JSON.parse(row.sources as string)).toEqual([{ id: 'hand', version: '1', url: null, retrieved_at: null, licence: null }]);
    const digests = JSON.parse(row.source_digests as string);
    expect(Object.keys(digests)).toContain('politicians.jsonl');
    expect(computeBuildId(digests)).toBe(result.buildId);
    const counts = JSON.parse(row.row_counts as string);
    expect(counts).toMatchObject({
      politicians: 6,
      bills: 4,
      votes: 3,
      vote_positions: 6,
      bill_events: 4,
      bill_sponsors: 3,
      offices: 4,
      committee_meetings: 2,
    });
    expect(JSON.parse(row.warnings as string)).toEqual(['offices.jsonl: 1 duplicate (politician, kind, phone) rows dropped']);
    db.close();
  });

  test('denormalised counts are computed at build', () => {
    const { out } = build(sources());
    const db = new Database(out, { readonly: true });
    expect(db.prepare(`SELECT events_count, sponsors_count, votes_count FROM bills WHERE bill_number = 'C-11'`).get()).toEqual({
      events_count: 4,
      sponsors_count: 2,
      votes_count: 1,
    });
    expect(db.prepare(`SELECT positions_count FROM votes WHERE key = 'v/2'`).pluck().get()).toBe(0);
    expect(
      db.prepare(`SELECT politicians_count, bills_count, votes_count, speeches_count FROM jurisdictions WHERE jurisdiction = 'ON'`).get(),
    ).toEqual({ politicians_count: 1, bills_count: 1, votes_count: 1, speeches_count: 1 });
    db.close();
  });

  test('a failed build reports every error and leaves the last good file untouched', () => {
    const good = build(sources());
    const before = readFileSync(good.out);
    const broken = sources((r) => {
      (r.politicians[0] as Record<string, unknown>).level = 'galactic';
      (r.bills[0].events[1] as Record<string, unknown>).event_date = '2022-13-01';
      (r.votes[0] as Record<string, unknown>).result = 'maybe';
    });
    const { result } = build(broken, good.out);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // All three, in the order the files are declared (build-db/sources/files.ts).
    expect(result.issues.map((i) => [i.file, i.line, i.field])).toEqual([
      ['politicians.jsonl', 1, 'level'],
      ['bills.jsonl', 1, 'events[1].event_date'],
      ['votes.jsonl', 1, 'result'],
    ]);
    expect(readFileSync(good.out).equals(before)).toBe(true);
    expect(readdirSync(root).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  test('cross-record errors (duplicate keys, dangling references) fail the build and keep the old file', () => {
    const good = build(sources());
    const before = readFileSync(good.out);
    const dir = sources((r) => {
      r.speeches.push({ ...r.speeches[0] });
      r.offices[0].politician_key = 'p/nobody';
    });
    const { result } = build(dir, good.out);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => `${i.file}:${i.line}: ${i.field}: ${i.message}`)).toEqual([
      'offices.jsonl:1: politician_key: no politician has key "p/nobody"',
      'speeches.jsonl:5: key: duplicate key "s/1" (first on line 1)',
    ]);
    expect(readFileSync(good.out).equals(before)).toBe(true);
  });

  test('SOURCE_DATE_EPOCH sets the build time when none is given', () => {
    const prev = process.env.SOURCE_DATE_EPOCH;
    process.env.SOURCE_DATE_EPOCH = '1700000000';
    try {
      const out = join(root, `epoch-${n++}.db`);
      const result = buildDataFile({ sources: sources(), out });
      expect(result.ok).toBe(true);
      const db = new Database(out, { readonly: true });
      expect(db.prepare('SELECT built_at FROM build').pluck().get()).toBe('2023-11-14T22:13:20Z');
      db.close();
    } finally {
      if (prev === undefined) delete process.env.SOURCE_DATE_EPOCH;
      else process.env.SOURCE_DATE_EPOCH = prev;
    }
  });
});
