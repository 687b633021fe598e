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
  const table = 'ID | Province | English Name | Nom en français\r---|---|---|---\r10001 | NL | Avalon | Avalon\r59009 | BC | Courtenay–Alberni | Courtenay–Alberni\r10001 | NL | Avalon | Avalon\r';
  const listed = LISTERS['fed-ridings-2013-districts'](table, (p) => new URL(p, 'https://host/repo/c/districts/README.md').href);
  expect(listed.files.map((f) => [f.path, f.url])).toEqual([
    ['districts/NL/10001.geojson', 'https://host/repo/c/districts/NL/10001.geojson'],
    ['districts/BC/59009.geojson', 'https://host/repo/c/districts/BC/59009.geojson'],
  ]);
  expect(LISTERS['fed-ridings-2013-districts']('# nothing here', (p) => p).problems[0]).toContain('lists no riding');
});

describe.skipIf(!HAVE)('fed-ridings-2013 from the publisher\'s per-riding files', () => {
  let up: Upstream;
  let cache: string;
  beforeAll(async () => { up = await startUpstream(manifest, DATASETS); cache = mkdtempSync(join(tmpdir(), 'canpol-assemble-')); });
  afterAll(async () => { await up.close(); rmSync(cache, { recursive: true, force: true }); });
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5, perHost: 8 });
  const out = () => join(cache, 'fed-ridings-2013/fed_2013_representation_order.geojson.gz');

  test('338 riding files are fetched and assembled into the collection the datasets copy holds', async () => {
    const report = await fetchNow();
    const source = report.sources[0];
    expect(source.status).toBe('fresh');
    expect(source.files.length).toBe(339);
    const got = collection(out());
    const want = collection(join(DATASETS, 'fed-ridings-2013/fed_2013_representation_order.geojson.gz'));
    // Same features in the same order (sorted by FEDNUM), each with the file it came from.
    expect(got.features.length).toBe(338);
    expect(got).toEqual(want);
  }, 120_000);

  test('a riding the publisher stops serving leaves the last collection in place: the source is stale, the riding named', async () => {
    const before = readFileSync(out());
    const path = up.pathOf(manifest.sources[0].files[0].url).replace('README.md', 'NU/62001.geojson');
    up.behave(path, { kind: 'status', status: 500 });
    const report = await fetchNow();
    up.behave(path, null);
    const source = report.sources[0];
    expect(source.status).toBe('stale');
    expect(readFileSync(out()).equals(before)).toBe(true);
    // The cached copy of that riding still serves the collection; nothing was lost.
    expect(collection(out()).features.length).toBe(338);
  }, 120_000);
});
