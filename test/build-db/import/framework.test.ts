// The import framework on importers written in the test: identity rules, part files, reconcile,
// the manifest/jurisdictions writer, the report, and the build reading what import wrote.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFile } from '../../../build-db/build.js';
import { Identity, personName, placeName } from '../../../build-db/import/identity.js';
import { runImport } from '../../../build-db/import/run-import.js';
import type { Importer, ImportOutput } from '../../../build-db/import/types.js';
import { tempDir, writeFixture } from '../../helpers/fixture.js';

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-import-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const term = (start_at: string, end_at: string | null = null) => ({ start_at, end_at });
const mp = (
  id: number,
  name: string,
  first: string,
  last: string,
  riding: string,
  party: string,
  terms = [term('2021-09-20T00:00:00Z')],
) => ({
  key: `ca-hoc/person/${id}`,
  name,
  first_name: first,
  last_name: last,
  party,
  elected_office: 'MP',
  level: 'federal' as const,
  constituency_id: `federal-electoral-districts-2013/${10000 + id}`,
  constituency_name: riding,
  is_active: true,
  terms,
});

describe('identity: ids first, then a name rule that never guesses', () => {
  const people = new Identity([
    mp(1, 'Hon. Chrystia Freeland', 'Chrystia', 'Freeland', 'University—Rosedale', 'Liberal'),
    mp(2, 'Ed Fast', 'Ed', 'Fast', 'Abbotsford', 'Conservative'),
    mp(3, 'Michael Chong', 'Michael', 'Chong', 'Wellington—Halton Hills', 'Conservative'),
    mp(4, 'Michael Cooper', 'Michael', 'Cooper', 'St. Albert—Edmonton', 'Conservative'),
    mp(5, 'Joël Lightbound', 'Joël', 'Lightbound', 'Louis-Hébert', 'Liberal'),
    mp(6, 'Jenny Kwan', 'Jenny', 'Kwan', 'Vancouver East', 'NDP'),
    mp(7, 'Kevin Waugh', 'Kevin', 'Waugh', 'Saskatoon—Grasswood', 'Conservative'),
    mp(8, 'Kevin Lamoureux', 'Kevin', 'Lamoureux', 'Winnipeg North', 'Liberal'),
    mp(9, 'Ruby Sahota', 'Ruby', 'Sahota', 'Brampton North', 'Liberal'),
    mp(10, 'Sonia Sidhu', 'Sonia', 'Sidhu', 'Brampton South', 'Liberal'),
    mp(11, 'Maninder Sidhu', 'Maninder', 'Sidhu', 'Brampton East', 'Liberal'),
    mp(12, 'Old Member', 'Old', 'Member', 'Nowhere', 'Liberal', [term('2008-10-14T00:00:00Z', '2011-05-02T00:00:00Z')]),
  ]);

  test('names fold titles, accents, punctuation and dashes', () => {
    expect(personName('The Right Hon. Joël Lightbound')).toBe('joel lightbound');
    expect(personName("L'hon. Chrystia Freeland")).toBe('chrystia freeland');
    expect(placeName('Wellington—Halton Hills')).toBe(placeName('wellington halton hills'));
  });

  test('an upstream id that exists wins over the name', () => {
    expect(people.resolve('t', { key: 'ca-hoc/person/2', name: 'Somebody Else' })).toEqual({ key: 'ca-hoc/person/2', method: 'id' });
  });
  test('an unknown id falls back to the full name', () => {
    expect(people.resolve('t', { key: 'ca-hoc/person/999', name: 'Mr. Ed Fast' })).toEqual({ key: 'ca-hoc/person/2', method: 'name' });
  });
  test('last name with riding picks one of two Sidhus; last name alone does not guess', () => {
    expect(people.resolve('t', { lastName: 'Sidhu', constituency: 'Brampton East' })).toEqual({
      key: 'ca-hoc/person/11',
      method: 'last_name+constituency',
    });
    expect(people.resolve('t', { lastName: 'Sidhu' })).toEqual({
      key: null,
      reason: 'ambiguous',
      detail: '2 candidates: Maninder Sidhu; Sonia Sidhu',
    });
    expect(people.resolve('t', { lastName: 'Kwan' })).toEqual({ key: 'ca-hoc/person/6', method: 'last_name' });
  });
  test('name matches are limited to people serving on the date', () => {
    expect(people.resolve('t', { name: 'Old Member', on: '2024-01-01' })).toEqual({
      key: null,
      reason: 'no_candidate',
      detail: 'named like Old Member, not serving on 2024-01-01',
    });
    expect(people.resolve('t', { name: 'Old Member', on: '2010-01-01' })).toEqual({ key: 'ca-hoc/person/12', method: 'name' });
  });
  test('nothing to go on is no_name; tallies count every call per source', () => {
    const id = new Identity([mp(6, 'Jenny Kwan', 'Jenny', 'Kwan', 'Vancouver East', 'NDP')]);
    expect(id.resolve('a', {})).toEqual({ key: null, reason: 'no_name' });
    id.resolve('a', { name: 'Jenny Kwan' });
    id.resolve('b', { name: 'Nobody' });
    expect(id.tallies.get('a')).toEqual({ total: 2, resolved: 1, byMethod: { name: 1 }, ambiguous: 0, unmatched: 1 });
    expect(id.tallies.get('b')?.unmatched).toBe(1);
  });
});

