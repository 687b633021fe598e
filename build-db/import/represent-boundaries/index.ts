// `canpol import represent-boundaries`: every set of represent-boundaries/manifest.json, read from
// the ORIGINAL shapefiles (DBF encoding per the manifest, .prj reprojected with proj4), filtered and
// named by the set's feature_rules, features of one boundary merged into one MultiPolygon. Older
// maps of the same division are marked superseded_by the newest, so lookups use only the newest.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVINCES, type Province } from '../../../src/core/domain/enums.js';
import { checkGeometry } from '../../sources/check-geometry.js';
import { kebab } from '../boundaries/kebab.js';
import { loadDivisions, type Divisions } from '../boundaries/ocd-divisions.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { refuse } from '../refuse.js';
import { rulesFor, splitProperty } from './feature-rules.js';
import { projectionFor } from './projection.js';
import { readShapefile, type ShapeFeature } from './read-shapefile.js';

export const MANIFEST = 'manifest.json';

export interface ManifestSet {
  slug: string;
  original_dir: string;
  original_shp: string;
  boundary_set_names: string[];
  domain: string;
  last_updated: string;
  division_id: string;
  dbf_encoding_used: string | null;
  crs_note: string | null;
  source_url?: string;
  licence_url?: string;
  source_commit?: string;
  feature_rules?: { name_from?: string; id_from?: string; keep?: string; untranslated?: string };
  feature_count?: number;
}

type Boundary = SourceInput<'boundaries'>;

/** Statistics Canada SGC province codes: the first two digits of a census (sub)division code. */
const SGC: Record<string, Province> = {
  10: 'NL',
  11: 'PE',
  12: 'NS',
  13: 'NB',
  24: 'QC',
  35: 'ON',
  46: 'MB',
  47: 'SK',
  48: 'AB',
  59: 'BC',
  60: 'YT',
  61: 'NT',
  62: 'NU',
};

export function provinceOf(divisionId: string, domain: string): Province | null {
  const named = /\/(?:province|territory):([a-z]{2})\b/.exec(divisionId)?.[1]?.toUpperCase();
  if (named && (PROVINCES as readonly string[]).includes(named)) return named as Province;
  const sgc = /\/c(?:s)?d:(\d{2})/.exec(divisionId)?.[1];
  if (sgc && SGC[sgc]) return SGC[sgc];
  const suffix = /,\s*([A-Z]{2})$/.exec(domain)?.[1];
  return suffix && (PROVINCES as readonly string[]).includes(suffix) ? (suffix as Province) : null;
}

/** A census subdivision id for a municipality named in a multi-municipality file (Waterloo region). */
function csdNamed(divisions: Divisions, name: string, province: Province | null): string | null {
  const prefix = Object.entries(SGC).find(([, p]) => p === province)?.[0];
  for (const d of divisions.values()) {
    if (/\/csd:\d{7}$/.test(d.id) && d.name === name && (!prefix || d.id.includes(`/csd:${prefix}`))) return d.id;
  }
  return null;
}

interface SetPart {
  set: ManifestSet;
  name: string;
  divisionId: string | null;
  features: ShapeFeature[];
}

function splitSet(set: ManifestSet, features: ShapeFeature[], divisions: Divisions): SetPart[] {
  const by = splitProperty(set.feature_rules);
  const template = set.boundary_set_names[0] ?? set.slug;
  if (!by) return [{ set, name: template, divisionId: set.division_id.includes('%') ? null : set.division_id, features }];
  const groups = new Map<string, ShapeFeature[]>();
  for (const f of features) {
    const m = String(f.properties[by] ?? '').trim();
    if (m) groups.set(m, [...(groups.get(m) ?? []), f]);
  }
  const province = provinceOf(set.division_id, set.domain.replace('%s', ''));
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([municipality, fs]) => ({
      set,
      name: template.replace('%s', municipality),
      divisionId: csdNamed(divisions, municipality, province),
      features: fs,
    }));
}

