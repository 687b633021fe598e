// GET /postcodes/{postcode} and /postcodes/{postcode}/representatives (spec; decisions 5 and 7).
import { Hono } from 'hono';
import type { BoundaryQueries } from '../db/boundaries.js';
import type { PostcodeQueries } from '../db/postcodes.js';
import type { Level } from '../domain/enums.js';
import type { BoundaryHit, BoundaryIndex } from '../geo/boundary-index.js';
import { notFound } from '../http/errors.js';
import type { Responder } from '../http/respond.js';
import { createPointCache } from '../postcodes/point-cache.js';
import { createRepresentativeFinder, type RepresentativeEntry } from '../postcodes/representatives.js';
import { parsedOr400, resolvePostcode, type Resolution } from '../postcodes/resolve.js';
import { lookupSlots, type LookupResult } from './boundaries.js';

/** Distinct points kept with their boundaries and representatives (a few KB each, shared objects). */
const POINT_CACHE_SIZE = 50_000;

interface AtPoint { slots: LookupResult; containing: BoundaryHit[]; winners: Partial<Record<Level, BoundaryHit>>; representatives?: RepresentativeEntry[] }

export function postcodeRoutes({ postcodes, boundaries, index, respond }: {
  postcodes: PostcodeQueries; boundaries: BoundaryQueries; index: BoundaryIndex; respond: Responder;
}) {
  const app = new Hono();
  const representativesOf = createRepresentativeFinder(postcodes);

  // One point-in-polygon pass per point: `lookup` lists the containing boundaries in the index's
  // winner order per level (its contract), so the first of each level is the winner, and the slots
  // are built by /boundaries/lookup's own function from those winners: identical by construction.
  const atPoint = createPointCache<AtPoint>(POINT_CACHE_SIZE, (lng, lat) => {
    const containing = index.lookup(lng, lat);
    const winners: Partial<Record<Level, BoundaryHit>> = {};
    for (const hit of containing) winners[hit.level] ??= hit;
    return { containing, winners, slots: lookupSlots({ ...index, winners: () => winners }, boundaries, lng, lat) };
  });

  const resolved = (raw: string): Resolution => {
    const p = parsedOr400(raw);
    const r = resolvePostcode(p, postcodes);
    if (!r) throw notFound(`postcode ${p.display}`);
    return r;
  };

  app.get('/postcodes/:postcode', (c) => {
    const r = resolved(c.req.param('postcode'));
    return respond.json(c, { ...r, boundaries: atPoint.get(r.latlng.lng, r.latlng.lat).slots }, 86400);
  });

  app.get('/postcodes/:postcode/representatives', (c) => {
    const r = resolved(c.req.param('postcode'));
    const at = atPoint.get(r.latlng.lng, r.latlng.lat);
    at.representatives ??= representativesOf(at.containing, at.winners);
    return respond.json(c, { ...r, boundaries: at.slots, representatives: at.representatives }, 300);
  });

  return app;
}
