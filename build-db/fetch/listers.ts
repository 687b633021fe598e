// Listers turn a fetched index file into more files to fetch, for sources whose file list is
// published as data (Open North's boundary sets) rather than written out in the manifest.
import type { Lister, ManifestFile } from './manifest-types.js';
import { listedIds, profileFile } from './parlinfo/people-files.js';
import { PAGES_LISTER, representBoundaryPages } from './represent-boundary-shapes.js';
import { mastodonStatuses, wikidataAccounts, wikidataEntities } from './social-listers.js';
import { qcBillPages, qcJournalSittings, qcMemberPages } from './qc-assnat-listers.js';
import { REVISION_AGES } from './recheck-schedule.js';
import { abBillPages, abHansardSittings, abVpSittings } from './ab-assembly-listers.js';
import { bcLimsBills, bcLimsMembers, bcLimsVpDays } from './bc-lims-listers.js';
import { nsHansardSittings } from './ns-hansard-listers.js';
import { BC_COMMITTEE_MEETINGS, bcCommitteeMeetings } from './bc-committee-listers.js';
import {
  olaBillListings,
  olaBillStatus,
  olaHansardPdf,
  olaMemberListSessions,
  olaSessionEnds,
  olaSessionPages,
  olaSittings,
} from './ola-listers.js';
import { olaCommitteeListings, olaCommitteeTranscripts } from './ola-committee-listers.js';

export type { Lister } from './manifest-types.js';

/** A set's file in Open North's repository at the set's own commit (raw.githubusercontent.com serves
 *  any path of any commit), when the set list names them; else beside the set list. */
const GITHUB_RAW = 'https://raw.githubusercontent.com';
const SHA = /^[0-9a-f]{40}$/;
const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** represent-boundaries/manifest.json: per set, the shapefile and its companions, fetched from the
 *  set's upstream path and commit (`source_repo`, `source_commit`, `source_path`: Open North's
 *  represent-canada-data) and stored under the set's `original_dir`. */
