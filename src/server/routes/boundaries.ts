import * as v from 'valibot';
import type { BoundaryQueries } from '../db/boundaries.js';
import type { BoundaryIndex } from '../../core/geo/boundary-index.js';
import { lookupSlots } from '../geo/lookup-slots.js';
import { invalidParameters, notFound, type ParamIssue } from '../../core/errors.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';
import { int, level, limit, number, page, parseParams, province, text } from '../http/params.js';

const BBOX_MESSAGE = 'must be minLng,minLat,maxLng,maxLat: four decimal numbers in WGS84 degrees, each min <= its max';
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

const bbox = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((x) => x.trim())),
    v.check((xs) => xs.length === 4 && xs.every((x) => DECIMAL.test(x)), BBOX_MESSAGE),
    v.transform((xs) => xs.map(Number) as [number, number, number, number]),
    v.check(
      ([minLng, minLat, maxLng, maxLat]) =>
        minLng >= -180 && maxLng <= 180 && minLat >= -90 && maxLat <= 90 && minLng <= maxLng && minLat <= maxLat,
      BBOX_MESSAGE,
    ),
  ),
);

export const listParams = { level: level(), province_territory: province(), bbox, page: page(), limit: limit(100, 50) };
export const lookupParams = { lat: number(40, 85), lng: number(-145, -50), postcode: text(3, 8), level: level() };
export const detailParams = { precision: int(1, 15, 6) };

export const PATH_PART = /^[a-z0-9-]{1,200}$/;

/** Finds a postcode's location (register, override table, FSA); throws a 400 for a
 *  malformed postcode, returns null for one with no location on file. */
export type PostcodeLocator = (postcode: string) => { lat: number; lng: number } | null;

export function boundaryHandlers({
  boundaries,
  index,
  locatePostcode,
  respond,
}: {
  boundaries: BoundaryQueries;
  index: BoundaryIndex;
  locatePostcode?: PostcodeLocator;
  respond: Responder;
}): Handlers {
  return {
    listBoundaries: (c, e) => respond.json(c, boundaries.list(parseParams(c.req.queries(), listParams)), e.maxAge),

    lookupBoundaries: (c, e) => {
      const p = parseParams(c.req.queries(), lookupParams);
      let at: { lat: number; lng: number } | null;
      if (p.postcode !== undefined) {
        // Postcode wins over lat/lng (spec); its centroid is the point.
        at = locatePostcode ? locatePostcode(p.postcode) : null;
        if (!at) throw notFound(`postcode ${JSON.stringify(p.postcode)}`);
      } else {
        const issues: ParamIssue[] = [];
        if (p.lat === undefined) issues.push({ param: 'lat', message: 'is required (with lng) unless postcode is given' });
        if (p.lng === undefined) issues.push({ param: 'lng', message: 'is required (with lat) unless postcode is given' });
        if (issues.length) throw invalidParameters(issues);
        at = { lat: p.lat!, lng: p.lng! };
      }
      return respond.json(c, lookupSlots(index, boundaries, at.lng, at.lat, p.level), e.maxAge);
    },

    getBoundary: (c, e) => {
      const [sourceSet, slug] = [c.req.param('source_set') ?? '', c.req.param('slug') ?? ''];
      // The spec declares both path parts with a pattern: a bad one is a validation failure (decisions 2
      // makes malformed *UUIDs* 404s; these are not ids), reported with the query's issues.
      const issues: ParamIssue[] = [];
      for (const [param, value] of [
        ['source_set', sourceSet],
        ['slug', slug],
      ] as const) {
        if (!PATH_PART.test(value)) issues.push({ param, message: 'must be 1-200 characters of a-z, 0-9 and -' });
      }
      let p: { precision: number } | undefined;
      try {
        p = parseParams(c.req.queries(), detailParams);
      } catch (err) {
        if (!issues.length) throw err;
        issues.push(...((err as { issues?: ParamIssue[] }).issues ?? []));
      }
      if (issues.length) throw invalidParameters(issues);
      const boundary = boundaries.detail(sourceSet, slug, p!.precision);
      if (!boundary) throw notFound(`boundary ${sourceSet}/${slug}`);
      return respond.json(c, { boundary }, e.maxAge);
    },
  };
}
