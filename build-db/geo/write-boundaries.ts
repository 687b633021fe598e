// The build's geo phase: per boundary, repair the geometry, measure it (geodesic area, centroid,
// bounding boxes), simplify it for output, and store both as FlatGeobuf with an R*Tree over the
// simplified boxes. A geometry that cannot be repaired is rejected with its reason, never silently.
import type Database from 'better-sqlite3';
import { LEVELS } from '../../src/core/domain/enums.js';
import { encodeMultiPolygon } from '../../src/core/data-file/fgb.js';
import type { SourceRecords } from '../sources/files.js';
import { bboxOf, centroid, geodesicAreaSqKm, vertexCount } from './measure.js';
import { repairGeometry } from './repair.js';
import { GEO_SCHEMA_SQL } from '../../src/core/data-file/geo-schema.js';
import { simplifyGeometry } from './simplify.js';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';
import { usesThreads } from '../../src/core/memory/thread-mode.js';
import { workerPipe, type BatchPipe } from '../workers/batch-pipe.js';
import type { WorkerMode } from '../workers/start-worker.js';

/** `--build-workers on` shares the phase with a worker thread from this many boundaries (each is
 *  costly: polyclip's union of thousands of vertices, twice). */
export const MIN_WORKER_BOUNDARIES = 64;
/** Boundaries handed over at a time: small, so the two threads stay even. */
const BATCH = 8;

export interface GeoPhaseSummary {
  boundaries: number;
  rejected: number;
  repaired: number;
  vertices: number;
  simplifiedVertices: number;
  seconds: number;
  warnings: string[];
}

/**
 * How specific a division is, from its OCD id, for the municipal winner (decisions 5): each path
 * segment counts, and a ward of a census subdivision (a city) ranks above a ward of a census
 * division (a region such as Peel, whose file repeats its cities' wards).
 */
export function divisionRank(ocdId: string | null): number {
  if (!ocdId) return 0;
  const segments = ocdId.split('/');
  return segments.length * 2 + (segments.some((s) => s.startsWith('csd:')) ? 1 : 0);
}

export type BoundaryRecord = SourceRecords['boundaries'][number]['record'];

/** One boundary's row as the geo phase writes it (rowid given), or why its geometry is refused. */
export type DerivedBoundary =
  | { ok: false; reason: string }
  | { ok: true; row: Record<string, string | number | Uint8Array | null>; notes: string[]; simplifiedVertices: number };

export function deriveBoundary(record: BoundaryRecord, rowid: number): DerivedBoundary {
  const fixed = repairGeometry(record.geometry);
  if (!fixed.ok) return fixed;
  const full = fixed.geometry;
  const simple = simplifyGeometry(full);
  const [minLng, minLat, maxLng, maxLat] = bboxOf(full);
  const simpleBox = bboxOf(simple);
  const c = centroid(full);
  return {
    ok: true,
    notes: fixed.notes,
    simplifiedVertices: vertexCount(simple),
    row: {
      rowid,
      constituency_id: `${record.source_set}/${record.slug}`,
      source_set: record.source_set,
      slug: record.slug,
      name: record.name,
      name_fr: record.name_fr,
      level: record.level,
      level_order: LEVELS.indexOf(record.level),
      province_territory: record.province_territory,
      effective_from: record.effective_from,
      effective_to: record.effective_to,
      boundaries_version: record.boundaries_version,
      ocd_id: record.ocd_id,
      superseded_by: record.superseded_by,
      is_current: record.superseded_by === null ? 1 : 0,
      division_rank: divisionRank(record.ocd_id ?? (record.set_division_id ? `${record.set_division_id}/*` : null)),
      area_sqkm: geodesicAreaSqKm(full),
      centroid_lng: c.lng,
      centroid_lat: c.lat,
      min_lng: minLng,
      min_lat: minLat,
      max_lng: maxLng,
      max_lat: maxLat,
      simple_min_lng: simpleBox[0],
      simple_min_lat: simpleBox[1],
      simple_max_lng: simpleBox[2],
      simple_max_lat: simpleBox[3],
      vertices: vertexCount(full),
      full_fgb: encodeMultiPolygon(full),
      simple_fgb: encodeMultiPolygon(simple),
    },
  };
}

/** A geometry warning as the build record keeps it (a carried-over phase keeps the previous file's). */
export const GEOMETRY_WARNING = /^[^:]+:\d+: geometry: /;

