// The one table of endpoints: path, summary, path and query parameters (the very valibot objects
// the routes validate with), the errors each can return, its cache max-age, its rate-limit bucket and
// its body schema. The app registers its routes from it (src/server/http/register-endpoints.ts), the
// access gate takes each route's bucket from it, and the OpenAPI document is generated from it.
// test/server/openapi/routes.test.ts proves it lists exactly the routes the app answers, and
// test/server/openapi/responses.test.ts that each max-age and body schema matches what the app sends.
import { API_PREFIX } from './http/api-prefix.js';
import type { ParamSpec } from './http/params.js';
import type { MaxAge } from './http/respond.js';
import type { BucketClass } from './limits/limit-table.js';
import * as bills from './routes/bills.js';
import * as boundaries from './routes/boundaries.js';
import { params as committeeParams } from './routes/committees.js';
import { params as coverageParams } from './routes/coverage.js';
import * as politicians from './routes/politicians.js';
import * as votes from './routes/votes.js';
import { ARRAYS as SEARCH_ARRAYS, facetParams, sessionParams, speechParams } from './search/params.js';
import type { CatalogCode as ErrorCode } from './openapi/error-catalog.js';
import type { JsonSchema } from './openapi/param-schema.js';
import type { BodyName } from './openapi/responses.js';

export interface PathParam {
  schema: JsonSchema;
  description: string;
}

export interface Endpoint {
  /** OpenAPI operationId. */
  id: string;
  /** OpenAPI path template: relative to /api/public/v1 when `root` is false, else from the host root. */
  path: string;
  /** Served outside the API prefix (/health, /docs). */
  root?: boolean;
  tag: string;
  summary: string;
  description?: string;
  pathParams?: Record<string, PathParam>;
  query?: ParamSpec;
  /** Query parameters that may also be repeated (parseParams' `arrays`). */
  arrays?: readonly string[];
  /** What each parameter means; its rule is read off the schema. Falls back to PARAM_TEXT. */
  paramText?: Record<string, string>;
  /** Errors the route itself raises; the gate's, the embedding queue's and 500 are added by errorsOf. */
  errors: ErrorCode[];
  maxAge: MaxAge;
  body: BodyName;
  /** Defaults to JSON. */
  contentType?: 'application/json' | 'text/html';
  /** Passes through the key check and rate limiter (everything under the prefix but openapi.json). */
  gated: boolean;
  /** The rate-limit bucket of a gated endpoint (spec "Limits"): semantic search draws from its own. Default general. */
  bucket?: BucketClass;
}

/** Descriptions of parameters shared by several endpoints. */
export const PARAM_TEXT: Record<string, string> = {
  page: 'Page number, from 1.',
  limit: 'Page size.',
  level: 'Only records of this level.',
  province_territory: 'Only records of this province or territory.',
  session_id: 'Only records of this legislative session (the `session_id` of /search/sessions or a bill).',
  q: 'Case- and accent-insensitive substring filter.',
  from: "Earliest date, inclusive (the legislature's local date).",
  to: "Latest date, inclusive (the legislature's local date); not before `from`.",
};

const uuidPath = (what: string): PathParam => ({
  schema: { type: 'string', format: 'uuid' },
  description: `The ${what}'s id (a UUID, any case). A malformed id is a 404 like an unknown one.`,
});
const postcodePath: PathParam = {
  schema: { type: 'string', minLength: 3, maxLength: 8 },
  description:
    'A 6-character postcode (`A1A1A1`, `A1A 1A1` or `A1A-1A1`, any case) or a 3-character FSA. Letters D, F, I, O, Q, U never appear and W, Z never lead: such input is a 400.',
};
const boundaryPart = (what: string): PathParam => ({
  schema: { type: 'string', pattern: boundaries.PATH_PART.source },
  description: `The boundary's ${what} (1-200 characters of a-z, 0-9 and -); anything else is a 400 naming it.`,
});

