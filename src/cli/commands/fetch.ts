import { readManifest } from '../../../build-db/fetch/read-manifest.js';
import { fetchReportFile, runFetch } from '../../../build-db/fetch/run-fetch.js';

export interface FetchCommandOptions {
  manifest: string;
  cache: string;
  mirror: string;
  since: string;
  /** `none`, a duration from now (`35m`) or a UTC time. */
  deadline?: string;
  only: string[];
}

/** `--deadline`: `none`, a duration from `start` (`35m`, `90s`, `2h`) or a UTC time; anything else is named. */
export function deadlineAt(value: string, start = Date.now()): { deadline: number | null } | { problem: string } {
  if (value === 'none') return { deadline: null };
  const d = /^(\d+)(s|m|h)$/.exec(value);
  if (d) return { deadline: start + Number(d[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[d[2] as 's' | 'm' | 'h'] };
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?Z$/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at)
    ? { problem: `--deadline ${value}: expected none, a duration (35m, 90s, 2h) or a UTC time (2026-12-06T08:00:00Z)` }
    : { deadline: at };
}

/** `--since`: a calendar date, or `none`; anything else is named, not guessed at. */
export function sinceDate(value: string): { since: string | null } | { problem: string } {
  if (value === 'none') return { since: null };
  const ok = /^\d{4}-\d\d-\d\d$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  return ok ? { since: value } : { problem: `--since ${value}: expected a date YYYY-MM-DD or none` };
}

/** 0 every required source is in the cache (fresh or stale), 1 one is missing or the manifest is bad. */
export async function fetchCommand({ manifest, cache, mirror, since, deadline = 'none', only }: FetchCommandOptions): Promise<number> {
  const from = sinceDate(since);
  if ('problem' in from) {
    console.error(`canpol fetch: ${from.problem}`);
    return 2;
  }
  const until = deadlineAt(deadline);
  if ('problem' in until) {
    console.error(`canpol fetch: ${until.problem}`);
    return 2;
  }
  const read = readManifest(manifest);
  if (!read.ok) {
    for (const p of read.problems) console.error(`canpol fetch: ${manifest}: ${p}`);
    return 1;
  }
  const unknown = only.filter((id) => !read.manifest.sources.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`canpol fetch: no source ${unknown.join(', ')} in ${manifest}`);
    return 2;
  }
  const t0 = performance.now();
  const report = await runFetch({
    manifest: read.manifest,
    cache,
    mirror: mirror === 'none' ? null : mirror,
    only: only.length ? only : undefined,
    since: from.since,
    deadline: until.deadline,
    onProgress: (m) => console.error(`[fetch ${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`),
  });
  for (const s of report.sources)
    console.error(`${s.status.padEnd(8)} ${s.id}${s.required ? ' (required)' : ''}${s.changed ? ', changed' : ''}`);
  const t = report.totals;
  console.error(
    `files: ${t.updated} updated, ${t.unchanged} unchanged, ${t.stale} stale, ${t.missing} missing, ${t.absent} absent; ${t.requests} requests, ${t.bytes_downloaded} bytes in ${report.seconds}s; report: ${fetchReportFile(cache)}`,
  );
  // A backfill cut at the deadline is not a failure: the next run continues it.
  const partial = report.sources.filter((s) => s.backfill);
  if (partial.length)
    console.error(
      `backfill left for the next run (deadline ${report.deadline}): ${partial.map((s) => `${s.id} ${s.backfill!.deferred} file(s), ${s.backfill!.rechecks_deferred} re-check(s)`).join('; ')}`,
    );
  // A source can be missing with no file missing (a discovered source whose index failed): say so by source.
  const missing = report.sources.filter((s) => s.status === 'missing');
  const required = missing.filter((s) => s.required);
  if (missing.length)
    console.error(
      `sources missing: ${missing.map((s) => s.id).join(', ')}${required.length ? `; required: ${required.map((s) => s.id).join(', ')} (exit 1)` : ' (none required)'}`,
    );
  return required.length ? 1 : 0;
}
