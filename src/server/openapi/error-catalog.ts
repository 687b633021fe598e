// Every error code of the API (decisions 2), with its status, when it happens and the headers it
// carries: the OpenAPI document and the docs page both read this one list.

import type { ErrorCode } from '../../core/errors.js';

export interface ErrorEntry {
  status: number;
  when: string;
  /** Headers this error adds to the usual ones (all errors are Cache-Control: no-store). */
  headers: readonly string[];
}

export const ERROR_CATALOG = {
  invalid_parameter: {
    status: 400,
    when: 'A parameter failed validation; `issues` lists every bad parameter, in declaration order. A known parameter given twice is one too (unless documented as an array).',
    headers: [],
  },
  missing_query: { status: 400, when: 'A search with no `q`, no `anchor_chunk_id` and no structural filter.', headers: [] },
  invalid_api_key: {
    status: 401,
    when: 'An `Authorization` header is present but malformed, or its key is unknown or revoked (never downgraded to anonymous).',
    headers: ['WWW-Authenticate'],
  },
  not_found: {
    status: 404,
    when: 'Unknown or malformed id, unknown boundary or postcode, unknown route; `message` says what was not found.',
    headers: [],
  },
  anchor_not_found: { status: 404, when: '`anchor_chunk_id` names no chunk.', headers: [] },
  method_not_allowed: { status: 405, when: 'Any method but GET, HEAD or OPTIONS, on any path: the API is read-only.', headers: ['Allow'] },
  rate_limited: { status: 429, when: "The caller's hourly bucket is empty.", headers: ['Retry-After'] },
  search_overloaded: {
    status: 503,
    when: 'The embedding queue is full (2 running + 6 waiting) on a semantic search endpoint.',
    headers: ['Retry-After'],
  },
  internal_error: { status: 500, when: 'A bug; the body never holds a stack trace or SQL.', headers: [] },
} as const satisfies Record<
  Exclude<ErrorCode, 'server_overloaded' | 'malformed_request' | 'request_timeout' | 'headers_too_large' | 'content_too_large'>,
  ErrorEntry
>;

/** The codes the catalogue documents (every one an endpoint can answer with). */
export type CatalogCode = keyof typeof ERROR_CATALOG;
