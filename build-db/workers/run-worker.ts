// A build worker thread's main: the task it was started for (build-db/workers/start-worker.ts).
import { learnEncoderWorker } from '../search/learn-encoder.js';
import { keywordTermsWorker } from '../search/keyword-worker.js';
import { buildWorkerTask } from './start-worker.js';

export function runBuildWorker(): void {
  const { task, data } = buildWorkerTask();
  if (task === 'keyword-terms') keywordTermsWorker(data);
  else if (task === 'learn-encoder') learnEncoderWorker(data);
  else throw new Error(`unknown build worker task ${String(task)}`);
}
