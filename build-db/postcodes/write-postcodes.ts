// The build's postcode phase: aggregates the three postcode sources (aggregate.ts) into the
// `postcodes` and `fsas` tables the resolver reads by primary key, then the boundaries containing
// each of their points (write-point-boundaries.ts): it runs after the geo phase (write-database.ts).
import type Database from 'better-sqlite3';
import type { SourceRecords } from '../sources/files.js';
import { aggregatePostcodes } from './aggregate.js';
import { writePointBoundaries } from './write-point-boundaries.js';
import { POSTCODE_SCHEMA_SQL } from '../../src/core/data-file/postcode-schema.js';

export interface PostcodePhaseSummary {
  postcodes: number;
  fsas: number;
  warnings: string[];
}

export function writePostcodes(
  db: Database.Database,
  records: Pick<SourceRecords, 'postcode_points' | 'postcode_overrides' | 'fsa_points'>,
  extractedAt: string,
  onProgress: (msg: string) => void = () => {},
): PostcodePhaseSummary {
  db.exec(POSTCODE_SCHEMA_SQL);
  const { postcodes, fsas, warnings } = aggregatePostcodes(
    records.postcode_points,
    records.postcode_overrides,
    records.fsa_points,
    extractedAt,
  );
  const insCode = db.prepare(
    `INSERT INTO postcodes VALUES (@postcode, @fsa, @source, @lat, @lng, @address_points, @city, @province_territory, @fetched_at)`,
  );
  for (const row of postcodes) insCode.run(row);
  const insFsa = db.prepare(
    `INSERT INTO fsas VALUES (@fsa, @basis, @lat, @lng, @address_points, @postcodes, @city, @province_territory, @fetched_at)`,
  );
  for (const row of fsas) insFsa.run(row);
  if (postcodes.length || fsas.length) {
    onProgress(
      `postcodes: ${postcodes.length} codes (${records.postcode_points.length} address point records, ${records.postcode_overrides.length} overrides), ${fsas.length} FSAs`,
    );
  }
  writePointBoundaries(db, onProgress);
  return { postcodes: postcodes.length, fsas: fsas.length, warnings };
}
