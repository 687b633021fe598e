import { readManifest } from '../../../build-db/fetch/read-manifest.js';
import { fetchReportFile, runFetch } from '../../../build-db/fetch/run-fetch.js';

export interface FetchCommandOptions {
  manifest: string;
  cache: string;
  mirror: string;
  since: string;
  only: string[];
}

/** `--since`: a calendar date, or `none`; anything else is named, not guessed at. */
export function sinceDate(value: string): { since: string | null } | { problem: string } {
  if (value === 'none') return { since: null };
  const ok = /^\d{4}-\d\d-\d\d$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  return ok ? { since: value } : { problem: `--since ${value}: expected a date YYYY-MM-DD or none` };
}

/** 0 every required source is in the cache (fresh or stale), 1 one is missing or the manifest is bad. */
export async function fetchCommand({ manifest, cache, mirror, since, only }: FetchCommandOptions): Promise<number> {
  const from = sinceDate(since);
  if ('problem' in from) {
    console.error(`canpol fetch: ${from.problem}`);
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
    onProgress: (m) => console.error(`[fetch ${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`),
  });
  for (const s of report.sources)
    console.error(`${s.status.padEnd(8)} ${s.id}${s.required ? ' (required)' : ''}${s.changed ? ', changed' : ''}`);
  const t = report.totals;
  console.error(
    `files: ${t.updated} updated, ${t.unchanged} unchanged, ${t.stale} stale, ${t.missing} missing, ${t.absent} absent; ${t.requests} requests, ${t.bytes_downloaded} bytes in ${report.seconds}s; report: ${fetchReportFile(cache)}`,
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
