// Represent's representative sets end to end on hand-written pages (test/helpers/represent-fixture.ts):
// fetched through the loopback upstream (every page, conditional requests on the second night),
// imported twice into one bundle (a member gone on the second fetch ends as former), built and asked
// for representatives by postcode and coverage.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { runFetch, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { writePart } from '../../../build-db/import/bundle-folder.js';
import { representRepresentativesImporter } from '../../../build-db/import/represent-representatives/index.js';
import { runImport, type ImportReport } from '../../../build-db/import/run-import.js';
import type { ImportedRecords } from '../../../build-db/import/types.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { federalMp, postcodePoints, representBoundaries, representPages } from '../../helpers/represent-fixture.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const dir = mkdtempSync(join(tmpdir(), 'canpol-represent-'));
const cache = join(dir, 'cache');
const into = join(dir, 'bundle');
// The repo's own source entry, its 1.1 s request spacing shortened to keep the test quick (and the
// per-host spacing of the defaults off: this test checks the source's own interval).
const GAP_MS = 25;
const repo = repoManifest();
const manifest = {
  ...repo,
  defaults: { ...repo.defaults, spacing_ms: 0 },
  sources: repo.sources.filter((s) => s.id === 'represent-representatives').map((s) => ({ ...s, min_interval_ms: GAP_MS })),
};
const seconds: number[] = [];
const FIRST_NIGHT_FILES = 12;
let upstream: Upstream;
const fetches: FetchReport[] = [];
const imports: ImportReport[] = [];
const apps: Array<{ get(path: string): Promise<Json>; close(): void }> = [];

function serve(pages: Record<string, unknown>) {
  for (const [path, body] of Object.entries(pages))
    upstream.behave(path, { kind: 'replace', body: JSON.stringify(body), contentType: 'application/json' });
}

async function night(second: boolean) {
  serve(representPages(second));
  const started = performance.now();
  fetches.push(await runFetch({ manifest, cache, mirror: upstream.mirror, retries: 0, backoffMs: 1, politeToLoopback: true }));
  seconds.push((performance.now() - started) / 1000);
  imports.push(
    await runImport({
      importers: [representRepresentativesImporter],
      fromOf: (i) => join(cache, i.datasetDir),
      into,
      extractedAt: '2026-11-01T00:00:00Z',
    }),
  );
  const out = join(dir, `night-${fetches.length}.db`);
  const built = buildDataFile({ sources: into, out, now: new Date('2026-11-02T00:00:00Z') });
  if (!built.ok) throw new Error(`build failed: ${JSON.stringify(built.issues.slice(0, 5))}`);
  const data = openDataFile(built.out);
  const app = createApp({
    data,
    logError: (e) => {
      throw e;
    },
  });
  apps.push({ get: async (path) => (await app.request(`/api/public/v1${path}`)).json(), close: () => data.close() });
}

beforeAll(async () => {
  mkdirSync(into, { recursive: true });
  // What represent-boundaries and the people/postcode importers would have written.
  writePart(into, 'represent-boundaries', { boundaries: representBoundaries() } as ImportedRecords);
  writePart(into, 'fixture-people', { politicians: [federalMp()], postcode_points: postcodePoints() } as ImportedRecords);
  upstream = await startUpstream(manifest, join(dir, 'no-datasets'));
  await night(false);
  await night(true);
});

