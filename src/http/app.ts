// The Hono app: methods and errors in one place, routes per resource under /api/public/v1.
import { Hono, type Context } from 'hono';
import { createBillQueries } from '../db/bills.js';
import { createCommitteeQueries } from '../db/committees.js';
import { createCoverageQueries } from '../db/coverage.js';
import type { DataFile } from '../db/open-data-file.js';
import { createPoliticianQueries } from '../db/politicians.js';
import { createSearchQueries } from '../db/search.js';
import { createVoteQueries } from '../db/votes.js';
import { searchRoutes } from '../routes/search.js';
import type { Embedder } from '../search/embedder.js';
import { createSearchEngine } from '../search/engine.js';
import { createVectorIndex, hasVectorTable } from '../search/vectors.js';
import { billRoutes } from '../routes/bills.js';
import { committeeRoutes } from '../routes/committees.js';
import { coverageRoutes } from '../routes/coverage.js';
import { healthRoutes } from '../routes/health.js';
import { politicianRoutes } from '../routes/politicians.js';
import { voteRoutes } from '../routes/votes.js';
import { ApiError, internalError, notFound } from './errors.js';
import { ALLOWED_METHODS, createResponder, PREFLIGHT_HEADERS } from './respond.js';

export const API_PREFIX = '/api/public/v1';

export interface AppOptions {
  data: DataFile;
  /** Where unexpected errors are reported; their details never reach the client. */
  logError?: (err: unknown, c: Context) => void;
  compressThreshold?: number;
  /** Embeds search queries; without one, search ranks by keywords only. */
  embedder?: Embedder | null;
}

export function createApp({ data, logError = (err) => console.error(err), compressThreshold, embedder = null }: AppOptions) {
  const { db, build } = data;
  const respond = createResponder({ buildId: build.id, compressThreshold });
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return c.body(null, 204, PREFLIGHT_HEADERS);
    if (!ALLOWED_METHODS.includes(c.req.method)) {
      throw new ApiError(405, 'method_not_allowed', `method ${c.req.method} is not allowed; this API is read-only`, undefined, { Allow: ALLOWED_METHODS.join(', ') });
    }
    await next();
  });

  app.route('/', healthRoutes({ build, respond }));
  const api = new Hono();
  api.route('/', politicianRoutes({ politicians: createPoliticianQueries(db), respond }));
  api.route('/', billRoutes({ bills: createBillQueries(db), respond }));
  api.route('/', voteRoutes({ votes: createVoteQueries(db), respond }));
  api.route('/', committeeRoutes({ committees: createCommitteeQueries(db), respond }));
  api.route('/', coverageRoutes({ coverage: createCoverageQueries(db), respond }));
  const searchQueries = createSearchQueries(db);
  const vectors = hasVectorTable(db) ? createVectorIndex(db) : null;
  const embed = embedder ? async (text: string) => (await embedder.embed([text]))[0] : null;
  api.route('/', searchRoutes({ engine: createSearchEngine({ queries: searchQueries, vectors, embed }), queries: searchQueries, vectors, respond }));
  app.route(API_PREFIX, api);

  app.notFound((c) => respond.error(c, notFound(`route ${c.req.path}`)));
  app.onError((err, c) => {
    if (err instanceof ApiError) return respond.error(c, err);
    logError(err, c);
    return respond.error(c, internalError());
  });
  return app;
}
