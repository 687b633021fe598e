// JSON Schemas (2020-12, as OpenAPI 3.1 uses) of every response body, written once here and
// checked against real responses of the app in test/server/openapi/responses.test.ts. Objects are closed
// (additionalProperties: false) and every field is required: decisions 1 says "null, never missing".
// Field lists follow the spec's Resources, decisions 5-7 and docs/api-notes.md.
import {
  BILL_STAGES,
  COVERAGE_STATUSES,
  LANGUAGES,
  LEVELS,
  OFFICE_KINDS,
  PLATFORMS,
  POLITICIAN_STATUSES,
  POSITIONS,
  SPEECH_TYPES,
  SPONSOR_ROLES,
  VOTE_RESULTS,
  VOTE_TYPES,
} from '../../core/domain/enums.js';
import type { JsonSchema } from './param-schema.js';

// ---- building blocks -----------------------------------------------------------------------------

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (s: JsonSchema): JsonSchema => (s.$ref ? { anyOf: [s, { type: 'null' }] } : { ...s, type: [s.type, 'null'] });
const str: JsonSchema = { type: 'string' };
const int: JsonSchema = { type: 'integer' };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const num: JsonSchema = { type: 'number' };
const bool: JsonSchema = { type: 'boolean' };
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const date: JsonSchema = { type: 'string', format: 'date' };
const timestamp: JsonSchema = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 UTC, second precision, e.g. 2023-05-30T00:00:00Z',
};
const oneOfValues = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });
const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const province: JsonSchema = { type: 'string', minLength: 2, maxLength: 2, description: '2-letter province or territory code' };
const nstr = nullable(str);

/** A closed object whose every property is required (present, possibly null). */
function object(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
}

/** `schema` with further properties that may be absent. */
const withOptional = (schema: JsonSchema, properties: Record<string, JsonSchema>): JsonSchema => ({
  ...schema,
  properties: { ...(schema.properties as Record<string, JsonSchema>), ...properties },
});

const stringMap = (description: string): JsonSchema => ({ type: 'object', additionalProperties: str, description });

/** The paginated list envelope (spec "General conventions"; decisions 1). */
const paged = (item: string, description: string): JsonSchema =>
  object(
    {
      items: arrayOf(ref(item)),
      page: { type: 'integer', minimum: 1 },
      limit: { type: 'integer', minimum: 1 },
      total: count,
      pages: { ...count, description: 'ceil(total / limit); 0 when total is 0' },
    },
    description,
  );

const position: JsonSchema = { type: 'array', prefixItems: [num, num], minItems: 2, maxItems: 2, items: false, description: '[lng, lat]' };
const multiPolygon: JsonSchema = object(
  {
    type: { const: 'MultiPolygon' },
    coordinates: arrayOf(arrayOf(arrayOf(position))),
  },
  'GeoJSON MultiPolygon geometry (WGS84), simplified (about 555 m tolerance); not authoritative at edges',
);

// ---- resources -----------------------------------------------------------------------------------

const politicianListFields = {
  id: uuid,
  full_name: str,
  honorific: nstr,
  party: { type: ['string', 'null'], description: 'null when no source names it' },
  status: oneOfValues(POLITICIAN_STATUSES),
  level: oneOfValues(LEVELS),
  province_territory: nullable(province),
  constituency_id: { type: ['string', 'null'], description: '<source_set>/<slug>; null when no source names it' },
  constituency_name: nstr,
  elected_office: str,
  photo_url: nstr,
  email: nstr,
  phone: nstr,
  term_start_at: nullable(timestamp),
  last_verified_at: nullable(timestamp),
};

const boundaryItemFields = {
  constituency_id: str,
  name: str,
  level: oneOfValues(LEVELS),
  province_territory: nullable(province),
  source_set: str,
  area_sqkm: { type: 'number', minimum: 0 },
  centroid: object({ lng: num, lat: num }),
  effective_from: nullable(date),
  effective_to: nullable(date),
  boundaries_version: str,
};

const officeSchema = object({
  kind: oneOfValues(OFFICE_KINDS),
  address: nstr,
  city: nstr,
  province_territory: nstr,
  postal_code: nstr,
  phone: nstr,
  fax: nstr,
  email: nstr,
  hours: nstr,
  lat: nullable(num),
  lng: nullable(num),
  source: nstr,
});

