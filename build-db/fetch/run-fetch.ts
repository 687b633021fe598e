// `canpol fetch`: every enabled source of the manifest into the cache, files in parallel within a
// per-host limit, then a report with one provenance record per file and a status per source.
// Sources with `discover` find their files at run time (build-db/fetch/discover/). A run marks
// itself in progress; one killed midway is resumed by the next, which skips every file the killed
// run already stored or confirmed (the journal in cache-state.ts keeps them across SIGKILL).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { archiveTaker, type ArchiveRecord } from './archive/from-archive.js';
import { journal, readFullState, writeFileAtomic, writeState, type CachedFile, type CacheState } from './cache-state.js';
import type { DiscoverContext, Discovered, Session } from './discover/context.js';
import { DISCOVERERS } from './discover/index.js';
import { sessionsInScope } from './discover/sessions.js';
import { fetchFile, type FetchFileDeps, type FileOutcome } from './fetch-file.js';
import { HostLimit } from './host-limit.js';
import { isLoopbackUrl } from './loopback.js';
import { pinnedToCommit } from './pinned.js';
import { recheckDue } from './recheck-schedule.js';
import { ASSEMBLERS } from './assemblers.js';
import { LISTERS } from './listers.js';
import type { ManifestFile, ManifestSource, SourcesManifest } from './manifest-types.js';
import { expandUrl, mirrored } from './read-manifest.js';

/** fresh: every file confirmed this run; stale: some file failed and its last good copy is used;
 *  missing: some file has no copy at all; partial: nothing failed, but backfill requests were left for
 *  the next run at the fetch deadline; disabled: not fetched (manifest `enabled: false`). */
export type SourceStatus = 'fresh' | 'stale' | 'missing' | 'partial' | 'disabled';

export interface SourceReport {
  id: string;
  publisher: string;
  importer: string | null;
  dataset_dir: string;
  jurisdiction: string | null;
  required: boolean;
  licence: string;
  attribution: string;
  status: SourceStatus;
  /** Some file's content differs from the previous run's. */
  changed: boolean;
  problems: string[];
  files: FileOutcome[];
  /** Items (cache-relative files) new to the cache, replaced by new content, and no longer served by the
   *  publisher (404/410 where a copy was held: the copy is kept and the item named here). */
  items: { new: string[]; changed: string[]; removed: string[] };
  /** Backfill left at the fetch deadline: requests for files not held yet that were not started (the
   *  first 20 named), and re-checks of held files skipped. The next run asks for them. */
  backfill?: { deferred: number; rechecks_deferred: number; first: string[]; covers: NonNullable<ManifestSource['covers']> };
}

export function itemChanges(files: FileOutcome[]): SourceReport['items'] {
  return {
    new: files.filter((f) => f.change === 'new').map((f) => f.file),
    changed: files.filter((f) => f.change === 'changed').map((f) => f.file),
    removed: files.filter((f) => f.result === 'stale' && (f.status === 404 || f.status === 410)).map((f) => f.file),
  };
}

export interface FetchReport {
  cache: string;
  started_at: string;
  finished_at: string;
  seconds: number;
  user_agent: string;
  sources: SourceReport[];
  totals: Record<FileOutcome['result'], number> & { requests: number; bytes_downloaded: number };
  peak_per_host: Record<string, number>;
  /** The commit archives requested this run, each with how many of its files it gave. */
  archives: ArchiveRecord[];
  /** `--deadline` of this run (ISO 8601), null: none. */
  deadline: string | null;
  /** `--since` of this run, and the start of the killed run it resumed (null: none). */
  since: string | null;
  resumed_from: string | null;
}

export interface FetchOptions {
  manifest: SourcesManifest;
  cache: string;
  mirror?: string | null;
  /** Only these source ids (tests, or a manual refresh of one source). */
  only?: string[];
  now?: () => string;
  /** Overrides of the manifest's defaults (tests use millisecond backoffs). */
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  perHost?: number;
  spacingMs?: number;
  /** Space requests to a loopback mirror as to the publishers (tests of the spacing itself). */
  politeToLoopback?: boolean;
  /** Backfill from this date (YYYY-MM-DD): sessions that ended before it and divisions dated before it are skipped. */
  since?: string | null;
  /** After this instant (ms since the epoch) no backfill request starts (closed sessions, committee
   *  Evidence older than the newest): those in flight finish, the rest wait for the next run. */
  deadline?: number | null;
  onProgress?: (msg: string) => void;
}

