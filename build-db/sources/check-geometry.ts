// Structural check of a boundary's GeoJSON geometry, one message per problem with its exact path
// (`geometry.coordinates[0][1][4]`), so a bad ring is found without opening the file in a GIS.
// Topology (self-intersections, overlapping parts) is not an error here: the build repairs it and
// reports what it repaired (build-db/geo/repair.ts).

export interface GeometryIssue {
  field: string;
  message: string;
}

/** Stops after this many problems in one geometry: one broken ring should not flood the report. */
const MAX_ISSUES = 5;

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) && (p.length === 2 || p.length === 3) && p.every((x) => typeof x === 'number' && Number.isFinite(x));

function checkRing(ring: unknown, field: string, out: GeometryIssue[]): void {
  if (!Array.isArray(ring)) {
    out.push({ field, message: 'must be a ring: an array of [lng, lat] positions' });
    return;
  }
  for (let i = 0; i < ring.length && out.length < MAX_ISSUES; i++) {
    const p = ring[i];
    if (!isPosition(p)) out.push({ field: `${field}[${i}]`, message: 'must be a position [lng, lat] of two finite numbers' });
    else if (p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90) {
      out.push({
        field: `${field}[${i}]`,
        message: `must be WGS84 degrees (lng -180..180, lat -90..90); got [${p[0]}, ${p[1]}] (a projected coordinate?)`,
      });
    }
  }
  if (out.length) return;
  if (ring.length < 4) {
    out.push({ field, message: `must have at least 4 positions (a closed triangle); has ${ring.length}` });
    return;
  }
  const [a, z] = [ring[0] as number[], ring[ring.length - 1] as number[]];
  if (a[0] !== z[0] || a[1] !== z[1]) out.push({ field, message: 'must be closed: the last position must equal the first' });
}

function checkPolygon(polygon: unknown, field: string, out: GeometryIssue[]): void {
  if (!Array.isArray(polygon) || polygon.length === 0) {
    out.push({ field, message: 'must be a polygon: a non-empty array of rings (outer ring first)' });
    return;
  }
  polygon.forEach((ring, i) => {
    if (out.length < MAX_ISSUES) checkRing(ring, `${field}[${i}]`, out);
  });
}

export function checkGeometry(geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] }): GeometryIssue[] {
  const out: GeometryIssue[] = [];
  if (geometry.type === 'Polygon') checkPolygon(geometry.coordinates, 'geometry.coordinates', out);
  else if (geometry.coordinates.length === 0) out.push({ field: 'geometry.coordinates', message: 'must hold at least one polygon' });
  else
    geometry.coordinates.forEach((poly, i) => {
      if (out.length < MAX_ISSUES) checkPolygon(poly, `geometry.coordinates[${i}]`, out);
    });
  return out;
}
