// Exact point-in-polygon for big rings. A ray test must look at every edge whose latitude range
// holds the point's; walking all of a northern riding's 100,000 edges to find the few dozen that do
// is most of a lookup. So each polygon's y-range is cut into horizontal strips once, at load, each
// listing the edges that reach into it, and a test reads only its strip's edges.
//
// The verdict is @turf/boolean-point-in-polygon's (point-in-polygon-hao 1.2.4), edge for edge: the
// same differences, the same robust orientation, the same crossing rule, boundaries (of holes too)
// inside. An edge outside the strip has v1, v2 of one strict sign, which that rule ignores; and
// since strip(t) is monotone in t, an edge spanning y always lists y's strip. Property-tested
// against turf in test/core/geo/strip-polygon.test.ts.
import { orient2d } from 'robust-predicates';
import type { FlatPolygon } from '../data-file/fgb.js';

export interface StripPolygon {
  /** Box of the outer ring: turf rejects outside it before any edge (holes never stick out of a valid ring). */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Every ring's positions, one after another, x,y interleaved. */
  xy: Float64Array;
  /** y-range of all rings, cut into `strips` strips of `height`. */
  bottom: number;
  height: number;
  strips: number;
  /** Edges of strip s: `edges[first[s]] .. edges[first[s + 1] - 1]`, each the index of its first position. */
  first: Uint32Array;
  edges: Uint32Array;
}

/** Edges per strip aimed at: fewer means more strips, each edge listed in more of them. */
const EDGES_PER_STRIP = 4;

export function stripPolygon(rings: FlatPolygon): StripPolygon {
  let positions = 0;
  for (const r of rings) positions += r.length / 2;
  const xy = new Float64Array(positions * 2);
  const starts: number[] = []; // an edge's first position: every position but each ring's last
  let at = 0,
    bottom = Infinity,
    top = -Infinity;
  for (const r of rings) {
    xy.set(r, at * 2);
    for (let i = 0; i + 1 < r.length / 2; i++) starts.push(at + i);
    for (let i = 1; i < r.length; i += 2) {
      if (r[i] < bottom) bottom = r[i];
      if (r[i] > top) top = r[i];
    }
    at += r.length / 2;
  }
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  const outer = rings[0] ?? new Float64Array(0);
  for (let i = 0; i < outer.length; i += 2) {
    if (outer[i] < minX) minX = outer[i];
    if (outer[i] > maxX) maxX = outer[i];
    if (outer[i + 1] < minY) minY = outer[i + 1];
    if (outer[i + 1] > maxY) maxY = outer[i + 1];
  }

  const height = top > bottom ? top - bottom : 0;
  const strips = height > 0 ? Math.max(1, Math.ceil(starts.length / EDGES_PER_STRIP)) : 1;
  const p: StripPolygon = {
    minX,
    minY,
    maxX,
    maxY,
    xy,
    bottom,
    height: height / strips,
    strips,
    first: new Uint32Array(strips + 1),
    edges: new Uint32Array(0),
  };

  // Two passes (count, then fill) so every strip's edges sit in one typed array.
  const span = (j: number): [number, number] => {
    const a = xy[2 * j + 1],
      b = xy[2 * j + 3];
    return a < b ? [stripOf(p, a), stripOf(p, b)] : [stripOf(p, b), stripOf(p, a)];
  };
  const count = new Uint32Array(strips + 1);
  for (const j of starts) {
    const [lo, hi] = span(j);
    for (let s = lo; s <= hi; s++) count[s + 1]++;
  }
  for (let s = 0; s < strips; s++) count[s + 1] += count[s];
  p.first = count.slice();
  p.edges = new Uint32Array(count[strips]);
  for (const j of starts) {
    const [lo, hi] = span(j);
    for (let s = lo; s <= hi; s++) p.edges[count[s]++] = j;
  }
  return p;
}

function stripOf(p: StripPolygon, y: number): number {
  if (p.strips === 1) return 0;
  const s = Math.floor((y - p.bottom) / p.height);
  return s < 0 ? 0 : s >= p.strips ? p.strips - 1 : s;
}

/** Inside, on an edge, or on a vertex (of any ring, holes included): true. */
export function stripContains(p: StripPolygon, x: number, y: number): boolean {
  if (x < p.minX || x > p.maxX || y < p.minY || y > p.maxY) return false;
  const { xy, edges } = p;
  const s = stripOf(p, y);
  let k = 0;
  for (let e = p.first[s], end = p.first[s + 1]; e < end; e++) {
    const j = edges[e] * 2;
    // point-in-polygon-hao's loop body, with its variable names.
    const u1 = xy[j] - x,
      v1 = xy[j + 1] - y,
      u2 = xy[j + 2] - x,
      v2 = xy[j + 3] - y;
    if (v1 === 0 && v2 === 0) {
      if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return true;
    } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
      const f = orient2d(u1, u2, v1, v2, 0, 0);
      if (f === 0) return true;
      if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) k++;
    }
  }
  return (k & 1) === 1;
}

/** Bytes held: positions, strip offsets and strip entries. */
export const stripBytes = (p: StripPolygon) => p.xy.byteLength + p.first.byteLength + p.edges.byteLength + 120;
