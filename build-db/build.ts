// `canpol build`: validate everything, then write a temporary file and rename it over the output,
// so a failed or interrupted build never replaces the last good data file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { checkReferences } from './sources/check-references.js';
import { mergeBundlePoliticians } from './sources/merge-bundle.js';
import { readBundle, type SourceIssue } from './sources/read-bundle.js';
import { SOURCE_FORMAT_VERSION } from './sources/schemas.js';
import { SCHEMA_VERSION } from './schema.js';
import type { Attribution } from './attribution.js';
import { writeDatabase } from './write-database.js';

export interface BuildOptions {
  sources: string;
  out: string;
  /** Build time; defaults to SOURCE_DATE_EPOCH when set (reproducible builds), else now. */
  now?: Date;
  onProgress?: (msg: string) => void;
}

export type SkippedSet = { importer: string; set: string; reason: string; records: number };

export type BuildResult =
  | { ok: true; buildId: string; out: string; rowCounts: Record<string, number>; attribution: Record<string, Attribution>; warnings: string[]; seconds: number; skippedSets: SkippedSet[] }
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

function compile({ sources, out, now, onProgress = () => {} }: BuildOptions) {
  const started = performance.now();
  onProgress(`reading sources from ${sources}`);
  const read = readBundle(sources, onProgress);
  if (!read.ok) return read;
  const { bundle } = read;

  onProgress('merging politicians');
  const people = mergeBundlePoliticians(bundle.records);
  if (people.issues.length) return { ok: false as const, issues: people.issues, warnings: bundle.warnings };
  onProgress(`${people.stats.records} politician records → ${people.stats.people} people; ${people.stats.terms_closed_by_later_parliament} open terms closed by a later Parliament`);

  onProgress('checking references');
  const issues = checkReferences(bundle.records);
  if (issues.length) return { ok: false as const, issues, warnings: bundle.warnings };

  const buildId = computeBuildId(bundle.digests);
  mkdirSync(dirname(out), { recursive: true });
  const tmp = join(dirname(out), `.${basename(out)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const written = writeDatabase({ bundle, path: tmp, buildId, builtAt: buildTime(now), onProgress });
    return { ok: true as const, tmp, buildId, ...written, started, skippedSets: bundle.manifest.skipped_sets };
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The build without extra phases (no vectors): keyword search only. */
export function buildDataFile(options: BuildOptions): BuildResult {
  const c = compile(options);
  if (!c.ok) return c;
  try {
    renameSync(c.tmp, options.out);
    return { ok: true, buildId: c.buildId, out: options.out, rowCounts: c.rowCounts, attribution: c.attribution, warnings: c.warnings, seconds: (performance.now() - c.started) / 1000, skippedSets: c.skippedSets };
  } finally {
    rmSync(c.tmp, { force: true });
  }
}

/** The full build: the extra phases (encoder and vectors) run on the temporary file before the rename. */
export async function buildDataFileWith(options: BuildOptions, phases: ExtraPhase[]): Promise<BuildResult> {
  const c = compile(options);
  if (!c.ok) return c;
  try {
    for (const phase of phases) await phase(c.tmp, options.onProgress ?? (() => {}));
    renameSync(c.tmp, options.out);
    return { ok: true, buildId: c.buildId, out: options.out, rowCounts: c.rowCounts, attribution: c.attribution, warnings: c.warnings, seconds: (performance.now() - c.started) / 1000, skippedSets: c.skippedSets };
  } finally {
    rmSync(c.tmp, { force: true });
  }
}
