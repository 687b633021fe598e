// GET /: where to start, instead of a bare 404 for someone who opens the server in a browser.
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';

export function rootHandlers({ prefix, respond }: { prefix: string; respond: Responder }): Handlers {
  return {
    root: (c, e) =>
      respond.json(
        c,
        {
          name: 'canpol',
          description: 'Canadian political data API (read-only)',
          docs: '/docs',
          openapi: `${prefix}/openapi.json`,
          health: '/health',
          api: prefix,
        },
        e.maxAge,
      ),
  };
}
