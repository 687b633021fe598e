// A build worker thread's main: the task it was started for (build-db/workers/start-worker.ts).
import { deriveBoundary, type BoundaryRecord } from '../geo/write-boundaries.js';
import { chunkSpeeches } from '../search/chunk-spans.js';
import { keywordTermsWorker } from '../search/keyword-worker.js';
import { serveBatches } from './batch-pipe.js';
import { tableChecksumsWorker } from './checksum-worker.js';
import { buildWorkerTask } from './start-worker.js';

/** `more`: tasks of the layer above (the CLI's stoppable build), by name. */
export function runBuildWorker(more: Readonly<Record<string, (data: Record<string, unknown>) => void>> = {}): void {
  const { task, data } = buildWorkerTask();
  if (more[task]) more[task](data);
  else if (task === 'keyword-terms') keywordTermsWorker(data);
  else if (task === 'chunk-speeches') serveBatches(data, chunkSpeeches);
  else if (task === 'table-checksums') tableChecksumsWorker(data);
  else if (task === 'derive-boundaries') serveBatches(data, (batch: BoundaryRecord[]) => batch.map((r) => deriveBoundary(r, 0)));
  else throw new Error(`unknown build worker task ${String(task)}`);
}
