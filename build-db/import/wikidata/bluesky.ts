// Bluesky's public AppView answers for one handle: app.bsky.actor.getProfile (`handle`,
// `followersCount`, `postsCount`) and app.bsky.feed.getAuthorFeed (`feed[].post` with `uri`, `record.text`,
// `record.createdAt`, `embed` images or video, like/repost/reply/quote counts; `feed[].reason` marks a
// repost of someone else's post, skipped). A deleted or unknown account answers
// `{ "error": "InvalidRequest", "message": "Profile not found" }` (stored by the fetch).
import { type AccountPost, type AccountState, count, newest, utc } from './account-state.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

const profileUrl = (handle: string) => `https://bsky.app/profile/${handle}`;

/** Images (directly or beside a quoted record) and a video's playlist, as the AppView's views give them. */
function mediaOf(embed: Json): string[] {
  const type = String(embed.$type ?? '');
  if (type.startsWith('app.bsky.embed.images'))
    return (Array.isArray(embed.images) ? embed.images : []).map((i) => obj(i).fullsize).filter((u): u is string => typeof u === 'string');
  if (type.startsWith('app.bsky.embed.video')) return typeof embed.playlist === 'string' ? [embed.playlist] : [];
  if (type.startsWith('app.bsky.embed.recordWithMedia')) return mediaOf(obj(embed.media));
  return [];
}

export function readBluesky(asked: string, profileText: string, feedText: string | null): AccountState | { problem: string } {
  let profile: Json;
  try {
    profile = obj(JSON.parse(profileText));
  } catch (err) {
    return { problem: `profile is not JSON: ${(err as Error).message}` };
  }
  if (typeof profile.error === 'string') return { kind: 'gone', detail: `${profile.error}: ${String(profile.message ?? '')}`.trim() };
  const did = profile.did;
  const handle = typeof profile.handle === 'string' ? profile.handle.toLowerCase() : null;
  if (typeof did !== 'string' || !handle) return { problem: 'profile without a did and a handle' };
  // An account whose handle no longer verifies is shown as handle.invalid: not a name to store.
  const current = handle === 'handle.invalid' ? asked : handle;
  const posts: AccountPost[] = [];
  if (feedText !== null) {
    let feed: Json;
    try {
      feed = obj(JSON.parse(feedText));
    } catch {
      feed = {};
    }
    for (const item of Array.isArray(feed.feed) ? feed.feed : []) {
      const { post: p, reason } = obj(item);
      const post = obj(p);
      if (reason || obj(post.author).did !== did) continue;
      const record = obj(post.record);
      const uri = typeof post.uri === 'string' ? post.uri : null;
      const rkey = uri?.split('/').at(-1);
      const posted = utc(record.createdAt) ?? utc(post.indexedAt);
      if (!uri || !rkey || !posted) continue;
      posts.push({
        post_id: uri,
        posted_at: posted,
        text: typeof record.text === 'string' ? record.text : null,
        url: `${profileUrl(current)}/post/${rkey}`,
        media_urls: mediaOf(obj(post.embed)),
        engagement: Object.fromEntries(
          (
            [
              ['likes', post.likeCount],
              ['reposts', post.repostCount],
              ['replies', post.replyCount],
              ['quotes', post.quoteCount],
            ] as const
          )
            .map(([k, v]) => [k, count(v)])
            .filter(([, v]) => v !== null),
        ),
      });
    }
  }
  return {
    kind: 'live',
    platform: 'bluesky',
    handle: current,
    url: profileUrl(current),
    follower_count: count(profile.followersCount),
    lifetime_post_count: count(profile.postsCount),
    last_post_at: newest(posts),
    posts,
  };
}
