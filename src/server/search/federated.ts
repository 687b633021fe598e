// A search over several legislatures' Hansards with each legislature ranked as if searched alone:
// the whole-file ranking decides which legislature holds each place, and each legislature's places
// are filled in the order of its own search (its own candidate lists and, by default, its own word
// statistics: legislature-statistics.ts). Measured with Ontario's Hansard beside the House and not
// adopted (eval/method.md, "fourth round"; `bun eval/federated.ts`): the API ranks the whole file
// at once. Kept as an evaluation option so the figures reproduce.
import type { SearchFilters } from '../db/search.js';
import { hybridPool, type Candidate, type CandidateSources, type Pool, type PoolOptions } from './candidates.js';
import { type Legislature, legislatureFilters, withStatisticsOf } from './legislature-statistics.js';

/** The filters of one legislature's own search, or null when `f` excludes it. */
function within(f: SearchFilters, l: Legislature): SearchFilters | null {
  const { level, province_territory } = legislatureFilters(l);
  if (f.level !== undefined && f.level !== level) return null;
  if (f.province_territory !== undefined && f.province_territory !== province_territory) return null;
  return { ...f, level, province_territory };
}

/** `whole` with each place of legislature p taken by the next of `own.get(p)` not yet placed (the
 *  place's own candidate when that list is spent or absent); a candidate is placed once. */
export function fillPlaces(
  whole: readonly Candidate[],
  own: ReadonlyMap<number, readonly Candidate[]>,
  legislatureOf: (rowid: number) => number,
): Candidate[] {
  const next = new Map<number, number>();
  const placed = new Set<number>();
  const out: Candidate[] = [];
  for (const c of whole) {
    const p = legislatureOf(c.rowid);
    const list = own.get(p);
    let pick = c;
    if (list) {
      let i = next.get(p) ?? 0;
      while (i < list.length && placed.has(list[i].rowid)) i++;
      if (i < list.length) pick = list[i++];
      next.set(p, i);
    }
    if (placed.has(pick.rowid)) continue;
    placed.add(pick.rowid);
    out.push(pick);
  }
  return out;
}

/** hybridPool, federated when `o.federate` is set and the pool holds more than one legislature. */
export async function federatedPool(
  src: CandidateSources,
  q: string,
  f: SearchFilters,
  minSimilarity: number | undefined,
  o: PoolOptions = {},
): Promise<Pool> {
  const whole = await hybridPool(src, q, f, minSimilarity, o);
  const vectors = src.vectors;
  if (!vectors || !o.federate) return whole;
  const legislatures = vectors.legislatures();
  const present = new Set(whole.candidates.map((c) => vectors.legislatureOf(c.rowid)).filter((p) => p >= 0));
  if (present.size < 2) return whole;
  const own = new Map<number, Candidate[]>();
  for (const p of present) {
    const g = within(f, legislatures[p]);
    const alone = (o.ownStatistics ?? true) ? { ...src, queries: withStatisticsOf(src.queries, legislatures[p]) } : src;
    if (g) own.set(p, (await hybridPool(alone, q, g, minSimilarity, o)).candidates);
  }
  return { ...whole, candidates: fillPlaces(whole.candidates, own, (r) => vectors.legislatureOf(r)) };
}
