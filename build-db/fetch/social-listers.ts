// Listers for politicians' accounts: Wikidata's query service names the people (everyone who held a
// House of Commons seat since 1993), each person's entity JSON names their accounts, and each
// Bluesky or Mastodon account gets its profile and most recent posts from the platform's open API.
import { ACCOUNT_PROPERTIES } from '../import/wikidata/platforms.js';
import {
  ACCOUNT_FILE,
  BLUESKY_APPVIEW,
  blueskyDir,
  FEED_FILE,
  mastodonAccount,
  POSTS_PER_HANDLE,
  PROFILE_FILE,
  STATUSES_FILE,
} from '../import/wikidata/account-files.js';
import { readEntity, statements, stringValue } from '../import/wikidata/entity.js';
import type { Lister, ManifestFile } from './manifest-types.js';

const ENTITY_DATA = 'https://www.wikidata.org/wiki/Special:EntityData';
const JSON_CHECK = { content_types: ['application/json'], min_bytes: 2 };

/** The query service's JSON results (`results.bindings[].item.value`, an entity URI) → each person's
 *  entity JSON, itself listed for accounts. */
export const wikidataEntities: Lister = (index) => {
  let bindings: Array<{ item?: { value?: string } }>;
  try {
    bindings = JSON.parse(index)?.results?.bindings;
  } catch (err) {
    return { files: [], problems: [`query result is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(bindings)) return { files: [], problems: ['query result has no results.bindings'] };
  const qids = new Set<string>();
  const problems: string[] = [];
  for (const b of bindings) {
    const q = /\/entity\/(Q[1-9]\d*)$/.exec(b?.item?.value ?? '')?.[1];
    if (q) qids.add(q);
    else problems.push(`a row without an entity URI (${JSON.stringify(b?.item?.value ?? null)})`);
  }
  const files = [...qids]
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(
      (q): ManifestFile => ({
        path: `entities/${q}.json`,
        url: `${ENTITY_DATA}/${q}.json`,
        format: 'json',
        check: { content_types: ['application/json'], min_bytes: 20 },
        list_with: 'wikidata-accounts',
      }),
    );
  return { files, problems };
};

/** A person's entity → the profile and feed of each Bluesky handle, the account lookup of each
 *  Mastodon address (its statuses need the account id: listed from the lookup). A deleted account
 *  answers 400 (Bluesky) or 404 (Mastodon) with a JSON error: stored, so the importer can tell. */
export const wikidataAccounts: Lister = (index) => {
  const parsed = readEntity(index);
  if ('problem' in parsed) return { files: [], problems: [parsed.problem] };
  const files: ManifestFile[] = [];
  const valuesOf = (platform: string) =>
    ACCOUNT_PROPERTIES.filter((p) => p.platform === platform)
      .flatMap((p) => statements(parsed.entity, p.property).map((s) => p.handle(stringValue(s) ?? '')))
      .filter((h): h is string => !!h);
  for (const handle of valuesOf('bluesky')) {
    const dir = blueskyDir(handle);
    if (!dir) continue;
    const actor = encodeURIComponent(handle);
    files.push(
      {
        path: `${dir}/${PROFILE_FILE}`,
        url: `${BLUESKY_APPVIEW}/xrpc/app.bsky.actor.getProfile?actor=${actor}`,
        format: 'json',
        check: JSON_CHECK,
        gone_statuses: [400],
      },
      {
        path: `${dir}/${FEED_FILE}`,
        url: `${BLUESKY_APPVIEW}/xrpc/app.bsky.feed.getAuthorFeed?actor=${actor}&limit=${POSTS_PER_HANDLE}&filter=posts_no_replies`,
        format: 'json',
        check: JSON_CHECK,
        gone_statuses: [400],
      },
    );
  }
  for (const address of valuesOf('mastodon')) {
    const a = mastodonAccount(address);
    if (!a) continue;
    files.push({
      path: `${a.dir}/${ACCOUNT_FILE}`,
      url: `https://${a.host}/api/v1/accounts/lookup?acct=${encodeURIComponent(a.user)}`,
      format: 'json',
      check: JSON_CHECK,
      gone_statuses: [404, 410],
      list_with: 'mastodon-statuses',
    });
  }
  return { files, problems: [] };
};

/** A Mastodon account lookup → its recent public statuses (no reblogs, no replies). */
export const mastodonStatuses: Lister = (index, _urlOf, indexUrl = '') => {
  let account: { id?: unknown; error?: unknown };
  try {
    account = JSON.parse(index);
  } catch (err) {
    return { files: [], problems: [`account lookup is not JSON: ${(err as Error).message}`] };
  }
  if (account?.error !== undefined) return { files: [], problems: [] };
  if (typeof account?.id !== 'string' || !/^\d+$/.test(account.id))
    return { files: [], problems: [`account lookup without an id: ${indexUrl}`] };
  const u = new URL(indexUrl);
  const dir = u.pathname === '/api/v1/accounts/lookup' ? mastodonAccount(`${u.searchParams.get('acct') ?? ''}@${u.host}`)?.dir : null;
  if (!dir) return { files: [], problems: [`not an account lookup URL: ${indexUrl}`] };
  return {
    files: [
      {
        path: `${dir}/${STATUSES_FILE}`,
        url: `${u.origin}/api/v1/accounts/${account.id}/statuses?limit=${POSTS_PER_HANDLE}&exclude_reblogs=true&exclude_replies=true`,
        format: 'json',
        check: JSON_CHECK,
        gone_statuses: [404, 410],
      },
    ],
    problems: [],
  };
};
