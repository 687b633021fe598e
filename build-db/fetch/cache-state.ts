// What the cache knows about each file it holds: the validators for the next conditional request
// and the provenance of the copy (when its content was fetched, when it was last confirmed).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

export const stateFile = (cache: string) => join(cache, '.fetch', 'state.json');

export function readState(cache: string): CacheState {
  const path = stateFile(cache);
  if (!existsSync(path)) return {};
  try { return JSON.parse(readFileSync(path, 'utf8')).files ?? {}; } catch { return {}; }
}

export function writeState(cache: string, files: CacheState): void {
  writeFileAtomic(stateFile(cache), JSON.stringify({ files }, null, 1) + '\n');
}

export function writeFileAtomic(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
