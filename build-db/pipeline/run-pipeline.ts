// `canpol pipeline` (`make nightly`): fetch → import → build (reusing the last release's encoder
// and vectors) → verify → guards → publish, with a change report against the last release.
// Nothing is published unless every guard passes.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFileWith } from '../build.js';
import type { WorkerMode } from '../workers/start-worker.js';
import { runFetch, type FetchOptions, type FetchReport } from '../fetch/run-fetch.js';
import { stampProvenance } from '../fetch/provenance.js';
import type { SourcesManifest } from '../fetch/manifest-types.js';
import { IMPORTERS } from '../import/registry.js';
import { scanStepDeps } from '../scan/scan-deps.js';
import type { ScanDeps } from '../scan/scan-site.js';
import { scanWebsites } from '../scan/scan-websites.js';
import { runImport, writeReport } from '../import/run-import.js';
import { searchPhase, type SearchPhaseReport } from '../search/search-phase.js';
import { formatIssue } from '../sources/read-bundle.js';
import { verifyDataFile } from '../../src/core/data-file/verify-data-file.js';
import { compareDataFiles, dataTables } from './change-report.js';
import { requiredSourcesGuard, shrinkGuard, verifyGuard } from './guards.js';
import { explainRemovals, removalsGuard } from './removals.js';
import { summarizeSkipped } from './import-report-summary.js';
import { builderFingerprint, inputsDigest } from './inputs-digest.js';
import { carryHistoryParts } from './keep-history.js';
import { importersToRun } from './importers-to-run.js';
import { reportMarkdown, type PipelineReport } from './pipeline-report.js';
import { DATA_FILE, publish, readLastReport, readRelease } from './publish.js';

export interface PipelineOptions {
  manifest: SourcesManifest;
  cache: string;
  /** Scratch: the bundle, the import report, the candidate file, the run's report. */
  work: string;
  /** The release folder: canpol.db (also the previous file to reuse), .sha256, release.json. */
  publishDir: string;
  maxShrink: number;
  mirror?: string | null;
  /** Build even when the inputs equal the last release's. */
  rebuild?: boolean;
  /** `--build-workers`: the build's CPU-bound steps on worker threads (the same file either way). */
  buildWorkers?: WorkerMode;
  fetch?: Pick<FetchOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'perHost' | 'spacingMs'>;
  /** `--scan-websites`: scan every site the bundle names before the build (build-db/scan/); off unless asked. */
  scanWebsites?: boolean;
  /** The scan's resolver, IP databases and page requests (tests); the system's and the shipped ones otherwise. */
  scanDeps?: ScanDeps;
  /** `--since`: how far back discovery backfills (null: every session the manifest lists). */
  since?: string | null;
  /** `--deadline` of the fetch step (ms since the epoch): backfill not started by then waits for the next night. */
  deadline?: number | null;
  now?: () => string;
  onProgress?: (msg: string) => void;
}