export function writeBoundaries(
  db: Database.Database,
  rows: SourceRecords['boundaries'],
  onProgress: (msg: string) => void = () => {},
  reuse: { carry: (db: Database.Database, rows: SourceRecords['boundaries']) => GeoPhaseSummary | null } | null = null,
  workers: WorkerMode = 'off',
): GeoPhaseSummary {
  const started = performance.now();
  db.exec(GEO_SCHEMA_SQL);
  const carried = reuse?.carry(db, rows);
  if (carried) return carried;
  const warnings: string[] = [];
  const insert =
    db.prepare(`INSERT INTO boundaries (rowid, constituency_id, source_set, slug, name, name_fr, level, level_order, province_territory,
      effective_from, effective_to, boundaries_version, ocd_id, superseded_by, is_current, division_rank, area_sqkm, centroid_lng, centroid_lat,
      min_lng, min_lat, max_lng, max_lat, simple_min_lng, simple_min_lat, simple_max_lng, simple_max_lat, vertices, full_fgb, simple_fgb)
    VALUES (@rowid, @constituency_id, @source_set, @slug, @name, @name_fr, @level, @level_order, @province_territory,
      @effective_from, @effective_to, @boundaries_version, @ocd_id, @superseded_by, @is_current, @division_rank, @area_sqkm, @centroid_lng, @centroid_lat,
      @min_lng, @min_lat, @max_lng, @max_lat, @simple_min_lng, @simple_min_lat, @simple_max_lng, @simple_max_lat, @vertices, @full_fgb, @simple_fgb)`);
  const insertBox = db.prepare('INSERT INTO boundaries_bbox VALUES (?, ?, ?, ?, ?)');

  let rowid = 0,
    rejected = 0,
    repaired = 0,
    vertices = 0,
    simplifiedVertices = 0;
  let lastReport = performance.now();
  // Every other batch is derived on a worker thread while this one derives the next; rows are
  // written in file order either way, so the file is the same.
  const pipe: BatchPipe<BoundaryRecord, DerivedBoundary> | null = usesThreads(workers, rows.length, MIN_WORKER_BOUNDARIES)
    ? workerPipe('derive-boundaries')
    : null;
  const derivedRows = function* (): Generator<[SourceRecords['boundaries'][number], DerivedBoundary]> {
    for (let at = 0; at < rows.length; at += pipe ? 2 * BATCH : BATCH) {
      const here = rows.slice(at, at + BATCH);
      const there = pipe ? rows.slice(at + BATCH, at + 2 * BATCH) : [];
      if (there.length) pipe!.submit(there.map((r) => r.record));
      for (const r of here) yield [r, deriveBoundary(r.record, 0)];
      if (there.length) {
        const got = pipe!.take();
        for (let i = 0; i < there.length; i++) yield [there[i], got[i]];
      }
    }
  };
  // Deriving a boundary (repair, reprojection, simplification) leaves megabytes of garbage: over the
  // 1,900 real boundaries the heap grew past 1.6 GB before the collector ran, the build's peak beside
  // Ontario's chunks. Asked after each boundary, the guard collects sooner (docs/benchmarks.md).
  const guard = createMemoryGuard();
  try {
    for (const [{ file, line, record }, derived] of derivedRows()) {
      guard.check();
      if (!derived.ok) {
        rejected++;
        warnings.push(`${file}:${line}: geometry: boundary ${record.source_set}/${record.slug} rejected: ${derived.reason}`);
        continue;
      }
      if (derived.notes.length) {
        repaired++;
        warnings.push(`${file}:${line}: geometry: ${record.source_set}/${record.slug}: ${derived.notes.join('; ')}`);
      }
      const row: typeof derived.row = { ...derived.row, rowid: rowid + 1 };
      vertices += row.vertices as number;
      simplifiedVertices += derived.simplifiedVertices;
      rowid++;
      insert.run(row);
      insertBox.run(rowid, row.simple_min_lng, row.simple_max_lng, row.simple_min_lat, row.simple_max_lat);
      if (performance.now() - lastReport > 5000) {
        onProgress(`geo: ${rowid} of ${rows.length} boundaries`);
        lastReport = performance.now();
      }
    }
  } finally {
    pipe?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  if (rows.length) {
    onProgress(
      `geo phase: ${rowid} boundaries (${vertices} vertices, ${simplifiedVertices} simplified), ${repaired} repaired, ${rejected} rejected in ${seconds.toFixed(1)}s${pipe ? ' (2 threads)' : ''}`,
    );
  }
  return { boundaries: rowid, rejected, repaired, vertices, simplifiedVertices, seconds, warnings };
}