afterAll(async () => {
  for (const a of apps) a.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = (body: Json) => body.representatives.map((r: Json) => [r.level, r.constituency_id, r.politician.full_name]);
const skipsOf = (r: ImportReport, reason: string) =>
  r.skipped
    .filter((s) => s.reason === reason)
    .map((s) => s.record)
    .sort();

describe('fetch: every set and every page, then only conditional requests', () => {
  test('the first night fetches the two set-list pages and every roster page', () => {
    const src = fetches[0].sources[0];
    expect(src.status).toBe('fresh');
    expect(src.problems).toEqual([]);
    // 3 set pages + ontario 2 + wardville 3 + nowhere 2 + cityburg 1 + house 1
    expect(src.files.length).toBe(FIRST_NIGHT_FILES);
    expect(src.files.every((f) => f.result === 'updated')).toBe(true);
    // Requests start at least min_interval_ms apart (a lower bound: a busy machine only adds time).
    expect(seconds[0]).toBeGreaterThanOrEqual(((FIRST_NIGHT_FILES - 1) * GAP_MS) / 1000);
    expect(fetches[0].peak_per_host['represent.opennorth.ca']).toBeLessThanOrEqual(2);
  });
  test('the second night asks with If-None-Match; unchanged pages are 304, the shorter roster is one page fewer', () => {
    const src = fetches[1].sources[0];
    expect(src.status).toBe('fresh');
    expect(src.files.length).toBe(FIRST_NIGHT_FILES - 1);
    // Every second-night request of a page fetched the first night carries the ETag it was given.
    const firstPaths = new Set(upstream.requests.slice(0, FIRST_NIGHT_FILES).map((r) => r.path));
    const again = upstream.requests.slice(FIRST_NIGHT_FILES).filter((r) => firstPaths.has(r.path));
    expect(again.length).toBe(FIRST_NIGHT_FILES - 1);
    expect(again.every((r) => r.ifNoneMatch !== null)).toBe(true);
    const conditional = upstream.requests.filter((r) => r.status === 304).map((r) => r.path);
    expect(conditional).toContain('/represent.opennorth.ca/representatives/ontario-legislature/?limit=2&offset=2');
    expect(conditional).not.toContain('/represent.opennorth.ca/representatives/wardville-city-council/?limit=1000&offset=0');
  });
});

describe('import: joined to boundaries, reported by name and set', () => {
  test("districts with dashes and accents join by the boundary importer's normalisation", async () => {
    const body = await apps[1].get('/politicians?jurisdiction=ON&limit=50');
    const byName = Object.fromEntries(body.items.map((p: Json) => [p.full_name, p.constituency_id]));
    expect(byName['Lucille Collard']).toBe('ontario-electoral-districts-2022/ottawa-vanier');
    expect(byName['Élise Tremblay-Côté']).toBe('ontario-electoral-districts-2022/mississauga-erin-mills');
    expect(byName['Ted Example']).toBe('ontario-electoral-districts-2022/kingston-and-the-islands');
  });
  test('no boundary, two boundaries, a missing boundary set: each member named with the set', () => {
    const r = imports[1];
    expect(skipsOf(r, 'district matches no boundary')).toEqual([
      'Ann Atlantis (ontario-legislature)',
      'Lou Longtitle (nowhere-town-council)',
      'Nora Nowhere (nowhere-town-council)',
      'Pat Placeless (nowhere-town-council)',
    ]);
    expect(skipsOf(r, 'district matches two boundaries')).toEqual(['Dora Double (wardville-city-council)']);
    expect(r.skipped.find((s) => s.record === 'Nora Nowhere (nowhere-town-council)')!.detail).toBe(
      'boundary set nowhere-wards is not in the bundle',
    );
    expect(skipsOf(r, 'federal set: members come from hoc-members')).toEqual(['set house-of-commons']);
  });
  test('a member whose province cannot be told, or whose record the format refuses, is skipped and reported; the build goes on', () => {
    const r = imports[1];
    expect(skipsOf(r, 'province unknown')).toEqual(['Pat Placeless (nowhere-town-council)']);
    expect(skipsOf(r, 'member record not valid')).toEqual(['Lou Longtitle (nowhere-town-council)']);
    expect(
      r.skipped.find((s) => s.record === 'Lou Longtitle (nowhere-town-council)' && s.reason === 'member record not valid')!.detail,
    ).toContain('elected_office');
  });
  test('offices, e-mail, photo, party; exact duplicate offices kept once', async () => {
    const list = await apps[1].get('/politicians?q=Collard');
    const { politician: p } = await apps[1].get(`/politicians/${list.items[0].id}`);
    expect(p.party).toBe('Ontario Liberal Party');
    expect(p.email).toBe('lucille@example.org');
    expect(p.photo_url).toBe('https://example.org/photos/collard.jpg');
    expect(p.level).toBe('provincial');
    expect(p.province_territory).toBe('ON');
    expect([p.phone, p.fax]).toEqual(['1 416-555-0100', '1 613-555-0102']);
    const { items } = await apps[1].get(`/politicians/${list.items[0].id}/offices`);
    const offices = items.map((o: Json) => [o.kind, o.postal_code, o.phone]);
    expect(offices).toEqual([
      ['constituency', 'K1L 6C7', '1 613-555-0101'],
      ['legislature', 'M7A 1A8', '1 416-555-0100'],
    ]); // the API's order: constituency first
  });
  test('a set whose boundaries are missing still lists its members, province from the office address', async () => {
    const body = await apps[1].get('/politicians?q=Nowhere');
    expect(body.items.map((p: Json) => [p.full_name, p.level, p.province_territory, p.constituency_id])).toEqual([
      ['Nora Nowhere', 'municipal', 'NS', 'nowhere-wards/ward-a'],
    ]);
    // The set list gives no last_updated for this set: first seen when the import's inputs were fetched.
    expect(body.items[0].term_start_at).toBe('2026-11-01T00:00:00Z');
  });
});

describe('terms across fetches', () => {
  test("a member no longer listed is former, the term ending at the set's later update; never deleted", async () => {
    const before = await apps[0].get('/politicians?q=Carl%20Gone');
    expect(before.items.map((p: Json) => [p.full_name, p.status])).toEqual([['Carl Gone', 'sitting']]);
    const after = await apps[1].get('/politicians?q=Carl%20Gone&status=former');
    expect(after.items.map((p: Json) => [p.full_name, p.status])).toEqual([['Carl Gone', 'former']]);
    const { politician: detail } = await apps[1].get(`/politicians/${after.items[0].id}`);
    expect(detail.term_end_at).toBe('2026-10-15T08:00:00Z');
    expect(imports[1].importers[0].stats).toMatchObject({ terms_ended: 1, terms_started: 0 });
  });
  test('members listed both times keep the term that started when first seen', async () => {
    const list = await apps[1].get('/politicians?q=Wendy');
    const { politician: p } = await apps[1].get(`/politicians/${list.items[0].id}`);
    expect(p.term_start_at).toBe('2026-10-01T08:00:00Z');
    expect(p.status).toBe('sitting');
  });
});

describe('representatives by postcode', () => {
  test('MP, provincial member, the mayor elected at large and the one ward councillor', async () => {
    expect(names(await apps[1].get('/postcodes/K1L1A1/representatives'))).toEqual([
      ['federal', 'fed-x/35001', 'Fiona Federal'],
      ['provincial', 'ontario-electoral-districts-2022/ottawa-vanier', 'Lucille Collard'],
      ['municipal', 'wardville-wards-2022/wardville', 'Maria Mayor'],
      ['municipal', 'wardville-wards-2022/ward-1', 'Wendy Ward'],
    ]);
  });
  test('a mayor whose URL names a whole-municipality boundary the bundle has is joined to it', async () => {
    expect(names(await apps[1].get('/postcodes/L5L1A1/representatives'))).toEqual([
      ['provincial', 'ontario-electoral-districts-2022/mississauga-erin-mills', 'Élise Tremblay-Côté'],
      ['municipal', 'census-subdivisions/3599001', 'Cy Burgher'],
      ['municipal', 'cityburg-wards/north', 'Nina North'],
    ]);
  });
  test('a ward whose councillor left: no councillor after the second fetch, never the at-large one', async () => {
    expect(names(await apps[0].get('/postcodes/K1L2B2/representatives')).at(-1)).toEqual([
      'municipal',
      'wardville-wards-2022/ward-2',
      'Carl Gone',
    ]);
    expect(names(await apps[1].get('/postcodes/K1L2B2/representatives')).map((r: string[]) => r[2])).toEqual([
      'Fiona Federal',
      'Lucille Collard',
      'Maria Mayor',
    ]);
  });
});

describe('coverage', () => {
  test('Ontario counts its sitting members from Represent: none → partial', async () => {
    const body = await apps[1].get('/coverage');
    const on = body.jurisdictions.find((j: Json) => j.jurisdiction === 'ON');
    expect(on.politicians_count).toBe(4);
    expect(on.politicians_status).toBe('partial');
    // Nova Scotia's only member here is a councillor: its provincial row (one of the 14) counts nobody.
    expect(body.jurisdictions.find((j: Json) => j.jurisdiction === 'NS')).toMatchObject({
      politicians_count: 0,
      politicians_status: 'none',
    });
    expect(on.source_urls.representatives).toBe('https://represent.opennorth.ca/representatives/ontario-legislature/');
  });
});