export async function importRepresentBoundaries(from: string, ctx: ImportContext): Promise<ImportOutput> {
  const stats: Record<string, number> = {
    sets: 0,
    sets_imported: 0,
    features: 0,
    features_kept: 0,
    boundaries: 0,
    multipart_boundaries: 0,
    dbf_encoding_fallbacks: 0,
  };
  const manifestPath = join(from, MANIFEST);
  if (!existsSync(manifestPath)) {
    ctx.skip({ file: MANIFEST, record: 'whole file', reason: 'file missing', detail: manifestPath });
    return { records: {}, sources: [], coverage: [], stats };
  }
  const sets = JSON.parse(readFileSync(manifestPath, 'utf8')) as ManifestSet[];
  const { divisions } = loadDivisions(from);
  const boundaries: Boundary[] = [];
  const setMeta: Array<{ sourceSet: string; divisionId: string | null; level: string; updated: string }> = [];
  const commits = new Set<string>();

  const notes: string[] = [];
  for (const set of sets) {
    stats.sets++;
    // A set that cannot be imported is refused: the import fails naming it unless the operator
    // leaves it out on purpose (--skip-boundary-sets), and then it ends the run's summary.
    const refuseSet = (reason: string, records = set.feature_count ?? 0) => {
      ctx.skip({ file: MANIFEST, record: `set ${set.slug}`, reason: 'set not imported', detail: reason });
      refuse(ctx, { set: set.slug, reason, records });
    };
    const shp = join(from, set.original_dir, set.original_shp);
    if (!existsSync(shp)) {
      refuseSet(`shapefile missing: ${shp}`);
      continue;
    }
    const prjPath = shp.replace(/\.shp$/i, '.prj');
    const projection = projectionFor(existsSync(prjPath) ? readFileSync(prjPath, 'utf8') : null, set.crs_note);
    if (!projection.ok) {
      refuseSet(`coordinate system unknown: ${projection.reason}`);
      continue;
    }

    let read;
    try {
      read = await readShapefile(shp, set.dbf_encoding_used);
    } catch (err) {
      refuseSet(`shapefile unreadable: ${(err as Error).message}`);
      continue;
    }
    const fields = Object.keys(read.features[0]?.properties ?? {});
    // A set list built from upstream's definition.py marks a function it could not translate.
    if (set.feature_rules?.untranslated) {
      refuseSet(`naming or filter rule not translated from upstream: ${set.feature_rules.untranslated}`, read.features.length);
      continue;
    }
    const rules = rulesFor(
      set.slug,
      set.feature_rules,
      fields,
      read.features.map((f) => f.properties),
    );
    if (!rules.ok) {
      refuseSet(rules.reason, read.features.length);
      continue;
    }
    for (const n of rules.notes) {
      notes.push(`${set.slug}: ${n}`);
      ctx.log(`${set.slug}: ${n}`);
    }
    if (read.fellBack) {
      stats.dbf_encoding_fallbacks++;
      ctx.log(`${set.slug}: DBF text is not ${set.dbf_encoding_used ?? 'utf8'} as the manifest says; read as Windows-1252`);
    }
    if (set.source_commit) commits.add(set.source_commit);
    stats.features += read.features.length;
    const file = join(set.original_dir, set.original_shp);
    const level = /\/(province|territory):/.test(set.division_id) ? 'provincial' : 'municipal';

    for (const part of splitSet(set, read.features, divisions)) {
      const sourceSet = kebab(part.name);
      const province = provinceOf(part.divisionId ?? set.division_id, set.domain);
      if (!province) {
        refuseSet(`province unknown: ${set.division_id} ${set.domain}`, part.features.length);
        continue;
      }
      const merged = new Map<string, { name: string; nameFr: string | null; polygons: unknown[][]; features: number }>();
      for (const f of part.features) {
        const record = `feature ${f.index + 1}`;
        const skip = (reason: string, detail?: string) => ctx.skip({ file, record, reason, ...(detail ? { detail } : {}) });
        if (!rules.rules.keep(f.properties)) {
          skip("filtered out by the set's keep rule");
          continue;
        }
        const name = rules.rules.name(f.properties);
        if (!name) {
          skip('feature without a name');
          continue;
        }
        if (!f.geometry || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) {
          skip('geometry not a Polygon or MultiPolygon', f.geometry?.type ?? 'null geometry');
          continue;
        }
        const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
        const projected = polygons.map((poly) => poly.map((ring) => ring.map((p) => projection.projection.forward(p))));
        const problems = checkGeometry({ type: 'MultiPolygon', coordinates: projected });
        if (problems.length) {
          skip('invalid geometry', problems.map((p) => `${p.field}: ${p.message}`).join('; '));
          continue;
        }
        stats.features_kept++;
        const slug = kebab(name);
        const entry = merged.get(slug) ?? { name, nameFr: rules.rules.nameFr(f.properties), polygons: [], features: 0 };
        entry.polygons.push(...projected);
        entry.features++;
        merged.set(slug, entry);
      }
      if (!merged.size) {
        refuseSet(
          `no feature both kept by the filter rule and named by the naming rule (${part.features.length} features)`,
          part.features.length,
        );
        continue;
      }
      setMeta.push({ sourceSet, divisionId: part.divisionId, level, updated: set.last_updated });
      for (const [slug, b] of merged) {
        if (!slug) {
          ctx.skip({ file, record: b.name, reason: 'name gives an empty slug' });
          continue;
        }
        if (b.features > 1) stats.multipart_boundaries++;
        boundaries.push({
          source_set: sourceSet,
          slug,
          name: b.name,
          name_fr: b.nameFr,
          level: level as Boundary['level'],
          province_territory: province,
          boundaries_version: set.last_updated,
          set_division_id: part.divisionId,
          geometry: { type: 'MultiPolygon', coordinates: b.polygons },
        });
      }
      stats.sets_imported++;
    }
  }

  // Older maps of the same division and level give way to the newest (by the set's last update).
  const newest = new Map<string, { sourceSet: string; updated: string }>();
  for (const m of setMeta) {
    if (!m.divisionId) continue;
    const k = `${m.level} ${m.divisionId}`;
    const cur = newest.get(k);
    if (!cur || m.updated > cur.updated) newest.set(k, m);
  }
  for (const b of boundaries) {
    const winner = b.set_division_id ? newest.get(`${b.level} ${b.set_division_id}`) : undefined;
    if (winner && winner.sourceSet !== b.source_set) b.superseded_by = winner.sourceSet;
  }
  stats.boundaries = boundaries.length;
  stats.superseded_boundaries = boundaries.filter((b) => b.superseded_by).length;
  return {
    records: { boundaries },
    sources: [...commits].sort().map((c) => ({
      id: 'represent-boundaries',
      version: c,
      url: 'https://github.com/opennorth/represent-canada-data',
      licence: "per set (see the set's licence_url)",
    })),
    coverage: [],
    stats,
    notes,
  };
}

export const representBoundariesImporter: Importer = {
  kind: 'represent-boundaries',
  summary: 'provincial districts and municipal wards of Open North Represent (65 shapefile sets, mixed projections)',
  datasetDir: 'represent-boundaries',
  run: importRepresentBoundaries,
};
