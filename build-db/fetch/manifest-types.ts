// The sources manifest (config/sources.manifest.json, docs/nightly.md): every upstream source the
// nightly fetches, where its files go in the fetch cache, and how each download is checked.

/** What a downloaded file must look like to replace the cached copy. */
export interface SourceCheck {
  /** Accepted Content-Type values (prefix match, parameters ignored); absent = any. */
  content_types?: string[];
  min_bytes?: number;
  max_bytes?: number;
  /** xml: the root element's name. */
  root?: string;
  /** csv: columns the header must have. */
  columns?: string[];
  /** xml: at least this many elements of each name (a division's participants: an empty list is refused). */
  min_elements?: Record<string, number>;
  /** xml: every element of each name present has exactly this text (a detail of another session is refused). */
  fields_equal?: Record<string, string>;
}

export type SourceFormat = 'xml' | 'html' | 'json' | 'jsonl' | 'jsonp' | 'geojson' | 'csv' | 'text' | 'shapefile' | 'pdf';

export interface ManifestFile {
  /** Path under `<cache>/<dataset_dir>/`: the name the importer reads. */
  path: string;
  /** Absolute URL, or a template with `{name}` placeholders filled from `params`. */
  url: string;
  params?: Record<string, string | number>;
  /** Optional files may be absent upstream (a set without a .cpg): a 404 is not an error. */
  optional?: boolean;
  /** This file's checks when they differ from the source's (a vote list beside the vote details). */
  check?: SourceCheck;
  /** This file's format when it differs from the source's (an HTML index page of an XML source). */
  format?: SourceFormat;
  /** Set by a lister: once fetched, this file is itself listed with the named lister (the next
   *  page of a paginated API, each set's first page), so a crawl of pages is one source. */
  list_with?: string;
  /** The URL names content that cannot change (a file at a git commit): once held, it is not requested
   *  again (reported as kept, like a closed session's sitting). */
  immutable?: boolean;
  /** Set by a lister: a document of a closed period (a dissolved Parliament's committee transcript, a
   *  closed session's sitting) that the current record does not wait for. Not held yet, it is not
   *  requested past the fetch deadline (`--deadline`): left for the next run, the source `partial`. */
  backfill?: boolean;
  /** Statuses by which the publisher says the thing is gone (a deleted account: Bluesky's 400, a
   *  Mastodon 404): the answer's body is stored like a 200's, so the importer can tell. */
  gone_statuses?: number[];
  /** The document's own day (`YYYY-MM-DD`: a sitting's date), from which `recheck_ages` count. */
  dated?: string;
  /** A held copy is asked for again only when it passes one of these ages in days (from `dated`, else
   *  from when its content was first held) since it was last confirmed (build-db/fetch/recheck-schedule.ts):
   *  for a publisher that revises documents but ignores conditional requests (BC Hansard's finals). */
  recheck_ages?: number[];
  /** A GraphQL query, sent as a POST with this JSON body to `url` (LIMS answers its members and
   *  sessions only so): no conditional request, the answer is compared with the cached copy. */
  graphql?: GraphqlRequest;
}

export interface GraphqlRequest {
  /** The named operation of `query`: also how the loopback upstream tells two queries to one URL apart. */
  operationName: string;
  query: string;
  variables?: Record<string, string | number>;
}

/** One link of an `html-chain`: on the current page, every element matching `select` (descendant
 *  selector of `tag.class#id` parts) gives a value (`text` or resolved `href`) named `as`; the next
 *  document is `url` (template) or the href itself, stored at `path`. `name`: a pattern on the href
 *  whose groups fill `{m1}`, `{m2}` in `path`. `also`: companions of that document (its URL with one
 *  string replaced, e.g. -E. → -F.). `recheck: never`: once fetched, that document and all below it
 *  are not requested again. */