const searchText: Record<string, string> = {
  q: 'Query text (keyword + semantic hybrid search). Wins over anchor_chunk_id.',
  anchor_chunk_id: 'Find chunks similar to this chunk (its stored vector is the query; the anchor itself is excluded).',
  lang: 'Language of the chunks searched; `any` searches both.',
  province_territory: 'Only speeches in this province or territory.',
  politician_ids: 'Only speeches by these politicians. Comma-separated or repeated (`politician_ids=a&politician_ids=b`).',
  politician_id: "Only speeches by this politician (one id; the original API's spelling). With politician_ids, speeches by any of them.",
  postcode:
    'Only speeches by the representatives of this postcode (a 6-character postcode, with or without a space or hyphen, or a 3-character FSA), at every level, as /postcodes/{postcode}/representatives lists them; with politician_ids or politician_id, those of them who represent it. A malformed postcode is a 400, one with no location on file a 404.',
  party: 'Party at the time of the speech (case-insensitive equality).',
  from: "Earliest speech date, inclusive (the legislature's local date).",
  to: 'Latest speech date, inclusive; not before `from`.',
  exclude_presiding: "Leave out speeches of presiding officers (the Speaker's chair).",
  politician_active: "The speaker's is_active when the data file was built.",
  min_similarity: 'Drop results whose cosine similarity to the query vector is below this.',
  parliament_number: 'Only this parliament (legislature) number.',
  session_number: 'Only this session number.',
  session_id: 'Only this session (the id /search/sessions gives).',
  speech_type: 'Only these speech types. Comma-separated or repeated.',
  limit: 'Results (or groups) per page.',
  group_by: '`politician` groups the results by speaker.',
  per_group_limit: 'Chunks per group (group_by=politician).',
  sort: 'Order of groups (group_by=politician).',
  include_count: '`false` leaves total, capped and pages out (null).',
};

