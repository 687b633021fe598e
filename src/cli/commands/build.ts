import { statSync } from 'node:fs';
import { buildDataFileWith } from '../../../build-db/build.js';
import { skippedSetsBlock } from '../../../build-db/import/run-import.js';
import { searchPhase, type SearchPhaseReport } from '../../../build-db/search/search-phase.js';
import { loadPretrained } from '../../../build-db/search/encoder/pretrained-card.js';
import { formatIssue } from '../../../build-db/sources/read-bundle.js';
import type { WorkerMode } from '../../../build-db/workers/start-worker.js';

const MAX_SHOWN = 200;

/** Returns the process exit code: 0 built, 1 source errors (the old data file is untouched). */
export interface BuildCommandOptions {
  sources: string;
  out: string;
  reuse: string;
  encoderModel: string;
  encoderTokenizer: string;
  encoderPrefixes: string;
  buildWorkers?: string;
}

const given = (s: string) => (s === 'none' ? null : s);
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

export async function buildCommand({
  sources,
  out,
  reuse,
  encoderModel,
  encoderTokenizer,
  encoderPrefixes,
  buildWorkers = 'on',
}: BuildCommandOptions): Promise<number> {
  if (given(encoderModel) && !given(encoderTokenizer)) {
    console.error("canpol build: --encoder-model needs --encoder-tokenizer (the model's tokenizer.json)");
    return 2;
  }
  const previous = given(reuse);
  if (previous && !isFile(previous)) {
    console.error(
      `canpol build: --reuse ${previous}: no such file (the previous data file whose encoder, vectors and keyword index are reused)`,
    );
    return 1;
  }
  let pretrained: Awaited<ReturnType<typeof loadPretrained>> | null = null;
  if (given(encoderModel)) {
    const [prefix, queryPrefix] = (given(encoderPrefixes) ?? '|').split('|');
    try {
      pretrained = await loadPretrained({
        modelPath: encoderModel,
        tokenizerPath: encoderTokenizer,
        prefix: prefix || undefined,
        queryPrefix: queryPrefix || undefined,
      });
    } catch (err) {
      console.error(`canpol build: cannot use --encoder-model ${encoderModel}: ${(err as Error).message}`);
      return 1;
    }
  }
  const t0 = performance.now();
  // The resident set beside the time: a long build's memory is what an operator sizes a machine by
  // (the build keeps under 2 GB), and where it grows is what a report of a slow or killed build needs.
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  const progress = (msg: string) => {
    const m = process.memoryUsage();
    console.error(`[build ${((performance.now() - t0) / 1000).toFixed(1)}s rss ${mib(m.rss)} MiB heap ${mib(m.heapUsed)} MiB] ${msg}`);
  };
  const search = {} as SearchPhaseReport;
  const workers = buildWorkers as WorkerMode;
  const result = await buildDataFileWith({ sources, out, onProgress: progress, workers, reuse: previous }, [
    searchPhase({ sources, reuse: previous, pretrained, report: search }),
  ]);
  for (const w of result.warnings) console.error(`warning: ${w}`);
  if (!result.ok) {
    for (const issue of result.issues.slice(0, MAX_SHOWN)) console.error(`error: ${formatIssue(issue)}`);
    if (result.issues.length > MAX_SHOWN) console.error(`... and ${result.issues.length - MAX_SHOWN} more errors`);
    console.error(`build failed: ${result.issues.length} error(s) in ${sources}; ${out} was not changed`);
    return 1;
  }
  const counts = Object.entries(result.rowCounts)
    .map(([t, n]) => `${t}=${n}`)
    .join(' ');
  console.error(`built ${out} in ${result.seconds.toFixed(1)}s: build ${result.buildId}\n  rows: ${counts}`);
  console.error(
    `  search: encoder ${search.encoder} (${(search.model_bytes / 1e6).toFixed(1)} MB, ${search.train_seconds.toFixed(1)}s), ${search.chunks} chunks: ${search.embedded} embedded at ${Math.round(search.chunks_per_second)}/s, ${search.reused} reused`,
  );
  for (const [what, a] of Object.entries(result.attribution))
    console.error(`  attribution ${what}: ${a.linked}/${a.total} linked to a politician (${(a.rate * 100).toFixed(1)}%)`);
  // Sets the import left out on the operator's word end the build's output too: never a quiet drop.
  if (result.skippedSets.length) console.error(skippedSetsBlock(result.skippedSets));
  return 0;
}
