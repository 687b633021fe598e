// A source whose files are thousands of raw.githubusercontent.com files at one commit (ParlInfo's
// saved answers) names that commit's archive (`archive` in the manifest): the files the cache does
// not hold yet are taken from the archive, one request instead of thousands, each member checked as
// its own download would be. The archive is downloaded at most once a run, read as often as the
// source's listing asks (the list first, then the files it names), and removed when the run ends;
// held files at a commit are never asked for again, so neither is the archive. A file the archive
// could not give (the download failed, the archive is damaged or lacks it) is requested on its own.
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { journal, writeFileAtomic, type CachedFile, type CacheState } from '../cache-state.js';
import { checkResponse } from '../check-response.js';
import type { FileOutcome } from '../fetch-file.js';
import type { HostLimit } from '../host-limit.js';
import type { ManifestFile, ManifestSource } from '../manifest-types.js';
import { mirrored } from '../read-manifest.js';
import { retryableStatus, withRetries, type RetryPolicy } from '../retry.js';
import { downloadTo, type Download } from './download-archive.js';
import { memberOf } from './github-archive.js';
import { readMembers } from './read-members.js';

/** What the run's report says of each archive requested. */
export interface ArchiveRecord {
  source: string;
  url: string;
  requested_at: string;
  status: number | null;
  attempts: number;
  bytes: number | null;
  sha256: string | null;
  /** Members taken into the cache from it. */
  members: number;
  error?: string;
}

export interface ArchiveDeps {
  cache: string;
  state: CacheState;
  userAgent: string;
  mirror: string | null;
  retry: RetryPolicy;
  now: () => string;
  limit: HostLimit;
  /** Why a host is not asked this run (it could not be reached), or null; and the call that says so. */
  hostDown: (host: string) => string | null;
  onHostDown: (host: string, error: string) => void;
  onRequests: (n: number) => void;
  progress: (msg: string) => void;
}

const DEFAULT_TIMEOUT_MS = 15 * 60_000;
const DEFAULT_MAX_BYTES = 2 * 1024 ** 3;
const MAX_MEMBER_BYTES = 256 * 1024 ** 2;
export const archiveFolder = (cache: string) => join(cache, '.fetch', 'archives');

type Fetched = { file: string; record: ArchiveRecord } | { file: null; record: ArchiveRecord };

