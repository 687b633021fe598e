// Starts the Node HTTP server for an app; resolves once it is listening. Every limit a client could
// otherwise stretch is explicit here (docs/operations.md, "Limits under load"): how long the headers
// and the whole request may take, how long an idle kept-alive connection stays open, how long a
// connection may make no progress at all, how many connections are open, and how many wait to be
// accepted.
import { getRequestListener, type ServerType } from '@hono/node-server';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adapterError, answerClientError } from './client-errors.js';

/** What the server calls per request: an app's fetch, or the dispatcher in front of reloadable apps. */
export type FetchHandler = (req: Request, env?: unknown) => Response | Promise<Response>;

/** Asked first with node:http's own request (the fast path's Node door, src/server/http/fast-path.ts):
 *  true once it answered, a promise that settles once it has written, or false when it wrote nothing
 *  and the adapter and `fetch` take the request. */
export type NodeHandler = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean | Promise<void>;

export interface Listening {
  server: ServerType;
  url: string;
  close(): Promise<void>;
}

export interface ConnectionLimits {
  /** Seconds a client has to send a request's headers. */
  headersTimeout?: number;
  /** Seconds a client has to send a whole request; also how long a connection may make no progress
   *  (nothing read, nothing written: a client that stopped reading its answer). */
  requestTimeout?: number;
  /** Seconds an idle kept-alive connection stays open for the client's next request. */
  keepAliveTimeout?: number;
  /** Open connections at most; more are closed as soon as they are accepted. 0: no bound. */
  maxConnections?: number;
  /** Connections the kernel holds for the server to accept (capped by net.core.somaxconn): under a
   *  burst of new connections, a short queue drops their SYNs and clients retry 1, 3, 7, 15 s later. */
  backlog?: number;
}

/** The limits' defaults (the settings table shows these). The backlog is Node's own default: every
 *  surge measurement was made with it (the setting was not passed on until issue 45's third round),
 *  and a longer accept queue only lengthens the wait no bound can see before the accept. */
export const DEFAULT_CONNECTION_LIMITS = {
  headersTimeout: 10,
  requestTimeout: 30,
  keepAliveTimeout: 5,
  maxConnections: 4096,
  backlog: 511,
} as const satisfies Required<ConnectionLimits>;

export interface ListenOptions extends ConnectionLimits {
  port: number;
  host: string;
}

/** How often Node checks the header and request timeouts (its default, 30 s, would let a 10 s
 *  limit run to 40 s). */
const CHECK_EVERY_MS = 1000;

/** node:http's server, asking `node` before the adapter's listener. A door that fails before it
 *  wrote anything hands the request to the adapter; one that fails later ends the connection (an
 *  exception out of a request listener would end the process). */
const serverAsking =
  (node: NodeHandler) =>
  (options: ServerOptions, adapter: RequestListener): Server =>
    createServer(options, (incoming, outgoing) => {
      let answered: boolean | Promise<void>;
      try {
        answered = node(incoming, outgoing);
      } catch {
        answered = outgoing.headersSent;
        if (answered) outgoing.destroy();
      }
      if (answered instanceof Promise) answered.catch(() => outgoing.destroy());
      else if (!answered) void adapter(incoming, outgoing);
    });

export function listen(handler: FetchHandler | { fetch: FetchHandler; node?: NodeHandler }, options: ListenOptions): Promise<Listening> {
  const { port, host, headersTimeout, requestTimeout, keepAliveTimeout, maxConnections, backlog } = {
    ...DEFAULT_CONNECTION_LIMITS,
    ...options,
  };
  return new Promise((resolve, reject) => {
    const fetch = typeof handler === 'function' ? handler : handler.fetch;
    const node = typeof handler === 'function' ? undefined : handler.node;
    // The adapter's listener with an error handler of ours (createAdaptorServer takes none), so a
    // target or Host it cannot read is answered in JSON too.
    const adapter = getRequestListener(fetch, { errorHandler: adapterError((err) => console.error(err)) }) as RequestListener;
    const server = (node ? serverAsking(node) : createServer)(
      {
        // Node refuses a headers timeout above the request timeout (0 turns either off).
        headersTimeout: (requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout) * 1000,
        requestTimeout: requestTimeout * 1000,
        keepAliveTimeout: keepAliveTimeout * 1000,
        connectionsCheckingInterval: CHECK_EVERY_MS,
        // Node's own 400 for a missing Host has an empty body: the adapter refuses it instead, in JSON.
        requireHostHeader: false,
      },
      adapter,
    );
    server.on('clientError', answerClientError);
    server.setTimeout(requestTimeout * 1000, (socket) => socket.destroy());
    if (maxConnections > 0) server.maxConnections = maxConnections;
    server.once('error', reject);
    server.listen({ port, host, backlog }, () => {
      server.off('error', reject);
      const info = server.address() as AddressInfo;
      const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        server,
        url: `http://${shown}:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