export interface ChainStep {
  select: string;
  take: 'text' | 'href';
  as: string;
  url?: string;
  path: string;
  name?: string;
  check?: SourceCheck;
  format?: SourceFormat;
  recheck?: 'never' | 'open-session';
  also?: Array<{ replace: [string, string]; path: string; optional?: boolean }>;
  /** A pattern on the value taken: its first group is the value (a subcommittee named "… (SDIR)"). */
  pattern?: string;
  /** The `url` for values found inside an element matching `within` (one `tag.class#id` part): the
   *  list's joint committees, whose pages are on www.parl.ca. */
  url_within?: Array<{ within: string; url: string }>;
  /** Asked when `url` answers 404 (a joint committee the list did not mark); the URL that answered is
   *  asked first on later runs. */
  fallback_url?: string;
  /** A pattern on the class names of an element around the match whose first group is the item's
   *  day (`meeting-item-2022-06-13`): the day its documents' re-checks count from. */
  date_class?: string;
  /** The document this step names (and its `also` companions), once held, is asked for again when it
   *  passes one of these ages in days from its day (build-db/fetch/recheck-schedule.ts): revisions. */
  recheck_ages?: number[];
  /** A page held that does not show this step's link yet (evidence not posted, a committee that met
   *  only in camera) is asked for again each run for this many days from its day (else from when its
   *  content was first held), then only at `recheck_ages` or openparliament's ages (absent: every run). */
  pending_days?: number;
}

export interface ManifestSource {
  id: string;
  publisher: string;
  format: SourceFormat;
  licence: string;
  attribution: string;
  /** The importer (`canpol import` kind) that reads these files, null when none does yet. */
  importer: string | null;
  /** Folder of the fetch cache the importer reads (the datasets-shaped layout). */
  dataset_dir: string;
  /** Jurisdiction whose `last_verified_at` this source vouches for. */
  jurisdiction?: string;
  /** A required source missing from the cache fails the nightly. */
  required: boolean;
  /** false: listed for provenance and planned work, never downloaded. */
  enabled?: boolean;
  /** Why an entry is disabled or differs from the publisher's own file. */
  note?: string;
  check?: SourceCheck;
  files: ManifestFile[];
  /** At least this long between the starts of two of its requests (a publisher's documented rate limit). */
  min_interval_ms?: number;
  /** More files named by a file already fetched (e.g. every shapefile of a set list). */
  list_from?: { file: string; lister: string };
  /** Builds the importer's file from the fetched ones each run (build-db/fetch/assemblers.ts): for a
   *  publisher that splits what the importer reads as one file (one GeoJSON per riding). */
  assemble?: string;
  /** Files found at run time from the publisher's index documents or by probing (build-db/fetch/discover/). */
  discover?: Discover;
  /** The coverage statuses of its jurisdiction this source's record makes (`hansard`, `committees`): a
   *  backfill left unfinished at the fetch deadline makes them `partial` in the published file. */
  covers?: Array<'bills' | 'hansard' | 'votes' | 'committees'>;
  /** The archive of the commit its raw.githubusercontent.com files are at (a codeload.github.com
   *  tarball): files not yet held are taken from it, one request for thousands (build-db/fetch/archive/). */
  archive?: SourceArchive;
}

export interface SourceArchive {
  /** `https://codeload.github.com/<owner>/<repo>/tar.gz/<40-hex commit>`. */
  url: string;
  /** One deadline for the whole download (default 15 minutes). */
  timeout_ms?: number;
  /** Refused past this size (default 2 GiB). */
  max_bytes?: number;
}

/** A parliamentary session the federal discoverers walk: `44-1`, opened on a date. */
export interface ManifestSession {
  id: string;
  opened: string;
}

