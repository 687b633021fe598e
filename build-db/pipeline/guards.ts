// The checks that stop a nightly from publishing a worse file: any failed guard fails the job and
// nothing is published.
import type { SourceReport } from '../fetch/run-fetch.js';
import type { VerifyResult } from '../../src/core/data-file/verify-data-file.js';

export interface GuardResult {
  guard: string;
  ok: boolean;
  detail: string;
}

export function requiredSourcesGuard(sources: SourceReport[]): GuardResult {
  const missing = sources.filter((s) => s.required && (s.status === 'missing' || s.status === 'disabled'));
  return {
    guard: 'required sources present',
    ok: missing.length === 0,
    detail: missing.length
      ? `missing: ${missing.map((s) => `${s.id} (${[...s.problems, ...s.files.filter((f) => f.result === 'missing').map((f) => `${f.file}: ${f.error}`)].slice(0, 3).join('; ') || s.status})`).join(', ')}`
      : `${sources.filter((s) => s.required).length} required source(s) in the cache`,
  };
}

/** A table that loses more than `maxShrink` of its previous rows (0.1 = 10 %) trips the guard. */
export function shrinkGuard(previous: Record<string, number> | null, current: Record<string, number>, maxShrink: number): GuardResult {
  if (!previous) return { guard: 'no table shrinks too much', ok: true, detail: 'no previous data file to compare with' };
  const shrunk = Object.entries(previous)
    .filter(([, before]) => before > 0)
    .map(([table, before]) => ({ table, before, after: current[table] ?? 0 }))
    .filter(({ before, after }) => (before - after) / before > maxShrink);
  return {
    guard: 'no table shrinks too much',
    ok: shrunk.length === 0,
    detail: shrunk.length
      ? shrunk
          .map(
            ({ table, before, after }) =>
              `${table} ${before} → ${after} (−${(((before - after) / before) * 100).toFixed(1)} %, limit ${(maxShrink * 100).toFixed(1)} %)`,
          )
          .join(', ')
      : `every table within ${(maxShrink * 100).toFixed(1)} % of the previous file`,
  };
}

export function verifyGuard(result: VerifyResult): GuardResult {
  return {
    guard: 'verify',
    ok: result.ok,
    detail: result.ok ? `integrity ok, build ${result.build_id}, schema ${result.schema_version}` : result.problems.join('; '),
  };
}
