// The strip index's point-in-polygon (src/core/geo/strip-polygon.ts) must give @turf/boolean-point-in-polygon's
// verdict for every point: checked on a hand-drawn square with a hole (answers follow from the
// drawing), then on random and adversarial points over every real 2013 federal riding.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { stripContains, stripPolygon } from '../../../src/core/geo/strip-polygon.js';
import { box } from '../../helpers/boundary-fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const FED = join(DATASETS, 'fed-ridings-2013/fed_2013_representation_order.geojson.gz');

type Ring = number[][];
const flat = (rings: Ring[]) => rings.map((r) => Float64Array.from(r.flat()));
const turf = (rings: Ring[], x: number, y: number) => booleanPointInPolygon([x, y], { type: 'Polygon', coordinates: rings });

let seed = 12345;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** Points where a ray test goes wrong if anything does: vertices, edge midpoints, points level with a
 *  vertex (the ray passes through it), points on horizontal edges, and random points in the box. */
function probes(rings: Ring[], perKind: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const outer = rings[0];
  const xs = outer.map((p) => p[0]),
    ys = outer.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (const ring of rings) {
    const n = ring.length - 1;
    for (let k = 0; k < perKind; k++) {
      const i = Math.floor(random() * n);
      const [a, b] = [ring[i], ring[i + 1]];
      out.push([a[0], a[1]]);
      out.push([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
      out.push([a[0] + (b[0] - a[0]) * random(), a[1]]);
      out.push([minX + random() * (maxX - minX), a[1]]);
    }
    for (let i = 0; i < n && out.length < 50_000; i++) {
      if (ring[i][1] === ring[i + 1][1]) out.push([(ring[i][0] + ring[i + 1][0]) / 2, ring[i][1]]);
    }
  }
  // Holes: random points inside each hole's box, most of them in the hole itself.
  for (const hole of rings.slice(1)) {
    const hx = hole.map((p) => p[0]),
      hy = hole.map((p) => p[1]);
    for (let k = 0; k < perKind; k++)
      out.push([
        Math.min(...hx) + random() * (Math.max(...hx) - Math.min(...hx)),
        Math.min(...hy) + random() * (Math.max(...hy) - Math.min(...hy)),
      ]);
  }
  for (let k = 0; k < perKind * 4; k++) out.push([minX + random() * (maxX - minX), minY + random() * (maxY - minY)]);
  // Just outside the box, and its corners.
  out.push([minX - 1e-9, minY], [maxX, maxY + 1e-9], [minX, minY], [maxX, maxY]);
  return out;
}

describe('a hand-drawn square [0,4]x[0,4] with the hole [1,2]x[1,2]', () => {
  const rings = [box(0, 0, 4, 4), box(1, 1, 2, 2).reverse()];
  const p = stripPolygon(flat(rings));
  const cases: Array<[string, number, number, boolean]> = [
    ['inside', 3, 3, true],
    ['in the hole', 1.5, 1.5, false],
    ['on the hole edge (edges are inside)', 1.5, 1, true],
    ['on a hole corner', 2, 2, true],
    ['on the outer edge', 4, 2.5, true],
    ['on an outer corner', 0, 0, true],
    ['level with the hole top, right of it', 3, 2, true],
    ['outside, level with the top edge', 5, 4, false],
    ['outside', -0.5, 2, false],
  ];
  for (const [name, x, y, want] of cases) {
    test(`${name} (${x}, ${y}) → ${want}, as turf says`, () => {
      expect(turf(rings, x, y)).toBe(want);
      expect(stripContains(p, x, y)).toBe(want);
    });
  }
  test('a ring of many edges is cut into strips, each edge listed where it reaches', () => {
    const circle: Ring = [];
    for (let i = 0; i < 1000; i++) circle.push([Math.cos((i / 1000) * 2 * Math.PI), Math.sin((i / 1000) * 2 * Math.PI)]);
    circle.push(circle[0]);
    const c = stripPolygon(flat([circle]));
    expect(c.strips).toBe(250);
    // No edge is missed: every strip lists at least the two edges crossing it (left and right side).
    for (let s = 0; s < c.strips; s++) expect(c.first[s + 1] - c.first[s]).toBeGreaterThanOrEqual(2);
    for (const [x, y] of probes([circle], 200)) expect([x, y, stripContains(c, x, y)]).toEqual([x, y, turf([circle], x, y)]);
  });
});

test.skipIf(!existsSync(FED))(
  'every 2013 federal riding: the same verdict as turf on vertices, edges, vertex levels, holes and random points',
  () => {
    const features = JSON.parse(gunzipSync(readFileSync(FED)).toString('utf8')).features as Array<{
      properties: { FEDNUM: number };
      geometry: { type: string; coordinates: unknown };
    }>;
    // The file's own description (SOURCE.md): 338 ridings, every geometry a Polygon.
    expect(features.length).toBe(338);
    let tested = 0,
      inside = 0,
      withHoles = 0;
    const wrong: string[] = [];
    for (const f of features) {
      expect(f.geometry.type).toBe('Polygon');
      const rings = f.geometry.coordinates as Ring[];
      if (rings.length > 1) withHoles++;
      const p = stripPolygon(flat(rings));
      for (const [x, y] of probes(rings, 12)) {
        const want = turf(rings, x, y);
        if (stripContains(p, x, y) !== want) wrong.push(`${f.properties.FEDNUM} (${x}, ${y}): turf ${want}`);
        tested++;
        if (want) inside++;
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(tested).toBeGreaterThan(30_000);
    // Both verdicts occur often: the probes are not all on one side.
    expect(inside / tested).toBeGreaterThan(0.3);
    expect(inside / tested).toBeLessThan(0.9);
    expect(withHoles).toBeGreaterThan(0);
  },
  20_000,
);
