// `canpol search "QUERY"`: hybrid search of the speeches from the data file without a server (the
// body of GET /search/speeches), with the data file's own encoder for the semantic half.
import { endpoint, paramMeaning } from '../../server/endpoints.js';
import { paramDoc } from '../../server/openapi/param-schema.js';
import { offlineRequest } from './offline-request.js';

const SPEECHES = endpoint('searchSpeeches');

/** Every query parameter of /search/speeches but q, as an option (`province_territory` →
 *  `--province-territory`), with the help the OpenAPI document gives it: one declaration, no list to drift. */
export const SEARCH_OPTIONS: Record<string, string> = Object.fromEntries(
  Object.entries(SPEECHES.query ?? {})
    .filter(([name]) => name !== 'q')
    .map(([name, schema]) => {
      const rule = paramDoc(schema).rule;
      return [name.replaceAll('_', '-'), `${paramMeaning(SPEECHES, name)}${rule ? ` (${rule})` : ''}`];
    }),
);

export interface SearchOptions {
  data: string;
  /** The words after `search`, joined by a space (quoting the query is optional). */
  query: string;
  params: Record<string, string | undefined>;
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