export const ENDPOINTS: readonly Endpoint[] = [
  // ---- service ----
  {
    id: 'health',
    root: true,
    path: '/health',
    tag: 'Service',
    summary: 'Server and data file status',
    description: 'Not rate limited and never cached: it reports on the running server (load balancers probe it).',
    errors: [],
    maxAge: 'no-store',
    body: 'health',
    gated: false,
  },
  {
    id: 'openapi',
    path: '/openapi.json',
    tag: 'Service',
    summary: 'This OpenAPI 3.1 document',
    description:
      "Generated at start from the routes' own validation schemas. Not rate limited: it describes the interface and reads no data.",
    errors: [],
    maxAge: 3600,
    body: 'openapi',
    gated: false,
  },
  {
    id: 'root',
    root: true,
    path: '/',
    tag: 'Service',
    summary: 'Where to start',
    description:
      'Pointers to /docs, this document and /health (a browser opening the server gets them instead of a 404). Not rate limited.',
    errors: [],
    maxAge: 3600,
    body: 'root',
    gated: false,
  },
  {
    id: 'docs',
    root: true,
    path: '/docs',
    tag: 'Service',
    summary: 'Human-readable API reference (HTML)',
    description: 'A self-contained page generated from this document. Not rate limited.',
    errors: [],
    maxAge: 3600,
    body: 'docsPage',
    contentType: 'text/html',
    gated: false,
  },

  // ---- politicians ----
  {
    id: 'listPoliticians',
    path: '/politicians',
    tag: 'Politicians',
    summary: 'List politicians',
    query: politicians.listParams,
    paramText: {
      jurisdiction:
        '`federal` (level=federal) or a 2-letter province code (level=provincial and that province; case-insensitive). Omitted: all levels.',
      role: 'Case-insensitive substring of elected_office.',
      status: 'Sitting, former, or both.',
      constituency_id: 'Exact constituency id (`<source_set>/<slug>`).',
      q: 'Case- and accent-insensitive substring of the name.',
    },
    description: 'Ordered by last name, first name, then id.',
    errors: ['invalid_parameter'],
    maxAge: 300,
    body: 'politicianList',
    gated: true,
  },
  {
    id: 'getPolitician',
    path: '/politicians/{id}',
    tag: 'Politicians',
    summary: 'One politician with websites and boundary',
    pathParams: { id: uuidPath('politician') },
    errors: ['not_found'],
    maxAge: 60,
    body: 'politicianDetail',
    gated: true,
  },
  {
    id: 'listPoliticianOffices',
    path: '/politicians/{id}/offices',
    tag: 'Politicians',
    summary: "A politician's offices",
    description: 'Ordered constituency, legislature, other.',
    pathParams: { id: uuidPath('politician') },
    errors: ['not_found'],
    maxAge: 600,
    body: 'offices',
    gated: true,
  },
  {
    id: 'listPoliticianSocials',
    path: '/politicians/{id}/socials',
    tag: 'Politicians',
    summary: "A politician's social handles",
    pathParams: { id: uuidPath('politician') },
    query: politicians.socialsParams,
    paramText: { include_dead: 'Also return handles with is_live=false.' },
    errors: ['not_found', 'invalid_parameter'],
    maxAge: 300,
    body: 'socials',
    gated: true,
  },
  {
    id: 'listPoliticianPosts',
    path: '/politicians/{id}/posts',
    tag: 'Politicians',
    summary: "A politician's social posts, newest first",
    pathParams: { id: uuidPath('politician') },
    query: politicians.postsParams,
    paramText: { platform: 'Only posts on these platforms (comma-separated).', limit: 'Number of posts.' },
    errors: ['not_found', 'invalid_parameter'],
    maxAge: 60,
    body: 'posts',
    gated: true,
  },

  // ---- bills ----
  {
    id: 'listBills',
    path: '/bills',
    tag: 'Bills',
    summary: 'List bills',
    query: bills.listParams,
    description:
      'Newest introduced_date first, undated bills last, then id. Federal bills have null province_territory: combine level=federal to select them.',
    paramText: {
      status: 'Exact upstream status label.',
      sponsor_politician_id: 'Bills sponsored or co-sponsored by this politician.',
      q: 'Case- and accent-insensitive substring of title, short_title or bill_number.',
      introduced_from: 'Earliest introduced_date, inclusive.',
      introduced_to: 'Latest introduced_date, inclusive; not before introduced_from.',
    },
    errors: ['invalid_parameter'],
    maxAge: 300,
    body: 'billList',
    gated: true,
  },
  {
    id: 'getBill',
    path: '/bills/{id}',
    tag: 'Bills',
    summary: 'One bill with its session',
    pathParams: { id: uuidPath('bill') },
    errors: ['not_found'],
    maxAge: 300,
    body: 'billDetail',
    gated: true,
  },
  {
    id: 'listBillEvents',
    path: '/bills/{id}/events',
    tag: 'Bills',
    summary: "A bill's event log, by event_date",
    pathParams: { id: uuidPath('bill') },
    errors: ['not_found'],
    maxAge: 300,
    body: 'billEvents',
    gated: true,
  },
  {
    id: 'listBillSponsors',
    path: '/bills/{id}/sponsors',
    tag: 'Bills',
    summary: "A bill's sponsors, by ordering",
    pathParams: { id: uuidPath('bill') },
    errors: ['not_found'],
    maxAge: 300,
    body: 'billSponsors',
    gated: true,
  },

  // ---- votes and committees ----
  {
    id: 'listVotes',
    path: '/votes',
    tag: 'Votes',
    summary: 'List votes, newest first',
    query: votes.listParams,
    paramText: {
      bill_id: 'Votes on this bill.',
      result: 'Outcome of the vote.',
      vote_type: 'Kind of vote.',
      occurred_from: 'Earliest day (UTC), inclusive.',
      occurred_to: 'Latest day (UTC), inclusive of the whole day; not before occurred_from.',
    },
    errors: ['invalid_parameter'],
    maxAge: 300,
    body: 'voteList',
    gated: true,
  },
  {
    id: 'getVote',
    path: '/votes/{id}',
    tag: 'Votes',
    summary: 'One vote',
    pathParams: { id: uuidPath('vote') },
    errors: ['not_found'],
    maxAge: 300,
    body: 'voteDetail',
    gated: true,
  },
  {
    id: 'listVotePositions',
    path: '/votes/{id}/positions',
    tag: 'Votes',
    summary: 'How each politician voted (not paginated)',
    pathParams: { id: uuidPath('vote') },
    errors: ['not_found'],
    maxAge: 300,
    body: 'votePositions',
    gated: true,
  },
  {
    id: 'listCommitteeMeetings',
    path: '/committees/meetings',
    tag: 'Committees',
    summary: 'Committee meetings inferred from committee speeches',
    query: committeeParams,
    description: 'Newest date first. Search inside transcripts with /search/speeches?speech_type=committee.',
    paramText: {
      source_system: 'Exact source system.',
      from: "Earliest meeting date (the legislature's local date), inclusive.",
      to: 'Latest meeting date, inclusive; not before `from`.',
    },
    errors: ['invalid_parameter'],
    maxAge: 300,
    body: 'committeeMeetings',
    gated: true,
  },

  // ---- boundaries and postcodes ----
  {
    id: 'listBoundaries',
    path: '/boundaries',
    tag: 'Boundaries',
    summary: 'List electoral boundaries (no geometry)',
    query: boundaries.listParams,
    paramText: {
      province_territory: 'Narrows provincial and municipal boundaries to this province; federal boundaries are always listed.',
      bbox: '`minLng,minLat,maxLng,maxLat` (WGS84): boundaries whose simplified bounding box intersects it, edges included.',
    },
    errors: ['invalid_parameter'],
    maxAge: 3600,
    body: 'boundaryList',
    gated: true,
  },
  {
    id: 'lookupBoundaries',
    path: '/boundaries/lookup',
    tag: 'Boundaries',
    summary: 'Boundaries containing a point or postcode',
    query: boundaries.lookupParams,
    description: 'Give lat and lng, or postcode (which wins when both are given). Point-in-polygon runs on the full geometry.',
    paramText: {
      lat: 'Latitude (WGS84); required with lng unless postcode is given.',
      lng: 'Longitude (WGS84); required with lat unless postcode is given.',
      postcode: 'A postcode or FSA, resolved locally; its point is used.',
      level: "Only this level's slot in the answer.",
    },
    errors: ['invalid_parameter', 'not_found'],
    maxAge: 3600,
    body: 'boundaryLookup',
    gated: true,
  },
  {
    id: 'getBoundary',
    path: '/boundaries/{source_set}/{slug}',
    tag: 'Boundaries',
    summary: 'One boundary with its simplified geometry',
    pathParams: { source_set: boundaryPart('source set'), slug: boundaryPart('slug') },
    query: boundaries.detailParams,
    paramText: { precision: 'Decimal places of the GeoJSON coordinates.' },
    errors: ['invalid_parameter', 'not_found'],
    maxAge: 3600,
    body: 'boundaryDetail',
    gated: true,
  },
  {
    id: 'getPostcode',
    path: '/postcodes/{postcode}',
    tag: 'Postcodes',
    summary: 'Resolve a postcode or FSA to a point and its boundaries',
    description: 'Fully local; no upstream call and no 503 path.',
    pathParams: { postcode: postcodePath },
    errors: ['invalid_parameter', 'not_found'],
    maxAge: 86400,
    body: 'postcode',
    gated: true,
  },
  {
    id: 'getPostcodeRepresentatives',
    path: '/postcodes/{postcode}/representatives',
    tag: 'Postcodes',
    summary: 'Sitting representatives of a postcode',
    pathParams: { postcode: postcodePath },
    errors: ['invalid_parameter', 'not_found'],
    maxAge: 300,
    body: 'representatives',
    gated: true,
  },

  // ---- coverage ----
  {
    id: 'getCoverage',
    path: '/coverage',
    tag: 'Coverage',
    summary: 'Coverage per jurisdiction with a summary',
    query: coverageParams,
    paramText: { status: 'Only jurisdictions whose bills_status is this (the summary still counts all 14).' },
    errors: ['invalid_parameter'],
    maxAge: 300,
    body: 'coverage',
    gated: true,
  },
  {
    id: 'listJurisdictionSources',
    path: '/jurisdiction-sources',
    tag: 'Coverage',
    summary: 'Coverage rows without a summary',
    errors: [],
    maxAge: 300,
    body: 'jurisdictionSources',
    gated: true,
  },

  // ---- search ----
  {
    id: 'searchSpeeches',
    path: '/search/speeches',
    tag: 'Search',
    summary: 'Hybrid (keyword + semantic) search of Hansard speeches',
    description:
      'Without q and anchor_chunk_id, at least one structural filter gives "recent" mode (newest first); with none, 400 missing_query.',
    query: speechParams,
    arrays: SEARCH_ARRAYS,
    paramText: searchText,
    errors: ['invalid_parameter', 'missing_query', 'anchor_not_found', 'not_found'],
    maxAge: 60,
    body: 'searchSpeeches',
    gated: true,
    bucket: 'semantic',
  },
  {
    id: 'countSpeeches',
    path: '/search/speeches/count',
    tag: 'Search',
    summary: 'Count of a speech search (capped at 10,001)',
    query: speechParams,
    arrays: SEARCH_ARRAYS,
    paramText: searchText,
    errors: ['invalid_parameter', 'missing_query', 'anchor_not_found', 'not_found'],
    maxAge: 60,
    body: 'searchCount',
    gated: true,
    bucket: 'semantic',
  },
  {
    id: 'searchFacets',
    path: '/search/facets',
    tag: 'Search',
    summary: 'Facets over the top results of a search',
    query: facetParams,
    arrays: SEARCH_ARRAYS,
    paramText: { ...searchText, limit: 'Size of the candidate pool analysed; clamped to 10-500.' },
    errors: ['invalid_parameter', 'missing_query', 'anchor_not_found', 'not_found'],
    maxAge: 60,
    body: 'searchFacets',
    gated: true,
    bucket: 'semantic',
  },
  {
    id: 'listSearchSessions',
    path: '/search/sessions',
    tag: 'Search',
    summary: 'Legislative sessions that have speeches, newest first',
    query: sessionParams,
    paramText: { province: 'Only sessions of this province or territory.' },
    errors: ['invalid_parameter'],
    maxAge: 3600,
    body: 'searchSessions',
    gated: true,
  },
  {
    id: 'getSearchChunk',
    path: '/search/chunks/{id}',
    tag: 'Search',
    summary: 'One speech chunk with its speech metadata',
    pathParams: { id: uuidPath('chunk') },
    errors: ['not_found'],
    maxAge: 60,
    body: 'searchChunk',
    gated: true,
  },
  {
    id: 'getSearchMeta',
    path: '/search/meta',
    tag: 'Search',
    summary: 'Size of the search corpus and its embedded fraction',
    errors: [],
    maxAge: 300,
    body: 'searchMeta',
    gated: true,
  },
];

