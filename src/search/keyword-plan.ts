// The keyword side of a search: BM25 over the impact-ordered index of src/search/keyword-index.ts.
// Each stem of the query has up to LEVELS posting lists (chunks where its term weight falls in that
// level); the lists are read in order of idf·weight, highest first, and every chunk read adds that
// amount to its score. Reading stops after POSTING_BUDGET postings: the lists left are those that
// add the least to any score, of the commonest words in their weakest chunks, and a list cut short
// keeps its newest chunks. A query whose lists hold fewer postings is scored in full (every query on
// the real corpus; at 1 M chunks, queries of rare words). Filters on the facet columns become part
// of each list's FTS5 query (`"stem_L" AND "f_…"`), so a filtered search reads only chunks that
// pass; the rest of a filter (exact dates, presiding, active) is checked on the chunks scored.
// Ties rank the newer chunk first. Documented in docs/api-notes.md "Search".
import type { SearchFilters, SearchQueries } from '../db/search.js';
import { facetToken, ftsAny, idf, LEVELS, levelWeight, termToken, type Facet } from './keyword-index.js';

export const POSTING_BUDGET = 60_000;

/** The subset of `rowids` passing the whole filter, or null when nothing is filtered. */
export type Passing = (rowids: number[]) => number[];

type Sources = Pick<SearchQueries, 'termLevels' | 'postings' | 'yearSpan' | 'totalChunks'>;

/** The FTS5 condition the facet filters make, '' for none, null when nothing can pass. */
export function facetMatch(f: SearchFilters, sessionIds: string[] | null, years: [number, number] | null): string | null {
  const groups: string[] = [];
  const any = (facet: Facet, values: string[]) => groups.push(`(${ftsAny(values.map((v) => facetToken(facet, v)))})`);
  if (f.langs.length < 2) any('language', [f.langs[0]]);
  if (f.level) any('level', [f.level]);
  if (f.province_territory) any('province_territory', [f.province_territory]);
  if (f.politician_ids) any('politician_id', f.politician_ids);
  if (f.party) any('party', [f.party.toLowerCase()]);
  if (f.session_id) any('session_id', [f.session_id]);
  if (sessionIds) {
    if (!sessionIds.length) return null;
    any('session_id', sessionIds);
  }
  if (f.speech_type) any('speech_type', f.speech_type);
  if ((f.from || f.to) && years) {
    const first = f.from ? Math.max(Number(f.from.slice(0, 4)), years[0]) : years[0];
    const last = f.to ? Math.min(Number(f.to.slice(0, 4)), years[1]) : years[1];
    if (first > last) return null;
    if (last - first < 50) any('year', Array.from({ length: last - first + 1 }, (_, i) => String(first + i)));
  }
  return groups.join(' AND ');
}

export interface KeywordOptions {
  f: SearchFilters;
  sessionIds: string[] | null;
  passing: Passing | null;
  limit: number;
  budget?: number;
}

/** Rowids of the best keyword matches, best first, at most `limit`. */
export function keywordCandidates(queries: Sources, stems: string[], { f, sessionIds, passing, limit, budget = POSTING_BUDGET }: KeywordOptions): number[] {
  if (!stems.length) return [];
  const facets = facetMatch(f, sessionIds, queries.yearSpan());
  if (facets === null) return [];
  const chunks = queries.totalChunks();
  const lists: Array<{ token: string; weight: number; size: number }> = [];
  for (const [stem, { docs, levels }] of queries.termLevels(stems)) {
    const w = idf(chunks, docs);
    for (let l = 0; l < LEVELS; l++) if (levels[l]) lists.push({ token: termToken(stem, l), weight: w * levelWeight(l), size: levels[l] });
  }
  lists.sort((a, b) => b.weight - a.weight || (a.token < b.token ? -1 : 1));
  const score = new Map<number, number>();
  let left = budget;
  for (const list of lists) {
    if (left <= 0) break;
    const rowids = queries.postings(facets ? `"${list.token}" AND ${facets}` : `"${list.token}"`, Math.min(list.size, left));
    left -= rowids.length;
    for (const r of rowids) score.set(r, (score.get(r) ?? 0) + list.weight);
  }
  return best(passing ? passing([...score.keys()]) : [...score.keys()], score, limit);
}

/** The `limit` best rowids by score, then newest; without sorting them all (up to the budget). */
function best(rowids: number[], score: Map<number, number>, limit: number): number[] {
  const order = (a: number, b: number) => score.get(b)! - score.get(a)! || b - a;
  if (rowids.length <= limit) return rowids.sort(order);
  const scores = Float64Array.from(rowids, (r) => score.get(r)!).sort();
  const threshold = scores[scores.length - limit];
  const above = rowids.filter((r) => score.get(r)! > threshold);
  const tied = Float64Array.from(rowids.filter((r) => score.get(r) === threshold)).sort();
  for (let i = tied.length - 1; i >= 0 && above.length < limit; i--) above.push(tied[i]);
  return above.sort(order);
}
