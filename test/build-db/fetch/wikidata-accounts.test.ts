// The nightly's accounts source end to end on the loopback upstream: Wikidata's query service lists
// the people, each entity JSON is fetched and names the accounts, Bluesky's AppView and a Mastodon
// instance answer for each (a post with media, a repost skipped, a renamed handle, deleted accounts);
// then import, build and serve: handles on five platforms, profile counts, posts with ?platform=.
// Every upstream answer is hand-written in its API's documented format (test/helpers/*).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
import {
  BLUESKY_NOT_FOUND, blueskyFeed, blueskyProfile, MASTODON_NOT_FOUND, mastodonAccount, mastodonStatuses,
} from '../../helpers/platform-answers.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { entityJson } from '../../helpers/wikidata-entity.js';

const dirs: string[] = [];
const temp = () => { const d = tempDir('canpol-accounts-'); dirs.push(d); return d; };
const APPVIEW = 'https://public.api.bsky.app/xrpc';
const profileUrl = (actor: string) => `${APPVIEW}/app.bsky.actor.getProfile?actor=${actor}`;
const feedUrl = (actor: string) => `${APPVIEW}/app.bsky.feed.getAuthorFeed?actor=${actor}&limit=20&filter=posts_no_replies`;
const lookupUrl = (host: string, user: string) => `https://${host}/api/v1/accounts/lookup?acct=${user}`;
const statusesUrl = (host: string, id: string) => `https://${host}/api/v1/accounts/${id}/statuses?limit=20&exclude_reblogs=true&exclude_replies=true`;
const JT_DID = 'did:plc:jtjtjtjtjtjtjtjtjtjtjtjt';
const EM_DID = 'did:plc:ememememememememememememe';

const hasDatasets = existsSync(join(DATASETS, 'everypolitician-canada')) && existsSync(join(DATASETS, 'hoc-members-2023'));