const iso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function rowCountsOf(path: string): Record<string, number> | null {
  if (!existsSync(path)) return null;
  try {
    const db = new Database(path, { readonly: true });
    try {
      return JSON.parse((db.prepare('SELECT row_counts FROM build').get() as { row_counts: string }).row_counts);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

function attributionOf(path: string): PipelineReport['attribution'] {
  const db = new Database(path, { readonly: true });
  try {
    return JSON.parse((db.prepare('SELECT attribution FROM build').get() as { attribution: string }).attribution);
  } finally {
    db.close();
  }
}

function sourcesSummary(fetched: FetchReport): Pick<PipelineReport, 'sources' | 'stale_sources' | 'missing_sources' | 'partial_sources'> {
  return {
    sources: fetched.sources.map((s) => ({
      id: s.id,
      status: s.status,
      required: s.required,
      changed: s.changed,
      importer: s.importer,
      errors: [...s.problems, ...s.files.filter((f) => f.error).map((f) => `${f.file}: ${f.error}`)],
      items: s.items,
      ...(s.backfill ? { backfill: s.backfill } : {}),
    })),
    stale_sources: fetched.sources.filter((s) => s.status === 'stale').map((s) => s.id),
    missing_sources: fetched.sources.filter((s) => s.status === 'missing').map((s) => s.id),
    partial_sources: fetched.sources.filter((s) => s.backfill).map((s) => s.id),
  };
}

export async function runPipeline(o: PipelineOptions): Promise<PipelineReport> {
  const now = o.now ?? iso;
  const progress = o.onProgress ?? (() => {});
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const t = performance.now();
    progress(`${name}…`);
    try {
      return await run();
    } finally {
      timings[name] = Number(((performance.now() - t) / 1000).toFixed(2));
    }
  };
  mkdirSync(o.work, { recursive: true });
  const previous = join(o.publishDir, DATA_FILE);
  const hasPrevious = existsSync(previous);
  const lastRelease = readRelease(o.publishDir);
  const report: PipelineReport = {
    status: 'failed',
    started_at: now(),
    finished_at: '',
    seconds: 0,
    timings,
    error: null,
    inputs_digest: '',
    build: { id: null, previous_id: hasPrevious ? (lastRelease?.build_id ?? null) : null, sha256: null, bytes: null },
    fetch: {
      totals: { updated: 0, unchanged: 0, stale: 0, missing: 0, absent: 0, deferred: 0, requests: 0, bytes_downloaded: 0 },
      seconds: 0,
    },
    sources: [],
    stale_sources: [],
    missing_sources: [],
    partial_sources: [],
    tables: {},
    removals: null,
    attribution: {},
    skipped: null,
    search: null,
    guards: [],
    verify: null,
  };
  const finish = (status: PipelineReport['status']): PipelineReport => {
    report.status = status;
    report.finished_at = now();
    report.seconds = Number(((performance.now() - t0) / 1000).toFixed(2));
    writeFileSync(join(o.work, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(o.work, 'report.md'), reportMarkdown(report));
    return report;
  };

  try {
    const fetched = await step('fetch', () =>
      runFetch({
        manifest: o.manifest,
        cache: o.cache,
        mirror: o.mirror,
        since: o.since ?? null,
        deadline: o.deadline ?? null,
        now: o.now,
        ...o.fetch,
        onProgress: (m) => progress(`fetch: ${m}`),
      }),
    );
    report.fetch = { totals: fetched.totals, seconds: fetched.seconds };
    Object.assign(report, sourcesSummary(fetched));
    const required = requiredSourcesGuard(fetched.sources);
    report.guards.push(required);
    if (!required.ok) return finish('failed');

    report.inputs_digest = inputsDigest(fetched, builderFingerprint());
    if (!o.rebuild && hasPrevious && lastRelease?.inputs_digest === report.inputs_digest) {
      // Same upstream bytes, same code: the build would make the same data. Check the release still holds up.
      report.verify = await step('verify', () => verifyDataFile(previous));
      report.guards.push(verifyGuard(report.verify));
      report.build.id = report.verify.build_id;
      report.build.sha256 = lastRelease.sha256;
      report.build.bytes = lastRelease.bytes;
      return finish(report.verify.ok ? 'unchanged' : 'failed');
    }

    const bundle = join(o.work, 'bundle');
    const lastBundle = join(o.work, 'bundle.previous');
    rmSync(lastBundle, { recursive: true, force: true });
    if (existsSync(bundle)) renameSync(bundle, lastBundle);
    const carried = carryHistoryParts(lastBundle, bundle, IMPORTERS);
    if (carried.length) progress(`import: carried ${carried.join(', ')} from the last bundle (roster history)`);
    const used = new Set(fetched.sources.filter((s) => s.status !== 'disabled' && s.status !== 'missing').map((s) => s.importer));
    const importers = importersToRun(IMPORTERS, used, (dir) => existsSync(join(o.cache, dir)));
    // The newest content time of the files used: an unchanged night imports the same bundle.
    const extractedAt = fetched.sources
      .flatMap((s) => s.files.map((f) => f.fetched_at ?? ''))
      .filter(Boolean)
      .sort()
      .at(-1)
      ?.replace(/\.\d{3}Z$/, 'Z');
    const imported = await step('import', () =>
      runImport({
        importers,
        fromOf: (i) => join(o.cache, i.datasetDir),
        into: bundle,
        extractedAt,
        onProgress: (m) => progress(`import: ${m}`),
      }),
    );
    writeReport(join(o.work, 'import-report.json'), imported);
    report.skipped = summarizeSkipped(imported);
    stampProvenance(bundle, fetched);
    if (o.scanWebsites) {
      await step('scan websites', () =>
        scanWebsites({
          bundle,
          cache: o.cache,
          deps: o.scanDeps ?? scanStepDeps(o.manifest.user_agent, o.mirror ?? null),
          onProgress: (m) => progress(`scan: ${m}`),
        }),
      );
    }

    const candidate = join(o.work, DATA_FILE);
    const search = {} as SearchPhaseReport;
    const built = await step('build', () =>
      buildDataFileWith(
        {
          sources: bundle,
          out: candidate,
          onProgress: (m) => progress(`build: ${m}`),
          workers: o.buildWorkers,
          reuse: hasPrevious ? previous : null,
        },
        [searchPhase({ sources: bundle, reuse: hasPrevious ? previous : null, pretrained: null, report: search })],
      ),
    );
    if (!built.ok) {
      report.error = `build failed: ${built.issues.slice(0, 5).map(formatIssue).join('; ')}${built.issues.length > 5 ? ` … and ${built.issues.length - 5} more` : ''}`;
      return finish('failed');
    }
    report.build.id = built.buildId;
    report.search = { encoder: search.encoder, chunks: search.chunks, embedded: search.embedded, reused: search.reused };
    report.attribution = attributionOf(candidate);

    report.verify = await step('verify', () => verifyDataFile(candidate));
    report.guards.push(verifyGuard(report.verify));
    const tables = dataTables(candidate);
    const only = (counts: Record<string, number> | null) =>
      counts && Object.fromEntries(Object.entries(counts).filter(([t]) => tables.includes(t)));
    report.tables = await step('compare', () => compareDataFiles(candidate, hasPrevious ? previous : null, tables));
    report.guards.push(shrinkGuard(only(hasPrevious ? rowCountsOf(previous) : null), only(built.rowCounts)!, o.maxShrink));
    if (hasPrevious) {
      report.removals = await step('explain removals', () =>
        explainRemovals({
          candidate,
          previous,
          changes: report.tables,
          imported,
          previousSkipped: readLastReport(o.publishDir)?.skipped ?? null,
          sources: fetched.sources,
        }),
      );
    }
    report.guards.push(removalsGuard(report.removals));
    if (report.guards.some((g) => !g.ok)) return finish('failed');

    const release = await step('publish', () =>
      publish(candidate, o.publishDir, {
        build_id: built.buildId,
        built_at: report.verify!.built_at ?? now(),
        schema_version: report.verify!.schema_version ?? 0,
        published_at: now(),
        inputs_digest: report.inputs_digest,
        previous_build_id: report.build.previous_id,
        sources: fetched.sources.map((s) => ({ id: s.id, status: s.status, changed: s.changed })),
      }),
    );
    rmSync(candidate, { force: true });
    report.build.sha256 = release.sha256;
    report.build.bytes = release.bytes;
    const done = finish('published');
    writeFileSync(join(o.publishDir, 'report.json'), `${JSON.stringify(done, null, 2)}\n`);
    writeFileSync(join(o.publishDir, 'report.md'), reportMarkdown(done));
    return done;
  } catch (err) {
    report.error = (err as Error).stack ?? String(err);
    return finish('failed');
  }
}