export function archiveTaker(deps: ArchiveDeps) {
  const downloads = new Map<string, Promise<Fetched>>();
  const records: ArchiveRecord[] = [];

  const download = (source: ManifestSource, url: string): Promise<Fetched> => {
    let pending = downloads.get(url);
    if (!pending) {
      pending = downloadOnce(source, url);
      downloads.set(url, pending);
    }
    return pending;
  };

  const downloadOnce = async (source: ManifestSource, url: string): Promise<Fetched> => {
    const host = new URL(url).host;
    const dest = join(archiveFolder(deps.cache), `${createHash('sha256').update(url).digest('hex').slice(0, 16)}.tar.gz`);
    const record: ArchiveRecord = {
      source: source.id,
      url,
      requested_at: deps.now(),
      status: null,
      attempts: 0,
      bytes: null,
      sha256: null,
      members: 0,
    };
    records.push(record);
    const down = deps.hostDown(host);
    if (down) {
      record.error = down;
      return { file: null, record };
    }
    deps.progress(`${source.id}: downloading ${url} (one request for the files at that commit)`);
    const { value, attempts } = await deps.limit.run(
      host,
      () =>
        withRetries<Download>(async () => {
          await deps.limit.spaced(host);
          const got = await downloadTo(mirrored(url, deps.mirror), dest, {
            userAgent: deps.userAgent,
            timeoutMs: source.archive?.timeout_ms ?? DEFAULT_TIMEOUT_MS,
            maxBytes: source.archive?.max_bytes ?? DEFAULT_MAX_BYTES,
          });
          if (got.kind === 'error' && got.unreachable) deps.onHostDown(host, `cannot be reached (${got.error})`);
          if (got.kind === 'error') return { value: got, retry: got.transient };
          if (got.kind === 'response') return { value: got, retry: retryableStatus(got.status) };
          const type = (got.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
          // codeload answers application/x-gzip; an HTML error page with 200 is not an archive.
          if (type.startsWith('text/html')) return { value: { kind: 'response', status: 200, headers: got.headers }, retry: true };
          return { value: got, retry: false };
        }, deps.retry),
      source.required,
    );
    deps.onRequests(attempts);
    Object.assign(record, { attempts, status: value.kind === 'error' ? null : value.status });
    if (value.kind === 'file') {
      Object.assign(record, { bytes: value.bytes, sha256: value.sha256 });
      return { file: dest, record };
    }
    record.error = value.kind === 'error' ? value.error : value.status === 200 ? 'HTML instead of an archive' : `HTTP ${value.status}`;
    return { file: null, record };
  };

  /** The outcomes of the files taken from the source's archive, by path; the rest are the caller's. */
  const take = async (source: ManifestSource, files: ManifestFile[]): Promise<Map<string, FileOutcome>> => {
    const taken = new Map<string, FileOutcome>();
    const archive = source.archive?.url;
    if (!archive) return taken;
    const wanted = new Map<string, ManifestFile>();
    for (const f of files) {
      const member = memberOf(f.url, archive);
      const key = `${source.dataset_dir}/${f.path}`;
      if (member && !(deps.state[key] && existsSync(join(deps.cache, key)))) wanted.set(member, f);
    }
    if (!wanted.size) return taken;
    const got = await download(source, archive);
    if (!got.file) {
      deps.progress(`${source.id}: archive not fetched (${got.record.error}): its ${wanted.size} file(s) are requested one by one`);
      return taken;
    }
    const at = got.record.requested_at;
    try {
      const read = await readMembers(
        got.file,
        (path) => wanted.has(path),
        (path, body) => {
          const file = wanted.get(path)!;
          taken.set(file.path, member(source, file, body, at, archive));
        },
        MAX_MEMBER_BYTES,
      );
      for (const s of read.skipped) deps.progress(`${source.id}: archive member ${s}`);
    } catch (err) {
      const error = `archive ${archive} unreadable: ${(err as Error).message}`;
      got.record.error ??= error;
      deps.progress(`${source.id}: ${error}; the files it did not give are requested one by one`);
    }
    got.record.members += [...taken.values()].filter((o) => o.result === 'updated' || o.result === 'unchanged').length;
    return taken;
  };

  /** One member checked as its own download would be (no content type: the archive's was checked). */
  const member = (source: ManifestSource, file: ManifestFile, body: Buffer, at: string, archive: string): FileOutcome => {
    const key = `${source.dataset_dir}/${file.path}`;
    const check = file.check ?? source.check;
    const checked = checkResponse(
      { ...source, check: check && { ...check, content_types: undefined }, format: file.format ?? source.format },
      file.path,
      null,
      body,
    );
    const base = { source: source.id, file: key, url: file.url, requested_at: at, status: 200, attempts: 0, archive };
    if (!checked.ok)
      return {
        ...base,
        result: 'missing',
        bytes: null,
        sha256: null,
        fetched_at: null,
        verified_at: null,
        error: `archive member: ${checked.problem}`,
      };
    const sha256 = createHash('sha256').update(checked.stored).digest('hex');
    writeFileAtomic(join(deps.cache, key), checked.stored);
    const state: CachedFile = {
      url: file.url,
      etag: null,
      last_modified: null,
      sha256,
      bytes: checked.stored.length,
      fetched_at: at,
      verified_at: at,
    };
    deps.state[key] = state;
    journal(deps.cache, { file: key, state });
    return { ...base, result: 'updated', change: 'new', bytes: state.bytes, sha256, fetched_at: at, verified_at: at };
  };

  /** The downloaded archives are not kept: every file of them that is needed is in the cache. */
  const cleanup = () => rmSync(archiveFolder(deps.cache), { recursive: true, force: true });

  return { take, records, cleanup };
}
