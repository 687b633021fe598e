import type { CommitteeQueries } from '../db/committees.js';
import type { Handlers } from '../http/register-endpoints.js';
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

export function committeeHandlers({ committees, respond }: { committees: CommitteeQueries; respond: Responder }): Handlers {
  return {
    listCommitteeMeetings: (c, e) => respond.json(c, committees.meetings(parseParams(c.req.queries(), params, [['from', 'to']])), e.maxAge),
  };
}
