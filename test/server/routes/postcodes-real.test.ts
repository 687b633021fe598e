// Representatives by postcode on real data: the 2023 House roster and handles, two real 2013 riding
// polygons and the real FSA points, imported with the real importers, built and served.
// Independent facts: Parliament Hill (FSA K1P, "Ottawa (Parliament Hill)" in the FSA file) is in
// Ottawa Centre (FED 35075), whose MP in the 2023 roster is Yasir Naqvi (ca.federal.houseOfCommons.json,
// constituencyNameId "ottawa-centre"); the Plateau Mont-Royal (H2X) is in Laurier—Sainte-Marie (24039),
// Steven Guilbeault's riding.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { fedRidings2013Importer } from '../../../build-db/import/fed-ridings-2013/index.js';
import { hocMembersImporter } from '../../../build-db/import/hoc-members/index.js';
import { mpHandlesImporter } from '../../../build-db/import/mp-handles/index.js';
import { fsaCentroidsImporter } from '../../../build-db/import/postal-fsa-centroids/index.js';
import { datasetPath, runImport } from '../../../build-db/import/run-import.js';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const NEEDED = ['hoc-members-2023', 'mp-twitter-handles-2022', 'fed-ridings-2013', 'postal-fsa-centroids'];
const available = NEEDED.every((d) => existsSync(join(DATASETS, d)));
const KEEP = new Set(['35075', '24039']);

let dir = '';
let data: DataFile | null = null;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  if (!available) return;
  dir = tempDir('canpol-postcodes-real-');
  const into = join(dir, 'bundle');
  await runImport({
    importers: [hocMembersImporter, mpHandlesImporter, fedRidings2013Importer, fsaCentroidsImporter],
    fromOf: datasetPath(DATASETS),
    into,
    extractedAt: '2026-01-01T00:00:00Z',
  });
  // Two ridings keep the build fast; every other point is then in no federal riding.
  const part = join(into, 'boundaries.fed-ridings-2013.jsonl');
  writeFileSync(
    part,
    `${readFileSync(part, 'utf8')
      .split('\n')
      .filter((l) => l && KEEP.has(JSON.parse(l).slug))
      .join('\n')}\n`,
  );
  const out = join(dir, 'real.db');
  const built = buildDataFile({ sources: into, out, now: new Date('2026-01-02T00:00:00Z') });
  if (!built.ok) throw new Error(JSON.stringify(built.issues.slice(0, 5)));
  data = openDataFile(out);
  app = createApp({ data });
}, 60_000);
afterAll(() => {
  data?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const reps = async (code: string) => {
  const res = await app.request(`/api/public/v1/postcodes/${code}/representatives`);
  expect(res.status).toBe(200);
  return res.json() as Promise<{
    source: string;
    approximate: boolean;
    boundaries: { federal: { constituency_id: string; name: string } | null };
    representatives: Array<{
      level: string;
      constituency_id: string;
      politician: { full_name: string; party: string; social_urls: Record<string, string> };
      offices: unknown[];
      socials: Array<{ platform: string }>;
    }>;
  }>;
};

test.skipIf(!available)('Parliament Hill (K1P 1A1) → Ottawa Centre → Yasir Naqvi, with offices and his handle', async () => {
  const body = await reps('K1P1A1');
  expect(body).toMatchObject({ source: 'fsa_derived', approximate: true });
  expect(body.boundaries.federal).toMatchObject({ constituency_id: 'federal-electoral-districts-2013/35075', name: 'Ottawa Centre' });
  expect(body.representatives.map((r) => [r.level, r.constituency_id, r.politician.full_name, r.politician.party])).toEqual([
    ['federal', 'federal-electoral-districts-2013/35075', 'Yasir Naqvi', 'Liberal'],
  ]);
  const [naqvi] = body.representatives;
  expect(naqvi.offices.length).toBeGreaterThan(0);
  expect(naqvi.socials.map((s) => s.platform)).toEqual(['twitter']);
  expect(Object.keys(naqvi.politician.social_urls)).toEqual(['twitter']);
});

test.skipIf(!available)(
  'the Plateau (H2X) → Laurier—Sainte-Marie → Steven Guilbeault; Toronto (M5H) is in neither kept riding',
  async () => {
    const body = await reps('H2X');
    expect(body.representatives.map((r) => [r.constituency_id, r.politician.full_name])).toEqual([
      ['federal-electoral-districts-2013/24039', 'Steven Guilbeault'],
    ]);
    const toronto = await reps('M5H 2N2');
    expect(toronto.boundaries.federal).toBeNull();
    expect(toronto.representatives).toEqual([]);
  },
);
