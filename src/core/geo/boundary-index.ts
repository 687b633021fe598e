// Point-in-polygon lookup over every current boundary of the data file, in memory: a grid over the
// full geometries' bounding boxes picks candidates, then an exact test on the full (not simplified)
// geometry, holes and multipolygons included, decides (strip-polygon.ts). Geometry is decoded from
// its FlatGeobuf blob the first time a point falls in its box, then kept.
import type Database from 'better-sqlite3';
import type { Level } from '../domain/enums.js';
import { decodeFlatMultiPolygon } from '../data-file/fgb.js';
import { GridIndex, type Box } from './grid-index.js';
import { stripBytes, stripContains, stripPolygon, type StripPolygon } from './strip-polygon.js';

export interface BoundaryHit {
  constituency_id: string;
  source_set: string;
  slug: string;
  name: string;
  level: Level;
  province_territory: string | null;
  area_sqkm: number;
}

export interface BoundaryIndex {
  /** Every current boundary containing the point (edges included), ordered by level, then as `winners` ranks them. */
  lookup(lng: number, lat: number): BoundaryHit[];
  /** One boundary per level (decisions 5): smallest area, then the most specific division, then constituency_id. */
  winners(lng: number, lat: number): Partial<Record<Level, BoundaryHit>>;
  /** The current boundary of that constituency_id (the hits a precomputed answer names), if any. */
  byId(constituencyId: string): BoundaryHit | undefined;
  /** Approximate bytes held by the decoded geometry and the index. */
  memoryBytes(): number;
  /** Decodes every geometry now rather than on first use (server start, benchmarks). */
  warm(): void;
  readonly size: number;
}

interface Entry extends Box {
  hit: BoundaryHit;
  rowid: number;
  rank: number;
  levelOrder: number;
  /** The MultiPolygon's parts, each with its own box: a riding of a thousand islands is tested
   *  against the one island whose box holds the point, not ring by ring. */
  parts: StripPolygon[] | null;
}

interface Row extends BoundaryHit {
  rowid: number;
  division_rank: number;
  level_order: number;
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
}

const BYTES_PER_ENTRY = 200;

/** Areas equal to the square metre are equal: two mirror-image wards differ only by rounding noise,
 *  which must not decide a tie that decisions 5 gives to constituency_id. */
const areaKey = (sqkm: number) => Math.round(sqkm * 1e6);

/** Winner order: smaller first; for equal areas (the same polygon in two sets) the more specific division. */
function compare(a: Entry, b: Entry): number {
  return (
    a.levelOrder - b.levelOrder ||
    areaKey(a.hit.area_sqkm) - areaKey(b.hit.area_sqkm) ||
    b.rank - a.rank ||
    (a.hit.constituency_id < b.hit.constituency_id ? -1 : a.hit.constituency_id > b.hit.constituency_id ? 1 : 0)
  );
}

export function createBoundaryIndex({ db }: { db: Database.Database }): BoundaryIndex {
  const rows = db
    .prepare(`SELECT rowid, constituency_id, source_set, slug, name, level, province_territory, area_sqkm, division_rank,
      level_order, min_lng, min_lat, max_lng, max_lat
    FROM boundaries WHERE is_current = 1 ORDER BY rowid`)
    .all() as Row[];
  const blob = db.prepare('SELECT full_fgb FROM boundaries WHERE rowid = ?').pluck();
  const entries: Entry[] = rows.map((r) => ({
    minX: r.min_lng,
    minY: r.min_lat,
    maxX: r.max_lng,
    maxY: r.max_lat,
    rowid: r.rowid,
    rank: r.division_rank,
    levelOrder: r.level_order,
    parts: null,
    hit: {
      constituency_id: r.constituency_id,
      source_set: r.source_set,
      slug: r.slug,
      name: r.name,
      level: r.level,
      province_territory: r.province_territory,
      area_sqkm: r.area_sqkm,
    },
  }));
  const grid = new GridIndex(entries);
  const byId = new Map(entries.map((e) => [e.hit.constituency_id, e.hit]));
  let geometryBytes = 0;

  const partsOf = (e: Entry): StripPolygon[] => {
    if (!e.parts) {
      e.parts = decodeFlatMultiPolygon(blob.get(e.rowid) as Uint8Array).map(stripPolygon);
      for (const part of e.parts) geometryBytes += stripBytes(part);
    }
    return e.parts;
  };
  const contains = (e: Entry, lng: number, lat: number) => {
    for (const part of partsOf(e)) if (stripContains(part, lng, lat)) return true;
    return false;
  };

  const containing = (lng: number, lat: number): Entry[] => {
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return [];
    const out: Entry[] = [];
    for (const i of grid.search(lng, lat)) if (contains(entries[i], lng, lat)) out.push(entries[i]);
    return out.sort(compare);
  };

  return {
    size: entries.length,
    lookup: (lng, lat) => containing(lng, lat).map((e) => e.hit),
    winners(lng, lat) {
      const out: Partial<Record<Level, BoundaryHit>> = {};
      for (const e of containing(lng, lat)) out[e.hit.level] ??= e.hit;
      return out;
    },
    byId: (id) => byId.get(id),
    memoryBytes: () => geometryBytes + entries.length * BYTES_PER_ENTRY + grid.entries * 8,
    warm() {
      for (const e of entries) partsOf(e);
    },
  };
}
