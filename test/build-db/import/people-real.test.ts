// The people sources and the acts that name people, on ../shared/datasets: every people importer,
// LEGISinfo, House and BC Hansard imported, built and served. The targets are asserted on
// what the data file holds (its `build.attribution`, computed from the written rows):
//   member speeches ≥ 95 % linked, division positions ≥ 99 %, sponsors with a PersonId 100 %
//   (SOURCE.md: 6,636 bills have a SponsorPersonId); BC never guessed without a BC roster.
// And the API: former members listed, term history, positions with the party of the day, search
// filters by politician and party on a 2011 sitting as on a 2023 one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ids } from '../../../build-db/ids.js';
import { IMPORTERS } from '../../../build-db/import/registry.js';
import { datasetPath } from '../../../build-db/import/run-import.js';
import { importBuildServe, type ImportedApp } from '../../helpers/import-app.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const KINDS = [
  'hoc-members',
  'parlinfo-parliamentarians',
  'everypolitician-canada',
  'openparliament-fixtures',
  'legisinfo-bills',
  'hoc-hansard',
  'bc-hansard',
];
const NEEDED = [
  'hoc-members-2023',
  'parlinfo-parliamentarians',
  'everypolitician-canada',
  'openparliament-fixtures',
  'legisinfo-bills',
  'hoc-hansard-xml-samples',
  'bc-hansard-html-samples',
  'ocd-division-ids-ca',
];
const available = NEEDED.every((d) => existsSync(join(DATASETS, d)));

let served: ImportedApp;
let attribution: Record<string, { total: number; linked: number; rate: number }>;
const db = () => new Database(join(served.into, '..', 'x.db'), { readonly: true });

beforeAll(async () => {
  if (!available) return;
  served = await importBuildServe(
    IMPORTERS.filter((i) => KINDS.includes(i.kind)),
    datasetPath(DATASETS),
  );
  const d = db();
  attribution = JSON.parse(d.prepare('SELECT attribution FROM build').pluck().get() as string);
  d.close();
}, 180_000);
afterAll(() => served?.close());

describe.skipIf(!available)('linking rates on the real files', () => {
  test('member speeches of the House ≥ 95 % linked (witnesses, officials and voices counted apart)', () => {
    const m = attribution['member_speeches/hoc-hansard'];
    expect(m.linked / m.total).toBeGreaterThanOrEqual(0.95);
    // SOURCE.md's interventions, less those without text: every speech is counted in one of the two.
    expect(attribution['speeches/hoc-hansard'].total).toBe(3156);
  });

  test('division positions ≥ 99 % linked, each linked one with the party of the day', () => {
    const p = attribution['vote_positions/hoc-hansard'];
    expect(p.linked / p.total).toBeGreaterThanOrEqual(0.99);
    const d = db();
    const missing = d
      .prepare(`SELECT count(*) FROM vote_positions WHERE politician_id IS NOT NULL AND party_at_time IS NULL`)
      .pluck()
      .get();
    d.close();
    expect(missing).toBe(0);
  });

  test('every sponsor with a PersonId is linked (6,636 bills have one, SOURCE.md)', () => {
    expect(attribution['bill_sponsors/legisinfo']).toEqual({ total: 6636, linked: 6636, rate: 1 });
  });

  test('BC: no BC roster in the datasets, so nobody is guessed; the count is reported', () => {
    expect(attribution['speeches/bc-hansard']).toMatchObject({ linked: 0 });
    const bc = served.report.importers.find((e) => e.kind === 'bc-hansard')!;
    expect(bc.stats.speeches_not_linked_no_bc_roster).toBe(attribution['speeches/bc-hansard'].total);
  });

  test('every unlinked member turn and ballot is in the report with its reason', () => {
    const d = db();
    const unlinked = d
      .prepare(
        `SELECT count(*) FROM speeches WHERE source_system = 'hoc-hansard' AND politician_id IS NULL AND speaker_kind IN ('member', 'presiding')`,
      )
      .pluck()
      .get() as number;
    const ballots = d
      .prepare(
        `SELECT count(*) FROM vote_positions p JOIN votes v ON v.id = p.vote_id WHERE v.source_system = 'hoc-hansard' AND p.politician_id IS NULL`,
      )
      .pluck()
      .get() as number;
    d.close();
    const reported = served.report.skipped.filter((s) => s.importer === 'hoc-hansard');
    expect(reported.filter((s) => s.reason.startsWith('speaker unlinked')).length).toBe(unlinked);
    expect(reported.filter((s) => s.reason.startsWith('voter unlinked')).length).toBe(ballots);
  });
});