const representSets: Lister = (index, urlOf) => {
  const problems: string[] = [];
  let sets: Array<{
    slug?: string;
    original_dir?: string;
    original_shp?: string;
    source_repo?: string;
    source_commit?: string;
    source_path?: string;
  }>;
  try {
    sets = JSON.parse(index);
  } catch (err) {
    return { files: [], problems: [`set list is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(sets)) return { files: [], problems: ['set list is not an array'] };
  const files: ManifestFile[] = [];
  for (const set of sets) {
    if (!set.original_dir || !set.original_shp?.toLowerCase().endsWith('.shp')) {
      problems.push(`set ${set.slug ?? '?'} names no shapefile`);
      continue;
    }
    const base = `${set.original_dir}/${set.original_shp.slice(0, -4)}`;
    const upstream =
      set.source_repo &&
      REPO.test(set.source_repo) &&
      set.source_commit &&
      SHA.test(set.source_commit) &&
      set.source_path?.toLowerCase().endsWith('.shp') &&
      !set.source_path.split('/').includes('..')
        ? `${GITHUB_RAW}/${set.source_repo}/${set.source_commit}/${set.source_path.slice(0, -4).split('/').map(encodeURIComponent).join('/')}`
        : null;
    const url = (ext: string) => (upstream ? upstream + ext : urlOf(base + ext));
    // .shp/.shx/.dbf make a shapefile; .prj and .cpg are often missing upstream and the importer copes.
    for (const ext of ['.shp', '.shx', '.dbf']) files.push({ path: base + ext, url: url(ext) });
    for (const ext of ['.prj', '.cpg']) files.push({ path: base + ext, url: url(ext), optional: true });
  }
  return { files, problems };
};

export const LISTERS: Record<string, Lister> = {
  'represent-sets': representSets,
  'qc-journal-sittings': qcJournalSittings,
  'qc-member-pages': qcMemberPages,
  'ab-bill-pages': abBillPages,
  'ab-vp-sittings': abVpSittings,
  'ab-hansard-sittings': abHansardSittings,
  'qc-bill-pages': qcBillPages,
  'ns-hansard-sittings': nsHansardSittings,
  'ola-session-pages': olaSessionPages,
  'ola-sittings': olaSittings,
  'ola-bill-listings': olaBillListings,
  'ola-bill-status': olaBillStatus,
  'ola-member-list-sessions': olaMemberListSessions,
  'ola-session-ends': olaSessionEnds,
  'ola-hansard-pdf': olaHansardPdf,
  'ola-committee-listings': olaCommitteeListings,
  'ola-committee-transcripts': olaCommitteeTranscripts,
};

/** One page of Open North Represent's JSON API: `{ objects: [...], meta: { next, total_count } }`. */
function representPage(index: string): { page: { objects?: unknown[]; meta?: { next?: string | null } } | null; problem: string | null } {
  try {
    const page = JSON.parse(index);
    return Array.isArray(page?.objects) ? { page, problem: null } : { page: null, problem: 'page has no objects array' };
  } catch (err) {
    return { page: null, problem: `page is not JSON: ${(err as Error).message}` };
  }
}

/** Represent's documented bulk size: the fewest requests for its 60-a-minute limit. */
export const REPRESENT_PAGE_SIZE = 1000;

/** `meta.next` as the page after this one: its URL (relative to the page's) and cache path by offset. */
function nextPage(
  next: string | null | undefined,
  dir: string,
  pageUrl: string,
  lister: string,
): { file: ManifestFile | null; problem: string | null } {
  if (!next) return { file: null, problem: null };
  const url = new URL(next, pageUrl);
  const offset = url.searchParams.get('offset');
  if (!offset || !/^\d+$/.test(offset)) return { file: null, problem: `meta.next has no offset: ${next}` };
  return { file: { path: `${dir}/offset-${offset}.json`, url: url.href, list_with: lister }, problem: null };
}

/** Paths the importer reads (build-db/import/represent-representatives/read-pages.ts). */
const setsDir = 'representative-sets';
const rosterDir = (slug: string) => `representatives/${slug}`;

/** A page of `/representative-sets/`: the next page, and each set's first roster page. */
const representRepresentativeSets: Lister = (index, _urlOf, indexUrl = '') => {
  const { page, problem } = representPage(index);
  if (!page) return { files: [], problems: [`${setsDir}: ${problem}`] };
  const files: ManifestFile[] = [];
  const problems: string[] = [];
  const next = nextPage(page.meta?.next, setsDir, indexUrl, 'represent-representative-sets');
  if (next.problem) problems.push(`${setsDir}: ${next.problem}`);
  if (next.file) files.push(next.file);
  for (const set of page.objects as Array<{ url?: string; related?: { representatives_url?: string } }>) {
    const slug = (set?.url ?? '').split('/').filter(Boolean).at(-1);
    if (!slug || !/^[a-z0-9-]+$/.test(slug)) {
      problems.push(`${setsDir}: a set without a usable url (${JSON.stringify(set?.url ?? null)})`);
      continue;
    }
    const roster = new URL(set.related?.representatives_url ?? `/representatives/${slug}/`, indexUrl);
    roster.searchParams.set('limit', String(REPRESENT_PAGE_SIZE));
    roster.searchParams.set('offset', '0');
    files.push({ path: `${rosterDir(slug)}/offset-0.json`, url: roster.href, list_with: 'represent-representatives' });
  }
  return { files, problems };
};

/** A page of `/representatives/{set}/`: its next page, if any. */
const representRepresentatives: Lister = (index, _urlOf, indexUrl = '') => {
  const { page, problem } = representPage(index);
  const dir = new URL(indexUrl).pathname.split('/').filter(Boolean).slice(-2).join('/');
  if (!page) return { files: [], problems: [`${dir}: ${problem}`] };
  const next = nextPage(page.meta?.next, dir, indexUrl, 'represent-representatives');
  return { files: next.file ? [next.file] : [], problems: next.problem ? [`${dir}: ${next.problem}`] : [] };
};

LISTERS['represent-representative-sets'] = representRepresentativeSets;
LISTERS['represent-representatives'] = representRepresentatives;
// A boundary set's list and shape pages (represent-boundary-shapes.ts).
LISTERS[PAGES_LISTER] = representBoundaryPages;

/** The riding directory of tienne-B/canadian-electoral-districts (`districts/README.md`, a Markdown
 *  table `FEDNUM | PROV | English | French`): each riding's own file, `districts/<PROV>/<FEDNUM>.geojson`
 *  beside it, one GeoJSON Feature each (the layout of that repository at the pinned commit). */
const fedRidingsDistricts: Lister = (index, urlOf) => {
  const files: ManifestFile[] = [];
  const seen = new Set<string>();
  for (const m of index.matchAll(/(?:^|[\r\n])\s*(\d{5})\s*\|\s*([A-Z]{2})\s*\|/g)) {
    const [, fednum, prov] = m;
    if (seen.has(fednum)) continue;
    seen.add(fednum);
    files.push({
      path: `districts/${prov}/${fednum}.geojson`,
      url: urlOf(`${prov}/${fednum}.geojson`),
      format: 'json',
      check: { content_types: ['application/json', 'application/geo+json', 'text/plain', 'application/octet-stream'], min_bytes: 200 },
    });
  }
  return { files, problems: files.length ? [] : ['riding directory lists no riding (no "FEDNUM | PROV |" row)'] };
};

LISTERS['fed-ridings-2013-districts'] = fedRidingsDistricts;

/** The BC Legislature's Hansard document index for one session (LIMS HDMS,
 *  `https://lims.leg.bc.ca/hdms/debates/<43rd2nd>`: JSON `allHansardFileAttributes.nodes[]`, each a
 *  file with `fileName`, `published` and `debateAttributes.nodes[0]` giving `debateType.name` and, for
 *  a Blues whose final is out, `redirectLink` naming the final). House sittings only (committee
 *  transcripts are not read by the importer): a sitting's final when the index names one that is
 *  not marked `published: false`, else its Blues, at `https://lims.leg.bc.ca/hdms/file/Debates/<session>/<fileName>`, stored as `<fileName>.gz`.
 *  Layout learned from adminatthebunker/CanadianPoliticalData services/scanner/src/legislative/bc_hansard.py. */
const BC_HOUSE_FILE = /^(\d{8}(?:am|pm))-(?:House-Blues\.htm|Hansard-(?:n\d+|v\d+n\d+)\.html?)$/i;
const BC_FINAL = /(\d{8}(?:am|pm)-Hansard-(?:n\d+|v\d+n\d+)\.html?)/i;
const bcHansardDebates: Lister = (index, _urlOf, indexUrl = '') => {
  let nodes: Array<{
    fileName?: string;
    published?: boolean;
    debateAttributes?: {
      nodes?: Array<{
        debateType?: { name?: string } | null;
        redirectLink?: string | null;
        committeeALink?: string | null;
        committeeCLink?: string | null;
      }>;
    };
  }>;
  try {
    nodes = JSON.parse(index)?.allHansardFileAttributes?.nodes;
  } catch (err) {
    return { files: [], problems: [`debate index is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(nodes)) return { files: [], problems: ['debate index has no allHansardFileAttributes.nodes'] };
  const session = new URL(indexUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
  if (!/^\d+(?:st|nd|rd|th)\d+(?:st|nd|rd|th)$/.test(session))
    return { files: [], problems: [`debate index URL names no session: ${indexUrl}`] };
  // A final the index lists as not yet published answers 404: its sitting keeps its Blues (the draft).
  const unpublished = new Set(
    nodes.filter((n) => n?.published === false && n.fileName && !/blues/i.test(n.fileName)).map((n) => n.fileName!.trim()),
  );
  const bySitting = new Map<string, string>();
  for (const node of nodes) {
    const name = (node?.fileName ?? '').trim();
    const m = BC_HOUSE_FILE.exec(name);
    const attrs = node?.debateAttributes?.nodes?.[0];
    if (!m || !attrs || unpublished.has(name)) continue;
    const type = attrs.debateType?.name?.trim().toLowerCase();
    // Older sessions leave debateType empty: a House file then has no committee links.
    if (type ? type !== 'house' : Boolean(attrs.committeeALink || attrs.committeeCLink)) continue;
    const named = /blues/i.test(name) ? (BC_FINAL.exec(attrs.redirectLink ?? '')?.[1] ?? null) : name;
    const final = named && !unpublished.has(named) ? named : null;
    const best = final ?? name;
    const had = bySitting.get(m[1]);
    if (!had || (/blues/i.test(had) && !/blues/i.test(best))) bySitting.set(m[1], best);
  }
  // That server ignores conditional requests, so every re-check is a whole download: a Blues is
  // fetched each night until its final is out; a final again only as it passes each revision age
  // from its sitting's day, and the same bytes then count as unchanged (nothing re-imported).
  const files = [...bySitting.values()].sort().map((name) => ({
    path: `${name}.gz`,
    url: new URL(`/hdms/file/Debates/${session}/${encodeURIComponent(name)}`, indexUrl).href,
    ...(/blues/i.test(name) ? {} : { dated: name.replace(/^(\d{4})(\d\d)(\d\d).*/, '$1-$2-$3'), recheck_ages: REVISION_AGES }),
  }));
  return { files, problems: [] };
};

LISTERS['bc-hansard-debates'] = bcHansardDebates;

/** English ordinal suffix, the LIMS session code's form (43 → "rd", 2 → "nd", 11 → "th"). */
const ordinal = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'));

/** The BC Legislature's list of parliaments and their sessions (LIMS, `https://lims.leg.bc.ca/lims/parliaments`:
 *  JSON `allParliaments.nodes[]`, each with `number`, `annotation` ("rd"), `sessionsByParliamentId.nodes[]`
 *  with `number` and `annotation`): each session's debate index `…/hdms/debates/<43rd2nd>`, itself listed
 *  with `bc-hansard-debates`, for every parliament from `params.from_parliament` on. A session opened
 *  since the last run is found the next night. Layout learned from public code that reads it (see
 *  docs/nightly.md: one project GETs this URL; another queries the same fields through LIMS GraphQL). */
const bcHansardSessions: Lister = (index, _urlOf, indexUrl = '', params = {}) => {
  type Numbered = { number?: unknown; annotation?: unknown };
  let parliaments: Array<Numbered & { sessionsByParliamentId?: { nodes?: Numbered[] } }>;
  try {
    parliaments = JSON.parse(index)?.allParliaments?.nodes;
  } catch (err) {
    return { files: [], problems: [`parliament list is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(parliaments)) return { files: [], problems: ['parliament list has no allParliaments.nodes'] };
  const from = Number(params.from_parliament ?? 0);
  const code = (x: Numbered): string | null => {
    const n = Number(x?.number);
    if (!Number.isInteger(n) || n < 1) return null;
    const a = typeof x.annotation === 'string' && /^(st|nd|rd|th)$/.test(x.annotation) ? x.annotation : ordinal(n);
    return `${n}${a}`;
  };
  const files: ManifestFile[] = [];
  const problems: string[] = [];
  for (const p of parliaments) {
    const parliament = code(p);
    if (!parliament) {
      problems.push(`a parliament without a number (${JSON.stringify(p?.number ?? null)})`);
      continue;
    }
    if (Number(p.number) < from) continue;
    for (const s of p.sessionsByParliamentId?.nodes ?? []) {
      const session = code(s);
      if (!session) {
        problems.push(`parliament ${parliament}: a session without a number`);
        continue;
      }
      files.push({
        path: `index/${parliament}${session}.json`,
        url: new URL(`/hdms/debates/${parliament}${session}`, indexUrl).href,
        format: 'json',
        check: { content_types: ['application/json'], min_bytes: 20 },
        list_with: 'bc-hansard-debates',
      });
    }
  }
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), problems };
};

LISTERS['bc-hansard-sessions'] = bcHansardSessions;
LISTERS['bc-lims-bills'] = bcLimsBills;
LISTERS['bc-lims-members'] = bcLimsMembers;
LISTERS['bc-lims-vp-days'] = bcLimsVpDays;
LISTERS[BC_COMMITTEE_MEETINGS] = bcCommitteeMeetings;

/** lchski/lop-parliamentarians-data's `data/out/parliamentarian-urls.csv` (one ParlInfo
 *  `GetPersonWebProfile/<id>?callback=1` request a line) → each person's saved answer at the same commit. */
const parlinfoPeople: Lister = (index, _urlOf, indexUrl = '') => {
  const { ids, problems } = listedIds(index);
  return { files: ids.map((id) => profileFile(id, indexUrl)), problems };
};

LISTERS['parlinfo-people'] = parlinfoPeople;

LISTERS['wikidata-entities'] = wikidataEntities;
LISTERS['wikidata-accounts'] = wikidataAccounts;
LISTERS['mastodon-statuses'] = mastodonStatuses;
