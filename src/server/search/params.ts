// Query parameters of the search endpoints (spec "Search"; decisions 1, 6).
import * as v from 'valibot';
import type { SearchFilters } from '../db/search.js';
import { SPEECH_TYPES } from '../../core/domain/enums.js';
import { bool, date, int, level, limit, manyOf, number, oneOf, page, parseParams, province, text, uuid } from '../http/params.js';
import { ApiError } from '../../core/errors.js';
import type { SearchRequest } from './engine.js';

const UUID_ITEM = v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i), v.toLowerCase());
const MAX_INT = 2_147_483_647;

const queryParams = {
  q: text(0, 500),
  anchor_chunk_id: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'must be a chunk id (36 characters of 0-9, a-f and -)'))),
};

const filterParams = {
  lang: oneOf(['en', 'fr', 'any'] as const, 'any'),
  level: level(),
  province_territory: province(),
  politician_ids: manyOf(UUID_ITEM, 50, 'a UUID'),
  politician_id: uuid(),
  postcode: text(3, 8),
  party: text(1, 100),
  from: date(),
  to: date(),
  exclude_presiding: bool(false),
  politician_active: oneOf(['active', 'inactive'] as const),
  min_similarity: number(0, 1),
  parliament_number: int(1, MAX_INT),
  session_number: int(1, MAX_INT),
  session_id: uuid(),
  speech_type: manyOf(v.picklist(SPEECH_TYPES), SPEECH_TYPES.length, `one of ${SPEECH_TYPES.join(', ')}`),
};

export const speechParams = {
  ...queryParams,
  ...filterParams,
  page: page(),
  limit: limit(50, 20),
  group_by: oneOf(['timeline', 'politician'] as const, 'timeline'),
  per_group_limit: int(1, 10, 3),
  sort: oneOf(['mentions', 'best_match', 'avg_match', 'keyword_hits'] as const, 'mentions'),
  include_count: bool(true),
};

// Out-of-range facet limits are clamped, not refused (spec); anything but an integer is a 400.
export const facetParams = {
  ...queryParams,
  ...filterParams,
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[+-]?\d{1,10}$/, 'must be an integer (clamped to 10-500)'),
      v.transform((s) => Math.min(500, Math.max(10, Number(s)))),
    ),
    '200',
  ),
};

export const sessionParams = { level: level(), province: province() };

export const ARRAYS = ['politician_ids', 'speech_type'] as const;

type Parsed = v.InferOutput<v.ObjectSchema<typeof filterParams & typeof queryParams, undefined>>;

/** The politician ids of a postcode's representatives (400 when malformed, 404 when unknown). */
export type RepresentativeIds = (postcode: string, param: string) => string[];

/** politician_ids and politician_id (the original's one-id spelling) together name the speakers
 *  searched; postcode narrows them to its representatives (or names them, alone). */
function speakers(p: Parsed, representativeIds: RepresentativeIds | undefined): string[] | undefined {
  let ids =
    p.politician_ids || p.politician_id
      ? [...new Set([...(p.politician_ids ?? []), ...(p.politician_id ? [p.politician_id.toLowerCase()] : [])])]
      : undefined;
  if (p.postcode !== undefined) {
    if (!representativeIds) throw new ApiError('not_found', 'postcodes are not served by this data file');
    const reps = new Set(representativeIds(p.postcode, 'postcode'));
    ids = ids ? ids.filter((id) => reps.has(id)) : [...reps];
  }
  return ids;
}

function toRequest(p: Parsed, representativeIds: RepresentativeIds | undefined): SearchRequest {
  const filters: SearchFilters = {
    langs: p.lang === 'any' ? ['en', 'fr'] : [p.lang],
    level: p.level,
    province_territory: p.province_territory,
    politician_ids: speakers(p, representativeIds),
    party: p.party,
    from: p.from,
    to: p.to,
    exclude_presiding: p.exclude_presiding,
    politician_active: p.politician_active,
    parliament_number: p.parliament_number,
    session_number: p.session_number,
    session_id: p.session_id,
    speech_type: p.speech_type,
  };
  const structural = [
    p.politician_ids,
    p.politician_id,
    p.postcode,
    p.party,
    p.level,
    p.province_territory,
    p.from,
    p.to,
    p.parliament_number,
    p.session_number,
    p.speech_type,
    p.politician_active,
    p.session_id,
  ].some((x) => x !== undefined);
  const q = p.q?.trim() ? p.q : undefined;
  return { q, anchor_chunk_id: p.anchor_chunk_id?.toLowerCase(), filters, structural, min_similarity: p.min_similarity };
}

export function parseSpeechSearch(query: Record<string, string[]>, representativeIds?: RepresentativeIds) {
  const p = parseParams(query, speechParams, [['from', 'to']], ARRAYS);
  return {
    request: toRequest(p, representativeIds),
    page: p.page,
    limit: p.limit,
    group_by: p.group_by,
    per_group_limit: p.per_group_limit,
    sort: p.sort,
    include_count: p.include_count,
  };
}

export function parseFacetSearch(query: Record<string, string[]>, representativeIds?: RepresentativeIds) {
  const p = parseParams(query, facetParams, [['from', 'to']], ARRAYS);
  return { request: toRequest(p, representativeIds), limit: p.limit };
}

export const parseSessions = (query: Record<string, string[]>) => parseParams(query, sessionParams);
