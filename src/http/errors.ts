// The one error type of the API and its one JSON shape (decisions 2).

export interface ParamIssue {
  param: string;
  message: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout',
  413: 'Content Too Large', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large', 500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ParamIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  issues?: ParamIssue[];
}

export function errorBody(err: ApiError): ErrorBody {
  const body: ErrorBody = { statusCode: err.status, code: err.code, error: REASONS[err.status] ?? 'Error', message: err.message };
  if (err.issues) body.issues = err.issues;
  return body;
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

export function invalidParameters(issues: ParamIssue[]): ApiError {
  const message = issues.map((i) => `${i.param} ${i.message}`).join('; ');
  return new ApiError(400, 'invalid_parameter', message, issues);
}

export const internalError = () => new ApiError(500, 'internal_error', 'internal error; the server log has the details');
