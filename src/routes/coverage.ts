import { Hono } from 'hono';
import type { CoverageQueries } from '../db/coverage.js';
import { COVERAGE_STATUSES } from '../domain/enums.js';
import { cacheFor } from '../http/headers.js';
import { oneOf, parseParams } from '../http/params.js';

const params = { status: oneOf(COVERAGE_STATUSES) };

export function coverageRoutes({ coverage }: { coverage: CoverageQueries }) {
  const app = new Hono();
  app.get('/coverage', cacheFor(300), (c) => {
    const { status } = parseParams(c.req.queries(), params);
    return c.json({ jurisdictions: coverage.rows(status), summary: coverage.summary() });
  });
  app.get('/jurisdiction-sources', cacheFor(300), (c) => c.json({ items: coverage.rows() }));
  return app;
}
