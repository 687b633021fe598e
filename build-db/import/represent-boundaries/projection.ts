// Each set's coordinate system → a converter to WGS84 lng/lat, with proj4 (never hand-written
// projection maths). The .prj's WKT is used as is, unless the manifest's crs_note names the EPSG
// code the dataset's own conversion used instead (a mislabelled or missing .prj).
import proj4 from 'proj4';

export interface Projection {
  /** WGS84 [lng, lat] of a source position. */
  forward(p: number[]): [number, number];
  /** What was used, for the report. */
  source: string;
}

/** proj4 definitions of the EPSG codes crs_note notes name (from the EPSG registry). */
const EPSG: Record<string, string> = {
  // NAD83(CSRS) / Prince Edward Isl. Stereographic (NAD83)
  2954: '+proj=sterea +lat_0=47.25 +lon_0=-63 +k=0.999912 +x_0=400000 +y_0=800000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  // NAD83 / UTM zone 17N
  26917: '+proj=utm +zone=17 +datum=NAD83 +units=m +no_defs',
};

const IDENTITY: Projection = { forward: (p) => [p[0], p[1]], source: 'geographic (no reprojection)' };

const isGeographic = (wkt: string) => /^\s*GEOGCS\s*\[/i.test(wkt);

export type ProjectionResult = { ok: true; projection: Projection } | { ok: false; reason: string };

export function projectionFor(prj: string | null, crsNote: string | null): ProjectionResult {
  const code = crsNote && !/already WGS84/i.test(crsNote) ? /EPSG:(\d+)/.exec(crsNote)?.[1] : undefined;
  if (code) {
    const def = EPSG[code];
    if (!def) return { ok: false, reason: `crs_note names EPSG:${code}, which has no definition here` };
    const conv = proj4(def, 'WGS84');
    return { ok: true, projection: { forward: (p) => conv.forward([p[0], p[1]]) as [number, number], source: `EPSG:${code} (crs_note)` } };
  }
  if (prj === null) return { ok: false, reason: 'no .prj and no crs_note naming the coordinate system' };
  // A geographic WGS84/NAD83 .prj: degrees already (NAD83 and WGS84 differ by ~1 m, below the data's precision).
  if (isGeographic(prj)) return { ok: true, projection: IDENTITY };
  try {
    const conv = proj4(prj, 'WGS84');
    return { ok: true, projection: { forward: (p) => conv.forward([p[0], p[1]]) as [number, number], source: prj.slice(0, 60) } };
  } catch (err) {
    return { ok: false, reason: `.prj not understood by proj4 (${(err as Error).message})` };
  }
}
