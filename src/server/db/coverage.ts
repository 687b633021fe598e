// Coverage rows per jurisdiction; counts were computed at build from the data itself.
import type Database from 'better-sqlite3';
import type { CoverageStatus } from '../../core/domain/enums.js';

export interface CoverageRow {
  jurisdiction: string;
  legislature_name: string;
  seats: number;
  bills_status: CoverageStatus;
  hansard_status: CoverageStatus;
  votes_status: CoverageStatus;
  committees_status: CoverageStatus;
  bills_count: number;
  speeches_count: number;
  votes_count: number;
  politicians_count: number;
  last_verified_at: string | null;
  source_urls: Record<string, string>;
  notes: string | null;
  /** Members on file: `partial` from a compiled roster (Represent), `live` from the legislature's own, `none` when nobody sits. */
  politicians_status: CoverageStatus;
}

export type CoverageSummary = { total: number } & Record<CoverageStatus, number>;

export function createCoverageQueries(db: Database.Database) {
  const rows = db.prepare(`SELECT jurisdiction, legislature_name, seats, bills_status, hansard_status, votes_status,
      committees_status, bills_count, speeches_count, votes_count, politicians_count, last_verified_at, source_urls, notes, politicians_status
    FROM jurisdictions WHERE @status IS NULL OR bills_status = @status ORDER BY ord`);
  const summary = db.prepare(`SELECT count(*) AS total,
      count(*) FILTER (WHERE bills_status = 'live') AS live, count(*) FILTER (WHERE bills_status = 'partial') AS partial,
      count(*) FILTER (WHERE bills_status = 'blocked') AS blocked, count(*) FILTER (WHERE bills_status = 'none') AS none
    FROM jurisdictions`);
  return {
    /** Rows in federal-then-provinces order, optionally only those whose bills_status matches. */
    rows: (billsStatus?: CoverageStatus): CoverageRow[] =>
      (rows.all({ status: billsStatus ?? null }) as Array<Omit<CoverageRow, 'source_urls'> & { source_urls: string }>).map((r) => ({
        ...r,
        source_urls: JSON.parse(r.source_urls) as Record<string, string>,
      })),
    /** Counts of bills_status over every jurisdiction, whatever the filter (docs/api-notes.md). */
    summary: () => summary.get() as CoverageSummary,
  };
}

export type CoverageQueries = ReturnType<typeof createCoverageQueries>;
