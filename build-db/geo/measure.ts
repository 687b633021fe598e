// Area, centroid and bounding box of a boundary.
// Area is geodesic on the WGS84 ellipsoid with GeographicLib (Karney's algorithm, the reference
// implementation behind PROJ's and GDAL's geodesic areas): exact to the millimetre for rings of any
// size, where @turf/area's spherical approximation is off by up to ~0.5% at Canadian latitudes.
// A CommonJS package: Node's ESM loader exposes it as a default export only.
import geodesic from 'geographiclib-geodesic';
import type { MultiPolygonCoords, Ring } from '../../src/core/data-file/fgb.js';

export type BBox = [minLng: number, minLat: number, maxLng: number, maxLat: number];

const WGS84 = geodesic.Geodesic.WGS84;

/** Unsigned geodesic area of one ring, m². */
function ringArea(ring: Ring): number {
  const polygon = WGS84.Polygon(false);
  // The closing position repeats the first: GeographicLib closes the ring itself.
  for (let i = 0; i < ring.length - 1; i++) polygon.AddPoint(ring[i][1], ring[i][0]);
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

/** Outer rings minus holes, km². */
export function geodesicAreaSqKm(mp: MultiPolygonCoords): number {
  let m2 = 0;
  for (const [outer, ...holes] of mp) {
    m2 += ringArea(outer);
    for (const hole of holes) m2 -= ringArea(hole);
  }
  return m2 / 1e6;
}

/** Planar (lng/lat) signed area of a ring: the shoelace formula. */
export function planarRingArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, n = ring.length - 1; i < n; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return a / 2;
}

export function planarArea(mp: MultiPolygonCoords): number {
  let a = 0;
  for (const [outer, ...holes] of mp) {
    a += Math.abs(planarRingArea(outer));
    for (const hole of holes) a -= Math.abs(planarRingArea(hole));
  }
  return a;
}

/** Area-weighted centroid in lng/lat (holes subtract): at boundary scale the distortion of treating
 *  degrees as planar moves it by metres, and it is a label point, not a measurement. */
export function centroid(mp: MultiPolygonCoords): { lng: number; lat: number } {
  let area = 0,
    cx = 0,
    cy = 0;
  for (const polygon of mp) {
    polygon.forEach((ring, r) => {
      const signed = planarRingArea(ring);
      const sign = (r === 0 ? 1 : -1) * Math.sign(signed);
      for (let i = 0, n = ring.length - 1; i < n; i++) {
        const cross = (ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1]) * sign;
        cx += (ring[i][0] + ring[i + 1][0]) * cross;
        cy += (ring[i][1] + ring[i + 1][1]) * cross;
      }
      area += Math.abs(signed) * (r === 0 ? 1 : -1);
    });
  }
  if (area === 0) {
    const first = mp[0][0][0];
    return { lng: first[0], lat: first[1] };
  }
  return { lng: cx / (6 * area), lat: cy / (6 * area) };
}

export function bboxOf(mp: MultiPolygonCoords): BBox {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const polygon of mp) {
    for (const [x, y] of polygon[0]) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, minY, maxX, maxY];
}

export const vertexCount = (mp: MultiPolygonCoords) => mp.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