const socialHandleSchema = object({
  platform: oneOfValues(PLATFORMS),
  handle: str,
  url: str,
  follower_count: nullable(count),
  lifetime_post_count: nullable(count),
  last_post_at: nullable(timestamp),
  last_profile_check_at: nullable(timestamp),
  last_verified_at: nullable(timestamp),
  is_live: bool,
});

const billListFields = {
  id: uuid,
  session_id: uuid,
  level: oneOfValues(LEVELS),
  province_territory: nullable(province),
  bill_number: str,
  title: str,
  short_title: nstr,
  bill_type: str,
  status: { type: ['string', 'null'], description: 'free-text upstream label; no fixed enum' },
  status_changed_at: nullable(timestamp),
  introduced_date: nullable(date),
  source_system: str,
  source_url: nstr,
  first_seen_at: timestamp,
  updated_at: timestamp,
  parliament_number: int,
  session_number: int,
  session_name: str,
  events_count: count,
  sponsors_count: count,
};

const voteListFields = {
  id: uuid,
  session_id: uuid,
  level: oneOfValues(LEVELS),
  province_territory: nullable(province),
  bill_id: nullable(uuid),
  vote_type: oneOfValues(VOTE_TYPES),
  occurred_at: timestamp,
  result: oneOfValues(VOTE_RESULTS),
  ayes: nullable(count),
  nays: nullable(count),
  abstentions: nullable(count),
  motion_text: nstr,
  source_system: str,
  source_url: nstr,
  created_at: timestamp,
  updated_at: timestamp,
  parliament_number: int,
  session_number: int,
  session_name: str,
  bill_number: nstr,
  bill_title: nstr,
  positions_count: count,
};

const coverageFields = {
  jurisdiction: str,
  legislature_name: str,
  seats: count,
  bills_status: oneOfValues(COVERAGE_STATUSES),
  hansard_status: oneOfValues(COVERAGE_STATUSES),
  votes_status: oneOfValues(COVERAGE_STATUSES),
  committees_status: oneOfValues(COVERAGE_STATUSES),
  bills_count: count,
  speeches_count: count,
  votes_count: count,
  politicians_count: count,
  last_verified_at: nullable(timestamp),
  source_urls: stringMap('source name → URL'),
  notes: nstr,
  politicians_status: oneOfValues(COVERAGE_STATUSES),
};

const searchPolitician = { id: uuid, name: str, slug: str };
const similarity: JsonSchema = {
  type: ['number', 'null'],
  minimum: -1,
  maximum: 1,
  description: 'cosine similarity to the query vector, 6 decimals; null in recent mode or without an encoder',
};
const searchMode = oneOfValues(['hybrid', 'semantic', 'recent']);

