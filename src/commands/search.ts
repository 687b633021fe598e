// `canpol search "QUERY"`: hybrid search of the speeches from the data file without a server (the
// body of GET /search/speeches), with the data file's own encoder for the semantic half.
import { offlineRequest } from './offline-request.js';

/** Query parameters of /search/speeches offered as options (`--province-territory` → province_territory). */
export const SEARCH_OPTIONS = {
  lang: 'en, fr or any (default any)',
  limit: 'results per page, 1-50 (default 20)',
  page: 'page number, from 1',
  level: 'federal, provincial or municipal',
  'province-territory': 'two-letter province or territory code',
  'politician-ids': 'a politician UUID, or a comma-separated list',
  party: 'party name',
  from: 'first day, YYYY-MM-DD',
  to: 'last day, YYYY-MM-DD',
  'speech-type': 'a speech type, or a comma-separated list',
  'exclude-presiding': 'true to leave out the presiding officers',
  'politician-active': 'active or inactive',
  'min-similarity': 'smallest cosine similarity of a semantic match, 0-1',
  'parliament-number': 'parliament number',
  'session-number': 'session number',
  'group-by': 'timeline (default) or politician',
  'per-group-limit': 'results per politician with --group-by politician, 1-10',
  sort: 'mentions, best_match, avg_match or keyword_hits (with --group-by politician)',
  'anchor-chunk-id': 'find speeches like this chunk (instead of or with QUERY)',
  'include-count': 'false leaves the total count out',
} as const;

export type SearchOption = keyof typeof SEARCH_OPTIONS;

export interface SearchOptions {
  data: string;
  /** The words after `search`, joined by a space (quoting the query is optional). */
  query: string;
  params: Partial<Record<SearchOption, string>>;
  write?: (text: string) => void;
}

/** The API path of a search; options left out are left to the endpoint's defaults. */
export function searchPath(query: string, params: SearchOptions['params']): string {
  const search = new URLSearchParams();
  if (query !== '') search.set('q', query);
  for (const [flag, value] of Object.entries(params)) if (value !== undefined) search.set(flag.replaceAll('-', '_'), value);
  return `/search/speeches?${search}`;
}

export function searchCommand({ data, query, params, write }: SearchOptions): Promise<number> {
  return offlineRequest({ data, path: searchPath(query, params), withEncoder: true, write });
}
