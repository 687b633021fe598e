// Requests node:http or the adapter refuse before any route sees them (a request line or header
// the parser rejects, headers over 16 KB, headers too slow, a target or Host the adapter cannot turn
// into a URL) answered in the documented error shape (decisions 2) instead of Node's empty
// 400/408/431, so a client always gets JSON it can read.
import type { Duplex } from 'node:stream';
import { RequestError } from '@hono/node-server';
import { ApiError, internalError } from '../../core/errors.js';
import { errorBody, errorStatus } from './error-reply.js';
import { failure, failureReply } from './respond.js';

/** The API error for an error node:http's parser or its timeouts raised on a connection. */
export function parserError(err: Error & { code?: string }): ApiError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('headers_too_large', "the request's headers are larger than 16 KB");
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', 'the request was not received in time');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('content_too_large', "the request's chunk extensions are too large");
    default:
      return new ApiError('malformed_request', 'the request could not be parsed as HTTP/1.1 (its method, target, version or a header)');
  }
}

/** The raw HTTP/1.1 response carrying `err`'s reply (the routes' error reply), with the connection closed after it. */
export function rawErrorResponse(err: ApiError): string {
  const reply = failureReply(err, undefined);
  const body = reply.body ?? '';
  const headers = { ...reply.headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const lines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `HTTP/1.1 ${reply.status} ${errorBody(err).error}\r\n${lines}\r\n${body}`;
}

/** node:http's 'clientError' listener: answers as Node would (same status, then close), in JSON. */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // An answer already started on this connection cannot be followed by another; a reset one is gone.
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(parserError(err)));
}

/** The adapter's error handler: a request it could not turn into a Request (Host, target) is 400;
 *  anything else thrown before an answer exists is a bug, 500, logged. */
export function adapterError(log: (err: unknown) => void) {
  return (err: unknown): Response => {
    if (!(err instanceof RequestError)) log(err);
    const api =
      err instanceof RequestError
        ? new ApiError('malformed_request', "the request's target or Host header cannot be read as a URL")
        : internalError();
    // A request whose target could not be read leaves the connection in doubt: it is closed.
    return failure(api, errorStatus(api) === 400 ? { Connection: 'close' } : undefined);
  };
}