/** What a query parameter of an endpoint means (its own text, else the shared one). */
export function paramMeaning(e: Endpoint, name: string): string {
  const what = e.paramText?.[name] ?? PARAM_TEXT[name];
  if (!what) throw new Error(`no description for parameter ${name} of ${e.path}`);
  return what;
}

/** The endpoint with this operationId (a typo is a programming error). */
export function endpoint(id: string): Endpoint {
  const e = ENDPOINTS.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint ${id}`);
  return e;
}

/** The path as the server sees it, e.g. /api/public/v1/politicians/{id}. */
export const fullPath = (e: Endpoint) => (e.root ? e.path : `${API_PREFIX}${e.path}`);

/** The rate-limit bucket a gated endpoint draws from, else null. */
export const bucketOf = (e: Endpoint): BucketClass | null => (e.gated ? (e.bucket ?? 'general') : null);

const BUCKET_BY_PATH = new Map(ENDPOINTS.filter((e) => e.gated && !e.root).map((e) => [e.path, bucketOf(e)!]));

/** The bucket of a request path relative to the API prefix; a path no endpoint serves draws from the general one. */
export const bucketOfPath = (path: string): BucketClass => BUCKET_BY_PATH.get(path) ?? 'general';

/** Every error an endpoint can answer with: its own, the gate's, the embedding queue's and 500. */
export function errorsOf(e: Endpoint): ErrorCode[] {
  const out: ErrorCode[] = [...e.errors];
  if (e.gated) out.push('invalid_api_key', 'rate_limited');
  if (bucketOf(e) === 'semantic') out.push('search_overloaded');
  out.push('internal_error');
  return out;
}
