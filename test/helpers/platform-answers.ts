// Bluesky AppView and Mastodon API answers written by hand in each API's documented layout
// (app.bsky.actor.getProfile / app.bsky.feed.getAuthorFeed; Mastodon's Account and Status
// entities), with made-up accounts. Only the fields the importer reads plus a few neighbours.

export function blueskyProfile(did: string, handle: string, o: { followers: number; posts: number }): string {
  return JSON.stringify({
    did,
    handle,
    displayName: handle.split('.')[0],
    avatar: `https://cdn.bsky.app/img/avatar/plain/${did}/a@jpeg`,
    associated: { lists: 0, feedgens: 0, starterPacks: 0, labeler: false },
    indexedAt: '2024-02-01T00:00:00.000Z',
    createdAt: '2023-05-01T12:00:00.000Z',
    labels: [],
    followersCount: o.followers,
    followsCount: 12,
    postsCount: o.posts,
  });
}

export interface BskyPost {
  rkey: string;
  text: string;
  createdAt: string;
  likes?: number;
  reposts?: number;
  replies?: number;
  quotes?: number;
  images?: string[];
  repostOf?: string;
}

export function blueskyFeed(did: string, handle: string, posts: BskyPost[]): string {
  return JSON.stringify({
    feed: posts.map((p) => {
      const author = p.repostOf
        ? { did: p.repostOf, handle: 'someone.else.example' }
        : { did, handle, displayName: handle, labels: [], createdAt: '2023-05-01T12:00:00.000Z' };
      return {
        post: {
          uri: `at://${author.did}/app.bsky.feed.post/${p.rkey}`,
          cid: `bafyrei${p.rkey}`,
          author,
          record: { $type: 'app.bsky.feed.post', createdAt: p.createdAt, langs: ['en'], text: p.text },
          ...(p.images
            ? {
                embed: {
                  $type: 'app.bsky.embed.images#view',
                  images: p.images.map((full) => ({ thumb: full.replace('feed_fullsize', 'feed_thumbnail'), fullsize: full, alt: '' })),
                },
              }
            : {}),
          replyCount: p.replies ?? 0,
          repostCount: p.reposts ?? 0,
          likeCount: p.likes ?? 0,
          quoteCount: p.quotes ?? 0,
          indexedAt: p.createdAt,
          labels: [],
        },
        ...(p.repostOf ? { reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: { did, handle }, indexedAt: p.createdAt } } : {}),
      };
    }),
    cursor: '2024-01-01T00:00:00.000Z',
  });
}

export const BLUESKY_NOT_FOUND = JSON.stringify({ error: 'InvalidRequest', message: 'Profile not found' });
export const MASTODON_NOT_FOUND = JSON.stringify({ error: 'Record not found' });

export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  url: string;
  followers: number;
  statuses: number;
  lastStatusAt: string | null;
  moved?: MastodonAccount;
}

export function mastodonAccount(a: MastodonAccount): string {
  const shape = (x: MastodonAccount): Record<string, unknown> => ({
    id: x.id,
    username: x.username,
    acct: x.acct,
    display_name: x.username,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: '2022-11-07T00:00:00.000Z',
    note: '<p></p>',
    url: x.url,
    avatar: `${new URL(x.url).origin}/avatars/original/missing.png`,
    followers_count: x.followers,
    following_count: 3,
    statuses_count: x.statuses,
    last_status_at: x.lastStatusAt,
    emojis: [],
    fields: [],
    ...(x.moved ? { moved: shape(x.moved) } : {}),
  });
  return JSON.stringify(shape(a));
}

export interface MastodonStatus {
  id: string;
  created_at: string;
  html: string;
  host: string;
  user: string;
  media?: string[];
  favourites?: number;
  reblogs?: number;
  replies?: number;
  visibility?: string;
}

export function mastodonStatuses(statuses: MastodonStatus[]): string {
  return JSON.stringify(
    statuses.map((s) => ({
      id: s.id,
      created_at: s.created_at,
      in_reply_to_id: null,
      in_reply_to_account_id: null,
      sensitive: false,
      spoiler_text: '',
      visibility: s.visibility ?? 'public',
      language: 'en',
      uri: `https://${s.host}/users/${s.user}/statuses/${s.id}`,
      url: `https://${s.host}/@${s.user}/${s.id}`,
      replies_count: s.replies ?? 0,
      reblogs_count: s.reblogs ?? 0,
      favourites_count: s.favourites ?? 0,
      content: s.html,
      reblog: null,
      media_attachments: (s.media ?? []).map((url, i) => ({
        id: `${s.id}${i}`,
        type: 'image',
        url,
        preview_url: url.replace('/original/', '/small/'),
        remote_url: null,
        description: null,
      })),
      mentions: [],
      tags: [],
      emojis: [],
      card: null,
      poll: null,
    })),
  );
}
