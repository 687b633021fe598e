// Writes a reply straight to node:http's response, as @hono/node-server writes a Response with plain
// headers: the same status and headers, Content-Length for a body (none for HEAD or 304), one
// `end`. The fast path for kept answers (src/server/http/fast-path.ts) uses it to skip building a Response
// and the adapter's asynchronous writer; test/server/http/node-fast-path.test.ts holds both paths to the
// same bytes on the wire.
import type { ServerResponse } from 'node:http';
import type { Reply } from './respond.js';

export type Outgoing = Pick<ServerResponse, 'writeHead' | 'end' | 'destroy'>;

export function writeReply(res: Outgoing, { status, headers, body }: Reply): void {
  if (body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(status, headers);
  res.end(body);
}
