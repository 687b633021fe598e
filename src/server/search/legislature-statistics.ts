// A legislature's own word statistics. A word's weight (idf) says how rare it is among the chunks a
// search ranks; searched within one legislature, those are that legislature's. Over the whole file, a
// much larger Hansard beside it decides them instead: with Ontario's 2,354 French chunks beside the
// House's 857, the House's French words weighed as Ontario's French uses them.
// Only the statistics are the legislature's: the index is read as it is (the same postings and levels),
// and filters' selectivity is still reckoned against the whole file (`fileChunks`).
import { ftsAny, LEVELS, termToken } from '../../core/data-file/keyword-index.js';
import type { SearchFilters, SearchQueries } from '../db/search.js';
import { facetGroups } from './keyword-plan.js';

export interface Legislature {
  level: string;
  /** '' for the federal Parliament. */
  province_territory: string;
}

/** The filters of a legislature's chunks (lang=any). */
export const legislatureFilters = (l: Legislature): SearchFilters => ({
  langs: ['en', 'fr'],
  exclude_presiding: false,
  level: l.level,
  province_territory: l.province_territory || undefined,
});

/** The FTS5 query matching a legislature's chunks: its filters' facet tokens (keyword-plan.ts). */
export const legislatureMatch = (l: Legislature): string => facetGroups(legislatureFilters(l), null, null)!.join(' AND ');

const scopedByFile = new WeakMap<SearchQueries, Map<string, SearchQueries>>();

/** `queries` with its statistics (chunk counts, a term's chunks, co-occurrences) those of `l`'s chunks.
 *  One object per legislature and file, so that the caches keyed by it (term-collection.ts) hold. */
export function withStatisticsOf(queries: SearchQueries, l: Legislature): SearchQueries {
  let byScope = scopedByFile.get(queries);
  if (!byScope) scopedByFile.set(queries, (byScope = new Map()));
  const scope = legislatureMatch(l);
  let scoped = byScope.get(scope);
  if (scoped) return scoped;
  const matchCount = (m: string) => queries.matchCount(`(${m}) AND ${scope}`);
  scoped = {
    ...queries,
    matchCount,
    totalChunks: () => queries.matchCount(scope),
    termLevels(stems) {
      const out = new Map<string, { docs: number; levels: number[] }>();
      for (const [stem, t] of queries.termLevels(stems)) {
        const tokens: string[] = [];
        for (let level = 0; level < LEVELS; level++) if (t.levels[level]) tokens.push(termToken(stem, level));
        out.set(stem, { docs: tokens.length ? matchCount(ftsAny(tokens)) : 0, levels: t.levels });
      }
      return out;
    },
  };
  byScope.set(scope, scoped);
  return scoped;
}
