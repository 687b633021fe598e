// `precision` on output (spec: decimal places of GeoJSON coordinates). Rounding can make two
// neighbouring positions equal; the repeat is dropped so rings stay free of zero-length edges.
import type { MultiPolygonCoords, Ring } from '../../core/data-file/fgb.js';

export interface MultiPolygonGeoJson {
  type: 'MultiPolygon';
  coordinates: MultiPolygonCoords;
}

export const DEFAULT_PRECISION = 6;

function roundRing(ring: Ring, precision: number): Ring {
  const out: Ring = [];
  for (const [x, y] of ring) {
    const p: [number, number] = [Number(x.toFixed(precision)), Number(y.toFixed(precision))];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  // A ring rounded below a triangle keeps its unrounded shape rather than becoming invalid GeoJSON.
  if (out.length < 4) return ring.map(([x, y]) => [Number(x.toFixed(precision)), Number(y.toFixed(precision))]);
  if (out[0][0] !== out[out.length - 1][0] || out[0][1] !== out[out.length - 1][1]) out.push([out[0][0], out[0][1]]);
  return out;
}

export function roundedGeoJson(coordinates: MultiPolygonCoords, precision = DEFAULT_PRECISION): MultiPolygonGeoJson {
  return { type: 'MultiPolygon', coordinates: coordinates.map((polygon) => polygon.map((ring) => roundRing(ring, precision))) };
}

export const roundTo = (x: number, places: number) => Number(x.toFixed(places));
