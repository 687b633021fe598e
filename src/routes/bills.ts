import { Hono } from 'hono';
import type { BillQueries } from '../db/bills.js';
import { notFound } from '../http/errors.js';
import { cacheFor } from '../http/headers.js';
import { date, level, limit, page, parseParams, pathId, province, text, uuid } from '../http/params.js';

const listParams = {
  level: level(),
  province_territory: province(),
  session_id: uuid(),
  status: text(1, 500),
  sponsor_politician_id: uuid(),
  q: text(1, 200),
  introduced_from: date(),
  introduced_to: date(),
  page: page(),
  limit: limit(100, 50),
};

// The spec gives bills no max-age; decisions 3 sets 300 s.
const MAX_AGE = 300;

export function billRoutes({ bills }: { bills: BillQueries }) {
  const app = new Hono();
  const known = (raw: string | undefined) => {
    const id = pathId(raw, 'bill');
    if (!bills.exists(id)) throw notFound(`bill ${id}`);
    return id;
  };

  app.get('/bills', cacheFor(MAX_AGE), (c) =>
    c.json(bills.list(parseParams(c.req.queries(), listParams, [['introduced_from', 'introduced_to']]))));

  app.get('/bills/:id', cacheFor(MAX_AGE), (c) => {
    const id = pathId(c.req.param('id'), 'bill');
    const bill = bills.detail(id);
    if (!bill) throw notFound(`bill ${id}`);
    return c.json({ bill });
  });

  app.get('/bills/:id/events', cacheFor(MAX_AGE), (c) => {
    const id = known(c.req.param('id'));
    return c.json({ bill_id: id, events: bills.events(id) });
  });

  app.get('/bills/:id/sponsors', cacheFor(MAX_AGE), (c) => {
    const id = known(c.req.param('id'));
    return c.json({ bill_id: id, sponsors: bills.sponsors(id) });
  });

  return app;
}
