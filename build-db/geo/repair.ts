// Makes a boundary geometry valid: MultiPolygon, 2D, no repeated positions, no degenerate rings,
// no self-intersections or overlapping parts. The union of the geometry with itself (polyclip-ts,
// a Martinez-Rueda sweep line) rebuilds rings that do not cross, so it repairs bow-ties and merges
// overlapping or touching parts. What changed is reported, never silent.
import * as polyclip from 'polyclip-ts';
import type { MultiPolygonCoords, PolygonCoords, Ring } from '../../src/core/data-file/fgb.js';
import { planarArea } from './measure.js';

export type RepairResult = { ok: true; geometry: MultiPolygonCoords; notes: string[] } | { ok: false; reason: string };

/** Relative change of planar area beyond which a repair is reported as changing the shape. */
const AREA_TOLERANCE = 1e-6;

function cleanRing(ring: number[][]): Ring {
  const out: Ring = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push([p[0], p[1]]);
  }
  return out;
}

export function toMultiPolygon(geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] }): number[][][][] {
  return (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
}

export function repairGeometry(geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] }): RepairResult {
  const notes: string[] = [];
  let degenerate = 0;
  const cleaned: MultiPolygonCoords = [];
  for (const polygon of toMultiPolygon(geometry)) {
    const rings: PolygonCoords = [];
    polygon.forEach((raw, i) => {
      const ring = cleanRing(raw);
      // Fewer than 4 positions cannot enclose anything; a ring of zero signed area may still be a
      // bow-tie with two real lobes, so that one goes to the union, which keeps what has area.
      if (ring.length < 4) {
        degenerate++;
        return;
      }
      if (i === 0 || rings.length) rings.push(ring); // a hole without its outer ring has nothing to cut
    });
    if (rings.length) cleaned.push(rings);
  }
  if (degenerate) notes.push(`${degenerate} degenerate ring(s) without area dropped`);
  if (!cleaned.length) return { ok: false, reason: 'no ring with an area' };

  let unioned: MultiPolygonCoords;
  try {
    unioned = polyclip.union(cleaned as polyclip.Geom) as MultiPolygonCoords;
  } catch (err) {
    return { ok: false, reason: `geometry could not be repaired (${(err as Error).message})` };
  }
  if (!unioned.length) return { ok: false, reason: 'no area left after removing self-intersections' };
  const before = planarArea(cleaned),
    after = planarArea(unioned);
  if (Math.abs(after - before) > AREA_TOLERANCE * Math.max(before, after)) {
    const change =
      before > 0 ? `area ${after > before ? '+' : ''}${(((after - before) / before) * 100).toFixed(4)}%` : 'its rings cancelled out before';
    notes.push(`self-intersecting or overlapping rings repaired (${change})`);
  }
  return { ok: true, geometry: unioned, notes };
}
