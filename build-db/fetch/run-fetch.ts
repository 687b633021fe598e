// `canpol fetch`: every enabled source of the manifest into the cache, files in parallel within a
// per-host limit, then a report with one provenance record per file and a status per source.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readState, writeFileAtomic, writeState, type CacheState } from './cache-state.js';
import { fetchFile, type FetchFileDeps, type FileOutcome } from './fetch-file.js';
import { HostLimit } from './host-limit.js';
import { LISTERS } from './listers.js';
import type { ManifestFile, ManifestSource, SourcesManifest } from './manifest-types.js';
import { expandUrl, mirrored } from './read-manifest.js';

/** fresh: every file confirmed this run; stale: some file failed and its last good copy is used;
 *  missing: some file has no copy at all; disabled: not fetched (manifest `enabled: false`). */
export type SourceStatus = 'fresh' | 'stale' | 'missing' | 'disabled';

export interface SourceReport {
  id: string; publisher: string; importer: string | null; dataset_dir: string; jurisdiction: string | null;
  required: boolean; licence: string; attribution: string; status: SourceStatus;
  /** Some file's content differs from the previous run's. */
  changed: boolean;
  problems: string[];
  files: FileOutcome[];
}

export interface FetchReport {
  cache: string; started_at: string; finished_at: string; seconds: number; user_agent: string;
  sources: SourceReport[];
  totals: Record<FileOutcome['result'], number> & { requests: number; bytes_downloaded: number };
  peak_per_host: Record<string, number>;
}

export interface FetchOptions {
  manifest: SourcesManifest;
  cache: string;
  mirror?: string | null;
  /** Only these source ids (tests, or a manual refresh of one source). */
  only?: string[];
  now?: () => string;
  /** Overrides of the manifest's defaults (tests use millisecond backoffs). */
  timeoutMs?: number; retries?: number; backoffMs?: number; perHost?: number;
  onProgress?: (msg: string) => void;
}

const iso = () => new Date().toISOString();
export const fetchReportFile = (cache: string) => join(cache, '.fetch', 'report.json');

function statusOf(source: ManifestSource, files: FileOutcome[], problems: string[]): SourceStatus {
  if (problems.length || files.some((f) => f.result === 'missing')) return 'missing';
  return files.some((f) => f.result === 'stale') ? 'stale' : 'fresh';
}

export async function runFetch(opts: FetchOptions): Promise<FetchReport> {
  const { manifest, cache, mirror = null, now = iso, onProgress = () => {} } = opts;
  const started = performance.now();
  const startedAt = now();
  const d = manifest.defaults;
  const limit = new HostLimit(opts.perHost ?? d.per_host);
  const state: CacheState = readState(cache);
  const deps: FetchFileDeps = {
    cache, userAgent: manifest.user_agent, timeoutMs: opts.timeoutMs ?? d.timeout_ms, now,
    retry: { retries: opts.retries ?? d.retries, backoffMs: opts.backoffMs ?? d.backoff_ms },
    requestUrl: (url) => mirrored(url, mirror),
  };
  let requests = 0;

  // A publisher with a documented request rate (Represent: 60 a minute) gets its requests spaced.
  const nextStart = new Map<string, number>();
  const pace = async (source: ManifestSource) => {
    const gap = source.min_interval_ms ?? 0;
    if (gap <= 0) return;
    const now = Date.now();
    const at = Math.max(now, nextStart.get(source.id) ?? 0);
    nextStart.set(source.id, at + gap);
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };

  const one = async (source: ManifestSource, file: ManifestFile): Promise<FileOutcome> => {
    const url = expandUrl(file.url, file.params);
    const path = expandUrl(file.path, file.params, String);
    const key = `${source.dataset_dir}/${path}`;
    // The limit is per publisher host, also when a mirror serves every host.
    const { outcome, state: next } = await limit.run(new URL(url).host, async () => { await pace(source); return fetchFile(source, { ...file, url, path }, state[key], deps); });
    requests += outcome.attempts;
    if (next) state[key] = next;
    if (outcome.result !== 'unchanged' && outcome.result !== 'absent') onProgress(`${key}: ${outcome.result}${outcome.error ? ` (${outcome.error})` : ''}`);
    return outcome;
  };

  const fetchSource = async (source: ManifestSource): Promise<SourceReport> => {
    const problems: string[] = [];
    let files = await Promise.all(source.files.map((f) => one(source, f)));
    // Listed files may name a lister of their own (list_with): pages of a paginated API are crawled
    // in waves (every set's next page together, within the host limit) until no page names another;
    // a path already fetched this run is never fetched again.
    let queue: Array<{ file: string; lister: string; url: string }> = [];
    if (source.list_from) queue.push({ ...source.list_from, url: expandUrl(source.files.find((f) => f.path === source.list_from!.file)!.url) });
    const fetched = new Set(source.files.map((f) => f.path));
    while (queue.length) {
      const fresh: ManifestFile[] = [];
      for (const item of queue) {
        const index = join(cache, source.dataset_dir, item.file);
        const lister = LISTERS[item.lister];
        if (!lister) { problems.push(`unknown lister ${item.lister}`); continue; }
        if (!existsSync(index)) { problems.push(`index ${item.file} not in the cache: nothing listed`); continue; }
        const listed = lister(readFileSync(index, 'utf8'), (path) => new URL(path.split('/').map(encodeURIComponent).join('/'), item.url).href, item.url);
        problems.push(...listed.problems);
        for (const f of listed.files) if (!fetched.has(f.path)) { fetched.add(f.path); fresh.push(f); }
      }
      files = [...files, ...(await Promise.all(fresh.map((f) => one(source, f))))];
      queue = fresh.filter((f) => f.list_with).map((f) => ({ file: f.path, lister: f.list_with!, url: f.url }));
    }
    const status = statusOf(source, files, problems);
    onProgress(`${source.id}: ${status}, ${files.length} file(s)`);
    return {
      id: source.id, publisher: source.publisher, importer: source.importer, dataset_dir: source.dataset_dir, jurisdiction: source.jurisdiction ?? null,
      required: source.required, licence: source.licence, attribution: source.attribution, status,
      changed: files.some((f) => f.result === 'updated'), problems, files,
    };
  };

  const wanted = manifest.sources.filter((s) => !opts.only || opts.only.includes(s.id));
  const sources = await Promise.all(wanted.map((s): Promise<SourceReport> | SourceReport => (s.enabled === false
    ? { id: s.id, publisher: s.publisher, importer: s.importer, dataset_dir: s.dataset_dir, jurisdiction: s.jurisdiction ?? null, required: s.required, licence: s.licence, attribution: s.attribution, status: 'disabled', changed: false, problems: [], files: [] }
    : fetchSource(s))));
  writeState(cache, state);

  const all = sources.flatMap((s) => s.files);
  const count = (r: FileOutcome['result']) => all.filter((f) => f.result === r).length;
  const report: FetchReport = {
    cache, started_at: startedAt, finished_at: now(), seconds: Number(((performance.now() - started) / 1000).toFixed(2)), user_agent: manifest.user_agent,
    sources,
    totals: { updated: count('updated'), unchanged: count('unchanged'), stale: count('stale'), missing: count('missing'), absent: count('absent'), requests, bytes_downloaded: all.filter((f) => f.result === 'updated').reduce((n, f) => n + (f.bytes ?? 0), 0) },
    peak_per_host: Object.fromEntries(limit.peak),
  };
  writeFileAtomic(fetchReportFile(cache), JSON.stringify(report, null, 1) + '\n');
  return report;
}
