// The one error type of canpol's answers: what went wrong (a code of decisions 2) and why, with no
// transport in it. The HTTP layer (src/server/http/error-reply.ts) maps a code to its status and
// headers and renders the one JSON shape.

export type ErrorCode =
  | 'invalid_parameter'
  | 'missing_query'
  | 'invalid_api_key'
  | 'not_found'
  | 'anchor_not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'search_overloaded'
  | 'server_overloaded'
  | 'internal_error'
  // Refused before any route (the HTTP parser, its timeouts, the adapter):
  | 'malformed_request'
  | 'request_timeout'
  | 'headers_too_large'
  | 'content_too_large';

export interface ParamIssue {
  param: string;
  message: string;
}

/** What a client can do about an error, for the transport to say in its own way. */
export interface ErrorHints {
  /** Seconds after which a retry can succeed. */
  retryAfter?: number;
  /** The methods that are allowed. */
  allow?: readonly string[];
  /** The credentials were refused: say which scheme is expected. */
  challenge?: 'Bearer';
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ParamIssue[],
    readonly hints: ErrorHints = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} not found`);

export function invalidParameters(issues: ParamIssue[]): ApiError {
  const message = issues.map((i) => `${i.param} ${i.message}`).join('; ');
  return new ApiError('invalid_parameter', message, issues);
}

export const internalError = () => new ApiError('internal_error', 'internal error; the server log has the details');
