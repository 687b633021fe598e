// Publishing: the data file, its sha256 file and a small release manifest appear in the publish
// folder by rename, so a reader (a download server, a CI upload step) sees the old release or the
// new one, never half a file.
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../fetch/cache-state.js';
import type { SkippedSummary } from './import-report-summary.js';

export const DATA_FILE = 'canpol.db';
export const RELEASE_FILE = 'release.json';

export interface Release {
  file: string;
  sha256: string;
  bytes: number;
  build_id: string;
  built_at: string;
  schema_version: number;
  published_at: string;
  /** Digest of the upstream files and builder code this file was made from (inputs-digest.ts). */
  inputs_digest: string;
  previous_build_id: string | null;
  sources: Array<{ id: string; status: string; changed: boolean }>;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function readRelease(publishDir: string): Release | null {
  const path = join(publishDir, RELEASE_FILE);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Release;
  } catch {
    return null;
  }
}

/** The change report published beside the last release (its skip counts are the baseline for new skips). */
export function readLastReport(publishDir: string): { skipped?: SkippedSummary | null } | null {
  const path = join(publishDir, 'report.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Moves `candidate` into `publishDir` as canpol.db with canpol.db.sha256 and release.json. */
export async function publish(
  candidate: string,
  publishDir: string,
  release: Omit<Release, 'file' | 'sha256' | 'bytes'>,
): Promise<Release> {
  mkdirSync(publishDir, { recursive: true });
  const target = join(publishDir, DATA_FILE);
  // Copy next to the target first: a rename is atomic only within one file system.
  const tmp = join(publishDir, `.${DATA_FILE}.tmp-${process.pid}`);
  copyFileSync(candidate, tmp);
  const sha256 = await sha256File(tmp);
  const full: Release = { file: DATA_FILE, sha256, bytes: statSync(tmp).size, ...release };
  renameSync(tmp, target);
  writeFileAtomic(`${target}.sha256`, `${sha256}  ${DATA_FILE}\n`);
  writeFileAtomic(join(publishDir, RELEASE_FILE), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}
