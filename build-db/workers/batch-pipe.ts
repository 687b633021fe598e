// A batch computation on the main thread or on a worker thread, pipelined: submit hands a batch
// over and returns at once (on a worker), take returns the results of the oldest batch not yet
// taken, waiting for them. The build's synchronous SQLite code reads the next batch and writes the
// previous one's results while the worker computes.
import { SyncReplies, serveReplies, type ReplyEnd } from './sync-channel.js';
import { startBuildWorker, type BuildWorkerTask } from './start-worker.js';

export interface BatchPipe<In, Out> {
  submit(batch: In[]): void;
  take(): Out[];
  close(): void;
}

export function inlinePipe<In, Out>(compute: (batch: In[]) => Out[]): BatchPipe<In, Out> {
  const queue: Out[][] = [];
  return {
    submit: (batch) => {
      queue.push(compute(batch));
    },
    take: () => queue.shift()!,
    close: () => {},
  };
}

/** The same on a worker thread running `task`, whose side is serveBatches with the same compute. */
export function workerPipe<In, Out>(task: BuildWorkerTask): BatchPipe<In, Out> {
  const replies = new SyncReplies();
  const worker = startBuildWorker(task, { end: replies.workerEnd }, [replies.workerEnd.port]);
  return {
    submit: (batch) => replies.send(batch),
    take: () => replies.receive<Out[]>(),
    close: () => {
      replies.close();
      void worker.terminate();
    },
  };
}

/** The worker thread's side of workerPipe. */
export function serveBatches<In, Out>(data: Record<string, unknown>, compute: (batch: In[]) => Out[]): void {
  serveReplies<In[]>(data.end as ReplyEnd, (batch) => ({ reply: compute(batch) }));
}
