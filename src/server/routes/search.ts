import type { SearchQueries } from '../db/search.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';
import { pathId } from '../http/params.js';
import { notFound } from '../../core/errors.js';
import type { SearchEngine } from '../search/engine.js';
import { parseFacetSearch, parseSessions, parseSpeechSearch, type RepresentativeIds } from '../search/params.js';
import { chunkDetail } from '../search/shape.js';
import type { VectorIndex } from '../search/vectors.js';

export interface SearchRouteOptions {
  engine: SearchEngine;
  queries: SearchQueries;
  vectors: VectorIndex | null;
  respond: Responder;
  /** Resolves the `postcode` filter to its representatives' ids. */
  representativeIds?: RepresentativeIds;
}

export function searchHandlers({ engine, queries, vectors, respond, representativeIds }: SearchRouteOptions): Handlers {
  return {
    searchSpeeches: async (c, e) => {
      const p = parseSpeechSearch(c.req.queries(), representativeIds);
      const body =
        p.group_by === 'politician'
          ? await engine.grouped(p.request, { page: p.page, limit: p.limit, per_group_limit: p.per_group_limit, sort: p.sort })
          : await engine.timeline(p.request, { page: p.page, limit: p.limit, include_count: p.include_count });
      return respond.json(c, body, e.maxAge);
    },

    countSpeeches: async (c, e) =>
      respond.json(c, await engine.count(parseSpeechSearch(c.req.queries(), representativeIds).request), e.maxAge),

    searchFacets: async (c, e) => {
      const p = parseFacetSearch(c.req.queries(), representativeIds);
      return respond.json(c, await engine.facets(p.request, p.limit), e.maxAge);
    },

    listSearchSessions: (c, e) => {
      const p = parseSessions(c.req.queries());
      return respond.json(c, { sessions: queries.sessions(p.level ?? null, p.province ?? null) }, e.maxAge);
    },

    getSearchChunk: (c, e) => {
      const id = pathId(c.req.param('id'), 'chunk');
      const row = queries.chunk(id);
      if (!row) throw notFound(`chunk ${id}`);
      return respond.json(c, chunkDetail(row), e.maxAge);
    },

    getSearchMeta: (c, e) => {
      const total = queries.totalChunks();
      const embedded = vectors?.count() ?? 0;
      return respond.json(
        c,
        { total_chunks: total, embedded_chunks: embedded, coverage: total ? Math.round((embedded / total) * 1e4) / 1e4 : 0 },
        e.maxAge,
      );
    },
  };
}
