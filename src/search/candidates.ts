// The ranked candidate pool of a query (decisions 6): keyword candidates (FTS5, bm25) and vector
// candidates (nearest neighbours of the query embedding, probed with feedback from the best keyword
// match: src/search/feedback.ts) fused by reciprocal rank fusion; or, with
// only an anchor chunk, its nearest neighbours. Each pool side holds at most POOL chunks, and the
// pool is the whole result set that totals, pages, groups and facets are computed over.
import { chunkWhere, type SearchFilters, type SearchQueries } from '../db/search.js';
import type { Embedder } from './embedder.js';
import { feedbackProbe } from './feedback.js';
import { reciprocalRankFusion } from './fuse.js';
import { keywordCandidates, type Passing } from './keyword-plan.js';
import { queryTerms } from './text/terms.js';
import type { VectorIndex } from './vectors.js';

export const POOL = 1000;

export interface Candidate { rowid: number; score: number; similarity: number | null; keyword: boolean; vector: boolean }
export interface Pool { mode: 'hybrid' | 'semantic'; candidates: Candidate[]; stems: Set<string> }

export interface CandidateSources {
  queries: SearchQueries;
  vectors: VectorIndex | null;
  /** Runs an embedding through the shared queue (2 running, 6 waiting). */
  embed: ((text: string) => Promise<Float32Array>) | null;
}

/** Which candidate lists feed the fusion. Internal: the evaluation (eval/run.ts) compares each
 *  side alone with both on the same pool sizes; the API always uses both. */
export interface PoolSides { keyword: boolean; vector: boolean }
const BOTH: PoolSides = { keyword: true, vector: true };

export async function hybridPool(src: CandidateSources, q: string, f: SearchFilters, minSimilarity: number | undefined, sides: PoolSides = BOTH): Promise<Pool> {
  const terms = queryTerms(q, f.langs);
  const stems = new Set(terms.flatMap((t) => t.stems));
  const sessionIds = src.queries.sessionIdsFor(f.parliament_number, f.session_number);
  const keyword = sides.keyword ? keywordCandidates(src.queries, [...stems], {
    f, sessionIds, limit: POOL, mask: src.vectors?.rowMask(f, sessionIds), passing: src.vectors ? null : passingOf(src.queries, f),
  }) : [];
  let neighbours: Array<{ rowid: number; similarity: number }> = [];
  let qvec: Float32Array | null = null;
  if (sides.vector && src.vectors && src.embed && src.vectors.count() > 0) {
    qvec = await src.embed(q);
    const best = keyword.length ? src.vectors.vectors([keyword[0]]).get(keyword[0]) : undefined;
    neighbours = src.vectors.nearest(feedbackProbe(qvec, best), POOL, f, sessionIds, qvec);
  }
  const fused = reciprocalRankFusion([keyword, neighbours.map((n) => n.rowid)]);
  const similarity = new Map(neighbours.map((n) => [n.rowid, n.similarity]));
  const kw = new Set(keyword);
  const near = new Set(neighbours.map((n) => n.rowid));
  if (qvec && src.vectors) {
    const missing = keyword.filter((r) => !similarity.has(r));
    for (const [rowid, s] of src.vectors.similarities(qvec, missing)) similarity.set(rowid, s);
  }
  let candidates = [...fused].map(([rowid, score]) => ({
    rowid, score, similarity: similarity.get(rowid) ?? null, keyword: kw.has(rowid), vector: near.has(rowid),
  }));
  if (minSimilarity !== undefined) candidates = candidates.filter((c) => c.similarity !== null && c.similarity >= minSimilarity);
  candidates.sort((a, b) => b.score - a.score || (b.similarity ?? -2) - (a.similarity ?? -2) || a.rowid - b.rowid);
  return { mode: 'hybrid', candidates, stems };
}

/** The filter as SQL over the chunks read, for a file without the vector index's in-memory columns. */
function passingOf(queries: SearchQueries, f: SearchFilters): Passing | null {
  if (!chunkWhere(f).clauses.length) return null;
  return (rowids) => {
    const ok = queries.passing(rowids, f);
    return rowids.filter((r) => ok.has(r));
  };
}

export function anchorPool(src: CandidateSources, anchorRowid: number, f: SearchFilters, minSimilarity: number | undefined): Pool {
  const vec = src.vectors?.vectors([anchorRowid]).get(anchorRowid);
  if (!vec || !src.vectors) return { mode: 'semantic', candidates: [], stems: new Set() };
  let candidates = src.vectors.nearest(vec, POOL + 1, f, src.queries.sessionIdsFor(f.parliament_number, f.session_number))
    .filter((n) => n.rowid !== anchorRowid)
    .slice(0, POOL)
    .map((n) => ({ rowid: n.rowid, score: n.similarity, similarity: n.similarity, keyword: false, vector: true }));
  if (minSimilarity !== undefined) candidates = candidates.filter((c) => c.similarity >= minSimilarity);
  return { mode: 'semantic', candidates, stems: new Set() };
}
