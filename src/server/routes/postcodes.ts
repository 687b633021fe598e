// GET /postcodes/{postcode} and /postcodes/{postcode}/representatives (spec; decisions 5 and 7).
import { Hono } from 'hono';
import type { Responder } from '../http/respond.js';
import type { PostcodeResolver } from '../postcodes/postcode-resolver.js';

export function postcodeRoutes({ lookup, respond }: { lookup: PostcodeResolver; respond: Responder }) {
  const app = new Hono();

  app.get('/postcodes/:postcode', (c) => {
    const { r, at } = lookup.resolved(c.req.param('postcode'));
    return respond.json(c, { ...r, boundaries: at.slots }, 86400);
  });

  app.get('/postcodes/:postcode/representatives', (c) => {
    const { r, at } = lookup.resolved(c.req.param('postcode'));
    return respond.json(c, { ...r, boundaries: at.slots, representatives: lookup.representatives(at) }, 300);
  });

  return app;
}
