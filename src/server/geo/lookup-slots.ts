// The answer of a boundary lookup at a point: per level, the winning boundary or null. Shared by
// /boundaries/lookup and the postcode resolver, which answer the same question.
import type { BoundaryMatch, BoundaryQueries } from '../db/boundaries.js';
import { LEVELS, type Level } from '../../core/domain/enums.js';
import type { BoundaryIndex } from '../../core/geo/boundary-index.js';

export type LookupResult = Partial<Record<Level, BoundaryMatch | null>>;

/** The lookup's slots: every level, or only the one asked for (spec /boundaries/lookup). */
export function lookupSlots(index: BoundaryIndex, boundaries: BoundaryQueries, lng: number, lat: number, only?: Level): LookupResult {
  const winners = index.winners(lng, lat);
  const out: LookupResult = {};
  for (const l of only ? [only] : LEVELS) out[l] = winners[l] ? boundaries.match(winners[l].constituency_id) : null;
  return out;
}
