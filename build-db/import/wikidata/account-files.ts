// Where the nightly stores what the open platforms publish about a handle, under the
// wikidata-politicians folder of the fetch cache: the listers write these paths, the importer reads
// them. Bluesky's public AppView and a Mastodon instance's own API need no key.

/** The most recent posts kept per handle (the feed and statuses pages are asked for this many). */
export const POSTS_PER_HANDLE = 20;

export const BLUESKY_APPVIEW = 'https://public.api.bsky.app';

const safe = (s: string) => /^[a-z0-9._-]+$/i.test(s) && !s.startsWith('.');

export const blueskyDir = (handle: string) => (safe(handle) ? `accounts/bluesky/${handle.toLowerCase()}` : null);

/** `user@host` → the instance and the account's folder, or null for anything else. */
export function mastodonAccount(address: string): { user: string; host: string; dir: string } | null {
  const m = /^([A-Za-z0-9_]{1,64})@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/.exec(address);
  if (!m) return null;
  return { user: m[1], host: m[2], dir: `accounts/mastodon/${m[2]}/${m[1].toLowerCase()}` };
}

export const PROFILE_FILE = 'profile.json';
export const FEED_FILE = 'feed.json';
export const ACCOUNT_FILE = 'account.json';
export const STATUSES_FILE = 'statuses.json';