describe.skipIf(!hasDatasets)('accounts fetched by the nightly, imported, built and served', () => {
  const manifest = subsetManifest(['wikidata-politicians']);
  const source = manifest.sources[0];
  const root = temp();
  const cache = temp();
  let up: Upstream;
  const publish = (url: string, body: string) => {
    const file = join(root, decodeURIComponent(up.pathOf(url)));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5 });

  beforeAll(async () => {
    up = await startUpstream(manifest, DATASETS, root);
    const members = { head: { vars: ['item'] }, results: { bindings: ['Q3099714', 'Q445620', 'Q65000001'].map((q) => ({ item: { type: 'uri', value: `http://www.wikidata.org/entity/${q}` } })) } };
    up.behave(up.pathOf(source.files[0].url), { kind: 'replace', body: JSON.stringify(members), contentType: 'application/sparql-results+json; charset=utf-8' });
    const entity = (q: string) => `https://www.wikidata.org/wiki/Special:EntityData/${q}.json`;
    publish(entity('Q3099714'), entityJson('Q3099714', 'Justin Trudeau', {
      seats: [{ start: '2008-10-14' }], websites: ['https://pm.example.ca/'],
      accounts: [
        { property: 'P2002', value: 'JustinTrudeau' }, { property: 'P12361', value: 'justintrudeau.bsky.social' }, { property: 'P4033', value: 'jt@example.social' },
        { property: 'P2003', value: 'justinpjtrudeau' }, { property: 'P2013', value: 'JustinPJTrudeau' },
      ],
    }));
    publish(entity('Q445620'), entityJson('Q445620', 'Elizabeth May', { seats: [{ start: '2011-05-02' }], accounts: [{ property: 'P12361', value: 'oldmay.bsky.social' }, { property: 'P4033', value: 'emay@gone.example' }] }));
    publish(entity('Q65000001'), entityJson('Q65000001', 'Leslyn Lewis', { seats: [{ start: '2021-09-20' }], accounts: [{ property: 'P12361', value: 'leslyn.bsky.social' }] }));
    // Bluesky: a live account with a post with two images, a plain post and a repost of someone else's.
    publish(profileUrl('justintrudeau.bsky.social'), blueskyProfile(JT_DID, 'justintrudeau.bsky.social', { followers: 51234, posts: 310 }));
    publish(feedUrl('justintrudeau.bsky.social'), blueskyFeed(JT_DID, 'justintrudeau.bsky.social', [
      { rkey: '3kjt2', text: 'Plain words.', createdAt: '2026-10-30T15:00:00.000Z', likes: 10, reposts: 2, replies: 1, quotes: 0 },
      { rkey: '3kother', text: 'Not his post', createdAt: '2026-10-31T10:00:00.000Z', repostOf: 'did:plc:someoneelse00000000000000' },
      { rkey: '3kjt1', text: 'Two photos', createdAt: '2026-10-29T09:30:00.000Z', likes: 400, reposts: 50, replies: 33, quotes: 4, images: ['https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/a@jpeg', 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/b@jpeg'] },
    ]));
    // Renamed: the handle Wikidata has now resolves to the account's new one.
    publish(profileUrl('oldmay.bsky.social'), blueskyProfile(EM_DID, 'elizabethmay.ca', { followers: 9000, posts: 42 }));
    publish(feedUrl('oldmay.bsky.social'), blueskyFeed(EM_DID, 'elizabethmay.ca', [{ rkey: '3kem1', text: 'New name, same account', createdAt: '2026-10-20T12:00:00.000Z', likes: 5 }]));
    // Deleted: Bluesky answers 400 with its error JSON; so does a Mastodon instance with 404.
    for (const url of [profileUrl('leslyn.bsky.social'), feedUrl('leslyn.bsky.social')]) up.behave(up.pathOf(url), { kind: 'status', status: 400, body: BLUESKY_NOT_FOUND, contentType: 'application/json; charset=utf-8' });
    up.behave(up.pathOf(lookupUrl('gone.example', 'emay')), { kind: 'status', status: 404, body: MASTODON_NOT_FOUND, contentType: 'application/json; charset=utf-8' });
    // Mastodon: lookup, then the statuses by account id (one with media, one HTML with a line break).
    publish(lookupUrl('example.social', 'jt'), mastodonAccount({ id: '1001', username: 'jt', acct: 'jt', url: 'https://example.social/@jt', followers: 777, statuses: 88, lastStatusAt: '2026-10-28' }));
    publish(statusesUrl('example.social', '1001'), mastodonStatuses([
      { id: '2002', created_at: '2026-10-28T08:00:00.000Z', html: '<p>Line one<br />line &amp; two</p><p>Para</p>', host: 'example.social', user: 'jt', favourites: 3, reblogs: 1, replies: 0 },
      { id: '2001', created_at: '2026-10-27T08:00:00.000Z', html: '<p>With a picture</p>', host: 'example.social', user: 'jt', media: ['https://files.example.social/media/original/pic.png'] },
      { id: '2000', created_at: '2026-10-26T08:00:00.000Z', html: '<p>followers only</p>', host: 'example.social', user: 'jt', visibility: 'private' },
    ]));
  });
  afterAll(async () => { await up.close(); for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  test('the fetch follows query → entities → profiles, feeds, lookups → statuses; deleted accounts\' answers are kept', async () => {
    const report = await fetchNow();
    const s = report.sources[0];
    expect(s.problems).toEqual([]);
    expect(s.status).toBe('fresh');
    const held = (p: string) => existsSync(join(cache, 'wikidata-politicians', p));
    for (const p of ['members.json', 'entities/Q3099714.json', 'entities/Q445620.json', 'accounts/bluesky/justintrudeau.bsky.social/feed.json',
      'accounts/mastodon/example.social/jt/statuses.json', 'accounts/bluesky/leslyn.bsky.social/profile.json', 'accounts/mastodon/gone.example/emay/account.json']) expect(held(p)).toBe(true);
    expect(JSON.parse(readFileSync(join(cache, 'wikidata-politicians/accounts/bluesky/leslyn.bsky.social/profile.json'), 'utf8'))).toEqual({ error: 'InvalidRequest', message: 'Profile not found' });
    expect(up.requests.every((r) => r.userAgent === manifest.user_agent)).toBe(true);
  }, 60_000);

  test('the next night asks conditionally: unchanged answers are 304s', async () => {
    const before = up.requests.length;
    await fetchNow();
    const again = up.requests.slice(before).filter((r) => r.path.includes('/accounts/') || r.path.includes('EntityData') || r.path.includes('xrpc'));
    expect(again.length).toBeGreaterThanOrEqual(9);
    expect(again.filter((r) => r.status === 200 && r.ifNoneMatch === null)).toEqual([]);
    expect(again.filter((r) => r.status === 304).length).toBe(again.filter((r) => r.status !== 400 && r.status !== 404).length);
  }, 60_000);

  test('imported, built and served: handles, counts, posts, renamed and deleted accounts', async () => {
    const into = temp();
    await runImport({
      importers: [hocMembersImporter, everypoliticianImporter, mpHandlesImporter, wikidataSocialsImporter], into, extractedAt: '2026-11-01T00:00:00Z',
      fromOf: (i) => (i === wikidataSocialsImporter ? join(cache, 'wikidata-politicians') : datasetPath(DATASETS)(i)),
    });
    const built = buildDataFile({ sources: into, out: join(temp(), 'x.db'), now: new Date('2026-11-02T00:00:00Z') });
    if (!built.ok) throw new Error(JSON.stringify(built.issues.slice(0, 5)));
    const data = openDataFile(built.out);
    const app = createApp({ data, logError: (err) => { throw err; } });
    const get = async (path: string) => {
      const res = await app.request(`/api/public/v1${path}`);
      expect(res.status).toBe(200);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const idOf = async (name: string) => (await get(`/politicians?q=${encodeURIComponent(name)}&jurisdiction=federal`)).items[0].id as string;

    const jt = await idOf('Justin Trudeau');
    const socials = (await get(`/politicians/${jt}/socials`)).items;
    expect(socials.map((s: { platform: string }) => s.platform)).toEqual(['bluesky', 'facebook', 'instagram', 'mastodon', 'twitter']);
    expect(socials.find((s: { platform: string }) => s.platform === 'bluesky')).toEqual({
      platform: 'bluesky', handle: 'justintrudeau.bsky.social', url: 'https://bsky.app/profile/justintrudeau.bsky.social', follower_count: 51234, lifetime_post_count: 310,
      last_post_at: '2026-10-30T15:00:00Z', last_profile_check_at: '2026-11-01T00:00:00Z', last_verified_at: '2026-11-01T00:00:00Z', is_live: true,
    });
    expect(socials.find((s: { platform: string }) => s.platform === 'mastodon')).toMatchObject({ handle: 'jt@example.social', url: 'https://example.social/@jt', follower_count: 777, lifetime_post_count: 88, last_post_at: '2026-10-28T08:00:00Z' });

    const posts = (await get(`/politicians/${jt}/posts`)).items;
    // Newest first; the repost of someone else's post and the followers-only status are not his public posts.
    expect(posts.map((p: { platform: string; posted_at: string }) => `${p.platform} ${p.posted_at}`)).toEqual([
      'bluesky 2026-10-30T15:00:00Z', 'bluesky 2026-10-29T09:30:00Z', 'mastodon 2026-10-28T08:00:00Z', 'mastodon 2026-10-27T08:00:00Z',
    ]);
    expect(posts[1]).toMatchObject({
      post_id: `at://${JT_DID}/app.bsky.feed.post/3kjt1`, url: 'https://bsky.app/profile/justintrudeau.bsky.social/post/3kjt1', text: 'Two photos',
      media_urls: ['https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/a@jpeg', 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/b@jpeg'],
      engagement: { likes: 400, reposts: 50, replies: 33, quotes: 4 }, scraped_at: '2026-11-01T00:00:00Z',
    });
    expect(posts[2]).toMatchObject({ text: 'Line one\nline & two\n\nPara', url: 'https://example.social/@jt/2002', engagement: { favourites: 3, reblogs: 1, replies: 0 } });
    expect(posts[3].media_urls).toEqual(['https://files.example.social/media/original/pic.png']);
    const onlyMastodon = (await get(`/politicians/${jt}/posts?platform=mastodon&limit=1`)).items;
    expect(onlyMastodon.map((p: { url: string }) => p.url)).toEqual(['https://example.social/@jt/2002']);

    const may = await idOf('Elizabeth May');
    const mayAll = (await get(`/politicians/${may}/socials?include_dead=true`)).items.map((s: { platform: string; handle: string; is_live: boolean }) => `${s.platform} ${s.handle} ${s.is_live}`);
    expect(mayAll).toEqual(expect.arrayContaining(['bluesky elizabethmay.ca true', 'bluesky oldmay.bsky.social false', 'mastodon emay@gone.example false']));
    expect((await get(`/politicians/${may}/posts`)).items.map((p: { url: string }) => p.url)).toEqual(['https://bsky.app/profile/elizabethmay.ca/post/3kem1']);
    const lewis = await idOf('Leslyn Lewis');
    expect((await get(`/politicians/${lewis}/socials`)).items.map((s: { platform: string }) => s.platform)).toEqual(['twitter']);
    expect((await get(`/politicians/${lewis}/socials?include_dead=true`)).items.find((s: { platform: string }) => s.platform === 'bluesky')).toMatchObject({ handle: 'leslyn.bsky.social', is_live: false, last_profile_check_at: '2026-11-01T00:00:00Z' });

    const detail = await get(`/politicians/${jt}`);
    expect(detail.websites.map((w: { url: string; is_active: boolean }) => [w.url, w.is_active])).toEqual([['https://pm.example.ca/', true]]);
    data.close();
  }, 120_000);
});