const iso = () => new Date().toISOString();
export const fetchReportFile = (cache: string) => join(cache, '.fetch', 'report.json');
/** Present while a run is under way: its start time, for the next run to resume from. */
export const runMarkerFile = (cache: string) => join(cache, '.fetch', 'run.json');

/** A source's report from this run's outcome: the manifest's facts about it, then what happened. */
function sourceReport(
  source: ManifestSource,
  status: SourceStatus,
  files: FileOutcome[],
  problems: string[],
  backfill?: SourceReport['backfill'],
): SourceReport {
  return {
    id: source.id,
    publisher: source.publisher,
    importer: source.importer,
    dataset_dir: source.dataset_dir,
    jurisdiction: source.jurisdiction ?? null,
    required: source.required,
    licence: source.licence,
    attribution: source.attribution,
    status,
    changed: files.some((f) => f.result === 'updated'),
    problems,
    files,
    items: itemChanges(files),
    ...(backfill ? { backfill } : {}),
  };
}

function statusOf(_source: ManifestSource, files: FileOutcome[], problems: string[]): SourceStatus {
  if (problems.length || files.some((f) => f.result === 'missing')) return 'missing';
  return files.some((f) => f.result === 'stale') ? 'stale' : 'fresh';
}

/** A discovered source keeps what it has when some requests fail: stale, unless it has nothing at all. */
function discoveredStatus(files: FileOutcome[], failures: string[]): SourceStatus {
  if (!files.length) return 'missing';
  return failures.length || files.some((f) => f.result === 'stale') ? 'stale' : 'fresh';
}

/** The provenance record of a cached file confirmed earlier, reported without a request. */
function keptOutcome(source: string, key: string, c: CachedFile): FileOutcome {
  return {
    source,
    file: key,
    url: c.url,
    requested_at: c.verified_at,
    status: null,
    result: 'unchanged',
    attempts: 0,
    bytes: c.bytes,
    sha256: c.sha256,
    fetched_at: c.fetched_at,
    verified_at: c.verified_at,
  };
}

function readMarker(cache: string): string | null {
  try {
    return JSON.parse(readFileSync(runMarkerFile(cache), 'utf8')).started_at ?? null;
  } catch {
    return null;
  }
}

/** The host a discovered source asks (its first template's). */
function discoverHost(s: ManifestSource): string {
  const d = s.discover!;
  const url = d.kind === 'index-list' ? d.index.url : d.kind === 'html-chain' ? d.start.url : d.files[0]?.url;
  try {
    return new URL(url ?? '').host;
  } catch {
    return s.id;
  }
}

