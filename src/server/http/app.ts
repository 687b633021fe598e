// The Hono app: methods and errors in one place, routes per resource under /api/public/v1.
import { Hono, type Context } from 'hono';
import { createBillQueries } from '../db/bills.js';
import { createBoundaryQueries } from '../db/boundaries.js';
import { createCommitteeQueries } from '../db/committees.js';
import { createCoverageQueries } from '../db/coverage.js';
import type { DataFile } from '../../core/data-file/open-data-file.js';
import { createPoliticianQueries } from '../db/politicians.js';
import { createPostcodeQueries } from '../db/postcodes.js';
import { createPostcodeLocator } from '../postcodes/resolve.js';
import { postcodeHandlers } from '../routes/postcodes.js';
import { createPostcodeResolver } from '../postcodes/postcode-resolver.js';
import { createSearchQueries } from '../db/search.js';
import { createVoteQueries } from '../db/votes.js';
import { searchHandlers } from '../routes/search.js';
import type { Embedder } from '../../core/encoder/embedder.js';
import { createSearchEngine } from '../search/engine.js';
import type { SearchCacheName } from '../search/query-caches.js';
import { loadLexicon } from '../../core/data-file/encoder-store.js';
import { createVectorIndex, hasVectorTable, type VectorIndex, type VectorIndexOptions } from '../search/vectors.js';
import { billHandlers } from '../routes/bills.js';
import { boundaryHandlers, type PostcodeLocator } from '../routes/boundaries.js';
import { createBoundaryIndex } from '../../core/geo/boundary-index.js';
import { committeeHandlers } from '../routes/committees.js';
import { coverageHandlers } from '../routes/coverage.js';
import { healthHandlers } from '../routes/health.js';
import { rootHandlers } from '../routes/root.js';
import { readDataContents } from '../db/data-contents.js';
import { politicianHandlers } from '../routes/politicians.js';
import { voteHandlers } from '../routes/votes.js';
import { createWorkQueue, type WorkQueue } from '../limits/work-queue.js';
import { bucketOfPath, ENDPOINTS } from '../endpoints.js';
import { checkHandlers, registerEndpoints } from './register-endpoints.js';
import { checkAfterwards, DEFAULT_MEMORY_CEILING, serverMemoryGuard, type MemoryGuard } from '../../core/memory/memory-guard.js';
import { accessControl, createGate, type AccessOptions } from './access.js';
import { createFastPath } from './fast-path.js';
import { createResponseCache, DEFAULT_RESPONSE_CACHE_BYTES, type ResponseCache } from './response-cache.js';
import { API_PREFIX } from './api-prefix.js';
import { isClientAbort, requestSignal, withRequestSignal } from './request-signal.js';
import { ApiError, internalError, notFound } from '../../core/errors.js';
import { ALLOWED_METHODS, createResponder, failureReply, PREFLIGHT_HEADERS } from './respond.js';
import { openApiHandlers } from '../openapi/routes.js';
import { metricsRoutes } from '../ops/metrics-route.js';
import { createObserver, observeRequests, type ObserveOptions } from '../ops/observe.js';

export { API_PREFIX };

export interface AppOptions {
  data: DataFile;
  /** Where unexpected errors are reported; their details never reach the client. `c` is absent for
   *  an error on the fast path (before routing). */
  logError?: (err: unknown, c?: Context) => void;
  compressThreshold?: number;
  /** Embeds search queries; without one, search ranks by keywords only. */
  embedder?: Embedder | null;
  /** The file's vector index, loaded beside its encoder (src/server/search/search-parts.ts); absent, it is
   *  loaded here; null, search ranks by keywords only. */
  vectors?: VectorIndex | null;
  /** Keys and rate limits (decisions 2-4); absent, every request is let through unchecked. */
  access?: Omit<AccessOptions, 'prefix' | 'classify'> | null;
  /** Runs query embeddings, shared by the semantic routes; one of 2 running + 6 waiting by default. */
  embedQueue?: WorkQueue;
  /** Resolves /boundaries/lookup?postcode=; without one a postcode is 404. */
  locatePostcode?: PostcodeLocator;
  /** Request log and metrics (docs/operations.md); absent, nothing is observed and /metrics is 404. */
  ops?: Omit<ObserveOptions, 'buildId'> | null;
  /** Answers kept by URL for this data file (the server shares one across reloads); default: a cache
   *  of its own of the default size. A cache of 0 bytes keeps nothing. */
  cache?: ResponseCache;
  /** Caps of the search caches of this file (src/server/search/query-caches.ts); default SEARCH_CACHE_BYTES. */
  searchCacheBytes?: Record<SearchCacheName, number>;
  /** Asked after each semantic search whether the process should collect its garbage
   *  (src/core/memory/memory-guard.ts); default: a guard at the default --memory-ceiling; null: never. */
  memoryGuard?: MemoryGuard | null;
  /** Requests in flight in the server (src/server/ops/admission.ts), reported by /health. */
  inFlight?: () => number;
}

