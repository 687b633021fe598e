// The counters every importer reports in its output's `stats`, and the one skip every importer makes
// when an expected file is absent (the import report names it; the import goes on without it).
import { existsSync } from 'node:fs';
import type { ImportContext } from './types.js';

export interface ImportStats {
  stats: Record<string, number>;
  add(key: string, n?: number): void;
}

/** Counters starting at `initial` (keys listed there are reported even when they stay 0). */
export function importStats(initial: Record<string, number> = {}): ImportStats {
  const stats = { ...initial };
  return {
    stats,
    add: (key, n = 1) => {
      stats[key] = (stats[key] ?? 0) + n;
    },
  };
}

/** True when `path` exists; otherwise records `file` as skipped ('file missing') and returns false. */
export function filePresent(ctx: ImportContext, file: string, path: string): boolean {
  if (existsSync(path)) return true;
  ctx.skip({ file, record: 'whole file', reason: 'file missing', detail: path });
  return false;
}
