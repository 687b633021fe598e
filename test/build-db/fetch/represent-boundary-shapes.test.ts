// The 2023 ridings from Open North Represent: a folder laid out as represent.opennorth.ca serves the
// set's boundary list (two pages, crawled by meta.next) and its /shape page, made here from the shared
// datasets' 2023 polygons in Represent's JSON layout; the fetch assembles them into the file the
// fed-ridings-2023 importer prefers, and a broken page leaves the last good file in place.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { PAGES_LISTER } from '../../../build-db/fetch/represent-boundary-shapes.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { FED_2023_FULL, importFedRidings2023 } from '../../../build-db/import/fed-ridings-2023/index.js';
import { Identity } from '../../../build-db/import/identity.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const HAVE = existsSync(join(DATASETS, 'fed-ridings-2023'));
const SET = '/boundaries/federal-electoral-districts-2023-representation-order/';
const HOST = 'represent.opennorth.ca';

test('the page lister follows meta.next, in the listing the page belongs to', () => {
  const lister = LISTERS[PAGES_LISTER];
  const page = (next: string | null) => JSON.stringify({ objects: [], meta: { next, total_count: 0 } });
  expect(lister(page(`${SET}?limit=1000&offset=1000`), (p) => p, `https://${HOST}${SET}?limit=1000&offset=0`).files).toEqual([
    { path: 'represent/boundaries/offset-1000.json', url: `https://${HOST}${SET}?limit=1000&offset=1000`, list_with: PAGES_LISTER },
  ]);
  expect(lister(page(`${SET}shape?limit=1000&offset=1000`), (p) => p, `https://${HOST}${SET}shape?limit=1000&offset=0`).files[0].path).toBe(
    'represent/shapes/offset-1000.json',
  );
  expect(lister(page(null), (p) => p, `https://${HOST}${SET}?limit=1000&offset=0`)).toEqual({ files: [], problems: [] });
  expect(lister('<html>', (p) => p, `https://${HOST}${SET}?limit=1000&offset=0`).problems[0]).toStartWith(
    'represent/boundaries: page is not JSON',
  );
});

describe.skipIf(!HAVE)('fed-ridings-2023 from Represent through the loopback upstream', () => {
  const manifest = subsetManifest(['fed-ridings-2023-represent']);
  manifest.sources[0].min_interval_ms = 0;
  let up: Upstream;
  let root: string;
  let cache: string;
  // The shared 2023 polygons as Represent would serve them: one MultiPolygon per riding, named.
  const ridings = (() => {
    if (!HAVE) return [];
    const out = importFedRidings2023(join(DATASETS, 'fed-ridings-2023'), {
      identity: new Identity([]),
      existing: {},
      skip: () => {},
      log: () => {},
    });
    return out.records.boundaries!.map((b) => ({
      fed: b.slug,
      name: b.name,
      shape: b.geometry.type === 'MultiPolygon' ? b.geometry : { type: 'MultiPolygon', coordinates: [b.geometry.coordinates] },
    }));
  })();
  const dir = () => join(root, HOST, SET);
  const write = (name: string, body: unknown) => writeFileSync(join(dir(), name), JSON.stringify(body));
  const listItem = (r: (typeof ridings)[number]) => ({
    url: `${SET}${r.fed}/`,
    name: r.name,
    external_id: r.fed,
    related: { boundary_set_url: '/boundary-sets/federal-electoral-districts-2023-representation-order/' },
  });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canpol-represent-host-'));
    cache = mkdtempSync(join(tmpdir(), 'canpol-represent-cache-'));
    mkdirSync(dir(), { recursive: true });
    // Two list pages (200 + 143), as Represent pages a long list; the shapes on one page.
    write('?limit=1000&offset=0', {
      objects: ridings.slice(0, 200).map(listItem),
      meta: { next: `${SET}?limit=1000&offset=200`, total_count: ridings.length },
    });
    write('?limit=1000&offset=200', { objects: ridings.slice(200).map(listItem), meta: { next: null, total_count: ridings.length } });
    write('shape?limit=1000&offset=0', {
      objects: ridings.map((r) => ({ name: r.name, shape: r.shape })),
      meta: { next: null, total_count: ridings.length },
    });
    up = await startUpstream(manifest, DATASETS, root);
  });
  afterAll(async () => {
    await up.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5, perHost: 4 });
  const out = () => join(cache, 'fed-ridings-2023', FED_2023_FULL);

  test('both listings are crawled and joined by name into 343 features by FED number, which the importer reads as full resolution', async () => {
    const report = await fetchNow();
    expect(report.sources[0].status).toBe('fresh');
    expect(report.sources[0].files.map((f) => f.file).sort()).toEqual([
      'fed-ridings-2023/represent/boundaries/offset-0.json',
      'fed-ridings-2023/represent/boundaries/offset-200.json',
      'fed-ridings-2023/represent/shapes/offset-0.json',
    ]);
    const features = JSON.parse(gunzipSync(readFileSync(out())).toString('utf8')).features as Array<{
      properties: { id: string; name: string };
    }>;
    expect(features).toHaveLength(343);
    expect(features.map((f) => f.properties.id)).toEqual(ridings.map((r) => r.fed).sort());
    expect(features.find((f) => f.properties.id === '35079')!.properties.name).toBe('Ottawa Centre');

    const skips: Skip[] = [];
    const ctx: ImportContext = { identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: () => {} };
    const imported = importFedRidings2023(join(cache, 'fed-ridings-2023'), ctx).records.boundaries!;
    expect(skips).toEqual([]);
    expect(imported).toHaveLength(343);
    expect(imported[0].boundaries_version).toBe('2023 Representation Order');
  }, 60_000);

  test('a shape page the publisher breaks leaves the last collection: the source is stale, nothing lost', async () => {
    const before = readFileSync(out());
    const path = `/${HOST}${SET}shape?limit=1000&offset=0`;
    up.behave(path, {
      kind: 'replace',
      body: JSON.stringify({
        objects: ridings.slice(1).map((r) => ({ name: r.name, shape: r.shape })),
        meta: { next: null, total_count: 342 },
      }),
      contentType: 'application/json',
    });
    const report = await fetchNow();
    up.behave(path, null);
    expect(report.sources[0].status).toBe('stale');
    expect(JSON.stringify(report.sources[0])).toContain(`${ridings[0].name} has no Polygon or MultiPolygon among the shapes`);
    expect(readFileSync(out()).equals(before)).toBe(true);
  }, 60_000);
});
