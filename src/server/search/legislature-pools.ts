// Ways of drawing the candidate lists per legislature, measured with Ontario's Hansard beside the
// judged House and BC chunks (eval/pool-grid.ts, eval/method.md) and not adopted: the API draws
// each side's candidates from the whole file. Kept as evaluation options so the figures reproduce.
import type { SearchFilters } from '../db/search.js';
import type { Neighbour, VectorIndex } from './vectors.js';

/** 'global': the k nearest of the file; 'merged': each legislature's k nearest in one list by the
 *  probe's similarity; 'lists': each legislature's k nearest as its own list of the fusion. */
export type VectorPool = 'global' | 'merged' | 'lists' | 'own-merged' | 'own-lists';

/** The vector side's neighbours, and the lists the fusion ranks them in. 'own-…': each legislature
 *  probed with the feedback of its own best keyword match (`probeOf`), merged by similarity to the
 *  query or as lists. */
export function drawNeighbours(
  vectors: VectorIndex,
  probe: Float32Array | ((legislature: number) => Float32Array),
  k: number,
  f: SearchFilters,
  sessionIds: string[] | null,
  reference: Float32Array,
  how: VectorPool,
): { neighbours: Neighbour[]; lists: number[][] } {
  if (how === 'global') {
    const neighbours = vectors.nearest(typeof probe === 'function' ? probe(-1) : probe, k, f, sessionIds, reference);
    return { neighbours, lists: [neighbours.map((n) => n.rowid)] };
  }
  const per = vectors.nearestPerLegislature(probe, k, f, sessionIds, reference);
  const neighbours = per.flat();
  if (how === 'lists' || how === 'own-lists') return { neighbours, lists: per.map((l) => l.map((n) => n.rowid)) };
  if (how === 'own-merged') neighbours.sort((a, b) => b.similarity - a.similarity || a.rowid - b.rowid);
  else neighbours.sort((a, b) => (b.probe ?? b.similarity) - (a.probe ?? a.similarity) || a.rowid - b.rowid);
  return { neighbours, lists: [neighbours.map((n) => n.rowid)] };
}

/** A ranked list split per legislature (each part keeps its order), or as it is when `split` is false. */
export function byLegislature(vectors: VectorIndex | null, list: number[], split: boolean): number[][] {
  if (!split || !vectors) return [list];
  const parts = new Map<number, number[]>();
  for (const rowid of list) {
    const p = vectors.legislatureOf(rowid);
    const part = parts.get(p);
    if (part) part.push(rowid);
    else parts.set(p, [rowid]);
  }
  return [...parts.values()];
}
