// The Hono app: headers and errors in one place, routes per resource under /api/public/v1.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { createBillQueries } from '../db/bills.js';
import { createCommitteeQueries } from '../db/committees.js';
import { createCoverageQueries } from '../db/coverage.js';
import type { DataFile } from '../db/open-data-file.js';
import { createPoliticianQueries } from '../db/politicians.js';
import { createVoteQueries } from '../db/votes.js';
import { billRoutes } from '../routes/bills.js';
import { committeeRoutes } from '../routes/committees.js';
import { coverageRoutes } from '../routes/coverage.js';
import { healthRoutes } from '../routes/health.js';
import { politicianRoutes } from '../routes/politicians.js';
import { voteRoutes } from '../routes/votes.js';
import { compress } from './compress.js';
import { ApiError, errorBody, internalError, notFound } from './errors.js';
import { etag, jsonCharset } from './headers.js';

export const API_PREFIX = '/api/public/v1';
const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'ETag'];

export interface AppOptions {
  data: DataFile;
  /** Where unexpected errors are reported; their details never reach the client. */
  logError?: (err: unknown, c: Context) => void;
  compressThreshold?: number;
}

function renderError(c: Context, err: ApiError) {
  c.header('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json(errorBody(err), err.status as 400);
}

export function createApp({ data, logError = (err) => console.error(err), compressThreshold }: AppOptions) {
  const { db, build } = data;
  const app = new Hono();

  app.use('*', cors({ origin: '*', allowMethods: ALLOWED_METHODS, allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: EXPOSED_HEADERS }));
  app.use('*', async (c, next) => {
    if (!ALLOWED_METHODS.includes(c.req.method)) {
      throw new ApiError(405, 'method_not_allowed', `method ${c.req.method} is not allowed; this API is read-only`, undefined, { Allow: ALLOWED_METHODS.join(', ') });
    }
    await next();
  });
  app.use('*', etag(build.id));
  app.use('*', compress({ threshold: compressThreshold }));
  app.use('*', jsonCharset);

  app.route('/', healthRoutes({ build }));
  const api = new Hono();
  api.route('/', politicianRoutes({ politicians: createPoliticianQueries(db) }));
  api.route('/', billRoutes({ bills: createBillQueries(db) }));
  api.route('/', voteRoutes({ votes: createVoteQueries(db) }));
  api.route('/', committeeRoutes({ committees: createCommitteeQueries(db) }));
  api.route('/', coverageRoutes({ coverage: createCoverageQueries(db) }));
  app.route(API_PREFIX, api);

  app.notFound((c) => renderError(c, notFound(`route ${c.req.path}`)));
  app.onError((err, c) => {
    if (err instanceof ApiError) return renderError(c, err);
    logError(err, c);
    return renderError(c, internalError());
  });
  return app;
}
