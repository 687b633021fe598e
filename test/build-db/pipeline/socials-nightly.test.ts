// The check: after a nightly on the loopback upstream, the published file serves posts,
// handles on at least four platforms and websites with scans, through the endpoints. The accounts'
// upstream is hand-written (test/helpers/accounts-upstream.ts); the site scan resolves every host to
// one documentation address and looks it up in a made-up IP database (the real one is tested in
// test/build-db/scan/scan-site.test.ts); the page is fetched from the loopback upstream.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mirrored } from '../../../build-db/fetch/read-manifest.js';
import { DATA_FILE } from '../../../build-db/pipeline/publish.js';
import { runPipeline } from '../../../build-db/pipeline/run-pipeline.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { publishAccounts } from '../../helpers/accounts-upstream.js';
import { DATASETS, SMALL, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const HAVE = existsSync(join(DATASETS, 'everypolitician-canada')) && existsSync(join(DATASETS, 'hoc-members-2023'));

describe.skipIf(!HAVE)('a nightly with the accounts source and website scans', () => {
  const manifest = subsetManifest([...SMALL, 'everypolitician-canada', 'wikidata-politicians']);
  let up: Upstream;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-nightly-socials-'));
    const root = join(dir, 'publishers');
    up = await startUpstream(manifest, DATASETS, root);
    publishAccounts(up, root, manifest.sources.find((s) => s.id === 'wikidata-politicians')!);
    up.behave('/pm.example.ca/', {
      kind: 'replace',
      body: '<html><head><meta name="generator" content="WordPress 6.5"></head></html>',
      contentType: 'text/html',
      headers: { 'x-amz-cf-id': 'abc', via: '1.1 x.cloudfront.net (CloudFront)' },
    });
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('published, then served: posts, handles on five platforms, a website with its scan', async () => {
    const report = await runPipeline({
      manifest,
      cache: join(dir, 'cache'),
      work: join(dir, 'work'),
      publishDir: join(dir, 'release'),
      maxShrink: 0.1,
      mirror: up.mirror,
      fetch: { timeoutMs: 5_000, retries: 1, backoffMs: 5 },
      scanWebsites: true,
      scanDeps: {
        resolve: async () => '192.0.2.10',
        userAgent: manifest.user_agent,
        timeoutMs: 2_000,
        requestUrl: (u) => mirrored(u, up.mirror),
        ipdb: {
          lookup: () => ({
            country: 'US',
            city: 'Ashburn',
            latitude: 39.04,
            longitude: -77.49,
            asn: 16509,
            network_owner: 'Amazon.com, Inc.',
            network_country: 'US',
          }),
        },
      },
    });
    expect(report.error).toBeNull();
    expect(report.status).toBe('published');
    expect(report.timings['scan websites']).toBeGreaterThanOrEqual(0);

    const data = openDataFile(join(dir, 'release', DATA_FILE));
    const app = createApp({
      data,
      logError: (e) => {
        throw e;
      },
    });
    const get = async (path: string) => {
      const res = await app.request(`/api/public/v1${path}`);
      expect(res.status).toBe(200);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const [jt] = (await get('/politicians?q=Justin%20Trudeau&jurisdiction=federal')).items;
    const platforms = (await get(`/politicians/${jt.id}/socials`)).items.map((s: { platform: string }) => s.platform);
    expect(platforms).toEqual(['bluesky', 'facebook', 'instagram', 'mastodon', 'twitter']);
    expect((await get(`/politicians/${jt.id}/posts`)).items).toHaveLength(4);
    expect((await get(`/politicians/${jt.id}/posts?platform=bluesky`)).items.map((p: { platform: string }) => p.platform)).toEqual([
      'bluesky',
      'bluesky',
    ]);
    const detail = await get(`/politicians/${jt.id}`);
    const site = detail.websites.find((w: { url: string }) => w.url === 'https://pm.example.ca/');
    expect(site).toMatchObject({ hostname: 'pm.example.ca', is_active: true, label: 'personal' });
    expect(site.scan).toMatchObject({
      ip_country: 'US',
      hosting_provider: 'Amazon.com, Inc.',
      hosting_country: 'US',
      cdn_detected: 'Amazon CloudFront',
      cms_detected: 'WordPress',
      sovereignty_tier: 4,
    });
    data.close();
  }, 240_000);
});
