// The nightly's accounts source end to end on the loopback upstream: Wikidata's query service lists
// the people, each entity JSON is fetched and names the accounts, Bluesky's AppView and a Mastodon
// instance answer for each (a post with media, a repost skipped, a renamed handle, deleted accounts);
// then import, build and serve: handles on five platforms, profile counts, posts with ?platform=.
// Every upstream answer is hand-written in its API's documented format (test/helpers/*).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { everypoliticianImporter } from '../../../build-db/import/everypolitician/index.js';
import { hocMembersImporter } from '../../../build-db/import/hoc-members/index.js';
import { mpHandlesImporter } from '../../../build-db/import/mp-handles/index.js';
import { datasetPath, runImport } from '../../../build-db/import/run-import.js';
import { wikidataSocialsImporter } from '../../../build-db/import/wikidata/index.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { JT_DID, publishAccounts } from '../../helpers/accounts-upstream.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-accounts-');
  dirs.push(d);
  return d;
};

const hasDatasets = existsSync(join(DATASETS, 'everypolitician-canada')) && existsSync(join(DATASETS, 'hoc-members-2023'));

describe.skipIf(!hasDatasets)('accounts fetched by the nightly, imported, built and served', () => {
  const manifest = subsetManifest(['wikidata-politicians']);
  const source = manifest.sources[0];
  const root = temp();
  const cache = temp();
  let up: Upstream;
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5 });

  beforeAll(async () => {
    up = await startUpstream(manifest, DATASETS, root);
    publishAccounts(up, root, source);
  });
  afterAll(async () => {
    await up.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test("the fetch follows query → entities → profiles, feeds, lookups → statuses; deleted accounts' answers are kept", async () => {
    const report = await fetchNow();
    const s = report.sources[0];
    expect(s.problems).toEqual([]);
    expect(s.status).toBe('fresh');
    const held = (p: string) => existsSync(join(cache, 'wikidata-politicians', p));
    for (const p of [
      'members.json',
      'entities/Q3099714.json',
      'entities/Q445620.json',
      'accounts/bluesky/justintrudeau.bsky.social/feed.json',
      'accounts/mastodon/example.social/jt/statuses.json',
      'accounts/bluesky/leslyn.bsky.social/profile.json',
      'accounts/mastodon/gone.example/emay/account.json',
    ])
      expect(held(p)).toBe(true);
    expect(JSON.parse(readFileSync(join(cache, 'wikidata-politicians/accounts/bluesky/leslyn.bsky.social/profile.json'), 'utf8'))).toEqual({
      error: 'InvalidRequest',
      message: 'Profile not found',
    });
    expect(up.requests.every((r) => r.userAgent === manifest.user_agent)).toBe(true);
  }, 60_000);

  test('the next night asks conditionally: unchanged answers are 304s', async () => {
    const before = up.requests.length;
    await fetchNow();
    const again = up.requests
      .slice(before)
      .filter((r) => r.path.includes('/accounts/') || r.path.includes('EntityData') || r.path.includes('xrpc'));
    expect(again.length).toBeGreaterThanOrEqual(9);
    expect(again.filter((r) => r.status === 200 && r.ifNoneMatch === null)).toEqual([]);
    expect(again.filter((r) => r.status === 304).length).toBe(again.filter((r) => r.status !== 400 && r.status !== 404).length);
  }, 60_000);

  test('imported, built and served: handles, counts, posts, renamed and deleted accounts', async () => {
    const into = temp();
    await runImport({
      importers: [hocMembersImporter, everypoliticianImporter, mpHandlesImporter, wikidataSocialsImporter],
      into,
      extractedAt: '2026-11-01T00:00:00Z',
      fromOf: (i) => (i === wikidataSocialsImporter ? join(cache, 'wikidata-politicians') : datasetPath(DATASETS)(i)),
    });
    const built = buildDataFile({ sources: into, out: join(temp(), 'x.db'), now: new Date('2026-11-02T00:00:00Z') });
    if (!built.ok) throw new Error(JSON.stringify(built.issues.slice(0, 5)));
    const data = openDataFile(built.out);
    const app = createApp({
      data,
      logError: (err) => {
        throw err;
      },
    });
    const get = async (path: string) => {
      const res = await app.request(`/api/public/v1${path}`);
      expect(res.status).toBe(200);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const idOf = async (name: string) =>
      (await get(`/politicians?q=${encodeURIComponent(name)}&jurisdiction=federal`)).items[0].id as string;

    const jt = await idOf('Justin Trudeau');
    const socials = (await get(`/politicians/${jt}/socials`)).items;
    expect(socials.map((s: { platform: string }) => s.platform)).toEqual(['bluesky', 'facebook', 'instagram', 'mastodon', 'twitter']);
    expect(socials.find((s: { platform: string }) => s.platform === 'bluesky')).toEqual({
      platform: 'bluesky',
      handle: 'justintrudeau.bsky.social',
      url: 'https://bsky.app/profile/justintrudeau.bsky.social',
      follower_count: 51234,
      lifetime_post_count: 310,
      last_post_at: '2026-10-30T15:00:00Z',
      last_profile_check_at: '2026-11-01T00:00:00Z',
      last_verified_at: '2026-11-01T00:00:00Z',
      is_live: true,
    });
    expect(socials.find((s: { platform: string }) => s.platform === 'mastodon')).toMatchObject({
      handle: 'jt@example.social',
      url: 'https://example.social/@jt',
      follower_count: 777,
      lifetime_post_count: 88,
      last_post_at: '2026-10-28T08:00:00Z',
    });

    const posts = (await get(`/politicians/${jt}/posts`)).items;
    // Newest first; the repost of someone else's post and the followers-only status are not his public posts.
    expect(posts.map((p: { platform: string; posted_at: string }) => `${p.platform} ${p.posted_at}`)).toEqual([
      'bluesky 2026-10-30T15:00:00Z',
      'bluesky 2026-10-29T09:30:00Z',
      'mastodon 2026-10-28T08:00:00Z',
      'mastodon 2026-10-27T08:00:00Z',
    ]);
    expect(posts[1]).toMatchObject({
      post_id: `at://${JT_DID}/app.bsky.feed.post/3kjt1`,
      url: 'https://bsky.app/profile/justintrudeau.bsky.social/post/3kjt1',
      text: 'Two photos',
      media_urls: [
        'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/a@jpeg',
        'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/b@jpeg',
      ],
      engagement: { likes: 400, reposts: 50, replies: 33, quotes: 4 },
      scraped_at: '2026-11-01T00:00:00Z',
    });
    expect(posts[2]).toMatchObject({
      text: 'Line one\nline & two\n\nPara',
      url: 'https://example.social/@jt/2002',
      engagement: { favourites: 3, reblogs: 1, replies: 0 },
    });
    expect(posts[3].media_urls).toEqual(['https://files.example.social/media/original/pic.png']);
    const onlyMastodon = (await get(`/politicians/${jt}/posts?platform=mastodon&limit=1`)).items;
    expect(onlyMastodon.map((p: { url: string }) => p.url)).toEqual(['https://example.social/@jt/2002']);

    const may = await idOf('Elizabeth May');
    const mayAll = (await get(`/politicians/${may}/socials?include_dead=true`)).items.map(
      (s: { platform: string; handle: string; is_live: boolean }) => `${s.platform} ${s.handle} ${s.is_live}`,
    );
    expect(mayAll).toEqual(
      expect.arrayContaining(['bluesky elizabethmay.ca true', 'bluesky oldmay.bsky.social false', 'mastodon emay@gone.example false']),
    );
    expect((await get(`/politicians/${may}/posts`)).items.map((p: { url: string }) => p.url)).toEqual([
      'https://bsky.app/profile/elizabethmay.ca/post/3kem1',
    ]);
    const lewis = await idOf('Leslyn Lewis');
    expect((await get(`/politicians/${lewis}/socials`)).items.map((s: { platform: string }) => s.platform)).toEqual(['twitter']);
    expect(
      (await get(`/politicians/${lewis}/socials?include_dead=true`)).items.find((s: { platform: string }) => s.platform === 'bluesky'),
    ).toMatchObject({ handle: 'leslyn.bsky.social', is_live: false, last_profile_check_at: '2026-11-01T00:00:00Z' });

    const detail = await get(`/politicians/${jt}`);
    expect(detail.websites.map((w: { url: string; is_active: boolean }) => [w.url, w.is_active])).toEqual([
      ['https://pm.example.ca/', true],
    ]);
    data.close();
  }, 120_000);
});
