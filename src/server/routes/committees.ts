import { Hono } from 'hono';
import type { CommitteeQueries } from '../db/committees.js';
import type { Responder } from '../http/respond.js';
import { date, level, limit, page, parseParams, province, text } from '../http/params.js';

export const params = {
  level: level(),
  province_territory: province(),
  source_system: text(1, 64),
  from: date(),
  to: date(),
  page: page(),
  limit: limit(100, 50),
};

export function committeeRoutes({ committees, respond }: { committees: CommitteeQueries; respond: Responder }) {
  const app = new Hono();
  // The spec gives committees no max-age; decisions 3 sets 300 s.
  app.get('/committees/meetings', (c) => respond.json(c, committees.meetings(parseParams(c.req.queries(), params, [['from', 'to']])), 300));
  return app;
}
