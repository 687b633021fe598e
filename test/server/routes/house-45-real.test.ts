// Today's House on the 2023 map, on the real files: the 2023 House roster (44th Parliament), the House's
// export of the 45th Parliament's sitting members (members-45.xml), the 343 ridings of the 2023
// Representation Order, the 2013 riding of Ottawa Centre as history, and the FSA points; imported with
// the real importers, built and served.
//
// Independent facts (not read off the polygons): the coordinates are those of well-known places
// (Parliament Hill 45.4236,-75.7009; the Halifax Citadel 44.6475,-63.5806; the Calgary Tower
// 51.0447,-114.0631; the Manitoba Legislative Building 49.8847,-97.1470; Swift Current 50.2851,-107.7972;
// Cap-aux-Meules, Magdalen Islands 47.3793,-61.8630; Whitehorse 60.7212,-135.0568; Yellowknife
// 62.4540,-114.3718; Iqaluit 63.7467,-68.5170); each place's riding is named in the official attribute
// table (FED_CA_2023_EN.csv) and its member is the one elected there on 2025-04-28 (Elections Canada's
// results). K1A 0A6 is the House of Commons' own postcode, on Parliament Hill. Jagmeet Singh sat for
// Burnaby South in the 44th Parliament and lost his seat in 2025; Pierre Poilievre sat for Carleton in
// the 44th and returned at the Battle River—Crowfoot by-election of 2025-08-18.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { fedRidings2013Importer } from '../../../build-db/import/fed-ridings-2013/index.js';
import { fedRidings2023Importer } from '../../../build-db/import/fed-ridings-2023/index.js';
import { hocMembersByParliamentImporter } from '../../../build-db/import/hoc-members-by-parliament/index.js';
import { hocMembersImporter } from '../../../build-db/import/hoc-members/index.js';
import { fsaCentroidsImporter } from '../../../build-db/import/postal-fsa-centroids/index.js';
import { datasetPath, runImport } from '../../../build-db/import/run-import.js';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const NEEDED = [
  'hoc-members-2023',
  'hoc-members-by-parliament',
  'fed-ridings-2023',
  'fed-ridings-2023-attributes',
  'fed-ridings-2013',
  'postal-fsa-centroids',
  'ocd-division-ids-ca',
];
const available = NEEDED.every((d) => existsSync(join(DATASETS, d)));
const API = '/api/public/v1';