/** Reusable schemas: `components.schemas` of the document. */
export const SCHEMAS: Record<string, JsonSchema> = {
  Error: {
    ...object(
      {
        statusCode: { type: 'integer', minimum: 400, maximum: 599 },
        code: { type: 'string', description: 'machine-readable error code (see the error catalog)' },
        error: { type: 'string', description: 'HTTP reason phrase' },
        message: str,
        issues: { ...arrayOf(object({ param: str, message: str })), description: 'every bad parameter (400 invalid_parameter only)' },
      },
      'The one error shape of the API (decisions 2)',
    ),
    required: ['statusCode', 'code', 'error', 'message'],
  },
  GeoJsonMultiPolygon: multiPolygon,

  PoliticianListItem: object(politicianListFields),
  PoliticianDetail: object({
    id: uuid,
    name: str,
    first_name: nstr,
    last_name: nstr,
    honorific: nstr,
    party: nstr,
    elected_office: str,
    level: oneOfValues(LEVELS),
    province_territory: nullable(province),
    constituency_name: nstr,
    constituency_id: nstr,
    email: nstr,
    phone: nstr,
    fax: nstr,
    constituency_office_address: nstr,
    legislature_office_address: { type: ['string', 'null'], description: 'may contain a newline' },
    mailing_address: { type: 'null', description: 'always null in v1' },
    status: oneOfValues(POLITICIAN_STATUSES),
    term_start_at: nullable(timestamp),
    term_end_at: nullable(timestamp),
    last_verified_at: nullable(timestamp),
    photo_url: nstr,
    personal_url: nstr,
    official_url: nstr,
    social_urls: stringMap('platform → URL of the first live handle on it'),
    is_active: bool,
    external_parliament_slug: nstr,
    ab_assembly_mid: nstr,
  }),
  PoliticianTerm: object({
    start_at: timestamp,
    end_at: nullable(timestamp),
    elected_office: nstr,
    constituency_id: nstr,
    constituency_name: nstr,
    party: nstr,
    parliament_number: { type: ['integer', 'null'], minimum: 1 },
    observed: { type: 'boolean', description: 'true: the dates are the first and last days a source saw the person act in the seat' },
  }),
  WebsiteScan: object({
    ip_country: nstr,
    ip_city: nstr,
    ip_latitude: nullable(num),
    ip_longitude: nullable(num),
    hosting_provider: nstr,
    hosting_country: nstr,
    sovereignty_tier: { type: ['integer', 'null'], minimum: 1, maximum: 6 },
    cdn_detected: nstr,
    cms_detected: nstr,
    scanned_at: timestamp,
  }),
  Website: object({
    id: uuid,
    url: str,
    hostname: nstr,
    label: nstr,
    is_active: bool,
    last_scanned_at: nullable(timestamp),
    created_at: timestamp,
    updated_at: timestamp,
    scan: nullable(ref('WebsiteScan')),
  }),
  PoliticianBoundary: object({
    constituency_id: str,
    name: str,
    level: oneOfValues(LEVELS),
    boundary_geojson: ref('GeoJsonMultiPolygon'),
    centroid_lng: num,
    centroid_lat: num,
  }),
  Office: officeSchema,
  SocialHandle: socialHandleSchema,
  SocialPost: object({
    id: uuid,
    politician_id: uuid,
    platform: oneOfValues(PLATFORMS),
    post_id: str,
    posted_at: timestamp,
    text: nstr,
    url: str,
    media_urls: arrayOf(str),
    engagement: nullable({ type: 'object', additionalProperties: num }),
    scraped_at: timestamp,
    funded_by: nstr,
    funded_by_url: nstr,
  }),

  BillListItem: object(billListFields),
  BillDetail: object({
    ...billListFields,
    source_id: nstr,
    session_start_date: date,
    session_end_date: nullable(date),
    votes_count: count,
  }),
  BillEvent: object({
    id: uuid,
    bill_id: uuid,
    stage: oneOfValues(BILL_STAGES),
    stage_label: str,
    event_type: nstr,
    outcome: nstr,
    committee_name: nstr,
    event_date: date,
    source_url: nstr,
    created_at: timestamp,
  }),
  BillSponsor: object({
    id: uuid,
    bill_id: uuid,
    politician_id: nullable(uuid),
    sponsor_name_raw: str,
    role: oneOfValues(SPONSOR_ROLES),
    ordering: int,
    created_at: timestamp,
    politician_name: nstr,
    politician_party: nstr,
    external_parliament_slug: nstr,
  }),

  VoteListItem: object(voteListFields),
  VoteDetail: object({ ...voteListFields, bill_short_title: nstr }),
  VotePosition: object({
    id: uuid,
    vote_id: uuid,
    politician_id: nullable(uuid),
    politician_name_raw: str,
    party_at_time: nstr,
    constituency_at_time: nstr,
    position: oneOfValues(POSITIONS),
    politician_name: nstr,
    politician_party_current: nstr,
    external_parliament_slug: nstr,
  }),
  CommitteeMeeting: object({
    meeting_url: str,
    level: oneOfValues(LEVELS),
    province_territory: nullable(province),
    source_system: str,
    date,
    first_spoken_at: timestamp,
    last_spoken_at: timestamp,
    speech_count: count,
  }),

  BoundaryItem: object(boundaryItemFields),
  BoundaryMatch: object({ ...boundaryItemFields, boundary_geojson: ref('GeoJsonMultiPolygon') }),
  BoundaryLookup: {
    ...object(
      { federal: nullable(ref('BoundaryMatch')), provincial: nullable(ref('BoundaryMatch')), municipal: nullable(ref('BoundaryMatch')) },
      'The containing boundary at each level, or null; with `level`, only that key',
    ),
    required: [],
    minProperties: 1,
  },
  PostcodeResolution: object({
    postcode: { type: 'string', description: 'display form, A1A 1A1 or A1A' },
    is_fsa: bool,
    latlng: object({ lat: num, lng: num }),
    city: nstr,
    province: nullable(province),
    source: oneOfValues(['nar', 'cache', 'fsa_derived']),
    fetched_at: timestamp,
    address_points: nullable(count),
    approximate: bool,
    boundaries: object({
      federal: nullable(ref('BoundaryMatch')),
      provincial: nullable(ref('BoundaryMatch')),
      municipal: nullable(ref('BoundaryMatch')),
    }),
  }),
  RepresentativeEntry: object({
    level: oneOfValues(LEVELS),
    constituency_id: str,
    constituency_name: str,
    boundary_source_set: str,
    politician: object({
      ...politicianListFields,
      first_name: nstr,
      last_name: nstr,
      personal_url: nstr,
      official_url: nstr,
      social_urls: stringMap('platform → URL'),
    }),
    offices: arrayOf(ref('Office')),
    socials: arrayOf(ref('SocialHandle')),
  }),

  CoverageRow: object(coverageFields),

  SearchPolitician: object({
    ...searchPolitician,
    photo_url: nstr,
    party: nstr,
    socials: {
      ...arrayOf(object({ platform: str, url: str, handle: str })),
      description: "live social handles, by platform then handle (the original API's shape)",
    },
  }),
  SearchResultItem: object({
    chunk_id: uuid,
    speech_id: uuid,
    chunk_index: count,
    text: str,
    snippet_html: { type: 'string', description: 'the text, HTML-escaped, matched terms in <mark>' },
    similarity,
    score: { type: ['number', 'null'], description: 'reciprocal rank fusion score, 6 decimals; null in recent mode' },
    spoken_at: timestamp,
    language: oneOfValues(LANGUAGES),
    level: oneOfValues(LEVELS),
    province_territory: nullable(province),
    party_at_time: nstr,
    politician: nullable(ref('SearchPolitician')),
    speech: object({
      speaker_name_raw: str,
      speaker_role: nstr,
      speech_type: oneOfValues(SPEECH_TYPES),
      source_url: nstr,
      source_anchor: nstr,
      source_system: str,
      session: nullable(object({ session_id: uuid, parliament_number: int, session_number: int })),
    }),
  }),
};