// Two fake importers: "people" writes politicians; "acts" writes a session, a bill sponsored by a
// person it resolves through ctx.identity, a vote and a speech, and skips one bad record.
const peopleImporter: Importer = {
  kind: 'people',
  summary: 'test people',
  datasetDir: 'people',
  run: (from) => ({
    records: {
      politicians: JSON.parse(readFileSync(join(from, 'people.json'), 'utf8')),
      parties: [{ key: 'ca/party/liberal', name: 'Liberal', level: 'federal' }],
    },
    sources: [{ id: 'people', version: '1' }],
    coverage: [{ jurisdiction: 'federal', source_urls: { people: 'https://example.org/people' } }],
  }),
};
const actsImporter = (withPositions: boolean): Importer => ({
  kind: withPositions ? 'acts-b' : 'acts-a',
  summary: 'test acts',
  datasetDir: 'acts',
  run: (_from, ctx): ImportOutput => {
    const who = ctx.identity.resolve('acts', { name: 'Jenny Kwan', on: '2022-01-01' });
    const handle = withPositions
      ? []
      : [{ politician_key: 'ca-hoc/person/6', platform: 'twitter' as const, handle: 'kwan', url: 'https://x.com/kwan', is_live: true }];
    ctx.skip({ file: 'acts.json', record: 'line 3', reason: 'bill without a number' });
    const vote = {
      key: 'ca-hoc/vote/44-1/7',
      session_key: 'ca/session/44-1',
      vote_type: 'division' as const,
      occurred_at: '2022-02-01T20:00:00Z',
      result: 'passed' as const,
      ayes: withPositions ? 1 : 2,
      nays: 0,
      bill_number: withPositions ? null : 'C-2',
      source_system: 'test',
      positions: withPositions ? [{ politician_key: who.key, politician_name_raw: 'Kwan', position: 'yea' as const }] : [],
    };
    return {
      records: {
        sessions: [
          {
            key: 'ca/session/44-1',
            level: 'federal',
            parliament_number: 44,
            session_number: 1,
            name: '44th Parliament, 1st Session',
            start_date: '2021-11-22',
            ...(withPositions ? { end_date: '2025-01-06' } : {}),
          },
        ],
        ...(withPositions
          ? {}
          : {
              bills: [
                {
                  session_key: 'ca/session/44-1',
                  bill_number: 'C-2',
                  title: 'An Act',
                  bill_type: 'Government Bill',
                  source_system: 'test',
                  sponsors: [{ politician_key: who.key, sponsor_name_raw: 'Jenny Kwan', role: 'sponsor' as const, ordering: 1 }],
                },
              ],
            }),
        votes: [vote],
        socials: handle,
        speeches: [
          {
            key: `t/${withPositions ? 'b' : 'a'}/1`,
            session_key: 'ca/session/44-1',
            politician_key: who.key,
            speaker_name_raw: 'Jenny Kwan',
            spoken_at: '2022-02-01T19:00:00Z',
            language: 'en',
            level: 'federal',
            speech_type: 'floor',
            text: 'Hello.',
            source_system: withPositions ? 'test-b' : 'test-a',
          },
        ],
      },
      sources: [{ id: withPositions ? 'acts-b' : 'acts-a', version: '1' }],
      coverage: [{ jurisdiction: 'federal', bills: 'live', votes: 'partial', hansard: withPositions ? 'partial' : undefined }],
      stats: { things: 3 },
    };
  },
});