export function createApp({
  data,
  logError = (err) => console.error(err),
  compressThreshold = 1024,
  embedder = null,
  vectors: given,
  access = null,
  embedQueue = createWorkQueue(),
  locatePostcode,
  ops = null,
  cache = createResponseCache({ maxBytes: DEFAULT_RESPONSE_CACHE_BYTES }),
  searchCacheBytes,
  memoryGuard = serverMemoryGuard(DEFAULT_MEMORY_CEILING),
  inFlight,
}: AppOptions) {
  const { db, build } = data;
  const kept = cache.forBuild(build.id);
  const respond = createResponder({ buildId: build.id, compressThreshold, cache: kept });
  const app = new Hono();

  // Outermost, so 405s, 401s and 429s are logged and counted too.
  if (ops && (ops.log || ops.metrics)) app.use('*', observeRequests({ ...ops, buildId: build.id }));
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return c.body(null, 204, PREFLIGHT_HEADERS);
    if (!ALLOWED_METHODS.includes(c.req.method)) {
      throw new ApiError('method_not_allowed', `method ${c.req.method} is not allowed; this API is read-only`, undefined, {
        allow: ALLOWED_METHODS,
      });
    }
    await next();
  });

  const boundaries = createBoundaryQueries(db);
  const boundaryIndex = createBoundaryIndex({ db });
  const postcodes = createPostcodeQueries(db);
  const postcodeResolver = createPostcodeResolver({ postcodes, boundaries, index: boundaryIndex });
  const searchQueries = createSearchQueries(db, searchCacheBytes);
  const vectors = given !== undefined ? given : hasVectorTable(db) ? createVectorIndex(db, vectorOptions(searchCacheBytes)) : null;
  // A client that disconnects while its query waits for an embedding slot leaves the queue.
  const embedOne = (text: string) => (embedder!.embedQuery ? embedder!.embedQuery(text) : embedder!.embed([text]).then((v) => v[0]));
  const embed = embedder ? (text: string) => embedQueue.run(() => embedOne(text), requestSignal()) : null;
  const engine = createSearchEngine({
    queries: searchQueries,
    vectors,
    embed,
    lexicon: loadLexicon(db),
    knows: embedder?.knowsAnyWord ? (t: string) => embedder.knowsAnyWord!(t) : null,
  });
  const handlers = {
    ...openApiHandlers({ buildId: build.id, compressThreshold, cache: kept }),
    ...healthHandlers({ build, contents: readDataContents(db), respond, inFlight }),
    ...rootHandlers({ prefix: API_PREFIX, respond }),
    ...politicianHandlers({ politicians: createPoliticianQueries(db), boundaries, respond }),
    ...boundaryHandlers({ boundaries, index: boundaryIndex, locatePostcode: locatePostcode ?? createPostcodeLocator(postcodes), respond }),
    ...postcodeHandlers({ lookup: postcodeResolver, respond }),
    ...billHandlers({ bills: createBillQueries(db), respond }),
    ...voteHandlers({ votes: createVoteQueries(db), respond }),
    ...committeeHandlers({ committees: createCommitteeQueries(db), respond }),
    ...coverageHandlers({ coverage: createCoverageQueries(db), respond }),
    ...searchHandlers({ engine, queries: searchQueries, vectors, representativeIds: postcodeResolver.representativeIds, respond }),
  };
  checkHandlers(ENDPOINTS, handlers);

  // The OpenAPI document, /docs and /health are outside the gate: the first two describe the interface
  // and read no data; load balancers probe health without keys, many times an hour.
  registerEndpoints(
    app,
    ENDPOINTS.filter((e) => !e.gated),
    handlers,
    API_PREFIX,
  );
  if (access) app.use(`${API_PREFIX}/*`, accessControl({ ...access, prefix: API_PREFIX, classify: bucketOfPath }));
  if (ops?.metrics) app.route('/', metricsRoutes({ metrics: ops.metrics }));
  const api = new Hono();
  const semantic = ENDPOINTS.filter((e) => e.bucket === 'semantic').map((e) => e.path);
  for (const path of semantic) api.use(path, withRequestSignal);
  if (memoryGuard) for (const path of semantic) api.use(path, checkAfterwards(memoryGuard));
  registerEndpoints(
    api,
    ENDPOINTS.filter((e) => e.gated),
    handlers,
  );
  app.route(API_PREFIX, api);

  app.notFound((c) => respond.error(c, notFound(`route ${c.req.path}`)));
  app.onError((err, c) => {
    if (err instanceof ApiError) return respond.error(c, err);
    // A client that went away mid-request (the embedding queue gives up its place) is no bug.
    if (isClientAbort(err, c)) return respond.error(c, internalError());
    logError(err, c);
    return respond.error(c, internalError());
  });

  // Answers the cache holds skip the router and the middleware chain (src/server/http/fast-path.ts).
  const fast = createFastPath({
    cache: kept,
    gate: access ? createGate({ ...access, prefix: API_PREFIX, classify: bucketOfPath }) : null,
    observe: ops && (ops.log || ops.metrics) ? createObserver({ ...ops, buildId: build.id }) : null,
    compressThreshold,
    onError: (err, method) => {
      logError(err);
      return failureReply(internalError(), undefined, method);
    },
  });
  const routed = app.fetch;
  app.fetch = (req, env, ctx) => fast.fetch(req, env) ?? routed(req, env, ctx);
  return Object.assign(app, {
    /** Answers a kept answer from node:http's own request and response; false: use `fetch`. */
    node: fast.node,
    // The search caches of this file (src/server/search/query-caches.ts), for /metrics.
    searchCaches: () => ({ ...searchQueries.cacheStats(), ...(vectors && { int8_vectors: vectors.cacheStats() }) }),
  });
}

/** The vector index's options under the search caches' caps (default: the index's own). */
export function vectorOptions(searchCacheBytes?: Record<SearchCacheName, number>): VectorIndexOptions {
  return searchCacheBytes ? { keepBytes: searchCacheBytes.int8_vectors } : {};
}
