// `canpol import fed-ridings-2013`: the 338 federal ridings of the 2013 Representation Order (the
// 44th Parliament's) → boundary records `federal-electoral-districts-2013/<FED number>`, the id
// politicians' constituency_id uses. Names and validity dates come from the OCD division list
// (`ed:<FED>-2013`, official em-dash names, English and French), falling back to the file's own
// names with its `--` written as the em-dash. Ridings truncated upstream are kept and warned about.
// In force until the 44th Parliament's dissolution (the OCD list's end date is the 2023 order's
// proclamation); once the bundle holds the 2023 ridings, these are history: listed, never matched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { checkGeometry } from '../../sources/check-geometry.js';
import { loadDivisions } from '../boundaries/ocd-divisions.js';
import { representationOrderInForce } from '../boundaries/representation-orders.js';
import { FED_2023_SET } from '../fed-ridings-2023/index.js';
import { readSourceNotes } from '../source-notes.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { filePresent } from '../import-stats.js';
import { truncatedRidings } from './truncated.js';

export const FED_2013_FILE = 'fed_2013_representation_order.geojson.gz';
export const FED_2013_SET = 'federal-electoral-districts-2013';

interface RidingFeature {
  properties?: { FEDNUM?: number | string; ENNAME?: string; FRNAME?: string; REPORDER?: string } | null;
  geometry?: { type?: string; coordinates?: unknown[] } | null;
}

const emDash = (s: string) => s.replace(/\s*--\s*/g, '—').trim();

export function importFedRidings(from: string, ctx: ImportContext): ImportOutput {
  const stats: Record<string, number> = { features: 0, boundaries: 0, named_from_ocd: 0, truncated_upstream: 0 };
  const boundaries: Array<SourceInput<'boundaries'>> = [];
  const path = join(from, FED_2013_FILE);
  const notes = readSourceNotes(from);
  const sources = [
    {
      id: 'fed-ridings-2013',
      version: notes.commit ?? 'unknown',
      ...(notes.repository ? { url: `https://github.com/${notes.repository}` } : {}),
      licence: 'Open Government Licence – Canada',
    },
  ];
  if (!filePresent(ctx, FED_2013_FILE, path)) {
    return { records: {}, sources, coverage: [], stats };
  }

  let features: RidingFeature[];
  try {
    features = (JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as { features?: RidingFeature[] }).features ?? [];
  } catch (err) {
    ctx.skip({
      file: FED_2013_FILE,
      record: 'whole file',
      reason: 'not a gzipped GeoJSON FeatureCollection',
      detail: (err as Error).message,
    });
    return { records: {}, sources, coverage: [], stats };
  }
  const { divisions, file: ocdFile } = loadDivisions(from);
  if (!ocdFile) ctx.log('OCD division list not found beside the dataset: names from the GeoJSON, no validity dates');
  const truncated = truncatedRidings(from);
  const seen = new Set<string>();
  const inForce = representationOrderInForce(2013);
  const superseded = (ctx.existing.boundaries ?? []).some((b) => b.source_set === FED_2023_SET) ? FED_2023_SET : null;
  if (superseded) ctx.log(`the 2013 ridings are superseded by ${FED_2023_SET}: kept as history, never matched by a lookup`);

  features.forEach((f, i) => {
    stats.features++;
    const fed = String(f.properties?.FEDNUM ?? '');
    const record = `feature ${i + 1}${fed ? ` FEDNUM ${fed}` : ''}`;
    const skip = (reason: string, detail?: string) => ctx.skip({ file: FED_2013_FILE, record, reason, ...(detail ? { detail } : {}) });
    if (!/^\d{5}$/.test(fed)) return skip('FEDNUM not a 5-digit number', JSON.stringify(f.properties?.FEDNUM ?? null));
    if (seen.has(fed)) return skip('FEDNUM repeated');
    const type = f.geometry?.type;
    if ((type !== 'Polygon' && type !== 'MultiPolygon') || !Array.isArray(f.geometry?.coordinates))
      return skip('geometry not a Polygon or MultiPolygon', String(type ?? 'none'));
    const geometry = { type: type as 'Polygon' | 'MultiPolygon', coordinates: f.geometry!.coordinates! };
    const problems = checkGeometry(geometry);
    if (problems.length) return skip('invalid geometry', problems.map((p) => `${p.field}: ${p.message}`).join('; '));

    const division = divisions.get(`ocd-division/country:ca/ed:${fed}-2013`);
    const name = division?.name ?? (f.properties?.ENNAME ? emDash(f.properties.ENNAME) : null);
    if (!name) return skip('riding without a name');
    if (division) stats.named_from_ocd++;
    if (truncated.has(fed)) {
      stats.truncated_upstream++;
      ctx.log(
        `warning: ${fed} ${name} is truncated upstream to one detached part (SOURCE.md); lookups in the rest of the riding find no federal boundary`,
      );
    }
    seen.add(fed);
    boundaries.push({
      source_set: FED_2013_SET,
      slug: fed,
      name,
      name_fr: division?.name_fr ?? (f.properties?.FRNAME ? emDash(f.properties.FRNAME) : null),
      level: 'federal',
      province_territory: null,
      effective_from: inForce?.from ?? division?.valid_from ?? null,
      effective_to: inForce ? inForce.to : (division?.valid_through ?? null),
      boundaries_version: `${f.properties?.REPORDER ?? '2013'} Representation Order`,
      ocd_id: division ? division.id : null,
      superseded_by: superseded,
      geometry: geometry as SourceInput<'boundaries'>['geometry'],
    });
  });
  stats.boundaries = boundaries.length;
  return { records: { boundaries }, sources, coverage: [], stats };
}

export const fedRidings2013Importer: Importer = {
  kind: 'fed-ridings-2013',
  summary: 'federal ridings of the 2013 Representation Order (338 polygons, GeoJSON)',
  datasetDir: 'fed-ridings-2013',
  run: importFedRidings,
};
