// One file of one source: conditional GET with retries, checks, then the cached copy is replaced
// only by a body that passed every check. Anything else leaves the last good copy in place.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic, type CachedFile } from './cache-state.js';
import { checkResponse } from './check-response.js';
import { httpGet, type GetResult } from './http-get.js';
import type { ManifestFile, ManifestSource } from './manifest-types.js';
import { retryAfterMs, retryableStatus, withRetries, type RetryPolicy } from './retry.js';

/** updated: new bytes cached; unchanged: 304 or same bytes; stale: failed, last good copy kept;
 *  missing: failed with no copy; absent: an optional file the publisher does not have; deferred: a
 *  backfill request not started because the fetch deadline had passed (never held: the next run asks). */
export type FileResult = 'updated' | 'unchanged' | 'stale' | 'missing' | 'absent' | 'deferred';

/** The provenance record of one file for this run. */
export interface FileOutcome {
  source: string;
  /** Cache-relative path: `<dataset_dir>/<path>`. */
  file: string;
  url: string;
  requested_at: string;
  /** Last HTTP status seen, null when no response came. */
  status: number | null;
  result: FileResult;
  attempts: number;
  bytes: number | null;
  sha256: string | null;
  fetched_at: string | null;
  verified_at: string | null;
  error?: string;
  /** For `updated`: `new` when the cache had no copy, `changed` when it replaced one. */
  change?: 'new' | 'changed';
  /** Taken from this archive of the file's commit instead of its own request (build-db/fetch/archive/). */
  archive?: string;
}

export interface FetchFileDeps {
  cache: string;
  userAgent: string;
  timeoutMs: number;
  retry: RetryPolicy;
  now: () => string;
  /** URL actually requested (the manifest URL, or its mirror). */
  requestUrl: (url: string) => string;
  /** Awaited before every attempt (the per-host spacing). */
  beforeAttempt?: () => Promise<void>;
  /** The host answered 429/503 with Retry-After: hold every request to it that long. */
  onRetryAfter?: (ms: number) => void;
  /** A Retry-After longer than this is not waited for: the file stays as it was (stale) this run. */
  maxRetryAfterMs?: number;
  /** Why this host is not asked again this run (it could not be reached), or null. */
  hostDown?: () => string | null;
  /** The host could not be reached (DNS, refused), or still rate-limits us after the retries (429):
   *  its other files are not requested this run. */
  onHostDown?: (error: string) => void;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type Attempt = { get: GetResult; problem?: string; stored?: Buffer };

export async function fetchFile(
  source: ManifestSource,
  file: ManifestFile,
  prior: CachedFile | undefined,
  deps: FetchFileDeps,
): Promise<{ outcome: FileOutcome; state?: CachedFile }> {
  const rel = `${source.dataset_dir}/${file.path}`;
  const local = join(deps.cache, rel);
  const have = prior && existsSync(local) ? prior : undefined;
  const requestedAt = deps.now();
  const url = deps.requestUrl(file.url);

  const down = deps.hostDown?.();
  if (down)
    return failed({ source: source.id, file: rel, url: file.url, requested_at: requestedAt, status: null, attempts: 0 }, have, down);

  const { value: last, attempts } = await withRetries<Attempt>(async () => {
    await deps.beforeAttempt?.();
    const get = await httpGet(url, {
      userAgent: deps.userAgent,
      timeoutMs: deps.timeoutMs,
      validators: have ?? undefined,
      ...(file.graphql ? { json: JSON.stringify(file.graphql) } : {}),
    });
    if (get.kind === 'error' && get.unreachable) deps.onHostDown?.(`cannot be reached (${get.error})`);
    if (get.kind === 'error') return { value: { get, problem: get.error }, retry: get.transient };
    if (get.status === 304) return { value: { get, problem: have ? undefined : '304 without a cached copy' }, retry: false };
    if (get.status === 429 || get.status === 503) {
      const wait = retryAfterMs(get.headers.get('retry-after'));
      if (wait !== null) {
        deps.onRetryAfter?.(wait);
        const tooLong = wait > (deps.maxRetryAfterMs ?? 120_000);
        return {
          value: {
            get,
            problem: `HTTP ${get.status}, Retry-After ${Math.round(wait / 1000)} s${tooLong ? ' (longer than we wait in one run)' : ''}`,
          },
          retry: !tooLong,
          waitMs: wait,
        };
      }
    }
    if (get.status !== 200 && !file.gone_statuses?.includes(get.status))
      return { value: { get, problem: `HTTP ${get.status}` }, retry: retryableStatus(get.status) };
    const checked = checkResponse(
      file.check || file.format ? { ...source, check: file.check ?? source.check, format: file.format ?? source.format } : source,
      file.path,
      get.headers.get('content-type'),
      get.body,
    );
    // A failed check may be a cut or half-written response; another try is cheap and bounded.
    return checked.ok
      ? { value: { get, stored: checked.stored }, retry: false }
      : { value: { get, problem: checked.problem }, retry: true };
  }, deps.retry);

  const status = last.get.kind === 'response' ? last.get.status : null;
  // Still throttled after the retries (GitHub's raw host answers a burst so): asking again for the
  // host's other files would only prolong it.
  if (status === 429) deps.onHostDown?.('rate limited (HTTP 429) after the retries');
  const base = { source: source.id, file: rel, url: file.url, requested_at: requestedAt, status, attempts };
  const headers = last.get.kind === 'response' ? last.get.headers : null;
  if (status === 304 && have) {
    const state = {
      ...have,
      verified_at: requestedAt,
      etag: headers?.get('etag') ?? have.etag,
      last_modified: headers?.get('last-modified') ?? have.last_modified,
    };
    return {
      outcome: {
        ...base,
        result: 'unchanged',
        bytes: have.bytes,
        sha256: have.sha256,
        fetched_at: have.fetched_at,
        verified_at: requestedAt,
      },
      state,
    };
  }
  if (last.stored && headers) {
    const digest = sha256(last.stored);
    const same = have?.sha256 === digest;
    if (!same) writeFileAtomic(local, last.stored);
    const state: CachedFile = {
      url: file.url,
      etag: headers.get('etag'),
      last_modified: headers.get('last-modified'),
      sha256: digest,
      bytes: last.stored.length,
      fetched_at: same ? have!.fetched_at : requestedAt,
      verified_at: requestedAt,
    };
    return {
      outcome: {
        ...base,
        result: same ? 'unchanged' : 'updated',
        ...(same ? {} : { change: have ? ('changed' as const) : ('new' as const) }),
        bytes: state.bytes,
        sha256: digest,
        fetched_at: state.fetched_at,
        verified_at: requestedAt,
      },
      state,
    };
  }
  const error = last.problem ?? 'failed';
  if (file.optional && status === 404 && !have) {
    return { outcome: { ...base, result: 'absent', bytes: null, sha256: null, fetched_at: null, verified_at: requestedAt } };
  }
  return failed(base, have, error);
}

/** No new copy: the last good one is kept (stale), or there is none (missing). */
function failed(
  base: Pick<FileOutcome, 'source' | 'file' | 'url' | 'requested_at' | 'status' | 'attempts'>,
  have: CachedFile | undefined,
  error: string,
): { outcome: FileOutcome; state?: CachedFile } {
  if (have)
    return {
      outcome: {
        ...base,
        result: 'stale',
        bytes: have.bytes,
        sha256: have.sha256,
        fetched_at: have.fetched_at,
        verified_at: have.verified_at,
        error,
      },
      state: have,
    };
  return { outcome: { ...base, result: 'missing', bytes: null, sha256: null, fetched_at: null, verified_at: null, error } };
}