/** Templates take `{parliament}`, `{session}` and, for numbered items, `{number}` and `{number3}` (zero-padded). */
export type Discover =
  | {
      /** Items numbered within a session with no index (House Debates sittings): probe 1, 2, … and stop
       *  after `miss_budget` numbers in a row are absent; an absent number below the highest found is probed
       *  again on later runs for `reprobe_days`. `files[0]` is the probe; the others are fetched when it exists. */
      kind: 'numbered';
      files: ManifestFile[];
      miss_budget?: number;
      reprobe_days?: number;
      /** Items of the newest session this close to its highest number are re-checked (conditional GET) every run. */
      recheck_last?: number;
      /** Items of the newest session first held less than this many days ago are re-checked too (revisions). */
      revision_days?: number;
      /** Sessions of earlier Parliaments are not probed: the publisher has no such items (House Debates
       *  XML starts with the 39th Parliament), so probing them only costs 404s. */
      from_parliament?: number;
      /** Items outside the numbering (lettered sittings, No. 128-B) found from the session's calendar. */
      calendar?: SittingCalendar;
    }
  | {
      /** One document per session or per parliament (LEGISinfo's per-session export, the member search per parliament). */
      kind: 'per-session';
      per: 'session' | 'parliament';
      files: ManifestFile[];
    }
  | {
      /** A list export per session (`index`) names items (`<item>` elements, keyed by the `key` child, dated by
       *  the `date` child); `detail` (template with `{key}`) is each item's own export. Items dated before
       *  `--since` are skipped. `recheck`: `never` (a recorded division) or `open-session` (a bill still moving). */
      kind: 'index-list';
      index: ManifestFile;
      detail: ManifestFile;
      item: string;
      key: string;
      date?: string;
      recheck?: 'never' | 'open-session';
      /** Items dated this many days back or less are re-checked every run even when `recheck` is `never`
       *  (the House corrects a division's record in the days after it). */
      recheck_days?: number;
      /** The list item's (and the detail's) elements naming its Parliament and session: an item of
       *  another session is refused, and so is a detail whose elements name another session or key. */
      session_fields?: { parliament: string; session: string; key?: string };
    }
  | {
      /** Web pages as the index: `start` per session, then `steps` (build-db/fetch/discover/html-chain.ts). */
      kind: 'html-chain';
      start: ManifestFile;
      /** A closed session whose `start` page answers 404 (a session older than the publisher's pages) is
       *  asked again for this many days, then not: its 404 is not a failure (absent: every run, failing). */
      missing_start_days?: number;
      steps: ChainStep[];
    };

/** A session's calendar page linking every sitting (the House's DocumentViewer calendar widget):
 *  links whose `pattern` matches (a lettered sitting, `sitting-128b`) lead to the sitting's page, whose
 *  `xml_select` link is the sitting's XML (build-db/fetch/discover/sitting-calendar.ts). */
export interface SittingCalendar {
  /** The calendar page of a session (`{parliament}`, `{session}`). */
  index: ManifestFile;
  /** The links to sittings (`td a`). */
  select: string;
  /** Takes a sitting's label from a link's href (case-insensitive); links that do not match are left out. */
  pattern: string;
  /** Where the sitting's page is kept (`{parliament}`, `{session}`, `{label}`). */
  page_path: string;
  /** The XML export link on the sitting's page (`a.btn-export-xml`). */
  xml_select: string;
  /** Where the linked XML is kept (`{label}`), and its twin (the French edition: the link with `replace`). */
  xml_path: string;
  also?: { replace: [string, string]; path: string };
}

export interface FetchDefaults {
  timeout_ms: number;
  retries: number;
  backoff_ms: number;
  per_host: number;
  /** Least time between two request starts to one host. */
  spacing_ms: number;
}

export interface SourcesManifest {
  version: 1;
  user_agent: string;
  defaults: FetchDefaults;
  /** Federal sessions, oldest first, for the discoverers; a session after the last is found by probing. */
  sessions?: ManifestSession[];
  /** Where the session dates come from, and what could not be checked. */
  sessions_note?: string;
  sources: ManifestSource[];
}

/** Lists the files an index names: `indexUrl` is the URL the index was fetched from (for listings whose
 *  links are relative to it); `params` the index file's own `params` in the manifest (a lister's scope,
 *  e.g. the first parliament). */
export type Lister = (
  index: string,
  urlOf: (path: string) => string,
  indexUrl?: string,
  params?: Record<string, string | number>,
) => { files: ManifestFile[]; problems: string[] };