describe.skipIf(!available)('the API shows it', () => {
  test('/politicians?status=former lists members of past Parliaments: Dennis Mills (PersonId 556, ParlInfo)', async () => {
    const body = await served.get('/politicians?status=former&q=dennis%20joseph%20mills');
    expect(body.items.map((p: Record<string, unknown>) => [p.id, p.status, p.constituency_name])).toEqual([
      [ids.politician('ca-hoc/person/556'), 'former', 'Toronto—Danforth'],
    ]);
    expect((await served.get('/politicians?status=former&jurisdiction=federal')).total).toBeGreaterThan(1000);
  });

  test("/politicians/{id} carries the term history: Andrew Scheer, Regina—Qu'Appelle since 2004, one term per Parliament", async () => {
    const { terms } = await served.get(`/politicians/${ids.politician('ca-hoc/person/25454')}`);
    const house = terms.filter((t: Record<string, unknown>) => t.elected_office === 'MP' && !t.observed);
    expect(house.map((t: Record<string, unknown>) => t.parliament_number)).toEqual([38, 39, 40, 41, 42, 43, 44]);
    expect(new Set(house.map((t: Record<string, unknown>) => t.constituency_name))).toEqual(new Set(["Regina—Qu'Appelle"]));
    expect(house.every((t: Record<string, unknown>) => t.party === 'Conservative')).toBe(true);
  });

  test('/votes/{id}/positions names every voter of a 2014 division with the party at the time', async () => {
    const id = ids.vote('ca-hoc/vote/41-2/140');
    const { positions } = await served.get(`/votes/${id}/positions`);
    const named = positions.filter((p: Record<string, unknown>) => p.politician_id !== null);
    expect(named.length / positions.length).toBeGreaterThanOrEqual(0.99);
    expect(named.every((p: Record<string, unknown>) => typeof p.party_at_time === 'string' && typeof p.politician_name === 'string')).toBe(
      true,
    );
    // Division No. 140 of 2014-05-14 is in the 41st Parliament: Conservatives, NDP and Liberals sat.
    expect(new Set(named.map((p: Record<string, unknown>) => p.party_at_time))).toContain('NDP');
  });

  // The 2011 sitting (41-1-54-fr, 2011-11-25) and a 2023 one (44-1-200-en, 2023-05-18): the same filters work on both.
  for (const day of ['2011-11-25', '2023-05-18']) {
    test(`search filters by party and by politician on the sitting of ${day}`, async () => {
      const d = db();
      const byParty = d
        .prepare(
          `SELECT count(*) FROM chunks c JOIN speeches s ON s.id = c.speech_id WHERE s.party_at_time = 'Conservative' AND substr(s.spoken_at, 1, 10) = ?`,
        )
        .pluck()
        .get(day) as number;
      const top = d
        .prepare(
          `SELECT s.politician_id AS politician_id, count(*) AS n FROM chunks c JOIN speeches s ON s.id = c.speech_id WHERE substr(s.spoken_at, 1, 10) = ? AND s.politician_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
        )
        .get(day) as { politician_id: string; n: number };
      d.close();
      expect(byParty).toBeGreaterThan(0);
      const party = await served.get(`/search/speeches?party=Conservative&from=${day}&to=${day}&limit=50`);
      expect(party.total).toBe(byParty);
      expect(party.items.every((i: Record<string, unknown>) => i.party_at_time === 'Conservative')).toBe(true);
      const who = await served.get(`/search/speeches?politician_ids=${top.politician_id}&from=${day}&to=${day}&limit=50`);
      expect(who.total).toBe(top.n);
      expect(who.items.every((i: { politician: { id: string } | null }) => i.politician?.id === top.politician_id)).toBe(true);
    });
  }
});