describe('runImport into a bundle folder, then build', () => {
  const from = temp();
  const into = temp();
  writeFileSync(join(from, 'people.json'), JSON.stringify([mp(6, 'Jenny Kwan', 'Jenny', 'Kwan', 'Vancouver East', 'NDP')]));
  let report: Awaited<ReturnType<typeof runImport>>;

  test('each importer owns its part files; the report lists skips and attribution', async () => {
    report = await runImport({
      importers: [peopleImporter, actsImporter(false), actsImporter(true)],
      fromOf: () => from,
      into,
      extractedAt: '2026-11-01T00:00:00Z',
    });
    for (const f of [
      'politicians.people.jsonl',
      'bills.acts-a.jsonl',
      'votes.acts-b.jsonl',
      'speeches.acts-a.jsonl',
      'speeches.acts-b.jsonl',
      'manifest.json',
      'jurisdictions.jsonl',
    ]) {
      expect(existsSync(join(into, f))).toBe(true);
    }
    const acts = report.importers.find((e) => e.kind === 'acts-a')!;
    expect(acts.attribution.acts).toMatchObject({ total: 1, resolved: 1, rate: 1 });
    expect(acts.skipped_by_reason).toEqual({ 'bill without a number': 1 });
    expect(acts.stats).toEqual({ things: 3 });
    expect(report.skipped.filter((s) => s.importer === 'acts-a')).toEqual([
      { importer: 'acts-a', file: 'acts.json', record: 'line 3', reason: 'bill without a number' },
    ]);
  });

  test("reconcile: one vote per key, the one with positions wins, keeping the other's bill link", () => {
    expect(existsSync(join(into, 'votes.acts-a.jsonl'))).toBe(false);
    const [vote] = readFileSync(join(into, 'votes.acts-b.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(vote.positions).toHaveLength(1);
    expect(vote.bill_number).toBe('C-2');
    const note = report.skipped.find((s) => s.importer === 'reconcile' && s.record === 'vote ca-hoc/vote/44-1/7')!;
    expect(note.reason).toBe('vote superseded by a record with member positions from acts-b');
    expect(note.detail).toBe('totals differ: 1-0 kept, 2-0 dropped');
  });

  test('reconcile: a session from two importers is kept once, gaining the missing end date', () => {
    const a = readFileSync(join(into, 'sessions.acts-a.jsonl'), 'utf8').trim().split('\n');
    expect(a).toHaveLength(1);
    expect(JSON.parse(a[0]).end_date).toBe('2025-01-06');
    expect(existsSync(join(into, 'sessions.acts-b.jsonl'))).toBe(false);
  });

  test('manifest and jurisdictions describe every import; the best claimed status wins', () => {
    const manifest = JSON.parse(readFileSync(join(into, 'manifest.json'), 'utf8'));
    expect(manifest.demo).toBe(false);
    expect(manifest.sources.map((s: { id: string }) => s.id).sort()).toEqual(['acts-a', 'acts-b', 'people']);
    const [federal] = readFileSync(join(into, 'jurisdictions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(federal).toMatchObject({
      jurisdiction: 'federal',
      legislature_name: 'House of Commons of Canada',
      bills_status: 'live',
      votes_status: 'partial',
      hansard_status: 'partial',
      committees_status: 'none',
    });
    expect(federal.source_urls.people).toBe('https://example.org/people');
  });

  test('the build reads the parts and reports attribution per source', () => {
    const out = join(temp(), 'x.db');
    const result = buildDataFile({ sources: into, out });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.rowCounts).toMatchObject({ politicians: 1, bills: 1, votes: 1, speeches: 2 });
    expect(result.attribution['speeches/test-a']).toEqual({ total: 1, linked: 1, rate: 1 });
    expect(result.attribution['vote_positions/test']).toEqual({ total: 1, linked: 1, rate: 1 });
    const db = new Database(out, { readonly: true });
    expect(JSON.parse(db.prepare('SELECT attribution FROM build').pluck().get() as string)['bill_sponsors/test']).toEqual({
      total: 1,
      linked: 1,
      rate: 1,
    });
    db.close();
  });

  test('re-running one importer alone replaces only its parts; references it drops are unlinked and reported', async () => {
    writeFileSync(join(from, 'people.json'), '[]');
    const again = await runImport({ importers: [peopleImporter], fromOf: () => from, into });
    expect(existsSync(join(into, 'politicians.people.jsonl'))).toBe(false);
    expect(existsSync(join(into, 'bills.acts-a.jsonl'))).toBe(true);
    const reasons = again.reconcile.notes_by_reason;
    expect(reasons['sponsor unlinked: politician in no part']).toBe(1);
    expect(reasons['speaker unlinked: politician in no part']).toBe(2);
    expect(reasons['socials dropped: politician in no part']).toBe(1);
    expect(existsSync(join(into, 'socials.acts-a.jsonl'))).toBe(false);
    const result = buildDataFile({ sources: into, out: join(temp(), 'y.db') });
    expect(result.ok).toBe(true);
  });
});

describe('part files in the bundle reader', () => {
  test('bills.jsonl and bills.<part>.jsonl are read together; errors name the part file', () => {
    const dir = writeFixture(temp());
    const line = JSON.stringify({
      session_key: 'ca/44-1',
      bill_number: 'C-999',
      title: 'Extra',
      bill_type: 'Government Bill',
      source_system: 'x',
    });
    writeFileSync(
      join(dir, 'bills.extra.jsonl'),
      `${line}\n${JSON.stringify({ session_key: 'nope', bill_number: 'C-1000', title: 'Bad', bill_type: 'x', source_system: 'x' })}\n`,
    );
    const bad = buildDataFile({ sources: dir, out: join(temp(), 'z.db') });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues).toContainEqual({ file: 'bills.extra.jsonl', line: 2, field: 'session_key', message: 'no session has key "nope"' });
    writeFileSync(join(dir, 'bills.extra.jsonl'), `${line}\n`);
    const good = buildDataFile({ sources: dir, out: join(temp(), 'z.db') });
    if (!good.ok) throw new Error(JSON.stringify(good.issues));
    const db = new Database(good.out, { readonly: true });
    expect(db.prepare("SELECT title FROM bills WHERE bill_number = 'C-999'").pluck().get()).toBe('Extra');
    db.close();
  });
});

