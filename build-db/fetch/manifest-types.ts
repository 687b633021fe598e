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
}

export type SourceFormat = 'xml' | 'html' | 'json' | 'jsonl' | 'geojson' | 'csv' | 'text' | 'shapefile';

export interface ManifestFile {
  /** Path under `<cache>/<dataset_dir>/`: the name the importer reads. */
  path: string;
  /** Absolute URL, or a template with `{name}` placeholders filled from `params`. */
  url: string;
  params?: Record<string, string | number>;
  /** Optional files may be absent upstream (a set without a .cpg): a 404 is not an error. */
  optional?: boolean;
  /** Set by a lister: once fetched, this file is itself listed with the named lister (the next
   *  page of a paginated API, each set's first page), so a crawl of pages is one source. */
  list_with?: string;
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
}

export interface FetchDefaults {
  timeout_ms: number;
  retries: number;
  backoff_ms: number;
  per_host: number;
}

export interface SourcesManifest {
  version: 1;
  user_agent: string;
  defaults: FetchDefaults;
  sources: ManifestSource[];
}
