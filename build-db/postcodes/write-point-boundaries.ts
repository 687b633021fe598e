// The containing boundaries of every postcode and FSA point, computed once at build with the very
// index the server uses for /boundaries/lookup (src/core/geo/boundary-index.ts), so the stored answer is
// the live answer by construction. Needs the boundaries (geo phase) and postcodes tables written.
import type Database from 'better-sqlite3';
import { createBoundaryIndex } from '../../src/core/geo/boundary-index.js';
import { POINT_BOUNDARIES_SCHEMA_SQL } from '../../src/core/data-file/postcode-schema.js';

export interface PointBoundariesSummary {
  codes: number;
  points: number;
  sets: number;
  seconds: number;
}

interface PointRow {
  code: string;
  lat: number;
  lng: number;
}

export function writePointBoundaries(db: Database.Database, onProgress: (msg: string) => void = () => {}): PointBoundariesSummary {
  const started = performance.now();
  db.exec(POINT_BOUNDARIES_SCHEMA_SQL);
  // Read back from the tables, not from the aggregation: the server tests the stored REALs.
  const rows = db.prepare(`SELECT postcode AS code, lat, lng FROM postcodes UNION ALL SELECT fsa, lat, lng FROM fsas`).all() as PointRow[];
  if (!rows.length) return { codes: 0, points: 0, sets: 0, seconds: 0 };

  const index = createBoundaryIndex({ db });
  const insertSet = db.prepare('INSERT INTO point_boundary_sets (id, containing) VALUES (?, ?)');
  const insertCode = db.prepare('INSERT INTO postcode_boundaries (code, set_id) VALUES (?, ?)');
  const setIds = new Map<string, number>();
  // Every code of a point shares its answer: an FSA without address points and its fallback codes.
  const byPoint = new Map<string, number>();
  for (const { code, lat, lng } of rows) {
    const key = `${lng},${lat}`;
    let id = byPoint.get(key);
    if (id === undefined) {
      const containing = JSON.stringify(index.lookup(lng, lat).map((h) => h.constituency_id));
      id = setIds.get(containing);
      if (id === undefined) {
        setIds.set(containing, (id = setIds.size + 1));
        insertSet.run(id, containing);
      }
      byPoint.set(key, id);
    }
    insertCode.run(code, id);
  }
  const seconds = (performance.now() - started) / 1000;
  onProgress(
    `postcodes: containing boundaries of ${rows.length} codes (${byPoint.size} distinct points, ${setIds.size} distinct answers) in ${seconds.toFixed(1)}s`,
  );
  return { codes: rows.length, points: byPoint.size, sets: setIds.size, seconds };
}
