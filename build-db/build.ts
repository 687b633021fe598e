// `canpol build`: validate everything, then write a temporary file and rename it over the output,
// so a failed or interrupted build never replaces the last good data file, and leaves nothing
// behind (build-db/temp-files.ts). The last step before the rename records the checksums that
// `canpol verify` and the server check (src/core/data-file/data-checksums.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { recordChecksums } from '../src/core/data-file/data-checksums.js';
import { checkReferences } from './sources/check-references.js';
import { mergeBundlePoliticians } from './sources/merge-bundle.js';
import { readBundle, type SourceIssue } from './sources/read-bundle.js';
import { SOURCE_FORMAT_VERSION } from './sources/schemas.js';
import { SCHEMA_VERSION } from '../src/core/data-file/schema.js';
import type { Attribution } from './attribution.js';
import { writeDatabase } from './write-database.js';
import { claimTempFile, type TempFile } from './temp-files.js';
import { useWorkers, type WorkerMode } from './workers/start-worker.js';
import { checksumWorker } from './workers/checksum-worker.js';
import { collectGarbage } from '../src/core/memory/collect-garbage.js';
import { createMemoryGuard } from '../src/core/memory/memory-guard.js';

export interface BuildOptions {
  sources: string;
  out: string;
  /** Build time; defaults to SOURCE_DATE_EPOCH when set (reproducible builds), else now. */
  now?: Date;
  onProgress?: (msg: string) => void;
  /** CPU-bound steps on worker threads (`--build-workers`): the same file, sooner on 2+ cores. */
  workers?: WorkerMode;
  /** A previous data file (`--reuse`) whose keyword index is copied when it is the same
   *  (build-db/search/reuse-keyword-index.ts); the search phase takes its vectors. */
  reuse?: string | null;
}

export type SkippedSet = { importer: string; set: string; reason: string; records: number };

export type BuildResult =
  | {
      ok: true;
      buildId: string;
      out: string;
      rowCounts: Record<string, number>;
      attribution: Record<string, Attribution>;
      warnings: string[];
      seconds: number;
      skippedSets: SkippedSet[];
    }
  | { ok: false; issues: SourceIssue[]; warnings: string[] };

/** Same sources and same builder schema, same id: the id is a hash of what went in. */
export function computeBuildId(digests: Record<string, string>): string {
  const hash = createHash('sha256');
  hash.update(`canpol schema ${SCHEMA_VERSION} format ${SOURCE_FORMAT_VERSION}\n`);
  for (const file of Object.keys(digests).sort()) hash.update(`${file} ${digests[file]}\n`);
  return hash.digest('hex').slice(0, 32);
}

function buildTime(now: Date | undefined): string {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const when = now ?? (epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date());
  return when.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Runs on the written temporary file before it replaces the output (e.g. the vector phase). */
export type ExtraPhase = (path: string, onProgress: (msg: string) => void) => Promise<void>;

function compile({ sources, out, now, onProgress = () => {}, workers = 'off', reuse = null }: BuildOptions) {
  const started = performance.now();
  onProgress(`reading sources from ${sources}`);
  const read = readBundle(sources, onProgress);
  if (!read.ok) return read;
  const { bundle } = read;

  onProgress('merging politicians');
  const people = mergeBundlePoliticians(bundle.records, bundle.speechSample);
  if (people.issues.length) return { ok: false as const, issues: people.issues, warnings: bundle.warnings };
  onProgress(
    `${people.stats.records} politician records → ${people.stats.people} people; ${people.stats.terms_closed_by_later_parliament} open terms closed by a later Parliament`,
  );

  onProgress('checking references');
  const issues = checkReferences(bundle.records, bundle.speechChecks);
  if (issues.length) return { ok: false as const, issues, warnings: bundle.warnings };

  const buildId = computeBuildId(bundle.digests);
  mkdirSync(dirname(out), { recursive: true });
  const tmp = claimTempFile(out, onProgress);
  try {
    const written = writeDatabase({
      bundle,
      path: tmp.path,
      buildId,
      builtAt: buildTime(now),
      onProgress,
      chunkStep: { workers, previous: reuse },
    });
    return { ok: true as const, tmp, buildId, ...written, started, skippedSets: bundle.manifest.skipped_sets };
  } catch (err) {
    tmp.remove();
    throw err;
  }
}

/** The last step: a checksum of every table and stored blob, written into the file. Streams. */
function recordFileChecksums(path: string, onProgress: (msg: string) => void, threads: boolean): void {
  const started = performance.now();
  const db = new Database(path);
  // The tables are hashed on two threads (build-db/workers/checksum-worker.ts) with --build-workers.
  const helper = threads ? checksumWorker(path) : null;
  // What the steps before left is garbage now: collected first, then kept under the build's ceiling.
  collectGarbage();
  const guard = createMemoryGuard();
  try {
    let bytes = 0;
    const sums = recordChecksums(db, {
      helper,
      onRows: () => guard.check(),
      onTable(c, seconds) {
        bytes += c.bytes;
        if (seconds >= 1)
          onProgress(`checksums: table ${c.name}, ${c.rows} rows, ${(c.bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)}s`);
      },
    });
    const blobs = sums.filter((c) => c.kind === 'blob');
    bytes += blobs.reduce((n, c) => n + c.bytes, 0);
    onProgress(
      `checksums: ${sums.filter((c) => c.kind === 'table').length} tables and ${blobs.length} stored blobs (${(bytes / 1e6).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)}s${helper ? ' on 2 threads' : ''}`,
    );
  } finally {
    helper?.close();
    db.close();
  }
}

function finish(
  options: BuildOptions,
  c: {
    tmp: TempFile;
    buildId: string;
    rowCounts: Record<string, number>;
    attribution: Record<string, Attribution>;
    warnings: string[];
    started: number;
    skippedSets: SkippedSet[];
  },
): BuildResult {
  const rows = Object.values(c.rowCounts).reduce((n, r) => n + r, 0);
  recordFileChecksums(c.tmp.path, options.onProgress ?? (() => {}), useWorkers(options.workers, rows));
  renameSync(c.tmp.path, options.out);
  return {
    ok: true,
    buildId: c.buildId,
    out: options.out,
    rowCounts: c.rowCounts,
    attribution: c.attribution,
    warnings: c.warnings,
    seconds: (performance.now() - c.started) / 1000,
    skippedSets: c.skippedSets,
  };
}

/** The build without extra phases (no vectors): keyword search only. */
export function buildDataFile(options: BuildOptions): BuildResult {
  const c = compile(options);
  if (!c.ok) return c;
  try {
    return finish(options, c);
  } finally {
    c.tmp.remove();
  }
}

/** The full build: the extra phases (encoder and vectors) run on the temporary file before the rename. */
export async function buildDataFileWith(options: BuildOptions, phases: ExtraPhase[]): Promise<BuildResult> {
  const c = compile(options);
  if (!c.ok) return c;
  try {
    for (const phase of phases) await phase(c.tmp.path, options.onProgress ?? (() => {}));
    return finish(options, c);
  } finally {
    c.tmp.remove();
  }
}
