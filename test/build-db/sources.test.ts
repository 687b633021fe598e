import { afterAll, describe, expect, test } from 'bun:test';
import { appendFileSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkReferences } from '../../build-db/sources/check-references.js';
import { formatIssue, readBundle } from '../../build-db/sources/read-bundle.js';
import { tempDir, writeFixture, type FixtureRecords } from '../helpers/fixture.js';

const root = tempDir('canpol-sources-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

function bundle(edit?: (r: FixtureRecords) => void, files?: (dir: string) => void) {
  const dir = join(root, `b-${n++}`);
  mkdirSync(dir);
  writeFixture(dir, edit);
  files?.(dir);
  return dir;
}

/** Every problem of a bundle as `file:line: field: message`, schema and reference checks together. */
function problems(dir: string): string[] {
  const read = readBundle(dir);
  if (!read.ok) return read.issues.map(formatIssue);
  return checkReferences(read.bundle.records, read.bundle.speechChecks).map(formatIssue);
}

describe('record validation', () => {
  test('the fixture itself is valid', () => {
    expect(problems(bundle())).toEqual([]);
  });

  test('bad JSON, non-objects and blank lines', () => {
    const dir = bundle(undefined, (d) => appendFileSync(join(d, 'parties.jsonl'), '\n{not json\n[1,2]\n'));
    const out = problems(dir);
    expect(out).toHaveLength(2);
    expect(out[0]).toStartWith('parties.jsonl:3: is not valid JSON');
    expect(out[1]).toBe('parties.jsonl:4: must be a JSON object');
  });

  test('missing required fields say so, with the field path', () => {
    const dir = bundle((r) => {
      delete (r.politicians[0] as Partial<(typeof r.politicians)[0]>).elected_office;
      delete (r.bills[0].sponsors[1] as Record<string, unknown>).role;
    });
    expect(problems(dir)).toEqual(['politicians.jsonl:1: elected_office: is required', 'bills.jsonl:1: sponsors[1].role: is required']);
  });

  test('types, enums, dates, timestamps, province codes', () => {
    const dir = bundle((r) => {
      const p = r.politicians[1] as Record<string, unknown>;
      p.is_active = 'yes';
      (p.terms as Array<Record<string, unknown>>)[0].start_at = '2019-10-21';
      (r.sessions[1] as Record<string, unknown>).province_territory = 'ZZ';
      (r.bills[1] as Record<string, unknown>).introduced_date = '2021-02-30';
      (r.socials[0] as Record<string, unknown>).platform = 'myspace';
    });
    expect(problems(dir)).toEqual([
      'sessions.jsonl:2: province_territory: must be one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT',
      'politicians.jsonl:2: is_active: must be true or false',
      'politicians.jsonl:2: terms[0].start_at: must be an ISO 8601 timestamp with a zone, e.g. 2024-05-01T13:00:00Z',
      'socials.jsonl:1: platform: must be one of twitter, bluesky, mastodon, instagram, facebook, youtube, tiktok, linkedin, threads',
      'bills.jsonl:2: introduced_date: must be a date YYYY-MM-DD',
    ]);
  });

  test('every bad record is reported in one run, not just the first', () => {
    const dir = bundle(undefined, (d) => {
      const bad = Array.from({ length: 40 }, (_, i) => JSON.stringify({ key: `x/${i}`, name: 'X', level: 'nowhere' })).join('\n');
      writeFileSync(join(d, 'parties.jsonl'), `${bad}\n`);
    });
    expect(problems(dir)).toHaveLength(40);
  });

  test('timestamps with offsets are normalised to UTC seconds', () => {
    const read = readBundle(
      bundle((r) => {
        r.votes[1].occurred_at = '2024-05-01T20:00:00.250-04:00';
      }),
    );
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    expect(read.bundle.records.votes[1].record.occurred_at).toBe('2024-05-02T00:00:00Z');
  });

  test('manifest and required files', () => {
    const dir = bundle(undefined, (d) => {
      unlinkSync(join(d, 'jurisdictions.jsonl'));
      writeFileSync(join(d, 'manifest.json'), JSON.stringify({ format_version: 2, name: 'x', demo: 'no', extracted_at: 'yesterday' }));
      writeFileSync(join(d, 'boundaries.geojson'), '{}');
    });
    const read = readBundle(dir);
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.issues.map(formatIssue)).toEqual([
      'manifest.json: format_version: must be 1',
      'manifest.json: demo: must be true or false',
      'manifest.json: extracted_at: must be an ISO 8601 timestamp with a zone, e.g. 2024-05-01T13:00:00Z',
      'jurisdictions.jsonl: is missing (required)',
    ]);
    expect(read.ok ? read.bundle.warnings : read.warnings).toEqual(['boundaries.geojson: not a source file of format version 1; ignored']);
    expect(problems(join(root, 'does-not-exist'))).toEqual([`${join(root, 'does-not-exist')}: source folder does not exist`]);
  });
});

describe('cross-record checks', () => {
  test('duplicates and dangling references name both places', () => {
    const dir = bundle((r) => {
      r.sessions.push({ ...r.sessions[0] });
      r.bills.push({ ...r.bills[1] });
      r.votes[0].bill_number = 'C-999';
      r.bills[0].sponsors[1].ordering = 0;
      r.bills[0].events.push({ ...r.bills[0].events[0] });
      r.votes[2].positions.push({ ...r.votes[2].positions[0] });
      r.speeches[0].session_key = 'ca/99-9';
    });
    expect(problems(dir)).toEqual([
      'bills.jsonl:1: events[4]: duplicate event (stage, event_date, event_type, committee_name) of events[0]',
      'bills.jsonl:1: sponsors[1].ordering: duplicate ordering 0 (also sponsors[0])',
      'bills.jsonl:5: bill_number: duplicate (session, bill_number) "ca/44-1 C-2" (first on line 2)',
      'sessions.jsonl:3: key: duplicate key "ca/44-1" (first on line 1)',
      'speeches.jsonl:1: session_key: no session has key "ca/99-9"',
      'votes.jsonl:1: bill_number: no bill "C-999" in session "ca/44-1"',
      'votes.jsonl:3: positions[2]: second position for the same politician (also positions[0])',
    ]);
  });

  test('level and province must agree; committee speeches need a meeting; terms run forwards', () => {
    const dir = bundle((r) => {
      (r.politicians[0] as Record<string, unknown>).province_territory = 'ON';
      delete (r.politicians[3] as Record<string, unknown>).province_territory;
      delete (r.speeches[0] as Record<string, unknown>).meeting_url;
      r.politicians[2].terms[0].end_at = '2010-01-01T00:00:00Z';
    });
    expect(problems(dir)).toEqual([
      'politicians.jsonl:1: province_territory: must be null for federal records',
      'politicians.jsonl:3: terms[0].end_at: must not be before start_at',
      'politicians.jsonl:4: province_territory: is required for provincial records',
      'speeches.jsonl:1: meeting_url: is required for committee speeches',
    ]);
  });
});
