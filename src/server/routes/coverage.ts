import type { CoverageQueries } from '../db/coverage.js';
import { COVERAGE_STATUSES } from '../../core/domain/enums.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';
import { oneOf, parseParams } from '../http/params.js';

export const params = { status: oneOf(COVERAGE_STATUSES) };

export function coverageHandlers({ coverage, respond }: { coverage: CoverageQueries; respond: Responder }): Handlers {
  return {
    getCoverage: (c, e) => {
      const { status } = parseParams(c.req.queries(), params);
      return respond.json(c, { jurisdictions: coverage.rows(status), summary: coverage.summary() }, e.maxAge);
    },
    listJurisdictionSources: (c, e) => respond.json(c, { items: coverage.rows() }, e.maxAge),
  };
}
