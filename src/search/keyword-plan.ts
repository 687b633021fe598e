// Which keyword query a search runs. bm25 scores every chunk its FTS5 query matches, so a query of
// common words ("the Prime Minister", "government answers") would rank hundreds of thousands of
// chunks at 1 M: ~100 ms and more. When the query's terms are in more than MATCH_BUDGET chunks
// together, the plan splits them into rare terms (the rarest ones whose chunk counts fit in the
// budget) and common ones, and ranks only the chunks holding a rare term, with their exact scores:
// bm25 is a sum over the query's terms present in a chunk, so `rare AND common` scores a chunk with
// both kinds as the plain query would, and `rare` scores a chunk with rare terms only as it would.
// Chunks holding only common terms come after, from the newest NEWEST_CAP chunks matching a term.
// A query of common terms only ranks the newest NEWEST_CAP chunks holding all of them, then those
// holding any. Under the budget (every query on a corpus of a few ten thousand chunks) it is the
// plain query: any of the terms, bm25 over all of them. Documented in docs/api-notes.md "Search".
import type { SearchFilters, SearchQueries } from '../db/search.js';

export const MATCH_BUDGET = 10_000;
export const NEWEST_CAP = 20_000;

/** FTS5 query: any of the stems (bm25 ranks chunks matching more of them higher). */
export function ftsMatch(stems: Iterable<string>): string | null {
  const terms = [...stems].map((s) => `"${s.replace(/"/g, '""')}"`);
  return terms.length ? terms.join(' OR ') : null;
}

export function keywordCandidates(queries: SearchQueries, stems: string[], f: SearchFilters, limit: number): number[] {
  const all = ftsMatch(stems);
  if (!all) return [];
  const docs = queries.termDocs(stems);
  // A data file without term counts (built before them) keeps the plain query.
  if (!docs) return queries.keyword(all, f, limit);
  const known = stems.filter((s) => (docs.get(s) ?? 0) > 0).sort((a, b) => docs.get(a)! - docs.get(b)! || (a < b ? -1 : 1));
  let total = 0;
  for (const s of known) total += docs.get(s)!;
  if (total <= MATCH_BUDGET) return queries.keyword(all, f, limit);
  let split = 0, sum = 0;
  while (split < known.length && sum + docs.get(known[split])! <= MATCH_BUDGET) sum += docs.get(known[split++])!;
  const [rare, common] = [known.slice(0, split), known.slice(split)];
  const out: number[] = [];
  if (rare.length) {
    const score = new Map<number, number>();
    if (common.length) for (const [r, s] of queries.keywordScored(`(${ftsMatch(rare)}) AND (${ftsMatch(common)})`, f, limit)) score.set(r, s);
    for (const [r, s] of queries.keywordScored(ftsMatch(rare)!, f, limit)) if (!score.has(r)) score.set(r, s);
    // bm25() is lower for better matches; ties in chunk order, as in the plain query.
    out.push(...[...score].sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, limit).map(([r]) => r));
  } else if (known.length > 1) {
    out.push(...queries.keywordNewest(known.map((s) => ftsMatch([s])).join(' AND '), f, limit, NEWEST_CAP));
  }
  if (out.length >= limit) return out;
  const seen = new Set(out);
  for (const r of queries.keywordNewest(all, f, limit, NEWEST_CAP)) {
    if (out.length >= limit) break;
    if (!seen.has(r)) { seen.add(r); out.push(r); }
  }
  return out;
}
