import { Hono } from 'hono';
import type { BillQueries } from '../db/bills.js';
import { notFound } from '../../core/errors.js';
import type { Responder } from '../http/respond.js';
import { date, existingId, level, limit, page, parseParams, pathId, province, text, uuid } from '../http/params.js';

export const listParams = {
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

export function billRoutes({ bills, respond }: { bills: BillQueries; respond: Responder }) {
  const app = new Hono();
  const known = (raw: string | undefined) => existingId(raw, 'bill', bills.exists);

  app.get('/bills', (c) => respond.json(c, bills.list(parseParams(c.req.queries(), listParams, [['introduced_from', 'introduced_to']])), MAX_AGE));

  app.get('/bills/:id', (c) => {
    const id = pathId(c.req.param('id'), 'bill');
    const bill = bills.detail(id);
    if (!bill) throw notFound(`bill ${id}`);
    return respond.json(c, { bill }, MAX_AGE);
  });

  app.get('/bills/:id/events', (c) => {
    const id = known(c.req.param('id'));
    return respond.json(c, { bill_id: id, events: bills.events(id) }, MAX_AGE);
  });

  app.get('/bills/:id/sponsors', (c) => {
    const id = known(c.req.param('id'));
    return respond.json(c, { bill_id: id, sponsors: bills.sponsors(id) }, MAX_AGE);
  });

  return app;
}
