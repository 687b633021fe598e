// Demo boundaries: synthetic rectangles tiling each fictional province's box, so every boundary
// endpoint answers on the demo data file. Federal ridings are vertical strips of the province's box,
// provincial ridings horizontal strips (neighbours share edges exactly); each city is a small box cut
// into ward strips, with the whole city as its own set (the mayor's). The first Ontario riding has a
// lake (a hole) and the last federal riding of each province an offshore island (a MultiPolygon).
// Deterministic: pure geometry, no randomness.

export interface DemoRiding {
  id: string;
  name: string;
  prov: string;
  level: 'federal' | 'provincial' | 'municipal';
}
/** [minLat, maxLat, minLng, maxLng], as the generator's JURS boxes. */
export type DemoBox = [number, number, number, number];

type Ring = number[][];
const rect = (minLng: number, minLat: number, maxLng: number, maxLat: number): Ring => [
  [minLng, minLat],
  [maxLng, minLat],
  [maxLng, maxLat],
  [minLng, maxLat],
  [minLng, minLat],
];
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function demoBoundaries(ridings: DemoRiding[], boxes: Record<string, DemoBox>, cityBoxes: Record<string, DemoBox>): unknown[] {
  const out: unknown[] = [];
  const emit = (r: DemoRiding, polygons: Ring[][]) => {
    const [source_set, slug] = r.id.split('/');
    out.push({
      source_set,
      slug,
      name: r.name,
      level: r.level,
      province_territory: r.level === 'federal' ? null : r.prov,
      boundaries_version: 'demo',
      geometry: polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons },
    });
  };
  const groups = new Map<string, DemoRiding[]>();
  for (const r of ridings) {
    const key = `${r.level} ${r.level === 'municipal' ? r.id.split('/')[0] : r.prov}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [level] = key.split(' ');
    const sorted = [...list].sort((a, b) => a.id.localeCompare(b.id));
    const town = level === 'municipal';
    const box = town ? (cityBoxes[sorted[0].name] ?? cityBoxes[sorted[0].prov]) : boxes[sorted[0].prov];
    if (!box) continue;
    const [minLat, maxLat, minLng, maxLng] = box;
    sorted.forEach((r, i) => {
      const n = sorted.length;
      if (level === 'provincial') {
        const h = (maxLat - minLat) / n;
        emit(r, [[rect(minLng, r6(minLat + i * h), maxLng, r6(minLat + (i + 1) * h))]]);
        return;
      }
      // A city's whole-city boundary (one per set) covers the box; wards split it.
      if (town && n === 1) {
        emit(r, [[rect(minLng, minLat, maxLng, maxLat)]]);
        return;
      }
      const w = (maxLng - minLng) / n;
      const [x0, x1] = [r6(minLng + i * w), r6(minLng + (i + 1) * w)];
      const outer = rect(x0, minLat, x1, maxLat);
      if (level === 'federal' && r.prov === 'ON' && i === 0) {
        // A lake in the middle of the strip: its points are in no federal riding.
        const [cx, cy, dx, dy] = [(x0 + x1) / 2, (minLat + maxLat) / 2, (x1 - x0) / 4, (maxLat - minLat) / 8];
        emit(r, [[outer, rect(r6(cx - dx), r6(cy - dy), r6(cx + dx), r6(cy + dy)).reverse()]]);
      } else if (level === 'federal' && i === n - 1 && n > 1) {
        // An island east of the province's box.
        const s = Math.min(0.2, (maxLat - minLat) / 4);
        emit(r, [[outer], [rect(r6(maxLng + s), minLat, r6(maxLng + 2 * s), r6(minLat + s))]]);
      } else emit(r, [[outer]]);
    });
  }
  return out;
}
