// What one open platform's answers say about one handle: live or gone, renamed or moved, its counts
// and its recent posts, in the shape of our social and post records.
import type { Platform } from '../../../src/core/domain/enums.js';

export interface AccountPost {
  post_id: string;
  posted_at: string;
  text: string | null;
  url: string;
  media_urls: string[];
  engagement: Record<string, number>;
}

export type AccountState =
  | { kind: 'gone'; detail: string }
  | {
      kind: 'live';
      /** The handle the platform now gives the account, when it differs from the one asked (renamed, moved). */
      handle: string;
      url: string;
      platform: Platform;
      follower_count: number | null;
      lifetime_post_count: number | null;
      last_post_at: string | null;
      posts: AccountPost[];
    };

/** A count as the APIs give it (a number ≥ 0), or null. */
export const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** An ISO timestamp normalised to UTC with a Z (the APIs write milliseconds, some an offset). */
export function utc(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString().replace(/\.000Z$/, 'Z');
}

export const newest = (posts: AccountPost[]): string | null =>
  posts
    .map((p) => p.posted_at)
    .sort()
    .at(-1) ?? null;