let dir = '';
let data: DataFile | null = null;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  if (!available) return;
  dir = tempDir('canpol-house-45-');
  const into = join(dir, 'bundle');
  await runImport({
    importers: [hocMembersImporter, hocMembersByParliamentImporter, fedRidings2023Importer, fedRidings2013Importer, fsaCentroidsImporter],
    fromOf: datasetPath(DATASETS),
    into,
    extractedAt: '2026-05-01T00:00:00Z',
  });
  // Of the 2013 ridings only Ottawa Centre's (35075), as history: the build stays fast.
  const part = join(into, 'boundaries.fed-ridings-2013.jsonl');
  writeFileSync(
    part,
    `${readFileSync(part, 'utf8')
      .split('\n')
      .filter((l) => l && JSON.parse(l).slug === '35075')
      .join('\n')}\n`,
  );
  const out = join(dir, 'real.db');
  const built = buildDataFile({ sources: into, out, now: new Date('2026-05-02T00:00:00Z') });
  if (!built.ok) throw new Error(JSON.stringify(built.issues.slice(0, 5)));
  data = openDataFile(out);
  app = createApp({ data });
}, 180_000);
afterAll(() => {
  data?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (path: string): Promise<Json> => {
  const res = await app.request(`${API}${path}`);
  expect(res.status).toBe(200);
  return res.json() as Promise<Json>;
};

/** The federal riding holding a point, and the sitting members the API lists for it. */
async function atPoint(lat: number, lng: number) {
  const federal = (await get(`/boundaries/lookup?lat=${lat}&lng=${lng}&level=federal`)).federal as Json | null;
  const members = federal
    ? ((await get(`/politicians?constituency_id=${encodeURIComponent(federal.constituency_id)}`)).items as Json[])
    : [];
  return { riding: federal?.constituency_id ?? null, name: federal?.name ?? null, members: members.map((m) => m.full_name) };
}

describe.skipIf(!available)("today's House on the 2023 map (real files)", () => {
  test.each([
    ['urban: Parliament Hill', 45.4236, -75.7009, '35079', 'Ottawa Centre', 'Yasir Naqvi'],
    ['urban, a riding split across features: the Halifax Citadel', 44.6475, -63.5806, '12006', 'Halifax', 'Shannon Miedema'],
    ['urban: the Calgary Tower', 51.0447, -114.0631, '48004', 'Calgary Centre', 'Greg McLean'],
    ['urban: the Manitoba Legislative Building', 49.8847, -97.147, '46010', 'Winnipeg Centre', 'Leah Gazan'],
    ['rural: Swift Current', 50.2851, -107.7972, '47013', 'Swift Current—Grasslands—Kindersley', 'Jeremy Patzer'],
    [
      'a detached part of a split riding: the Magdalen Islands',
      47.3793,
      -61.863,
      '24024',
      'Gaspésie—Les Îles-de-la-Madeleine—Listuguj',
      'Alexis Deschênes',
    ],
    ['territory: Whitehorse', 60.7212, -135.0568, '60001', 'Yukon', 'Brendan Hanley'],
    ['territory: Yellowknife', 62.454, -114.3718, '61001', 'Northwest Territories', 'Rebecca Alty'],
    ['territory: Iqaluit', 63.7467, -68.517, '62001', 'Nunavut', 'Lori Idlout'],
  ])('%s → its 2023 riding and its sitting member', async (_place, lat, lng, fed, name, member) => {
    expect(await atPoint(lat, lng)).toEqual({ riding: `federal-electoral-districts-2023/${fed}`, name, members: [member] });
  });

  test('K1A 0A6 answers with the member for Ottawa Centre, and says the point is approximate', async () => {
    const body = await get('/postcodes/K1A0A6/representatives');
    expect(body.approximate).toBe(true);
    expect(body.boundaries.federal).toMatchObject({
      constituency_id: 'federal-electoral-districts-2023/35079',
      name: 'Ottawa Centre',
      effective_from: '2025-04-28',
      effective_to: null,
    });
    expect(body.representatives.map((r: Json) => [r.level, r.constituency_id, r.politician.full_name, r.politician.status])).toEqual([
      ['federal', 'federal-electoral-districts-2023/35079', 'Yasir Naqvi', 'sitting'],
    ]);
  });

  test('the 2013 ridings are history: listed with their dates and reachable by name, never matched by a lookup', async () => {
    const old = (await get('/boundaries/federal-electoral-districts-2013/35075')).boundary;
    expect(old).toMatchObject({
      name: 'Ottawa Centre',
      effective_from: '2015-10-19',
      effective_to: '2025-03-23',
      source_set: 'federal-electoral-districts-2013',
    });
    // Parliament Hill lies in both Ottawa Centres; only the map in force answers.
    expect(((await get('/boundaries/lookup?lat=45.4236&lng=-75.7009')).federal as Json).source_set).toBe(
      'federal-electoral-districts-2023',
    );
    const listed = (await get('/boundaries?level=federal&limit=100&page=1')).total;
    expect(listed).toBe(343 + 1);
  });

  test('343 sitting MPs, one person per PersonId across Parliaments', async () => {
    expect((await get('/politicians?jurisdiction=federal&role=MP&limit=1')).total).toBe(343);
    const federal = (await get('/coverage')).jurisdictions.find((j: Json) => j.jurisdiction === 'federal');
    expect(federal.politicians_count).toBe(343);
    // Poilievre: one politician, the 44th Parliament's Carleton seat then the 45th's by-election seat.
    const found = (await get('/politicians?q=Poilievre&status=all')).items as Json[];
    expect(found.map((p) => p.full_name)).toEqual(['Pierre Poilievre']);
    const detail = await get(`/politicians/${found[0].id}`);
    expect(detail.politician).toMatchObject({
      status: 'sitting',
      constituency_name: 'Battle River—Crowfoot',
      term_start_at: '2025-08-18T04:00:00Z',
    });
    expect(detail.terms.map((t: Json) => [t.parliament_number, t.constituency_name])).toEqual([
      [44, 'Carleton'],
      [45, 'Battle River—Crowfoot'],
    ]);
  });

  test("every sitting MP's riding is numbered, so lookups find them all (a ligature in the OCD list no obstacle)", async () => {
    const ridings: string[] = [];
    for (let page = 1; page <= 4; page++)
      ridings.push(
        ...((await get(`/politicians?jurisdiction=federal&role=MP&limit=100&page=${page}`)).items as Json[]).map((p) => p.constituency_id),
      );
    expect(ridings).toHaveLength(343);
    expect(ridings.filter((r) => !/^federal-electoral-districts-2023\/\d{5}$/.test(r))).toEqual([]);
    expect(new Set(ridings).size).toBe(343);
    // The House names Marc Miller's riding "Ville-Marie—Le Sud-Ouest—Île-des-Soeurs" (FED 24077 in the
    // attribute table); the OCD list spells it "Île-des-Sœurs".
    const [miller] = (await get('/politicians?q=Marc%20Miller')).items as Json[];
    expect(miller.constituency_id).toBe('federal-electoral-districts-2023/24077');
  });

  test('a 44th-Parliament member not re-elected is former, the seat ended at the dissolution', async () => {
    const [singh] = (await get('/politicians?q=Jagmeet%20Singh&status=all')).items as Json[];
    expect(singh).toMatchObject({
      full_name: 'Jagmeet Singh',
      status: 'former',
      constituency_id: 'federal-electoral-districts-2013/59003',
    });
    expect((await get(`/politicians/${singh.id}`)).politician).toMatchObject({
      status: 'former',
      term_end_at: '2025-03-23T04:00:00Z',
      is_active: false,
    });
  });
});
