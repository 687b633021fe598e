// `canpol import fed-ridings-2023`: the 343 federal ridings of the 2023 Representation Order (the
// House elected on 2025-04-28 sits for them) → boundary records `federal-electoral-districts-2023/<FED>`,
// the id the 45th Parliament's members carry. A riding split across several features (a multi-part
// riding in the source) becomes one MultiPolygon. Names come from the official attribute table beside
// the folder, else the OCD division list, else the file's own properties. The nightly's full-resolution
// file (assembled from Open North Represent's shapes) wins over the simplified repackaging; a boundary
// read from the simplified file says so in its boundaries_version, so exact-edge answers are not claimed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { checkGeometry } from '../../sources/check-geometry.js';
import { loadDivisions } from '../boundaries/ocd-divisions.js';
import { representationOrderInForce } from '../boundaries/representation-orders.js';
import { importStats } from '../import-stats.js';
import { readSourceNotes } from '../source-notes.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { ATTRIBUTES_FILE, loadRidingAttributes } from './attributes.js';

export const FED_2023_SET = 'federal-electoral-districts-2023';
/** Full resolution, as the nightly assembles it from the publisher's shapes. */
export const FED_2023_FULL = 'federal-districts-2023.geojson.gz';
/** The simplified repackaging of the shared datasets (8 % of vertices). */
export const FED_2023_SIMPLIFIED = 'federal-districts-2023-simplified.geojson.gz';
export const ORDER = 2023;

interface RidingFeature {
  properties?: { id?: unknown; FED_NUM?: unknown; name?: unknown; ED_NAMEE?: unknown; ED_NAMEF?: unknown } | null;
  geometry?: { type?: string; coordinates?: unknown[] } | null;
}

type Geometry = { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };

const str = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : null);

export function importFedRidings2023(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ features: 0, boundaries: 0, merged_features: 0, named_from_attributes: 0, named_from_ocd: 0 });
  const notes = readSourceNotes(from);
  const file = existsSync(join(from, FED_2023_FULL)) ? FED_2023_FULL : FED_2023_SIMPLIFIED;
  const simplified = file === FED_2023_SIMPLIFIED;
  const sources = [
    {
      id: 'fed-ridings-2023',
      version: simplified ? `simplified repackaging${notes.commit ? ` at ${notes.commit}` : ''}` : 'full resolution (Open North Represent)',
      ...(notes.repository ? { url: `https://github.com/${notes.repository}` } : {}),
      licence: 'Open Government Licence – Canada (Elections Canada)',
    },
  ];
  const path = join(from, file);
  if (!existsSync(path)) {
    ctx.skip({ file: `${FED_2023_FULL} or ${FED_2023_SIMPLIFIED}`, record: 'whole file', reason: 'file missing', detail: from });
    return { records: {}, sources, coverage: [], stats };
  }
  let features: RidingFeature[];
  try {
    features = (JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as { features?: RidingFeature[] }).features ?? [];
  } catch (err) {
    ctx.skip({ file, record: 'whole file', reason: 'not a gzipped GeoJSON FeatureCollection', detail: (err as Error).message });
    return { records: {}, sources, coverage: [], stats };
  }

  // Group the parts of each riding, in file order, each part checked on its own.
  const parts = new Map<string, { polygons: unknown[][]; props: NonNullable<RidingFeature['properties']>; record: string }>();
  features.forEach((f, i) => {
    add('features');
    const fed = String(f.properties?.id ?? f.properties?.FED_NUM ?? '');
    const record = `feature ${i + 1}${fed ? ` id ${fed}` : ''}`;
    const skip = (reason: string, detail?: string) => ctx.skip({ file, record, reason, ...(detail ? { detail } : {}) });
    if (!/^\d{5}$/.test(fed)) return skip('id not a 5-digit FED number', JSON.stringify(f.properties?.id ?? f.properties?.FED_NUM ?? null));
    const type = f.geometry?.type;
    if ((type !== 'Polygon' && type !== 'MultiPolygon') || !Array.isArray(f.geometry?.coordinates))
      return skip('geometry not a Polygon or MultiPolygon', String(type ?? 'none'));
    const geometry = { type, coordinates: f.geometry!.coordinates! } as Geometry;
    const problems = checkGeometry(geometry);
    if (problems.length) return skip('invalid geometry', problems.map((p) => `${p.field}: ${p.message}`).join('; '));
    const polygons = (type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[][];
    const had = parts.get(fed);
    if (had) {
      had.polygons.push(...polygons);
      add('merged_features');
    } else parts.set(fed, { polygons: [...polygons], props: f.properties ?? {}, record });
  });

  const attributes = loadRidingAttributes(from);
  if (!attributes) ctx.log(`attribute table not found beside the dataset (${ATTRIBUTES_FILE}): names from the OCD list or the file`);
  const { divisions } = loadDivisions(from);
  const inForce = representationOrderInForce(ORDER);
  const boundaries: Array<SourceInput<'boundaries'>> = [];
  for (const [fed, { polygons, props, record }] of [...parts].sort(([a], [b]) => a.localeCompare(b))) {
    const official = attributes?.get(fed);
    const division = divisions.get(`ocd-division/country:ca/ed:${fed}-${ORDER}`);
    const name = official?.en ?? division?.name ?? str(props.name) ?? str(props.ED_NAMEE);
    if (!name) {
      ctx.skip({ file, record, reason: 'riding without a name' });
      continue;
    }
    if (official) add('named_from_attributes');
    else if (division) add('named_from_ocd');
    if (attributes && !official) add('not_in_attribute_table');
    boundaries.push({
      source_set: FED_2023_SET,
      slug: fed,
      name,
      name_fr: official?.fr ?? division?.name_fr ?? str(props.ED_NAMEF),
      level: 'federal',
      province_territory: null,
      effective_from: inForce?.from ?? null,
      effective_to: inForce?.to ?? null,
      boundaries_version: simplified
        ? `${ORDER} Representation Order (simplified polygons: not authoritative at edges)`
        : `${ORDER} Representation Order`,
      ocd_id: division ? division.id : null,
      geometry: (polygons.length === 1
        ? { type: 'Polygon', coordinates: polygons[0] }
        : { type: 'MultiPolygon', coordinates: polygons }) as SourceInput<'boundaries'>['geometry'],
    });
  }
  // The attribute table lists every riding of the order: one without a polygon is reported.
  for (const [fed, n] of attributes ?? []) {
    if (!parts.has(fed))
      ctx.skip({ file: ATTRIBUTES_FILE, record: `FED_NUM ${fed} ${n.en}`, reason: 'riding of the attribute table without a polygon' });
  }
  stats.boundaries = boundaries.length;
  if (simplified) ctx.log(`${boundaries.length} ridings from the simplified file: lookups near an edge may answer the neighbour`);
  return { records: { boundaries }, sources, coverage: [], stats };
}

export const fedRidings2023Importer: Importer = {
  kind: 'fed-ridings-2023',
  summary: 'federal ridings of the 2023 Representation Order (343 polygons, GeoJSON; in force from the 2025 election)',
  datasetDir: 'fed-ridings-2023',
  run: importFedRidings2023,
};
