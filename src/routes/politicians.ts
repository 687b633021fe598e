import { Hono } from 'hono';
import * as v from 'valibot';
import type { PoliticianQueries } from '../db/politicians.js';
import { JURISDICTIONS, PLATFORMS } from '../domain/enums.js';
import { notFound } from '../http/errors.js';
import { cacheFor } from '../http/headers.js';
import { bool, int, limit, listOf, oneOf, page, parseParams, pathId, text } from '../http/params.js';

const jurisdiction = v.optional(v.pipe(
  v.string(),
  v.transform((s) => (s.toLowerCase() === 'federal' ? 'federal' : s.toUpperCase())),
  v.picklist(JURISDICTIONS, `must be federal or a 2-letter province or territory code (${JURISDICTIONS.slice(1).join(', ')})`),
));

const listParams = {
  jurisdiction,
  role: text(1, 60),
  status: oneOf(['sitting', 'former', 'all'], 'sitting'),
  constituency_id: text(1, 200),
  q: text(1, 200),
  page: page(),
  limit: limit(100, 50),
};

const socialsParams = { include_dead: bool(false) };
const postsParams = { platform: listOf(PLATFORMS, 200), limit: int(1, 200, 50) };

export function politicianRoutes({ politicians }: { politicians: PoliticianQueries }) {
  const app = new Hono();
  const known = (raw: string | undefined) => {
    const id = pathId(raw, 'politician');
    if (!politicians.exists(id)) throw notFound(`politician ${id}`);
    return id;
  };

  app.get('/politicians', cacheFor(300), (c) => c.json(politicians.list(parseParams(c.req.queries(), listParams))));

  app.get('/politicians/:id', cacheFor(60), (c) => {
    const id = pathId(c.req.param('id'), 'politician');
    const found = politicians.detail(id);
    if (!found) throw notFound(`politician ${id}`);
    // Boundaries arrive with the boundaries data (issue 4); until then there is none to show.
    return c.json({ ...found, boundary: null });
  });

  app.get('/politicians/:id/offices', cacheFor(600), (c) => c.json({ items: politicians.offices(known(c.req.param('id'))) }));

  app.get('/politicians/:id/socials', cacheFor(300), (c) => {
    const id = known(c.req.param('id'));
    const p = parseParams(c.req.queries(), socialsParams);
    return c.json({ items: politicians.socials(id, p.include_dead) });
  });

  app.get('/politicians/:id/posts', cacheFor(60), (c) => {
    const id = known(c.req.param('id'));
    const p = parseParams(c.req.queries(), postsParams);
    return c.json({ items: politicians.posts(id, p.platform, p.limit) });
  });

  return app;
}
