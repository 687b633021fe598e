// The postal-fsa-centroids importer on a hand-written file with the upstream quirks, then on the real
// file (values read by hand with grep from ca_fsa_centroids.csv), built and served.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { Identity } from '../../../build-db/import/identity.js';
import { fsaCentroidsImporter, importFsaCentroids } from '../../../build-db/import/postal-fsa-centroids/index.js';
import { runImport } from '../../../build-db/import/run-import.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';
import { datasetLine } from '../../helpers/dataset-line.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const FSA_DIR = join(DATASETS, 'postal-fsa-centroids');
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-fsa-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const context = (skips: Skip[]): ImportContext => ({ identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: () => {} });

describe('postal-fsa-centroids on a hand-written file', () => {
  test('quoted names, province names, the North Pole code, duplicates and bad rows', () => {
    const dir = temp();
    writeFileSync(
      join(dir, 'ca_fsa_centroids.csv'),
      `${[
        'fsa,city,province,latitude,longitude,timezone,dst',
        'V0N,"North Island, Sunshine Coast (Whistler)",British Columbia,50.5899,-126.9517,-8,1',
        // Two real rows (read from the datasets copy at test time) among the invented ones.
        datasetLine('postal-fsa-centroids/ca_fsa_centroids.csv', 'X0E,'),
        datasetLine('postal-fsa-centroids/ca_fsa_centroids.csv', 'X0A,'),
        'H0H,Reserved (Santa Claus),Quebec,90,0,-5,1',
        'V0N,Again,British Columbia,50,-126,-8,1',
        'D0A,Nowhere,Ontario,45,-75,-5,1',
        'K1A,No point,Ontario,,,-5,1',
      ].join('\n')}\n`,
    );
    writeFileSync(
      join(dir, 'SOURCE.md'),
      '**Repository:** `inkjet/pypostalcode`\n**Commit:** `f0d7245babfa23593e8c85384b59857e58300f36` (2021-06-19)\n',
    );
    const skips: Skip[] = [];
    const out = importFsaCentroids(dir, context(skips));
    expect(out.records.fsa_points).toEqual([
      {
        fsa: 'V0N',
        lat: 50.5899,
        lng: -126.9517,
        city: 'North Island, Sunshine Coast (Whistler)',
        province_territory: 'BC',
        fetched_at: '2021-06-19T00:00:00Z',
      },
      {
        fsa: 'X0E',
        lat: 62.4043,
        lng: -110.7417,
        city: 'Central Northwest Territories (Inuvik)',
        province_territory: 'NT',
        fetched_at: '2021-06-19T00:00:00Z',
      },
      {
        fsa: 'X0A',
        lat: 70.4643,
        lng: -68.4789,
        city: 'Outer Nunavut (Iqaluit)',
        province_territory: 'NU',
        fetched_at: '2021-06-19T00:00:00Z',
      },
    ]);
    expect(skips.map((s) => [s.record, s.reason])).toEqual([
      ['line 5', 'coordinates outside Canada'],
      ['line 6', 'duplicate FSA'],
      ['line 7', 'invalid FSA'],
      ['line 8', 'unreadable coordinates'],
    ]);
    expect(out.sources).toEqual([
      {
        id: 'postal-fsa-centroids',
        version: 'f0d7245babfa23593e8c85384b59857e58300f36',
        url: 'https://github.com/inkjet/pypostalcode',
        retrieved_at: '2021-06-19T00:00:00Z',
        licence: expect.stringContaining('CC BY 4.0'),
      },
    ]);
  });
});

describe.skipIf(!existsSync(FSA_DIR))('postal-fsa-centroids on the real file', () => {
  test('1,645 rows: 1,644 FSA points, H0H (90, 0) skipped; provinces as SOURCE.md counts them', () => {
    const skips: Skip[] = [];
    const out = importFsaCentroids(FSA_DIR, context(skips));
    const points = out.records.fsa_points!;
    expect(points.length).toBe(1644);
    expect(skips).toEqual([
      {
        file: 'ca_fsa_centroids.csv',
        record: 'line 1314',
        reason: 'coordinates outside Canada',
        detail: 'H0H (Reserved (Santa Claus)) at 90, 0',
      },
    ]);
    const byProvince: Record<string, number> = {};
    for (const p of points) byProvince[p.province_territory!] = (byProvince[p.province_territory!] ?? 0) + 1;
    // SOURCE.md: ON 525, QC 421 (one is H0H), BC 191, AB 154, NB 111, NS 77, MB 66, SK 49, NL 35, PE 7, NU 3, NT 3, YT 3.
    expect(byProvince).toEqual({ ON: 525, QC: 420, BC: 191, AB: 154, NB: 111, NS: 77, MB: 66, SK: 49, NL: 35, PE: 7, NU: 3, NT: 3, YT: 3 });
    expect(out.stats).toMatchObject({ rows: 1645, province_differs_from_first_letter: 0 });
    // Lines 652 and 166 of the file; H0H is line 1314.
    expect(points.find((p) => p.fsa === 'K1A')).toEqual({
      fsa: 'K1A',
      lat: 45.4207,
      lng: -75.7023,
      city: 'Government of Canada Ottawa and Gatineau offices',
      province_territory: 'ON',
      fetched_at: '2021-06-19T00:00:00Z',
    });
    expect(points.find((p) => p.fsa === 'V0N')?.city).toBe('North Island, Sunshine Coast, and Southern Gulf Islands (Whistler)');
  });

  test('imported, built and served: an FSA and a full code of it answer fsa_derived at the FSA point', async () => {
    const root = temp();
    const into = join(root, 'bundle');
    await runImport({ importers: [fsaCentroidsImporter], fromOf: () => FSA_DIR, into, extractedAt: '2026-01-01T00:00:00Z' });
    expect(readFileSync(join(into, 'fsa_points.postal-fsa-centroids.jsonl'), 'utf8').trim().split('\n').length).toBe(1644);
    const out = join(root, 'x.db');
    expect(buildDataFile({ sources: into, out, now: new Date('2026-01-02T00:00:00Z') }).ok).toBe(true);
    const data = openDataFile(out);
    try {
      const app = createApp({ data });
      const get = async (p: string) => {
        const r = await app.request(`/api/public/v1${p}`);
        return { status: r.status, body: await r.json() };
      };
      // Line 1353: H2X,Plateau Mont-Royal Southeast,Quebec,45.5148,-73.5739
      expect((await get('/postcodes/H2X')).body).toMatchObject({
        postcode: 'H2X',
        is_fsa: true,
        source: 'fsa_derived',
        approximate: true,
        address_points: null,
        latlng: { lat: 45.5148, lng: -73.5739 },
        city: 'Plateau Mont-Royal Southeast',
        province: 'QC',
        fetched_at: '2021-06-19T00:00:00Z',
      });
      expect((await get('/postcodes/h2x-1y4')).body).toMatchObject({
        postcode: 'H2X 1Y4',
        is_fsa: false,
        source: 'fsa_derived',
        latlng: { lat: 45.5148, lng: -73.5739 },
      });
      expect((await get('/postcodes/H0H0H0')).status).toBe(404);
    } finally {
      data.close();
    }
  });
});
