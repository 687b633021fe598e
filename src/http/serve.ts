// Starts the Node HTTP server for an app; resolves once it is listening.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/** What the server calls per request: an app's fetch, or the dispatcher in front of reloadable apps. */
export type FetchHandler = (req: Request, env?: unknown) => Response | Promise<Response>;

export interface Listening {
  server: ServerType;
  url: string;
  close(): Promise<void>;
}

export function listen(handler: FetchHandler | { fetch: FetchHandler }, { port, host }: { port: number; host: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const fetch = typeof handler === 'function' ? handler : handler.fetch;
    const server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => {
      const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        server,
        url: `http://${shown}:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.once('error', reject);
  });
}
