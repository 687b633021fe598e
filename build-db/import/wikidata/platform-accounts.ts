// The handles on open platforms (Bluesky, Mastodon) given what the platforms answered: counts,
// last post and profile check, is_live, the renamed or moved account's new handle, and the recent
// posts. A handle whose files are not in the folder (not fetched yet) is left as Wikidata gave it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportContext, SourceInput } from '../types.js';
import { ACCOUNT_FILE, blueskyDir, FEED_FILE, mastodonAccount, PROFILE_FILE, STATUSES_FILE } from './account-files.js';
import type { AccountState } from './account-state.js';
import { readBluesky } from './bluesky.js';
import { readMastodon } from './mastodon.js';

type Social = SourceInput<'socials'>;
type Post = SourceInput<'posts'>;

const readIf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);

function stateOf(from: string, s: Social): { state: AccountState | { problem: string }; file: string } | null {
  if (s.platform === 'bluesky') {
    const dir = blueskyDir(s.handle);
    const profile = dir ? readIf(join(from, dir, PROFILE_FILE)) : null;
    return dir && profile !== null
      ? { state: readBluesky(s.handle, profile, readIf(join(from, dir, FEED_FILE))), file: `${dir}/${PROFILE_FILE}` }
      : null;
  }
  if (s.platform === 'mastodon') {
    const a = mastodonAccount(s.handle);
    const account = a ? readIf(join(from, a.dir, ACCOUNT_FILE)) : null;
    return a && account !== null
      ? { state: readMastodon(a, account, readIf(join(from, a.dir, STATUSES_FILE))), file: `${a.dir}/${ACCOUNT_FILE}` }
      : null;
  }
  return null;
}

export function applyPlatformAnswers(
  from: string,
  socials: Map<string, Social>,
  keyOf: (s: Social) => string,
  ctx: ImportContext,
  add: (k: string, n?: number) => void,
): Post[] {
  const checkedAt = ctx.extractedAt ?? null;
  const posts = new Map<string, Post>();
  for (const s of [...socials.values()]) {
    if (!s.is_live) continue;
    const found = stateOf(from, s);
    if (!found) continue;
    const { state, file } = found;
    if ('problem' in state) {
      ctx.skip({ file, record: `${s.platform} ${s.handle}`, reason: 'platform answer unreadable', detail: state.problem });
      continue;
    }
    const check = checkedAt ? { last_profile_check_at: checkedAt } : {};
    if (state.kind === 'gone') {
      socials.set(keyOf(s), { ...s, ...check, is_live: false });
      add(`${s.platform}_accounts_gone`);
      continue;
    }
    const profile = {
      follower_count: state.follower_count,
      lifetime_post_count: state.lifetime_post_count,
      last_post_at: state.last_post_at,
      ...check,
    };
    if (state.handle.toLowerCase() === s.handle.toLowerCase()) {
      socials.set(keyOf(s), { ...s, ...profile, url: state.url });
    } else {
      // Renamed or moved: the old handle is kept, not live; the platform's current one is the live handle.
      socials.set(keyOf(s), { ...s, ...check, is_live: false });
      const renamed: Social = {
        politician_key: s.politician_key,
        platform: s.platform,
        handle: state.handle,
        url: state.url,
        is_live: true,
        ...profile,
        ...(s.last_verified_at ? { last_verified_at: s.last_verified_at } : {}),
      };
      socials.set(keyOf(renamed), renamed);
      add(`${s.platform}_accounts_renamed`);
    }
    add(`${s.platform}_profiles`);
    for (const p of state.posts) {
      const k = `${s.platform} ${p.post_id}`;
      if (posts.has(k)) continue;
      posts.set(k, { politician_key: s.politician_key, platform: s.platform, ...p, scraped_at: checkedAt ?? p.posted_at });
    }
  }
  add('posts', posts.size);
  return [...posts.values()];
}
