// A postcode → its point, boundaries and representatives: what GET /postcodes/{postcode}(/representatives)
// answer, and what the search filter `postcode` narrows to (decisions 5 and 7). One instance per
// data file, so both keep one cache.
import type { BoundaryQueries } from '../db/boundaries.js';
import type { PostcodeQueries } from '../db/postcodes.js';
import type { Level } from '../../core/domain/enums.js';
import type { BoundaryHit, BoundaryIndex } from '../../core/geo/boundary-index.js';
import { notFound } from '../../core/errors.js';
import { lookupSlots, type LookupResult } from '../geo/lookup-slots.js';
import { createPointCache } from './point-cache.js';
import { createRepresentativeFinder, type RepresentativeEntry } from './representatives.js';
import { parsedOr400, resolvePostcode, type Resolution } from './resolve.js';

/** Distinct points kept with their boundaries and representatives (a few KB each, shared objects). */
const POINT_CACHE_SIZE = 50_000;

export interface AtPoint {
  slots: LookupResult;
  containing: BoundaryHit[];
  winners: Partial<Record<Level, BoundaryHit>>;
  representatives?: RepresentativeEntry[];
}

export interface PostcodeResolverOptions {
  postcodes: PostcodeQueries;
  boundaries: BoundaryQueries;
  index: BoundaryIndex;
}

export function createPostcodeResolver({ postcodes, boundaries, index }: PostcodeResolverOptions) {
  const representativesOf = createRepresentativeFinder(postcodes);

  const withSlots = (containing: BoundaryHit[], lng: number, lat: number): AtPoint => {
    // `containing` is in the index's winner order per level (its contract), so the first of each
    // level is the winner, and the slots come from /boundaries/lookup's own function: identical by construction.
    const winners: Partial<Record<Level, BoundaryHit>> = {};
    for (const hit of containing) winners[hit.level] ??= hit;
    return { containing, winners, slots: lookupSlots({ ...index, winners: () => winners }, boundaries, lng, lat) };
  };
  // A data file without precomputed answers (built before they existed): one point-in-polygon pass per point.
  const atPoint = createPointCache<AtPoint>(POINT_CACHE_SIZE, (lng, lat) => withSlots(index.lookup(lng, lat), lng, lat));
  // The build's answers: few distinct sets (one per combination of boundaries), each built once.
  const bySet = new Map<number, AtPoint | null>();
  const fromSet = (id: number, lng: number, lat: number): AtPoint | null => {
    let at = bySet.get(id);
    if (at === undefined) {
      const hits = postcodes.boundarySet(id).map((c) => index.byId(c));
      // A boundary the index does not hold would mean the file is not what was built: never answer from it.
      at = hits.every((h) => h !== undefined) ? withSlots(hits as BoundaryHit[], lng, lat) : null;
      bySet.set(id, at);
    }
    return at;
  };

  /** 400 when malformed (naming `param`), 404 when no location is on file. */
  const resolved = (raw: string, param = 'postcode'): { r: Resolution; at: AtPoint } => {
    const p = parsedOr400(raw, param);
    const r = resolvePostcode(p, postcodes);
    if (!r) throw notFound(`postcode ${p.display}`);
    // The point is the code's own row, or its FSA's: the build stored the answer under that key.
    const set = postcodes.boundarySetOf(r.source === 'fsa_derived' ? p.fsa : p.code);
    const at = (set !== null && fromSet(set, r.latlng.lng, r.latlng.lat)) || atPoint.get(r.latlng.lng, r.latlng.lat);
    return { r, at };
  };

  const representatives = (at: AtPoint) => (at.representatives ??= representativesOf(at.containing, at.winners));

  return {
    resolved,
    representatives,
    /** The politician ids of a postcode's representatives at every level (400 malformed, 404 unknown). */
    representativeIds: (raw: string, param = 'postcode') => [
      ...new Set(representatives(resolved(raw, param).at).map((e) => e.politician.id)),
    ],
  };
}

export type PostcodeResolver = ReturnType<typeof createPostcodeResolver>;
