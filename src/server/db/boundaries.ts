// Boundaries: the list with its level/province/bbox filters, one boundary with its simplified
// geometry, and the match objects of lookups (spec Boundary, decisions 5).
import type Database from 'better-sqlite3';
import type { Level, Province } from '../../core/domain/enums.js';
import { decodeMultiPolygon } from '../../core/data-file/fgb.js';
import { DEFAULT_PRECISION, roundedGeoJson, roundTo, type MultiPolygonGeoJson } from '../geo/round.js';
import { createPager, Where, type Page } from './paged.js';

export interface BoundaryItem {
  constituency_id: string;
  name: string;
  level: Level;
  province_territory: string | null;
  source_set: string;
  area_sqkm: number;
  centroid: { lng: number; lat: number };
  effective_from: string | null;
  effective_to: string | null;
  boundaries_version: string;
}

/** A boundary with its simplified geometry: detail and lookup match (decisions 5). */
export interface BoundaryMatch extends BoundaryItem {
  boundary_geojson: MultiPolygonGeoJson;
}

/** The `boundary` of GET /politicians/{id} (spec Politician detail). */
export interface PoliticianBoundary {
  constituency_id: string;
  name: string;
  level: Level;
  boundary_geojson: MultiPolygonGeoJson;
  centroid_lng: number;
  centroid_lat: number;
}

export interface BoundaryFilters {
  level?: Level;
  province_territory?: Province;
  bbox?: [number, number, number, number];
  page: number;
  limit: number;
}

interface Row {
  constituency_id: string;
  name: string;
  level: Level;
  province_territory: string | null;
  source_set: string;
  area_sqkm: number;
  centroid_lng: number;
  centroid_lat: number;
  effective_from: string | null;
  effective_to: string | null;
  boundaries_version: string;
}

const ITEM_COLUMNS = `constituency_id, name, level, province_territory, source_set, area_sqkm, centroid_lng, centroid_lat,
  effective_from, effective_to, boundaries_version`;

const shapeItem = (r: Row): BoundaryItem => ({
  constituency_id: r.constituency_id,
  name: r.name,
  level: r.level,
  province_territory: r.province_territory,
  source_set: r.source_set,
  area_sqkm: roundTo(r.area_sqkm, 3),
  centroid: { lng: roundTo(r.centroid_lng, 6), lat: roundTo(r.centroid_lat, 6) },
  effective_from: r.effective_from,
  effective_to: r.effective_to,
  boundaries_version: r.boundaries_version,
});

export function createBoundaryQueries(db: Database.Database) {
  const paged = createPager(db);
  const bySlug = db.prepare(`SELECT ${ITEM_COLUMNS}, simple_fgb FROM boundaries WHERE source_set = ? AND slug = ?`);
  const byId = db.prepare(`SELECT ${ITEM_COLUMNS}, simple_fgb FROM boundaries WHERE constituency_id = ?`);
  // Matches repeat across lookups (a city has a few dozen boundaries): shaped once at default precision.
  const matches = new Map<string, BoundaryMatch | null>();

  const withGeometry = (row: (Row & { simple_fgb: Uint8Array }) | undefined, precision: number): BoundaryMatch | null =>
    row ? { ...shapeItem(row), boundary_geojson: roundedGeoJson(decodeMultiPolygon(row.simple_fgb), precision) } : null;

  const match = (constituencyId: string): BoundaryMatch | null => {
    if (!matches.has(constituencyId)) matches.set(constituencyId, withGeometry(byId.get(constituencyId) as never, DEFAULT_PRECISION));
    return matches.get(constituencyId)!;
  };

  return {
    list(f: BoundaryFilters): Page<BoundaryItem> {
      const where = new Where()
        .when(f.level, 'level = ?')
        // Federal boundaries have no province: the filter narrows the other levels only (spec).
        .when(f.level === 'federal' ? undefined : f.province_territory, `(level = 'federal' OR province_territory = ?)`);
      if (f.bbox) {
        const [minLng, minLat, maxLng, maxLat] = f.bbox;
        where.always(
          `rowid IN (SELECT id FROM boundaries_bbox WHERE max_lng >= ? AND min_lng <= ? AND max_lat >= ? AND min_lat <= ?)
          AND simple_max_lng >= ? AND simple_min_lng <= ? AND simple_max_lat >= ? AND simple_min_lat <= ?`,
          minLng,
          maxLng,
          minLat,
          maxLat,
          minLng,
          maxLng,
          minLat,
          maxLat,
        );
      }
      return paged<Row, BoundaryItem>(
        {
          select: ITEM_COLUMNS,
          from: 'boundaries',
          where,
          orderBy: `level_order, coalesce(province_territory, ''), constituency_id`,
          page: f.page,
          limit: f.limit,
        },
        shapeItem,
      );
    },

    detail: (sourceSet: string, slug: string, precision: number) => withGeometry(bySlug.get(sourceSet, slug) as never, precision),

    match,

    forPolitician(constituencyId: string): PoliticianBoundary | null {
      const m = match(constituencyId);
      if (!m) return null;
      return {
        constituency_id: m.constituency_id,
        name: m.name,
        level: m.level,
        boundary_geojson: m.boundary_geojson,
        centroid_lng: m.centroid.lng,
        centroid_lat: m.centroid.lat,
      };
    },
  };
}

export type BoundaryQueries = ReturnType<typeof createBoundaryQueries>;