describe('a re-run does not read the parts it replaces', () => {
  // An importer that records what it was handed as ctx.previous.
  const seen: Record<string, unknown> = {};
  const recorder = (kind: string, keepsHistory: boolean, optional?: string): Importer => ({
    kind,
    summary: 'test recorder',
    datasetDir: kind,
    keepsHistory,
    optional,
    run: (_from, ctx) => {
      seen[kind] = ctx.previous;
      return {
        records: { parties: [{ key: `ca/party/${kind}`, name: kind, level: 'federal' }] },
        sources: [{ id: kind, version: '1' }],
        coverage: [],
      };
    },
  });

  test('a replaced part is not parsed, a keepsHistory part is handed back, an absent optional one is kept', async () => {
    const from = temp();
    const into = temp();
    for (const k of ['plain', 'history', 'absent']) writeFileSync(join(from, `${k}.txt`), '');
    const importers = [recorder('plain', false), recorder('history', true), recorder('absent', false, 'may be absent')];
    await runImport({ importers, fromOf: (i) => join(from, `${i.kind}.txt`), into });
    // The last run's part of `plain` is unreadable: read, it would fail the run.
    writeFileSync(join(into, 'parties.plain.jsonl'), 'not json\n');
    rmSync(join(from, 'absent.txt'));
    await runImport({ importers, fromOf: (i) => join(from, `${i.kind}.txt`), into });
    expect(seen.plain).toEqual({});
    expect(seen.history).toEqual({ parties: [{ key: 'ca/party/history', name: 'history', level: 'federal' }] });
    expect(readFileSync(join(into, 'parties.plain.jsonl'), 'utf8')).toContain('ca/party/plain');
    expect(readFileSync(join(into, 'parties.absent.jsonl'), 'utf8')).toContain('ca/party/absent');
  });
});
