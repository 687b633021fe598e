// Routes from the endpoint table (src/server/endpoints.ts): each endpoint's handler is found by its
// operationId, mounted at the table's path and handed the endpoint, so it answers with the table's
// max-age. An endpoint without a handler, or a handler no endpoint names, stops the app at start.
import type { Context, Hono } from 'hono';
import type { MaxAge } from './respond.js';

/** What registration reads of an endpoint of the table (its full type lives there). */
export interface Routable {
  id: string;
  path: string;
  root?: boolean;
  maxAge: MaxAge;
}

export type Handler = (c: Context, e: Routable) => Response | Promise<Response>;
export type Handlers = Readonly<Record<string, Handler>>;

/** OpenAPI's `{name}` → Hono's `:name`. */
const honoPath = (path: string) => path.replace(/\{([A-Za-z_]+)\}/g, ':$1');

/** Mounts `endpoints` on `app`; `prefix` goes before every path not served from the root. */
export function registerEndpoints(app: Hono, endpoints: readonly Routable[], handlers: Handlers, prefix = ''): void {
  for (const e of endpoints) {
    const handler = handlers[e.id];
    if (!handler) throw new Error(`endpoint ${e.id} (${e.path}) has no handler`);
    app.get(`${e.root ? '' : prefix}${honoPath(e.path)}`, (c) => handler(c, e));
  }
}

/** Every handler answers an endpoint of the table (a handler left behind by a removed endpoint is a bug). */
export function checkHandlers(endpoints: readonly Routable[], handlers: Handlers): void {
  const ids = new Set(endpoints.map((e) => e.id));
  const stray = Object.keys(handlers).filter((id) => !ids.has(id));
  if (stray.length) throw new Error(`handlers without an endpoint: ${stray.join(', ')}`);
}
