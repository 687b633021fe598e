// A rebuild with --reuse (the nightly's build on the last published file) keeps when each record
// was first seen: bills' first_seen_at and the created_at of events, sponsors, votes and websites
// stay those of the previous file; a record new to this build gets this build's extraction time.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../build-db/build.js';
import { fixtureIds, tempDir, writeFixture, type FixtureRecords } from '../helpers/fixture.js';

const dir = tempDir('canpol-first-seen-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIRST = '2026-01-05T00:00:00Z';
const SECOND = '2026-06-07T00:00:00Z';

function build(name: string, extractedAt: string, reuse: string | null, edit: (r: FixtureRecords) => void = () => {}): string {
  const sources = join(dir, `${name}-sources`);
  mkdirSync(sources);
  writeFixture(sources, (r) => {
    r.manifest.extracted_at = extractedAt;
    edit(r);
  });
  const out = join(dir, `${name}.db`);
  const result = buildDataFile({ sources, out, reuse, now: new Date(extractedAt) });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return out;
}

describe('first-seen dates across a rebuild', () => {
  test("kept from the previous file for records it held; this build's for new ones", () => {
    const first = build('first', FIRST, null);
    const second = build('second', SECOND, first, (r) => {
      r.bills.push({
        session_key: 'ca/44-1',
        bill_number: 'C-99',
        title: 'A New Act',
        bill_type: 'Government Bill',
        status: 'First Reading',
        source_system: 'legisinfo',
      });
    });
    const db = new Database(second, { readonly: true });
    const seen = (sql: string, ...args: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(...args);
    expect(seen('SELECT first_seen_at FROM bills WHERE id = ?', fixtureIds.c11)).toBe(FIRST);
    expect(seen('SELECT first_seen_at FROM bills WHERE bill_number = ?', 'C-99')).toBe(SECOND);
    expect(seen('SELECT count(*) FROM bills WHERE first_seen_at = ?', FIRST)).toBe(4);
    expect(seen('SELECT count(DISTINCT created_at) FROM bill_events')).toBe(1);
    expect(seen('SELECT min(created_at) FROM bill_events')).toBe(FIRST);
    expect(seen('SELECT created_at FROM votes WHERE id = ?', fixtureIds.vote1)).toBe(FIRST);
    expect(seen('SELECT min(created_at) FROM bill_sponsors')).toBe(FIRST);
    // updated_at is not carried: it moves when the record is rewritten.
    expect(seen('SELECT updated_at FROM bills WHERE id = ?', fixtureIds.c11)).toBe(SECOND);
    db.close();
    // Without --reuse, the build's own time, as before.
    const alone = new Database(build('alone', SECOND, null), { readonly: true });
    expect(alone.prepare('SELECT first_seen_at FROM bills WHERE id = ?').pluck().get(fixtureIds.c11)).toBe(SECOND);
    alone.close();
  }, 60_000);
});
