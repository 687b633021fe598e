// A Mastodon instance's answers for one address: /api/v1/accounts/lookup (`acct`, `url`,
// `followers_count`, `statuses_count`, `last_status_at` (a date), `moved` when the account moved to
// another) and /api/v1/accounts/:id/statuses (`id`, `uri`, `url`, `created_at`, `content` as HTML,
// `media_attachments[].url`, reply/reblog/favourite counts). An unknown or deleted account answers
// 404 `{ "error": "Record not found" }` (stored by the fetch); a suspended one 410.
import type { ChildNode } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { type AccountPost, type AccountState, count, newest, utc } from './account-state.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** A status's HTML as plain text: paragraphs apart by a blank line, <br> a line break. */
export function statusText(html: string): string {
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (isText(n)) out.push(n.data);
      else if (isTag(n)) {
        if (n.name === 'br') {
          out.push('\n');
          continue;
        }
        walk(n.children);
        if (n.name === 'p') out.push('\n\n');
      }
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children);
  return out
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `acct` is `user` on the account's own instance and `user@host` elsewhere. */
const address = (acct: unknown, host: string): string | null =>
  typeof acct === 'string' && acct
    ? acct.includes('@')
      ? acct.replace(/@([^@]+)$/, (_, h: string) => `@${h.toLowerCase()}`)
      : `${acct}@${host}`
    : null;

export function readMastodon(
  asked: { user: string; host: string },
  accountText: string,
  statusesText: string | null,
): AccountState | { problem: string } {
  let account: Json;
  try {
    account = obj(JSON.parse(accountText));
  } catch (err) {
    return { problem: `account lookup is not JSON: ${(err as Error).message}` };
  }
  if (typeof account.error === 'string') return { kind: 'gone', detail: account.error };
  // Moved: the old account stays as a pointer; the handle to follow is the new one.
  const moved = account.moved ? obj(account.moved) : null;
  const shown = moved ?? account;
  const handle = address(shown.acct, asked.host);
  if (!handle || typeof shown.url !== 'string') return { problem: 'account without acct and url' };
  const posts: AccountPost[] = [];
  if (statusesText !== null && !moved) {
    let statuses: unknown;
    try {
      statuses = JSON.parse(statusesText);
    } catch {
      statuses = [];
    }
    for (const s of Array.isArray(statuses) ? statuses.map(obj) : []) {
      const posted = utc(s.created_at);
      const url = typeof s.url === 'string' ? s.url : typeof s.uri === 'string' ? s.uri : null;
      if (!posted || !url || typeof s.uri !== 'string' || (s.visibility && s.visibility !== 'public')) continue;
      posts.push({
        post_id: s.uri,
        posted_at: posted,
        text: typeof s.content === 'string' ? statusText(s.content) || null : null,
        url,
        media_urls: (Array.isArray(s.media_attachments) ? s.media_attachments : [])
          .map((m) => obj(m).url)
          .filter((u): u is string => typeof u === 'string'),
        engagement: Object.fromEntries(
          (
            [
              ['favourites', s.favourites_count],
              ['reblogs', s.reblogs_count],
              ['replies', s.replies_count],
            ] as const
          )
            .map(([k, v]) => [k, count(v)])
            .filter(([, v]) => v !== null),
        ),
      });
    }
  }
  const lastDay =
    typeof shown.last_status_at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(shown.last_status_at)
      ? `${shown.last_status_at}T00:00:00Z`
      : utc(shown.last_status_at);
  return {
    kind: 'live',
    platform: 'mastodon',
    handle,
    url: shown.url,
    follower_count: count(shown.followers_count),
    lifetime_post_count: count(shown.statuses_count),
    last_post_at: newest(posts) ?? lastDay,
    posts,
  };
}
