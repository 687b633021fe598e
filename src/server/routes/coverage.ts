import { Hono } from 'hono';
import type { CoverageQueries } from '../db/coverage.js';
import { COVERAGE_STATUSES } from '../../core/domain/enums.js';
import type { Responder } from '../http/respond.js';
import { oneOf, parseParams } from '../http/params.js';

export const params = { status: oneOf(COVERAGE_STATUSES) };

export function coverageRoutes({ coverage, respond }: { coverage: CoverageQueries; respond: Responder }) {
  const app = new Hono();
  app.get('/coverage', (c) => {
    const { status } = parseParams(c.req.queries(), params);
    return respond.json(c, { jurisdictions: coverage.rows(status), summary: coverage.summary() }, 300);
  });
  app.get('/jurisdiction-sources', (c) => respond.json(c, { items: coverage.rows() }, 300));
  return app;
}
