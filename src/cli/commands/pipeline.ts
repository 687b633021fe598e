import { readManifest } from '../../../build-db/fetch/read-manifest.js';
import { runPipeline } from '../../../build-db/pipeline/run-pipeline.js';
import { deadlineAt, sinceDate } from './fetch.js';
import type { WorkerMode } from '../../../build-db/workers/start-worker.js';

export interface PipelineCommandOptions {
  manifest: string;
  cache: string;
  mirror: string;
  since: string;
  /** `--deadline` of the fetch step: `none`, a duration from the start, or a UTC time. */
  deadline?: string;
  work: string;
  publish: string;
  maxShrink: number;
  rebuild: boolean;
  buildWorkers?: string;
  scanWebsites?: boolean;
}

/** 0 published or unchanged, 1 failed (a guard tripped or a step failed; nothing published). */
export async function pipelineCommand(o: PipelineCommandOptions): Promise<number> {
  const from = sinceDate(o.since);
  if ('problem' in from) {
    console.error(`canpol pipeline: ${from.problem}`);
    return 2;
  }
  const until = deadlineAt(o.deadline ?? 'none');
  if ('problem' in until) {
    console.error(`canpol pipeline: ${until.problem}`);
    return 2;
  }
  const read = readManifest(o.manifest);
  if (!read.ok) {
    for (const p of read.problems) console.error(`canpol pipeline: ${o.manifest}: ${p}`);
    return 1;
  }
  const t0 = performance.now();
  const report = await runPipeline({
    manifest: read.manifest,
    cache: o.cache,
    work: o.work,
    publishDir: o.publish,
    maxShrink: o.maxShrink,
    mirror: o.mirror === 'none' ? null : o.mirror,
    rebuild: o.rebuild,
    since: from.since,
    deadline: until.deadline,
    buildWorkers: (o.buildWorkers ?? 'on') as WorkerMode,
    scanWebsites: o.scanWebsites ?? false,
    onProgress: (m) => console.error(`[pipeline ${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`),
  });
  for (const g of report.guards) console.error(`${g.ok ? 'ok    ' : 'FAILED'} ${g.guard}: ${g.detail}`);
  if (report.stale_sources.length) console.error(`stale sources (last good copy used): ${report.stale_sources.join(', ')}`);
  if (report.partial_sources.length) console.error(`partial backfill (continued the next night): ${report.partial_sources.join(', ')}`);
  if (report.error) console.error(`error: ${report.error}`);
  console.error(
    `pipeline ${report.status} in ${report.seconds}s (${Object.entries(report.timings)
      .map(([k, v]) => `${k} ${v}s`)
      .join(
        ', ',
      )}); report: ${o.work}/report.md${report.status === 'published' ? `; published ${o.publish}/canpol.db (build ${report.build.id})` : ''}`,
  );
  return report.status === 'failed' ? 1 : 0;
}
