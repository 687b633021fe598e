// What a discoverer gets from the fetch run: the sessions in scope, a conditional fetch through the
// host limit and journal, the cache's record of a file without a request, and the probe misses.
import type { FileOutcome } from '../fetch-file.js';
import type { ManifestFile, ManifestSource } from '../manifest-types.js';
import { expandUrl } from '../read-manifest.js';

export interface Session {
  parliament: number;
  session: number;
  /** `44-1` */
  id: string;
  /** Opening date, null for a session found by probing past the manifest's list. */
  opened: string | null;
  /** The newest session: still sitting, so its documents still change and grow. */
  open: boolean;
  /** Not in the manifest: the session after the last listed one, probed for. */
  candidate?: boolean;
}

export interface DiscoverContext {
  source: ManifestSource;
  sessions: Session[];
  /** `--since`: items dated before it are not fetched (null: everything). */
  since: string | null;
  now: string;
  /** Start of the unfinished run this one resumes (null: a fresh run). */
  resumeFrom: string | null;
  /** Conditional GET of one expanded file, through the per-host limit, journaled when stored. A
   *  `backfill` request (default: this context's `backfill`) is not started past the fetch deadline:
   *  its outcome is `deferred` (the next run asks for it). */
  fetch(file: ManifestFile, opts?: { backfill?: boolean }): Promise<FileOutcome>;
  /** This walk is backfill (closed sessions): its requests are deferred past the deadline. */
  backfill?: boolean;
  /** When the session after `s` opened (from the whole list in scope, whichever part is walked). */
  nextOpened?(s: Session): string | null;
  /** The cached copy's record without a request; null when the cache does not hold it. */
  kept(file: ManifestFile): FileOutcome | null;
  missedAt(path: string): string | null;
  setMiss(path: string, at: string | null): void;
  /** The cached file's text (decompressed), null when absent. */
  readCached(path: string): string | null;
  progress(msg: string): void;
}

export interface Discovered {
  files: FileOutcome[];
  /** Requests that failed with no copy to fall back on: the source is stale, not missing. */
  failures: string[];
  /** Sessions past the manifest's list that turned out to exist. */
  sessionsFound: Session[];
}

export type Discoverer = (ctx: DiscoverContext) => Promise<Discovered>;

/** A template with `{parliament}`, `{session}`, `{number}`, `{number3}` filled in. */
export function expandTemplate(tpl: ManifestFile, s: Session, number?: number): ManifestFile {
  const params: Record<string, string | number> = { ...(tpl.params ?? {}), parliament: s.parliament, session: s.session };
  if (number !== undefined) {
    params.number = number;
    params.number3 = String(number).padStart(3, '0');
  }
  return { ...tpl, url: expandUrl(tpl.url, params), path: expandUrl(tpl.path, params, String), params: undefined };
}

/** A fetched outcome is a copy in hand (new or confirmed); else a failure message, or null for a plain
 *  404 or a request deferred past the fetch deadline (neither is a failure). */
export function failureOf(o: FileOutcome): string | null {
  if (o.result === 'updated' || o.result === 'unchanged' || o.result === 'absent' || o.result === 'deferred') return null;
  return `${o.file}: ${o.error ?? o.result}`;
}
