// A build worker thread's main: the task it was started for (build-db/workers/start-worker.ts).
import { chunkSpeeches } from '../search/chunk-spans.js';
import { keywordTermsWorker } from '../search/keyword-worker.js';
import { serveBatches } from './batch-pipe.js';
import { tableChecksumsWorker } from './checksum-worker.js';
import { buildWorkerTask } from './start-worker.js';
import { runStoppableBuild } from '../../src/cli/commands/build-thread.js';

export function runBuildWorker(): void {
  const { task, data } = buildWorkerTask();
  if (task === 'keyword-terms') keywordTermsWorker(data);
  else if (task === 'chunk-speeches') serveBatches(data, chunkSpeeches);
  else if (task === 'table-checksums') tableChecksumsWorker(data);
  else if (task === 'build') runStoppableBuild(data);
  else throw new Error(`unknown build worker task ${String(task)}`);
}
