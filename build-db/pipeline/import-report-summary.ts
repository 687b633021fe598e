// The parts of an import report the change report carries: skipped records per importer and reason.
import type { ImportReport } from '../import/run-import.js';

export interface SkippedSummary {
  total: number;
  by_importer: Record<string, Record<string, number>>;
}

export function summarizeSkipped(report: ImportReport): SkippedSummary {
  const by: Record<string, Record<string, number>> = {};
  for (const s of report.skipped) {
    const reasons = (by[s.importer] ??= {});
    reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
  }
  return { total: report.skipped.length, by_importer: by };
}
