// Website scans through the loopback upstream: a site behind a CDN (its headers), a WordPress and a
// Drupal page (their markers), a site that times out; the offline IP databases on addresses whose
// network is known (Cloudflare's 104.16.0.0/12, AS13335; the Government of Canada's Shared Services
// Canada network); the nightly step keeps a site that stops answering with its last scan, inactive.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { mirrored } from '../../../build-db/fetch/read-manifest.js';
import { detectCdn } from '../../../build-db/scan/cdn.js';
import { detectCms } from '../../../build-db/scan/cms.js';
import { type IpDatabase, openIpDatabase } from '../../../build-db/scan/ip-database.js';
import { scanSite, type ScanDeps } from '../../../build-db/scan/scan-site.js';
import { HISTORY_FILE, scanWebsites } from '../../../build-db/scan/scan-websites.js';
import { sovereigntyTier } from '../../../build-db/scan/sovereignty.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir, writeFixture } from '../../helpers/fixture.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-scan-');
  dirs.push(d);
  return d;
};
let up: Upstream;
beforeAll(async () => {
  up = await startUpstream(subsetManifest([]), DATASETS, temp());
});
afterAll(async () => {
  await up.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const WORDPRESS =
  '<!doctype html><html><head><meta name="generator" content="WordPress 6.5.2"><link rel="stylesheet" href="/wp-content/themes/x/style.css"></head><body>Hi</body></html>';
const DRUPAL =
  '<!doctype html><html><head><script type="application/json" data-drupal-selector="drupal-settings-json">{}</script></head><body><img src="/sites/default/files/a.png"></body></html>';

// A made-up IP database for the steps that do not test the real one (it takes seconds to load).
const fakeDb = (facts: Record<string, { country: string; owner: string; ownerCountry: string }>): IpDatabase => ({
  lookup: (ip) => {
    const f = facts[ip];
    return {
      country: f?.country ?? null,
      city: f ? 'Somewhere' : null,
      latitude: f ? 45.4 : null,
      longitude: f ? -75.7 : null,
      asn: f ? 64500 : null,
      network_owner: f?.owner ?? null,
      network_country: f?.ownerCountry ?? null,
    };
  },
});

const deps = (ipdb: IpDatabase, ip: string, timeoutMs = 2_000): ScanDeps => ({
  resolve: async () => ip,
  ipdb,
  userAgent: 'canpol-test',
  timeoutMs,
  requestUrl: (u) => mirrored(u, up.mirror),
  now: () => '2026-11-01T03:00:00Z',
});

describe('what a page and its headers say', () => {
  test('CDNs by their documented headers; none on a plain server', () => {
    expect(detectCdn({ 'cf-ray': '8a1b2c3d4e5f-YUL', server: 'cloudflare' })).toBe('Cloudflare');
    expect(detectCdn({ 'x-amz-cf-id': 'abc', via: '1.1 abc.cloudfront.net (CloudFront)' })).toBe('Amazon CloudFront');
    expect(detectCdn({ 'x-served-by': 'cache-yyz4541-YYZ' })).toBe('Fastly');
    expect(detectCdn({ server: 'AkamaiGHost' })).toBe('Akamai');
    expect(detectCdn({ server: 'nginx' })).toBeNull();
  });
  test('CMS from the generator, then from paths', () => {
    expect(detectCms(WORDPRESS, {})).toBe('WordPress');
    expect(detectCms(DRUPAL, {})).toBe('Drupal');
    expect(detectCms('<html><body><img src="https://static.wixstatic.com/media/x.jpg"></body></html>', {})).toBe('Wix');
    expect(detectCms('<html><body>plain</body></html>', {})).toBeNull();
  });
  test('tiers 1-6', () => {
    expect([
      sovereigntyTier({ ipCountry: 'CA', networkCountry: 'CA', cdn: null }),
      sovereigntyTier({ ipCountry: 'CA', networkCountry: 'US', cdn: null }),
      sovereigntyTier({ ipCountry: 'CA', networkCountry: 'US', cdn: 'Cloudflare' }),
      sovereigntyTier({ ipCountry: 'US', networkCountry: 'US', cdn: 'Cloudflare' }),
      sovereigntyTier({ ipCountry: 'US', networkCountry: 'CA', cdn: null }),
      sovereigntyTier({ ipCountry: 'DE', networkCountry: 'US', cdn: null }),
      sovereigntyTier({ ipCountry: null, networkCountry: null, cdn: null }),
    ]).toEqual([1, 2, 3, 4, 5, 6, null]);
  });
});

describe('scanning through the loopback upstream', () => {
  test('a WordPress site behind Cloudflare', async () => {
    up.behave('/www.cdn-site.example/', {
      kind: 'replace',
      body: WORDPRESS,
      contentType: 'text/html; charset=utf-8',
      headers: { 'cf-ray': '8a1b2c3d4e5f-YUL', server: 'cloudflare' },
    });
    const r = await scanSite(
      'https://www.cdn-site.example/',
      deps(fakeDb({ '104.16.1.1': { country: 'CA', owner: 'Cloudflare, Inc.', ownerCountry: 'US' } }), '104.16.1.1'),
    );
    expect(r).toEqual({
      ok: true,
      scan: {
        scanned_at: '2026-11-01T03:00:00Z',
        ip_country: 'CA',
        ip_city: 'Somewhere',
        ip_latitude: 45.4,
        ip_longitude: -75.7,
        hosting_provider: 'Cloudflare, Inc.',
        hosting_country: 'US',
        sovereignty_tier: 3,
        cdn_detected: 'Cloudflare',
        cms_detected: 'WordPress',
      },
    });
  });
  test('a site that times out gets no scan', async () => {
    up.behave('/slow.example/', { kind: 'hang' });
    const t = performance.now();
    const r = await scanSite('https://slow.example/', deps(fakeDb({}), '192.0.2.1', 300));
    expect(r).toEqual({ ok: false, error: 'timed out after 300 ms' });
    expect(performance.now() - t).toBeLessThan(3_000);
  });
  test("the offline databases: Cloudflare's network, and the Government of Canada's", () => {
    const db = openIpDatabase();
    const cf = db.lookup('104.16.0.1');
    expect([cf.asn, cf.network_owner]).toEqual([13335, 'Cloudflare, Inc.']);
    const gc = db.lookup('205.193.215.159');
    expect(gc).toMatchObject({ country: 'CA', network_country: 'CA' });
    expect(gc.network_owner).toContain('Shared Services Canada');
    expect(db.lookup('192.168.1.1').asn).toBeNull();
  }, 120_000);
});

describe('the nightly step: scans kept across runs, a site that stops answering', () => {
  test('first run scans, second run times out: last scan kept, inactive; built and served', async () => {
    const bundle = temp();
    writeFixture(bundle);
    const politicians = readFileSync(join(bundle, 'politicians.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const who = politicians[0].key as string;
    // Two pages on one host: one request, both get its scan.
    const site = (url: string) => JSON.stringify({ politician_key: who, url, label: 'personal', is_active: true });
    writeFileSync(
      join(bundle, 'websites.wikidata-socials.jsonl'),
      `${site('https://mp-site.example/')}\n${site('https://mp-site.example/team')}\n`,
    );
    const cache = temp();
    const ipdb = fakeDb({ '198.51.100.7': { country: 'CA', owner: 'Example Hosting Canada Inc.', ownerCountry: 'CA' } });
    up.behave('/mp-site.example/', { kind: 'replace', body: DRUPAL, contentType: 'text/html' });
    const first = await scanWebsites({ bundle, cache, deps: deps(ipdb, '198.51.100.7') });
    expect(first).toMatchObject({ failed: 0 });
    expect(first.hosts).toBeLessThan(first.urls);
    up.behave('/mp-site.example/', { kind: 'hang' });
    const second = await scanWebsites({ bundle, cache, deps: { ...deps(ipdb, '198.51.100.7', 300), now: () => '2026-11-02T03:00:00Z' } });
    expect(second.failed).toBeGreaterThanOrEqual(1);
    const history = JSON.parse(readFileSync(join(cache, HISTORY_FILE), 'utf8'))['https://mp-site.example/'];
    expect(history.scans).toHaveLength(1);
    expect(history.last_error).toBe('timed out after 300 ms');
    expect(up.requests.filter((r) => r.path.startsWith('/mp-site.example/team'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(cache, HISTORY_FILE), 'utf8'))['https://mp-site.example/team'].scans).toEqual(history.scans);

    const out = join(temp(), 'x.db');
    const built = buildDataFile({ sources: bundle, out, now: new Date('2026-11-02T04:00:00Z') });
    if (!built.ok) throw new Error(JSON.stringify(built.issues.slice(0, 5)));
    const data = openDataFile(out);
    const row = data.db.prepare('SELECT is_active, last_scanned_at, scan FROM websites WHERE url = ?').get('https://mp-site.example/') as {
      is_active: number;
      last_scanned_at: string;
      scan: string;
    };
    expect(row.is_active).toBe(0);
    expect(row.last_scanned_at).toBe('2026-11-01T03:00:00Z');
    expect(JSON.parse(row.scan)).toMatchObject({
      cms_detected: 'Drupal',
      sovereignty_tier: 1,
      hosting_provider: 'Example Hosting Canada Inc.',
    });
    const app = createApp({
      data,
      logError: (e) => {
        throw e;
      },
    });
    const id = data.db.prepare('SELECT id FROM politicians WHERE key = ?').pluck().get(who) as string;
    // Only active sites are listed on the politician (the spec): the one that stopped answering is not.
    const detail = (await (await app.request(`/api/public/v1/politicians/${id}`)).json()) as { websites: Array<{ url: string }> };
    expect(detail.websites.map((w: { url: string }) => w.url)).not.toContain('https://mp-site.example/');
    data.close();
  }, 60_000);
});
