import type { BillQueries } from '../db/bills.js';
import { notFound } from '../../core/errors.js';
import type { Handlers } from '../http/register-endpoints.js';
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

export function billHandlers({ bills, respond }: { bills: BillQueries; respond: Responder }): Handlers {
  const known = (raw: string | undefined) => existingId(raw, 'bill', bills.exists);
  return {
    listBills: (c, e) =>
      respond.json(c, bills.list(parseParams(c.req.queries(), listParams, [['introduced_from', 'introduced_to']])), e.maxAge),
    getBill: (c, e) => {
      const id = pathId(c.req.param('id'), 'bill');
      const bill = bills.detail(id);
      if (!bill) throw notFound(`bill ${id}`);
      return respond.json(c, { bill }, e.maxAge);
    },
    listBillEvents: (c, e) => {
      const id = known(c.req.param('id'));
      return respond.json(c, { bill_id: id, events: bills.events(id) }, e.maxAge);
    },
    listBillSponsors: (c, e) => {
      const id = known(c.req.param('id'));
      return respond.json(c, { bill_id: id, sponsors: bills.sponsors(id) }, e.maxAge);
    },
  };
}
