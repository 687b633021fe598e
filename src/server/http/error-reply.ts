// An ApiError as HTTP: its status (the error catalogue's), its headers and the one JSON body shape
// of decisions 2.
import type { ApiError, ErrorCode, ParamIssue } from '../../core/errors.js';
import { ERROR_CATALOG } from '../openapi/error-catalog.js';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The status of each code: the routes' from the catalogue; the rest are the server's own (shedding
 *  under load, requests refused before any route), outside the catalogue, which describes routes. */
const STATUS: Record<ErrorCode, number> = {
  ...(Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, e]) => [code, e.status])) as Record<keyof typeof ERROR_CATALOG, number>),
  server_overloaded: 503,
  malformed_request: 400,
  request_timeout: 408,
  headers_too_large: 431,
  content_too_large: 413,
};

export const errorStatus = (err: ApiError): number => STATUS[err.code];

export function errorHeaders(err: ApiError): Record<string, string> {
  const h: Record<string, string> = {};
  if (err.hints.retryAfter !== undefined) h['Retry-After'] = String(err.hints.retryAfter);
  if (err.hints.allow) h.Allow = err.hints.allow.join(', ');
  if (err.hints.challenge) h['WWW-Authenticate'] = err.hints.challenge;
  return h;
}

export interface ErrorBody {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  issues?: ParamIssue[];
}

export function errorBody(err: ApiError): ErrorBody {
  const status = errorStatus(err);
  const body: ErrorBody = { statusCode: status, code: err.code, error: REASONS[status] ?? 'Error', message: err.message };
  if (err.issues) body.issues = err.issues;
  return body;
}
