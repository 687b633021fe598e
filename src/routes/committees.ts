import { Hono } from 'hono';
import type { CommitteeQueries } from '../db/committees.js';
import { cacheFor } from '../http/headers.js';
import { date, level, limit, page, parseParams, province, text } from '../http/params.js';

const params = {
  level: level(),
  province_territory: province(),
  source_system: text(1, 64),
  from: date(),
  to: date(),
  page: page(),
  limit: limit(100, 50),
};

export function committeeRoutes({ committees }: { committees: CommitteeQueries }) {
  const app = new Hono();
  // The spec gives committees no max-age; decisions 3 sets 300 s.
  app.get('/committees/meetings', cacheFor(300), (c) => c.json(committees.meetings(parseParams(c.req.queries(), params, [['from', 'to']]))));
  return app;
}
