// The keyword plan: the plain query under the match budget; over it, exact bm25 order among the
// chunks holding a rare term (merged from `rare AND common` and `rare`), then the newest matches;
// and the plain query for a data file without term counts.
import { describe, expect, test } from 'bun:test';
import type { SearchFilters, SearchQueries } from '../../src/db/search.js';
import { ftsMatch, keywordCandidates, MATCH_BUDGET, NEWEST_CAP } from '../../src/search/keyword-plan.js';

const f: SearchFilters = { langs: ['en'], exclude_presiding: false };

/** Records the calls; scored queries answer from `scored` ([rowid, bm25] best first), the others from `plain`/`newest`. */
function fake(docs: Record<string, number> | null, scored: Record<string, Array<[number, number]>>, plain: Record<string, number[]> = {}, newest: Record<string, number[]> = {}) {
  const calls: string[] = [];
  const queries = {
    termDocs: (stems: string[]) => (docs ? new Map(stems.filter((s) => s in docs).map((s) => [s, docs[s]])) : null),
    keyword: (match: string, _f: SearchFilters, limit: number) => { calls.push(`keyword ${match}`); return (plain[match] ?? []).slice(0, limit); },
    keywordScored: (match: string, _f: SearchFilters, limit: number) => { calls.push(`scored ${match}`); return (scored[match] ?? []).slice(0, limit); },
    keywordNewest: (match: string, _f: SearchFilters, limit: number, cap: number) => { calls.push(`newest ${match} cap ${cap}`); return (newest[match] ?? []).slice(0, limit); },
  } as unknown as SearchQueries;
  return { queries, calls };
}

describe('keywordCandidates', () => {
  test('under the budget: any of the terms, as before', () => {
    const all = ftsMatch(['hous', 'afford'])!;
    const { queries, calls } = fake({ hous: 10, afford: 5 }, {}, { [all]: [3, 1, 2] });
    expect(keywordCandidates(queries, ['hous', 'afford'], f, 1000)).toEqual([3, 1, 2]);
    expect(calls).toEqual([`keyword ${all}`]);
  });

  test('a data file without term counts: the plain query', () => {
    const all = ftsMatch(['minist'])!;
    const { queries, calls } = fake(null, {}, { [all]: [7] });
    expect(keywordCandidates(queries, ['minist'], f, 10)).toEqual([7]);
    expect(calls).toEqual([`keyword ${all}`]);
  });

  test('over the budget: chunks with a rare term in bm25 order (exact scores from both queries), then the newest matches', () => {
    const docs = { softwood: 300, lumber: 5000, disput: MATCH_BUDGET };
    const rare = ftsMatch(['softwood', 'lumber'])!;
    const both = `(${rare}) AND (${ftsMatch(['disput'])})`;
    const all = ftsMatch(['disput', 'lumber', 'softwood'])!;
    // Chunk 5 holds a rare and the common term: its exact score (-9) comes from `both`, not `rare` (-4).
    const { queries, calls } = fake(docs, { [both]: [[5, -9], [2, -3]], [rare]: [[8, -6], [5, -4], [2, -1]] }, {}, { [all]: [8, 40, 41, 42] });
    expect(keywordCandidates(queries, ['disput', 'lumber', 'softwood'], f, 5)).toEqual([5, 8, 2, 40, 41]);
    expect(calls).toEqual([`scored ${both}`, `scored ${rare}`, `newest ${all} cap ${NEWEST_CAP}`]);
  });

  test('over the budget with enough rare matches: no capped query; equal scores in chunk order', () => {
    const rare = ftsMatch(['softwood'])!;
    const both = `(${rare}) AND (${ftsMatch(['disput'])})`;
    const { queries, calls } = fake({ softwood: 300, disput: MATCH_BUDGET + 1 }, { [both]: [[9, -2]], [rare]: [[3, -2], [1, -1]] });
    expect(keywordCandidates(queries, ['disput', 'softwood'], f, 2)).toEqual([3, 9]);
    expect(calls).toEqual([`scored ${both}`, `scored ${rare}`]);
  });

  test('only common terms: the newest chunks holding all, then any; unknown terms are left out of the AND', () => {
    const every = `${ftsMatch(['prime'])} AND ${ftsMatch(['minist'])}`;
    const all = ftsMatch(['minist', 'prime', 'zzz'])!;
    const { queries, calls } = fake({ prime: MATCH_BUDGET + 1, minist: MATCH_BUDGET + 5 }, {}, {}, { [every]: [10, 11], [all]: [11, 12] });
    expect(keywordCandidates(queries, ['minist', 'prime', 'zzz'], f, 1000)).toEqual([10, 11, 12]);
    expect(calls).toEqual([`newest ${every} cap ${NEWEST_CAP}`, `newest ${all} cap ${NEWEST_CAP}`]);
  });

  test('no stems: nothing, no query', () => {
    const { queries, calls } = fake({}, {});
    expect(keywordCandidates(queries, [], f, 10)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
