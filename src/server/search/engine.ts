// The search endpoints' logic (decisions 6) over injected sources: modes, pages, counts, groups
// by politician, facets. Routes only validate, call this, and respond.
import { COUNT_CAP, type ResultRow, type SearchFilters, type SearchQueries } from '../db/search.js';
import { ApiError } from '../../core/errors.js';
import { anchorPool, hybridPool, type Candidate, type CandidateSources, type Pool } from './candidates.js';
import { politicianBrief, politicianWithSocials, resultItem, round } from './shape.js';

export interface SearchRequest {
  q?: string;
  anchor_chunk_id?: string;
  filters: SearchFilters;
  /** Whether any structural filter was given (decisions 6: enables "recent" mode). */
  structural: boolean;
  min_similarity?: number;
}

export interface TimelineOptions {
  page: number;
  limit: number;
  include_count: boolean;
}
export interface GroupOptions {
  page: number;
  limit: number;
  per_group_limit: number;
  sort: 'mentions' | 'best_match' | 'avg_match' | 'keyword_hits';
}

type Mode = 'hybrid' | 'semantic' | 'recent';

const pages = (total: number, limit: number) => Math.ceil(total / limit);

export function createSearchEngine(src: CandidateSources & { queries: SearchQueries }) {
  const { queries } = src;

  /** The pool for q or anchor; null means "recent" mode. Throws the decisions' 400/404. */
  async function poolOf(req: SearchRequest): Promise<Pool | null> {
    if (req.q !== undefined && req.q.trim() !== '') return hybridPool(src, req.q, req.filters, req.min_similarity);
    if (req.anchor_chunk_id !== undefined) {
      const rowid = queries.rowidOf(req.anchor_chunk_id);
      if (rowid === undefined) throw new ApiError('anchor_not_found', `anchor chunk ${req.anchor_chunk_id} not found`);
      return anchorPool(src, rowid, req.filters, req.min_similarity);
    }
    if (!req.structural)
      throw new ApiError(
        'missing_query',
        'give q, anchor_chunk_id or at least one filter (politician_ids, party, level, province_territory, from, to, parliament_number, session_number, speech_type, politician_active)',
      );
    return null;
  }

  const politicianIdsOf = (rowids: number[]) => {
    if (src.vectors) return src.vectors.politicianIds(rowids);
    const rows = queries.rows(rowids);
    return rowids.map((r) => rows.get(r)?.politician_id ?? null);
  };

  // A result's snippet marks the query's words in it: from the chunk's kept words (src/server/search/query-caches.ts).
  const item = (r: ResultRow, stems: ReadonlySet<string>, similarity: number | null, score: number | null) =>
    resultItem(r, stems, similarity, score, stems.size ? queries.chunkWords(r.rowid, r.text, r.language) : undefined);

  const items = (cands: Candidate[], stems: Set<string>) => {
    const rows = queries.rows(cands.map((c) => c.rowid));
    return cands.map((c) => item(rows.get(c.rowid)!, stems, c.similarity, c.score));
  };

  return {
    async timeline(req: SearchRequest, o: TimelineOptions) {
      const pool = await poolOf(req);
      const offset = (o.page - 1) * o.limit;
      if (!pool) {
        const rowids = queries.recent(req.filters, o.limit, offset);
        const rows = queries.rows(rowids);
        const total = o.include_count ? queries.countCapped(req.filters) : null;
        return {
          items: rowids.map((r) => resultItem(rows.get(r)!, new Set(), null, null)),
          page: o.page,
          limit: o.limit,
          total,
          capped: total === null ? null : total >= COUNT_CAP,
          pages: total === null ? null : pages(total, o.limit),
          mode: 'recent' as Mode,
        };
      }
      const counted = o.include_count ? pool.count() : null;
      return {
        items: items(pool.candidates.slice(offset, offset + o.limit), pool.stems),
        page: o.page,
        limit: o.limit,
        total: counted && counted.matches,
        capped: counted && counted.capped,
        pages: counted && pages(counted.matches, o.limit),
        mode: pool.mode as Mode,
      };
    },

    async count(req: SearchRequest) {
      const pool = await poolOf(req);
      if (pool) {
        const { matches, capped } = pool.count();
        return { total: matches, capped };
      }
      const total = queries.countCapped(req.filters);
      return { total, capped: total >= COUNT_CAP };
    },

    async grouped(req: SearchRequest, o: GroupOptions) {
      const pool = await poolOf(req);
      const cands = pool
        ? pool.candidates
        : queries.recent(req.filters, 1000, 0).map((rowid) => ({ rowid, score: 0, similarity: null, keyword: false, vector: false }));
      // Grouping needs only each chunk's speaker (from memory when the vector index is loaded);
      // whole rows are read for the chunks shown.
      const speakers = politicianIdsOf(cands.map((c) => c.rowid));
      const groups = new Map<string, Candidate[]>();
      cands.forEach((c, i) => {
        const pid = speakers[i];
        if (pid === null) return;
        const group = groups.get(pid);
        if (group) group.push(c);
        else groups.set(pid, [c]);
      });
      const stats = [...groups].map(([pid, cs]) => {
        const sims = cs.map((c) => c.similarity).filter((s): s is number => s !== null);
        return {
          pid,
          cs,
          mention_count: cs.length,
          keyword_hits: cs.filter((c) => c.keyword).length,
          best: sims.length ? Math.max(...sims) : null,
          avg: sims.length ? sims.reduce((a, b) => a + b, 0) / sims.length : null,
        };
      });
      const key = { mentions: 'mention_count', keyword_hits: 'keyword_hits', best_match: 'best', avg_match: 'avg' } as const;
      stats.sort((a, b) => (b[key[o.sort]] ?? -2) - (a[key[o.sort]] ?? -2) || (b.best ?? -2) - (a.best ?? -2) || (a.pid < b.pid ? -1 : 1));
      const offset = (o.page - 1) * o.limit;
      const stems = pool?.stems ?? new Set<string>();
      const shown = stats.slice(offset, offset + o.limit).map((g) => ({ ...g, cs: g.cs.slice(0, Math.max(1, o.per_group_limit)) }));
      const rows = queries.rows(shown.flatMap((g) => g.cs.map((c) => c.rowid)));
      return {
        mode: (pool?.mode ?? 'recent') as Mode,
        group_by: 'politician',
        page: o.page,
        limit: o.limit,
        per_group_limit: o.per_group_limit,
        total_politicians: stats.length,
        groups: shown.map((g) => ({
          politician: politicianWithSocials(rows.get(g.cs[0].rowid)!),
          best_similarity: g.best === null ? null : round(g.best),
          avg_similarity: g.avg === null ? null : round(g.avg),
          mention_count: g.mention_count,
          keyword_hits: g.keyword_hits,
          chunks: g.cs.slice(0, o.per_group_limit).map((c) => item(rows.get(c.rowid)!, stems, c.similarity, pool ? c.score : null)),
        })),
      };
    },

    async facets(req: SearchRequest, limit: number) {
      const pool = await poolOf(req);
      const cands = pool
        ? pool.candidates.slice(0, limit)
        : queries.recent(req.filters, limit, 0).map((rowid) => ({ rowid, score: 0, similarity: null, keyword: false, vector: false }));
      const rows = queries.rows(cands.map((c) => c.rowid));
      const tally = <K>(keyOf: (c: Candidate) => K) => {
        const m = new Map<K, { count: number; sims: number[]; first: Candidate }>();
        for (const c of cands) {
          const k = keyOf(c);
          const e = m.get(k) ?? { count: 0, sims: [], first: c };
          e.count++;
          if (c.similarity !== null) e.sims.push(c.similarity);
          m.set(k, e);
        }
        return [...m].sort((a, b) => b[1].count - a[1].count || String(a[0]).localeCompare(String(b[0])));
      };
      const avg = (s: number[]) => (s.length ? round(s.reduce((a, b) => a + b, 0) / s.length) : null);
      const hybrid = pool?.mode === 'hybrid';
      return {
        analyzed_count: cands.length,
        analysis_limit: limit,
        chunk_ids: cands.map((c) => rows.get(c.rowid)!.chunk_id),
        by_party: tally((c) => rows.get(c.rowid)!.party_at_time).map(([party, e]) => ({
          party,
          count: e.count,
          avg_similarity: avg(e.sims),
        })),
        by_politician: tally((c) => rows.get(c.rowid)!.politician_id)
          .slice(0, 10)
          .map(([, e]) => ({ politician: politicianBrief(rows.get(e.first.rowid)!), count: e.count, avg_similarity: avg(e.sims) })),
        by_year: tally((c) => rows.get(c.rowid)!.spoken_at.slice(0, 4))
          .map(([year, e]) => ({ year: Number(year), count: e.count }))
          .sort((a, b) => a.year - b.year),
        by_language: tally((c) => rows.get(c.rowid)!.language).map(([language, e]) => ({ language, count: e.count })),
        keyword_overlap: hybrid
          ? {
              both: cands.filter((c) => c.keyword && c.vector).length,
              semantic_only: cands.filter((c) => !c.keyword && c.vector).length,
              keyword_only: cands.filter((c) => c.keyword && !c.vector).length,
            }
          : null,
        mode: (pool?.mode ?? 'recent') as Mode,
      };
    },
  };
}

export type SearchEngine = ReturnType<typeof createSearchEngine>;
