// Worker threads of the build (`--build-workers on`): the build hands CPU-bound steps that depend on
// nothing but their input (cutting speeches into chunks, keyword tokenizing) to a thread of its own
// process, so they share the process's memory accounting (one resident set) and need no second program.
//
// Where the worker's code is: from source (bun, tests) it is build-db/workers/worker-entry.ts (or the
// CLI's, src/cli/worker-entry.ts, once the CLI names it); from
// the esbuild bundle (dist/canpol.mjs), where every module is one file, it is that file again; in the
// single binary (dist/canpol), which has no file of its code, it is the bundle's text, kept in the
// executable. Its entry (src/cli/main.ts, through src/cli/binary-entry.ts in the binary) sees isBuildWorker()
// and runs the worker instead of the command.
import { isMainThread, Worker, workerData, type TransferListItem } from 'node:worker_threads';
import { embeddedProgram } from '../../src/core/natives/native-files.js';
import { usesThreads, type ThreadMode } from '../../src/core/memory/thread-mode.js';

const MARK = 'canpolBuildWorker';

/** `--build-workers`: `on` uses worker threads for steps of at least MIN_WORKER_ITEMS records (below,
 *  starting a thread, which loads the program again, costs more than it saves: about a second per
 *  thread from dist/canpol.mjs on a loaded machine), `always` for every step, `off` for none. */
export type WorkerMode = ThreadMode;
export const MIN_WORKER_ITEMS = 20_000;

/** Whether a step over `items` records runs on worker threads. */
export const useWorkers = (mode: WorkerMode | undefined, items: number): boolean => usesThreads(mode, items, MIN_WORKER_ITEMS);

export type BuildWorkerTask = 'keyword-terms' | 'chunk-speeches' | 'table-checksums' | 'derive-boundaries' | 'build';

/** True on a thread started by startBuildWorker. */
export function isBuildWorker(): boolean {
  return !isMainThread && typeof (workerData as Record<string, unknown> | null)?.[MARK] === 'string';
}

/** The worker's task and data, on that thread. */
export function buildWorkerTask(): { task: BuildWorkerTask; data: Record<string, unknown> } {
  const { [MARK]: task, ...data } = workerData as Record<string, unknown>;
  return { task: task as BuildWorkerTask, data };
}

/** The worker's script when running from source; the CLI names its own (src/cli/worker-entry.ts),
 *  which also runs the tasks only it knows (the stoppable build). */
let sourceEntry = new URL('./worker-entry.ts', import.meta.url);
export const useSourceWorkerEntry = (url: URL): void => {
  sourceEntry = url;
};

/** A worker thread running `task` on `data`. It never keeps the process alive by itself. */
export function startBuildWorker(task: BuildWorkerTask, data: Record<string, unknown>, transferList: TransferListItem[] = []): Worker {
  const embedded = embeddedProgram();
  const here = import.meta.url;
  const code = embedded?.code ?? (here.endsWith('.ts') ? sourceEntry : new URL(here));
  const workerData = { ...embedded?.workerData, ...data, [MARK]: task };
  const worker = new Worker(code, { eval: embedded !== null, workerData, transferList });
  worker.unref();
  return worker;
}