export async function runFetch(opts: FetchOptions): Promise<FetchReport> {
  const { manifest, cache, mirror = null, now = iso, onProgress = () => {} } = opts;
  const started = performance.now();
  const startedAt = now();
  const d = manifest.defaults;
  const since = opts.since ?? null;
  const loopback = isLoopbackUrl(mirror) && !opts.politeToLoopback;
  const limit = new HostLimit(opts.perHost ?? d.per_host, opts.spacingMs ?? (loopback ? 0 : (d.spacing_ms ?? 0)));
  const full = readFullState(cache);
  const state: CacheState = full.files;
  const misses = full.misses;
  // A marker left behind = the last run was killed: what it stored since it started is kept as is.
  const resumeFrom = readMarker(cache);
  if (resumeFrom) onProgress(`resuming the run started ${resumeFrom}: files it stored are not requested again`);
  writeFileAtomic(runMarkerFile(cache), `${JSON.stringify({ started_at: resumeFrom ?? startedAt, pid: process.pid })}\n`);
  const hostOf = (url: string) => new URL(url).host;
  // A host that could not be reached (offline, no DNS, refused) is not asked again this run: its
  // files keep their last copies at once instead of each being retried.
  const down = new Map<string, string>();
  let requests = 0;
  let done = 0;

  // A publisher with a documented request rate (Represent: 60 a minute) gets its requests spaced.
  const nextStart = new Map<string, number>();
  const pace = async (source: ManifestSource) => {
    const gap = source.min_interval_ms ?? 0;
    if (gap <= 0 || loopback) return;
    const now = Date.now();
    const at = Math.max(now, nextStart.get(source.id) ?? 0);
    nextStart.set(source.id, at + gap);
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };

  // Backfill left at the deadline, per source: files never held, and re-checks of held ones.
  const pastDeadline = () => opts.deadline != null && Date.now() >= opts.deadline;
  const deferredBy = new Map<string, { files: string[]; rechecks: number }>();
  const defer = (source: ManifestSource, key: string, url: string, had: CachedFile | undefined): FileOutcome => {
    const d = deferredBy.get(source.id) ?? { files: [], rechecks: 0 };
    deferredBy.set(source.id, d);
    if (had && existsSync(join(cache, key))) {
      d.rechecks++;
      return keptOutcome(source.id, key, had);
    }
    d.files.push(key);
    const at = now();
    return {
      source: source.id,
      file: key,
      url,
      requested_at: at,
      status: null,
      result: 'deferred',
      attempts: 0,
      bytes: null,
      sha256: null,
      fetched_at: null,
      verified_at: null,
    };
  };

  /** What the deadline left of a source's backfill, for its report (undefined: nothing). */
  const backfillLeft = (source: ManifestSource): SourceReport['backfill'] => {
    const d = deferredBy.get(source.id);
    return d
      ? { deferred: d.files.length, rechecks_deferred: d.rechecks, first: d.files.slice(0, 20), covers: source.covers ?? [] }
      : undefined;
  };
  const backfillNote = (b: SourceReport['backfill']) =>
    b ? `, backfill left for the next run: ${b.deferred} file(s), ${b.rechecks_deferred} re-check(s)` : '';

  const one = async (source: ManifestSource, file: ManifestFile, backfill = false): Promise<FileOutcome> => {
    const url = expandUrl(file.url, file.params);
    const path = expandUrl(file.path, file.params, String);
    const key = `${source.dataset_dir}/${path}`;
    const had = state[key];
    if (resumeFrom && had && had.verified_at >= resumeFrom && existsSync(join(cache, key))) return keptOutcome(source.id, key, had);
    // Content that cannot change (a file at a git commit) is requested once.
    const pinned = file.immutable || pinnedToCommit(url);
    if (pinned && had && existsSync(join(cache, key))) return keptOutcome(source.id, key, had);
    // A document the publisher may revise but cannot be asked conditionally is fetched again only as it
    // passes one of its ages (BC Hansard's finals); the same bytes then count as unchanged.
    if (file.recheck_ages && had && existsSync(join(cache, key)))
      if (!recheckDue(file.dated ?? had.fetched_at, had.verified_at, startedAt, file.recheck_ages)) return keptOutcome(source.id, key, had);
    // An optional file found absent at a commit (a set without .prj) stays absent: not asked again.
    if (pinned && file.optional && misses[key])
      return {
        source: source.id,
        file: key,
        url,
        requested_at: misses[key],
        status: 404,
        result: 'absent',
        attempts: 0,
        bytes: null,
        sha256: null,
        fetched_at: null,
        verified_at: misses[key],
      };
    // Past the deadline a backfill request is not started (held copies are kept as they are).
    if (backfill && pastDeadline()) return defer(source, key, url, had);
    // The limit is per publisher host, also when a mirror serves every host.
    const host = hostOf(url);
    const deps: FetchFileDeps = {
      cache,
      userAgent: manifest.user_agent,
      timeoutMs: opts.timeoutMs ?? d.timeout_ms,
      now,
      retry: { retries: opts.retries ?? d.retries, backoffMs: opts.backoffMs ?? d.backoff_ms },
      requestUrl: (u) => mirrored(u, mirror),
      beforeAttempt: () => limit.spaced(host),
      onRetryAfter: (ms) => limit.pause(host, ms),
      hostDown: () => (down.has(host) ? `not requested: ${host} refused earlier this run (${down.get(host)})` : null),
      onHostDown: (error) => {
        if (!down.has(host)) {
          down.set(host, error);
          onProgress(`${host}: ${error}: its other files are not requested this run (their last copies are kept)`);
        }
      },
    };
    const { outcome, state: next } = await limit.run(
      host,
      async () => {
        // The deadline is checked again when the request would start: it may have passed while queued.
        if (backfill && pastDeadline()) return { outcome: defer(source, key, url, had), state: had };
        await pace(source);
        return fetchFile(source, { ...file, url, path }, had, deps);
      },
      source.required,
    );
    requests += outcome.attempts;
    if (next && next !== had) {
      state[key] = next;
      journal(cache, { file: key, state: next });
    }
    if (pinned && outcome.result === 'absent') {
      misses[key] = outcome.requested_at;
      journal(cache, { miss: key, at: outcome.requested_at });
    }
    if (++done % 100 === 0) onProgress(`${done} files, ${requests} requests so far`);
    if (outcome.result !== 'unchanged' && outcome.result !== 'absent')
      onProgress(`${key}: ${outcome.result}${outcome.error ? ` (${outcome.error})` : ''}`);
    return outcome;
  };

  const contextFor = (source: ManifestSource, scope: Session[], backfill: boolean): DiscoverContext => {
    const keyOf = (path: string) => `${source.dataset_dir}/${path}`;
    return {
      source,
      sessions: scope,
      since,
      now: startedAt,
      resumeFrom,
      fetch: (file, o) => one(source, file, o?.backfill ?? backfill),
      backfill,
      nextOpened: (s) => sessions[sessions.findIndex((x) => x.id === s.id) + 1]?.opened ?? null,
      kept: (file) => {
        const key = keyOf(file.path);
        return state[key] && existsSync(join(cache, key)) ? keptOutcome(source.id, key, state[key]) : null;
      },
      missedAt: (path) => misses[keyOf(path)] ?? null,
      setMiss: (path, at) => {
        if (at) misses[keyOf(path)] = at;
        else delete misses[keyOf(path)];
        journal(cache, { miss: keyOf(path), at });
      },
      readCached: (path) => {
        const file = join(cache, keyOf(path));
        if (!existsSync(file)) return null;
        const body = readFileSync(file);
        return (path.endsWith('.gz') ? gunzipSync(body) : body).toString('utf8');
      },
      progress: onProgress,
    };
  };

  let sessions = sessionsInScope(manifest.sessions ?? [], since);
  // A discovered source is walked in two parts: the sitting session (and the sessions that may follow
  // it) first, then the closed sessions as backfill, which the deadline can cut.
  const walked = new Map<string, { fixed: FileOutcome[]; parts: Discovered[]; sessions: Set<string> }>();
  const discoverPart = async (source: ManifestSource, backfill: boolean): Promise<void> => {
    const discoverer = DISCOVERERS[source.discover!.kind];
    const w = walked.get(source.id) ?? { fixed: [], parts: [], sessions: new Set<string>() };
    walked.set(source.id, w);
    if (!backfill) w.fixed = await Promise.all(source.files.map((f) => one(source, f)));
    const scope = sessions.filter((s) => !w.sessions.has(s.id) && (backfill ? !s.open && !s.candidate : s.open || s.candidate));
    for (const s of scope) w.sessions.add(s.id);
    const found = await discoverer(contextFor(source, scope, backfill));
    w.parts.push(found);
    // A session found past the manifest's list is walked by the sources that follow too.
    for (const s of found.sessionsFound) {
      onProgress(`session ${s.id} found past the manifest's list`);
      sessions = [
        ...sessions.filter((x) => x.id !== s.id && !x.candidate).map((x) => ({ ...x, open: false })),
        s,
        ...sessions.filter((x) => x.candidate && x.id !== s.id),
      ];
    }
  };
  const discoveredReport = (source: ManifestSource): SourceReport => {
    const w = walked.get(source.id)!;
    // One outcome per file (a session walked in both parts reports its first); deferred ones are not held.
    const seen = new Set<string>();
    const files = [...w.fixed, ...w.parts.flatMap((p) => p.files)].filter(
      (f) => f.result !== 'deferred' && !seen.has(f.file) && seen.add(f.file),
    );
    const problems = w.parts.flatMap((p) => p.failures);
    const backfill = backfillLeft(source);
    let status: SourceStatus = w.fixed.some((f) => f.result === 'missing') ? 'missing' : discoveredStatus(files, problems);
    if (backfill && !problems.length && (status === 'fresh' || (status === 'missing' && !files.length))) status = 'partial';
    onProgress(
      `${source.id}: ${status}, ${files.length} file(s)${problems.length ? `, ${problems.length} failed request(s)` : ''}${backfillNote(backfill)}`,
    );
    return sourceReport(source, status, files, problems, backfill);
  };

  // Files at a commit of a source naming that commit's archive come from the archive (one request).
  const archives = archiveTaker({
    cache,
    state,
    userAgent: manifest.user_agent,
    mirror,
    retry: { retries: opts.retries ?? d.retries, backoffMs: opts.backoffMs ?? d.backoff_ms },
    now,
    limit,
    hostDown: (host) => (down.has(host) ? `not requested: ${host} refused earlier this run (${down.get(host)})` : null),
    onHostDown: (host, error) => {
      if (!down.has(host)) down.set(host, error);
    },
    onRequests: (n) => {
      requests += n;
    },
    progress: onProgress,
  });
  /** A wave of a source's files: those its archive gives, then the rest one by one. */
  const wave = async (source: ManifestSource, files: ManifestFile[]): Promise<FileOutcome[]> => {
    const expanded = files.map((f) => ({
      ...f,
      url: expandUrl(f.url, f.params),
      path: expandUrl(f.path, f.params, String),
      params: undefined,
    }));
    const taken = await archives.take(source, expanded);
    return Promise.all(expanded.map((f) => taken.get(f.path) ?? one(source, f, f.backfill === true)));
  };

  const fetchSource = async (source: ManifestSource): Promise<SourceReport> => {
    const problems: string[] = [];
    // An assembler's problems with a previous output kept make the source stale, not missing.
    const assemblyProblems: string[] = [];
    let files = await wave(source, source.files);
    // The importer's file built from the fetched ones: unbuildable → the last one built stays (stale).
    let assembled: 'built' | 'stale' | 'missing' | null = null;
    const assemble = () => {
      const assembler = ASSEMBLERS[source.assemble!];
      const built = assembler.run(join(cache, source.dataset_dir), source.dataset_dir, files);
      assemblyProblems.push(...built.problems);
      for (const note of built.notes ?? []) onProgress(`${source.id}: ${note}`);
      if (built.output)
        onProgress(`${source.id}: ${built.output} ${built.changed ? 'assembled' : 'unchanged'} from ${files.length - 1} file(s)`);
      assembled = built.output ? 'built' : existsSync(join(cache, source.dataset_dir, assembler.output)) ? 'stale' : 'missing';
    };
    // An assembled file that lists more files (the boundary set list, from each set's definition.py) is built first.
    const listsAssembled = Boolean(source.assemble && source.list_from && ASSEMBLERS[source.assemble]?.output === source.list_from.file);
    if (listsAssembled) assemble();
    // Listed files may name a lister of their own (list_with): pages of a paginated API are crawled
    // in waves (every set's next page together, within the host limit) until no page names another;
    // a path already fetched this run is never fetched again.
    let queue: Array<{ file: string; lister: string; url: string; params?: Record<string, string | number> }> = [];
    if (source.list_from)
      queue.push({
        ...source.list_from,
        url: expandUrl((source.files.find((f) => f.path === source.list_from!.file) ?? source.files[0]).url),
      });
    // A source with several indexes (one per session) names the lister on each index file.
    for (const f of source.files)
      if (f.list_with && f.path !== source.list_from?.file)
        queue.push({ file: f.path, lister: f.list_with, url: expandUrl(f.url, f.params), params: f.params });
    const fetched = new Set(source.files.map((f) => f.path));
    while (queue.length) {
      const fresh: ManifestFile[] = [];
      for (const item of queue) {
        const index = join(cache, source.dataset_dir, item.file);
        const lister = LISTERS[item.lister];
        if (!lister) {
          problems.push(`unknown lister ${item.lister}`);
          continue;
        }
        if (!existsSync(index)) {
          // An optional index the publisher does not have (a committee that did not sit in that Parliament) lists nothing.
          // A backfill index left at the deadline lists nothing this run either.
          if (files.some((f) => f.file === `${source.dataset_dir}/${item.file}` && (f.result === 'absent' || f.result === 'deferred')))
            continue;
          problems.push(`index ${item.file} not in the cache: nothing listed`);
          continue;
        }
        const listed = lister(
          readFileSync(index, 'utf8'),
          (path) => new URL(path.split('/').map(encodeURIComponent).join('/'), item.url).href,
          item.url,
          item.params,
        );
        problems.push(...listed.problems);
        for (const f of listed.files)
          if (!fetched.has(f.path)) {
            fetched.add(f.path);
            fresh.push(f);
          }
      }
      files = [...files, ...(await wave(source, fresh))];
      // A listed index keeps the params its lister gave it (the scope of the index it came from).
      queue = fresh.filter((f) => f.list_with).map((f) => ({ file: f.path, lister: f.list_with!, url: f.url, params: f.params }));
    }
    if (source.assemble && !listsAssembled) assemble();
    // Backfill a lister marked and the deadline left (not held, so not among the files).
    files = files.filter((f) => f.result !== 'deferred');
    const backfill = backfillLeft(source);
    let status = statusOf(source, files, problems);
    if (assembled === 'stale' || assembled === 'missing') status = assembled === 'stale' && status !== 'missing' ? 'stale' : 'missing';
    if (backfill && status === 'fresh') status = 'partial';
    problems.push(...assemblyProblems);
    onProgress(`${source.id}: ${status}, ${files.length} file(s)${backfillNote(backfill)}`);
    return sourceReport(source, status, files, problems, backfill);
  };

  const wanted = manifest.sources.filter((s) => !opts.only || opts.only.includes(s.id));
  const disabled = (s: ManifestSource): SourceReport => sourceReport(s, 'disabled', [], []);
  const plain = Promise.all(wanted.filter((s) => !s.discover).map((s) => (s.enabled === false ? disabled(s) : fetchSource(s))));
  // Discovered sources of one host run one after another (numbered first: they find new sessions,
  // which the sources started after them walk too), each with its own files in parallel; the hosts
  // proceed in parallel, beside the plain sources, each within its own limit. A session found on
  // one host reaches another host's sources only if they start after it (else the next night).
  const order = (s: ManifestSource) => (s.discover?.kind === 'numbered' ? 0 : 1);
  const byHost = new Map<string, ManifestSource[]>();
  for (const s of wanted.filter((x) => x.discover).sort((a, b) => order(a) - order(b))) {
    const host = discoverHost(s);
    byHost.set(host, [...(byHost.get(host) ?? []), s]);
  }
  const discovered = (async () => {
    const reports = new Map<string, SourceReport>();
    await Promise.all(
      [...byHost.values()].map(async (group) => {
        const live = group.filter((s) => s.enabled !== false);
        for (const s of live) await discoverPart(s, false);
        for (const s of live) await discoverPart(s, true);
        for (const s of group) reports.set(s.id, s.enabled === false ? disabled(s) : discoveredReport(s));
      }),
    );
    return reports;
  })();
  const [plainReports, discoveredReports] = await Promise.all([plain, discovered]);
  const sources = wanted.map((s) => discoveredReports.get(s.id) ?? plainReports.find((r) => r.id === s.id)!);
  writeState(cache, state, misses);
  archives.cleanup();
  rmSync(runMarkerFile(cache), { force: true });

  const all = sources.flatMap((s) => s.files);
  const count = (r: FileOutcome['result']) => all.filter((f) => f.result === r).length;
  const report: FetchReport = {
    cache,
    started_at: startedAt,
    finished_at: now(),
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    user_agent: manifest.user_agent,
    sources,
    totals: {
      updated: count('updated'),
      unchanged: count('unchanged'),
      stale: count('stale'),
      missing: count('missing'),
      absent: count('absent'),
      deferred: [...deferredBy.values()].reduce((n, d) => n + d.files.length, 0),
      requests,
      // A file taken from an archive came in the archive's bytes, counted once.
      bytes_downloaded:
        all.filter((f) => f.result === 'updated' && !f.archive).reduce((n, f) => n + (f.bytes ?? 0), 0) +
        archives.records.reduce((n, a) => n + (a.bytes ?? 0), 0),
    },
    peak_per_host: Object.fromEntries(limit.peak),
    archives: archives.records,
    deadline: opts.deadline != null ? new Date(opts.deadline).toISOString() : null,
    since,
    resumed_from: resumeFrom,
  };
  writeFileAtomic(fetchReportFile(cache), `${JSON.stringify(report, null, 1)}\n`);
  return report;
}
