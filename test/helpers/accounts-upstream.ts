// The accounts source's upstream for tests: Wikidata's query result and three people's entity JSON,
// Bluesky AppView and Mastodon answers (a post with media, a repost, a renamed handle, deleted
// accounts), published on the loopback upstream at their real URLs. All hand-written (see the helpers).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ManifestSource } from '../../build-db/fetch/manifest-types.js';
import {
  BLUESKY_NOT_FOUND,
  blueskyFeed,
  blueskyProfile,
  MASTODON_NOT_FOUND,
  mastodonAccount,
  mastodonStatuses,
} from './platform-answers.js';
import type { Upstream } from './upstream-server.js';
import { entityJson } from './wikidata-entity.js';

const APPVIEW = 'https://public.api.bsky.app/xrpc';
export const profileUrl = (actor: string) => `${APPVIEW}/app.bsky.actor.getProfile?actor=${actor}`;
export const feedUrl = (actor: string) => `${APPVIEW}/app.bsky.feed.getAuthorFeed?actor=${actor}&limit=20&filter=posts_no_replies`;
export const lookupUrl = (host: string, user: string) => `https://${host}/api/v1/accounts/lookup?acct=${user}`;
export const statusesUrl = (host: string, id: string) =>
  `https://${host}/api/v1/accounts/${id}/statuses?limit=20&exclude_reblogs=true&exclude_replies=true`;
export const JT_DID = 'did:plc:jtjtjtjtjtjtjtjtjtjtjtjt';
export const EM_DID = 'did:plc:ememememememememememememe';

export function publishAccounts(up: Upstream, root: string, source: ManifestSource): void {
  const publish = (url: string, body: string) => {
    const file = join(root, decodeURIComponent(up.pathOf(url)));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  const members = {
    head: { vars: ['item'] },
    results: {
      bindings: ['Q3099714', 'Q445620', 'Q65000001'].map((q) => ({ item: { type: 'uri', value: `http://www.wikidata.org/entity/${q}` } })),
    },
  };
  up.behave(up.pathOf(source.files[0].url), {
    kind: 'replace',
    body: JSON.stringify(members),
    contentType: 'application/sparql-results+json; charset=utf-8',
  });
  const entity = (q: string) => `https://www.wikidata.org/wiki/Special:EntityData/${q}.json`;
  publish(
    entity('Q3099714'),
    entityJson('Q3099714', 'Justin Trudeau', {
      seats: [{ start: '2008-10-14' }],
      websites: ['https://pm.example.ca/'],
      accounts: [
        { property: 'P2002', value: 'JustinTrudeau' },
        { property: 'P12361', value: 'justintrudeau.bsky.social' },
        { property: 'P4033', value: 'jt@example.social' },
        { property: 'P2003', value: 'justinpjtrudeau' },
        { property: 'P2013', value: 'JustinPJTrudeau' },
      ],
    }),
  );
  publish(
    entity('Q445620'),
    entityJson('Q445620', 'Elizabeth May', {
      seats: [{ start: '2011-05-02' }],
      accounts: [
        { property: 'P12361', value: 'oldmay.bsky.social' },
        { property: 'P4033', value: 'emay@gone.example' },
      ],
    }),
  );
  publish(
    entity('Q65000001'),
    entityJson('Q65000001', 'Leslyn Lewis', {
      seats: [{ start: '2021-09-20' }],
      accounts: [{ property: 'P12361', value: 'leslyn.bsky.social' }],
    }),
  );
  // Bluesky: a live account with a post with two images, a plain post and a repost of someone else's.
  publish(profileUrl('justintrudeau.bsky.social'), blueskyProfile(JT_DID, 'justintrudeau.bsky.social', { followers: 51234, posts: 310 }));
  publish(
    feedUrl('justintrudeau.bsky.social'),
    blueskyFeed(JT_DID, 'justintrudeau.bsky.social', [
      { rkey: '3kjt2', text: 'Plain words.', createdAt: '2026-10-30T15:00:00.000Z', likes: 10, reposts: 2, replies: 1, quotes: 0 },
      { rkey: '3kother', text: 'Not his post', createdAt: '2026-10-31T10:00:00.000Z', repostOf: 'did:plc:someoneelse00000000000000' },
      {
        rkey: '3kjt1',
        text: 'Two photos',
        createdAt: '2026-10-29T09:30:00.000Z',
        likes: 400,
        reposts: 50,
        replies: 33,
        quotes: 4,
        images: [
          'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/a@jpeg',
          'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:jt/b@jpeg',
        ],
      },
    ]),
  );
  // Renamed: the handle Wikidata has now resolves to the account's new one.
  publish(profileUrl('oldmay.bsky.social'), blueskyProfile(EM_DID, 'elizabethmay.ca', { followers: 9000, posts: 42 }));
  publish(
    feedUrl('oldmay.bsky.social'),
    blueskyFeed(EM_DID, 'elizabethmay.ca', [
      { rkey: '3kem1', text: 'New name, same account', createdAt: '2026-10-20T12:00:00.000Z', likes: 5 },
    ]),
  );
  // Deleted: Bluesky answers 400 with its error JSON; so does a Mastodon instance with 404.
  for (const url of [profileUrl('leslyn.bsky.social'), feedUrl('leslyn.bsky.social')])
    up.behave(up.pathOf(url), { kind: 'status', status: 400, body: BLUESKY_NOT_FOUND, contentType: 'application/json; charset=utf-8' });
  up.behave(up.pathOf(lookupUrl('gone.example', 'emay')), {
    kind: 'status',
    status: 404,
    body: MASTODON_NOT_FOUND,
    contentType: 'application/json; charset=utf-8',
  });
  // Mastodon: lookup, then the statuses by account id (one with media, one HTML with a line break).
  publish(
    lookupUrl('example.social', 'jt'),
    mastodonAccount({
      id: '1001',
      username: 'jt',
      acct: 'jt',
      url: 'https://example.social/@jt',
      followers: 777,
      statuses: 88,
      lastStatusAt: '2026-10-28',
    }),
  );
  publish(
    statusesUrl('example.social', '1001'),
    mastodonStatuses([
      {
        id: '2002',
        created_at: '2026-10-28T08:00:00.000Z',
        html: '<p>Line one<br />line &amp; two</p><p>Para</p>',
        host: 'example.social',
        user: 'jt',
        favourites: 3,
        reblogs: 1,
        replies: 0,
      },
      {
        id: '2001',
        created_at: '2026-10-27T08:00:00.000Z',
        html: '<p>With a picture</p>',
        host: 'example.social',
        user: 'jt',
        media: ['https://files.example.social/media/original/pic.png'],
      },
      {
        id: '2000',
        created_at: '2026-10-26T08:00:00.000Z',
        html: '<p>followers only</p>',
        host: 'example.social',
        user: 'jt',
        visibility: 'private',
      },
    ]),
  );
}