// ---- response bodies per endpoint ----------------------------------------------------------------

export const BODIES = {
  health: withOptional(
    object(
      {
        status: { const: 'ok' },
        build_id: str,
        built_at: timestamp,
        schema_version: int,
        dataset: str,
        demo: bool,
        holds: object(
          {
            federal_parliaments: arrayOf(int),
            newest_house_sitting: nullable(date),
            federal_hansard: oneOfValues(['record', 'sample', 'none']),
            sitting_federal_members: count,
            federal_ridings: arrayOf(str),
          },
          'What the data file covers: the federal Parliaments with sessions on file, the newest House sitting in its Hansard, whether that Hansard is the whole record or a sample, the sitting MPs, and the federal riding map lookups use',
        ),
      },
      'The running server and its data file; 503 server_overloaded (the error shape) while no API request could be admitted',
    ),
    {
      in_flight: { ...count, description: 'Requests in flight now, this one included (canpol serve)' },
    },
  ),

  root: object(
    { name: str, description: str, docs: str, openapi: str, health: str, api: str },
    'Where the documentation, the OpenAPI document and the health check are',
  ),

  politicianList: paged('PoliticianListItem', 'Politicians'),
  politicianDetail: object({
    politician: ref('PoliticianDetail'),
    websites: arrayOf(ref('Website')),
    boundary: nullable(ref('PoliticianBoundary')),
    terms: arrayOf(ref('PoliticianTerm')),
  }),
  offices: object({ items: arrayOf(ref('Office')) }),
  socials: object({ items: arrayOf(ref('SocialHandle')) }),
  posts: object({ items: arrayOf(ref('SocialPost')) }),

  billList: paged('BillListItem', 'Bills'),
  billDetail: object({ bill: ref('BillDetail') }),
  billEvents: object({ bill_id: uuid, events: arrayOf(ref('BillEvent')) }),
  billSponsors: object({ bill_id: uuid, sponsors: arrayOf(ref('BillSponsor')) }),

  voteList: paged('VoteListItem', 'Votes'),
  voteDetail: object({ vote: ref('VoteDetail') }),
  votePositions: object({ vote_id: uuid, positions: arrayOf(ref('VotePosition')) }),
  committeeMeetings: paged('CommitteeMeeting', 'Committee meetings'),

  boundaryList: paged('BoundaryItem', 'Boundaries (no geometry)'),
  boundaryLookup: ref('BoundaryLookup'),
  boundaryDetail: object({ boundary: ref('BoundaryMatch') }),
  postcode: ref('PostcodeResolution'),
  representatives: {
    ...object({
      ...(SCHEMAS.PostcodeResolution.properties as Record<string, JsonSchema>),
      representatives: arrayOf(ref('RepresentativeEntry')),
    }),
    description: 'The postcode resolution plus one entry per sitting representative, federal then provincial then municipal',
  },

  coverage: object({
    jurisdictions: arrayOf(ref('CoverageRow')),
    summary: object(
      { total: count, live: count, partial: count, blocked: count, none: count },
      'bills_status counts over all 14 jurisdictions',
    ),
  }),
  jurisdictionSources: object({ items: arrayOf(ref('CoverageRow')) }),

  searchSpeeches: {
    oneOf: [
      object(
        {
          items: arrayOf(ref('SearchResultItem')),
          page: { type: 'integer', minimum: 1 },
          limit: { type: 'integer', minimum: 1 },
          total: nullable(count),
          capped: nullable(bool),
          pages: nullable(count),
          mode: searchMode,
        },
        'Timeline (default): total, capped and pages are null with include_count=false',
      ),
      object(
        {
          mode: searchMode,
          group_by: { const: 'politician' },
          page: { type: 'integer', minimum: 1 },
          limit: { type: 'integer', minimum: 1 },
          per_group_limit: { type: 'integer', minimum: 1 },
          total_politicians: count,
          groups: arrayOf(
            object({
              politician: ref('SearchPolitician'),
              best_similarity: similarity,
              avg_similarity: similarity,
              mention_count: count,
              keyword_hits: count,
              chunks: arrayOf(ref('SearchResultItem')),
            }),
          ),
        },
        'group_by=politician',
      ),
    ],
  },
  searchCount: object({ total: { ...count, maximum: 10_001 }, capped: bool }),
  searchFacets: object({
    analyzed_count: count,
    analysis_limit: { type: 'integer', minimum: 10, maximum: 500 },
    chunk_ids: arrayOf(uuid),
    by_party: arrayOf(object({ party: nstr, count, avg_similarity: similarity })),
    by_politician: {
      ...arrayOf(object({ politician: nullable(object(searchPolitician)), count, avg_similarity: similarity })),
      maxItems: 10,
    },
    by_year: arrayOf(object({ year: int, count })),
    by_language: arrayOf(object({ language: oneOfValues(LANGUAGES), count })),
    keyword_overlap: nullable(object({ both: count, semantic_only: count, keyword_only: count })),
    mode: searchMode,
  }),
  searchSessions: object({
    sessions: arrayOf(
      object({
        session_id: uuid,
        parliament_number: int,
        session_number: int,
        name: str,
        start_date: date,
        end_date: nullable(date),
        level: oneOfValues(LEVELS),
        province_territory: nullable(province),
      }),
    ),
  }),
  searchChunk: object({
    chunk_id: uuid,
    speech_id: uuid,
    chunk_index: count,
    text: str,
    char_start: count,
    char_end: count,
    language: oneOfValues(LANGUAGES),
    speaker_name_raw: str,
    party_at_time: nstr,
    spoken_at: timestamp,
    level: oneOfValues(LEVELS),
    province_territory: nullable(province),
    source_url: nstr,
    source_anchor: nstr,
    source_system: str,
    politician: nullable(object({ ...searchPolitician, photo_url: nstr, party: nstr })),
  }),
  searchMeta: object({
    total_chunks: count,
    embedded_chunks: count,
    coverage: { type: 'number', minimum: 0, maximum: 1, description: 'embedded fraction of the corpus' },
  }),

  openapi: { type: 'object', description: 'This OpenAPI 3.1 document', required: ['openapi', 'info', 'paths'] },
  docsPage: { type: 'string', description: 'A self-contained HTML page generated from this document' },
} satisfies Record<string, JsonSchema>;

export type BodyName = keyof typeof BODIES;
