// What the cache knows about each file it holds: the validators for the next conditional request
// and the provenance of the copy (when its content was fetched, when it was last confirmed).
// Also the numbers discovery probed and found absent (to probe them again while the publisher may
// still post them). Every change is appended to a journal as it happens, so a run killed with
// SIGKILL loses nothing it had already stored; the next read folds the journal in.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface CachedFile {
  url: string;
  etag: string | null;
  last_modified: string | null;
  sha256: string;
  bytes: number;
  /** When this content (this sha256) was first downloaded. */
  fetched_at: string;
  /** When the publisher last confirmed it (200 with the same bytes, or 304). */
  verified_at: string;
}

export type CacheState = Record<string, CachedFile>;

/** Cache keys a discoverer probed and the publisher did not have, with when that was first seen. */
export type Misses = Record<string, string>;

export interface FullState {
  files: CacheState;
  misses: Misses;
}

type JournalLine = { file: string; state: CachedFile } | { miss: string; at: string | null };

export const stateFile = (cache: string) => join(cache, '.fetch', 'state.json');
export const journalFile = (cache: string) => join(cache, '.fetch', 'journal.jsonl');

/** state.json with the journal of an unfinished run folded in (a torn last line is ignored). */
export function readFullState(cache: string): FullState {
  const out: FullState = { files: {}, misses: {} };
  const path = stateFile(cache);
  if (existsSync(path)) {
    try {
      const raw = JSON.parse(readFileSync(path, 'utf8'));
      out.files = raw.files ?? {};
      out.misses = raw.misses ?? {};
    } catch {
      /* an unreadable state costs conditional validators only: files are refetched */
    }
  }
  const journal = journalFile(cache);
  if (existsSync(journal)) {
    for (const line of readFileSync(journal, 'utf8').split('\n')) {
      if (!line) continue;
      let rec: JournalLine;
      try {
        rec = JSON.parse(line);
      } catch {
        continue;
      }
      if ('file' in rec) out.files[rec.file] = rec.state;
      else if (rec.at) out.misses[rec.miss] = rec.at;
      else delete out.misses[rec.miss];
    }
  }
  return out;
}

export function readState(cache: string): CacheState {
  return readFullState(cache).files;
}

/** Writes the whole state and drops the journal it now contains. */
export function writeState(cache: string, files: CacheState, misses: Misses = readFullState(cache).misses): void {
  writeFileAtomic(stateFile(cache), `${JSON.stringify({ files, misses }, null, 1)}\n`);
  rmSync(journalFile(cache), { force: true });
}

/** One change, durable before the next request is made. */
export function journal(cache: string, rec: JournalLine): void {
  const path = journalFile(cache);
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, `${JSON.stringify(rec)}\n`);
}

export function writeFileAtomic(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
