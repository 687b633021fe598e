// A source the publisher splits (one GeoJSON per 2013 riding) fetched file by file from the
// loopback upstream and assembled into the one collection the fed-ridings-2013 importer reads.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const HAVE = existsSync(join(DATASETS, 'fed-ridings-2013/fed_2013_representation_order.geojson.gz'));
const manifest = subsetManifest(['fed-ridings-2013']);
const collection = (file: string) => JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));

test('the riding directory lister names each riding file beside the directory, once', () => {
  const table =
    'ID | Province | English Name | Nom en français\r---|---|---|---\r10001 | NL | Avalon | Avalon\r59009 | BC | Courtenay–Alberni | Courtenay–Alberni\r10001 | NL | Avalon | Avalon\r';
  const listed = LISTERS['fed-ridings-2013-districts'](table, (p) => new URL(p, 'https://host/repo/c/districts/README.md').href);
  expect(listed.files.map((f) => [f.path, f.url])).toEqual([
    ['districts/NL/10001.geojson', 'https://host/repo/c/districts/NL/10001.geojson'],
    ['districts/BC/59009.geojson', 'https://host/repo/c/districts/BC/59009.geojson'],
  ]);
  expect(LISTERS['fed-ridings-2013-districts']('# nothing here', (p) => p).problems[0]).toContain('lists no riding');
});

describe.skipIf(!HAVE)("fed-ridings-2013 from the publisher's per-riding files", () => {
  let up: Upstream;
  let cache: string;
  beforeAll(async () => {
    up = await startUpstream(manifest, DATASETS);
    cache = mkdtempSync(join(tmpdir(), 'canpol-assemble-'));
  });
  afterAll(async () => {
    await up.close();
    rmSync(cache, { recursive: true, force: true });
  });
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5, perHost: 8 });
  const out = () => join(cache, 'fed-ridings-2013/fed_2013_representation_order.geojson.gz');

  test('338 riding files are fetched, from one archive of the commit, and assembled into the collection the datasets copy holds', async () => {
    const report = await fetchNow();
    const source = report.sources[0];
    expect(source.status).toBe('fresh');
    expect(source.files.length).toBe(339);
    // The directory and every riding in one request (build-db/fetch/archive/), none to GitHub raw.
    expect(up.requests.map((r) => r.path)).toEqual([up.pathOf(manifest.sources[0].archive!.url)]);
    expect(source.files.every((f) => f.archive)).toBe(true);
    const got = collection(out());
    const want = collection(join(DATASETS, 'fed-ridings-2013/fed_2013_representation_order.geojson.gz'));
    // Same features in the same order (sorted by FEDNUM), each with the file it came from.
    expect(got.features.length).toBe(338);
    expect(got).toEqual(want);
  }, 120_000);

  test('a riding held from the pinned commit is not asked again: the publisher failing on it changes nothing', async () => {
    const before = readFileSync(out());
    const path = up.pathOf(manifest.sources[0].files[0].url).replace('README.md', 'NU/62001.geojson');
    up.behave(path, { kind: 'status', status: 500 });
    const asked = up.requests.length;
    const report = await fetchNow();
    up.behave(path, null);
    const source = report.sources[0];
    // A file at a commit cannot change (build-db/fetch/pinned.ts): only the directory is re-checked.
    expect(up.requests.slice(asked).some((r) => r.path === path)).toBe(false);
    expect(source.status).toBe('fresh');
    expect(readFileSync(out()).equals(before)).toBe(true);
    // The cached copy of that riding still serves the collection; nothing was lost.
    expect(collection(out()).features.length).toBe(338);
  }, 120_000);
});

test("the boundary set list names each set's shapefile at its upstream repository, path and commit", () => {
  const list = JSON.stringify([
    {
      slug: 'country-ca-csd-3526065',
      original_dir: 'original/ocd-division/country_ca/csd_3526065',
      original_shp: 'Ward Boundaries.shp',
      source_repo: 'opennorth/represent-canada-data',
      source_commit: '4c7449e310716d9ba00bbb63ebeab97ad61afcaa',
      source_path: 'boundaries/ocd-division/country:ca/csd:3526065/Ward Boundaries.shp',
    },
    { slug: 'no-upstream', original_dir: 'original/x', original_shp: 'x.shp' },
  ]);
  const { files, problems } = LISTERS['represent-sets'](list, (p) => `https://mirror.example/represent-boundaries/${p}`);
  expect(problems).toEqual([]);
  expect(files.slice(0, 5).map((f) => [f.path, f.url, f.optional ?? false])).toEqual(
    ['.shp', '.shx', '.dbf', '.prj', '.cpg'].map((ext, i) => [
      `original/ocd-division/country_ca/csd_3526065/Ward Boundaries${ext}`,
      `https://raw.githubusercontent.com/opennorth/represent-canada-data/4c7449e310716d9ba00bbb63ebeab97ad61afcaa/boundaries/ocd-division/country%3Aca/csd%3A3526065/Ward%20Boundaries${ext}`,
      i >= 3,
    ]),
  );
  // A set without its upstream named is fetched beside the set list, as before.
  expect(files[5].url).toBe('https://mirror.example/represent-boundaries/original/x/x.shp');
});

test("every set of the datasets' set list names its upstream, so only the list itself is not fetched from Open North", () => {
  const path = join(DATASETS, 'represent-boundaries/manifest.json');
  if (!existsSync(path)) return;
  const { files } = LISTERS['represent-sets'](readFileSync(path, 'utf8'), (p) => `https://mirror.example/${p}`);
  expect(files.length).toBeGreaterThan(300);
  expect(files.filter((f) => !f.url.startsWith('https://raw.githubusercontent.com/opennorth/represent-canada-data/'))).toEqual([]);
});
