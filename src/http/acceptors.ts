// More than one listening socket on the server's port (SO_REUSEPORT), each handing its connections
// to the one HTTP server. libuv (since 1.45) accepts one connection per listening socket per turn of
// the event loop, and a turn under thousands of busy connections is long: with one socket a surge
// of 2,000 connections waited in the kernel's backlog for tens of seconds and /health on a new
// connection timed out. The kernel spreads new connections over the sockets, so N of them accept N
// a turn. Linux under Node only (Bun and other systems keep one socket).
import type { Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';

export const canShareAccept = () => process.platform === 'linux' && process.versions.bun === undefined;

/** Refuses a port another process holds: with SO_REUSEPORT, a second server of the same user would
 *  otherwise share the port silently instead of failing with EADDRINUSE. */
export function portFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done()));
  });
}

/** `count - 1` more listening sockets on `server`'s address and port; their connections count
 *  against the same bound (`maxConnections`, enforced here for all of them). Closing `server`
 *  closes them too. */
export async function addAcceptors(server: Server, { count, host, port, backlog, maxConnections }: { count: number; host: string; port: number; backlog: number; maxConnections: number }): Promise<void> {
  let open = 0;
  // Every connection, the server's own included, is counted; one over the bound is closed at once.
  server.prependListener('connection', (socket: Socket) => {
    if (maxConnections > 0 && open >= maxConnections) {
      socket.destroy();
      return;
    }
    open++;
    socket.once('close', () => { open--; });
  });
  const extras: NetServer[] = [];
  for (let i = 1; i < count; i++) {
    const extra = createNetServer((socket) => server.emit('connection', socket));
    await new Promise<void>((done, fail) => {
      extra.once('error', fail);
      extra.listen({ port, host, backlog, reusePort: true }, () => { extra.off('error', fail); done(); });
    });
    extras.push(extra);
  }
  // Stops every listening socket when the server stops accepting (graceful shutdown, tests).
  const close = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const e of extras) e.close();
    return close(cb);
  }) as Server['close'];
}
