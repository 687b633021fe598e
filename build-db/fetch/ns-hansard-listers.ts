// Nova Scotia's Hansard listing of one session (nslegislature.ca/legislative-business/hansard-debates/
// assembly-{A}-session-{S}, 45 sittings a page, Drupal's pager `?page=N`) as an index: each sitting's
// page (…/assembly-65-session-1/house_26feb24), stored as assembly-65-session-1/house_26feb24.htm,
// the folder the ns-hansard importer reads; and the listing's other pages, listed in turn. A sitting
// is named as the listing links it (house_26mar25-0 is the 26 March sitting): nothing is built from dates.
// A closed session's listing (its manifest entry's params say `closed`) lists its sittings and pages as
// immutable: fetched once, then never asked again, so a backfill costs its 10-second crawl delay once.
import type { ManifestFile } from './manifest-types.js';

const SITTING =
  /href="((?:https:\/\/nslegislature\.ca)?\/legislative-business\/hansard-debates\/(assembly-\d+-session-\d+)\/(house_\d{2}[a-z]{3}\d{2}(?:[a-z]|-\d+)?))"/g;
const PAGE = /href="((?:https:\/\/nslegislature\.ca)?\/legislative-business\/hansard-debates\/(assembly-\d+-session-\d+))\?page=(\d+)"/g;

// The shape of listers.ts's Lister, spelled here so that listers.ts may import this module without a cycle.
export function nsHansardSittings(
  index: string,
  _urlOf: (path: string) => string,
  indexUrl = 'https://nslegislature.ca/',
  params?: Record<string, string | number>,
): { files: ManifestFile[]; problems: string[] } {
  const closed = params?.closed === 'yes' ? { immutable: true, params: { closed: 'yes' } } : {};
  const sittings = new Map<string, string>();
  for (const m of index.matchAll(SITTING)) {
    const path = `${m[2]}/${m[3]}.htm`;
    if (!sittings.has(path)) sittings.set(path, new URL(m[1], indexUrl).href);
  }
  const pages = new Map<string, string>();
  for (const m of index.matchAll(PAGE))
    if (m[3] !== '0') pages.set(`hansard-debates-${m[2]}-page-${m[3]}.html`, new URL(`${m[1]}?page=${m[3]}`, indexUrl).href);
  const files: ManifestFile[] = [
    ...[...sittings].sort(([a], [b]) => a.localeCompare(b)).map(([path, url]) => ({ path, url, ...closed })),
    ...[...pages].sort(([a], [b]) => a.localeCompare(b)).map(([path, url]) => ({ path, url, list_with: 'ns-hansard-sittings', ...closed })),
  ];
  return { files, problems: sittings.size ? [] : ['the listing links no sitting (…/assembly-{A}-session-{S}/house_{YYmonDD})'] };
}
