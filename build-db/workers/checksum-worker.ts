// The build's last step, the checksum of every table (src/core/data-file/data-checksums.ts), on two threads: this
// one and a worker that opens the file read-only and takes tables from the same queue, the largest
// first. SHA-256 over a table is one sequential stream, so a table is never split: at 8 M chunks the
// speeches (84 s) ran alone while the other tables (70 s) ran beside them, instead of after.
import Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { checksumsFromQueue, type Checksum, type ChecksumHelper, type TableInfo } from '../../src/core/data-file/data-checksums.js';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';
import { SyncReplies, serveReplies, type ReplyEnd } from './sync-channel.js';
import { startBuildWorker } from './start-worker.js';

interface Request {
  tables: TableInfo[];
  queue: Int32Array;
}
type Reply = Array<{ checksum: Checksum; seconds: number }>;

/** A table of hundreds of GB may take an hour on the worker; the main thread waits that long. */
const REPLY_TIMEOUT_MS = 6 * 3600_000;

/** The helper thread of computeChecksums for the file at `path`. */
export function checksumWorker(path: string): ChecksumHelper & { close(): void } {
  const replies = new SyncReplies(REPLY_TIMEOUT_MS);
  let worker: Worker | null = null;
  const close = () => {
    replies.close();
    void worker?.terminate();
    worker = null;
  };
  return {
    start(tables, queue) {
      worker = startBuildWorker('table-checksums', { end: replies.workerEnd, path }, [replies.workerEnd.port]);
      replies.send({ tables, queue } satisfies Request);
    },
    finish() {
      try {
        return replies.receive<Reply>();
      } finally {
        close();
      }
    },
    close,
  };
}

/** The worker thread's side: hashes the tables it takes from the queue, then replies once. */
export function tableChecksumsWorker(data: Record<string, unknown>): void {
  serveReplies<Request>(data.end as ReplyEnd, ({ tables, queue }) => {
    const db = new Database(data.path as string, { readonly: true, fileMustExist: true });
    // This thread's garbage is its own heap's: checked as the main thread checks its own.
    const guard = createMemoryGuard();
    const reply: Reply = [];
    try {
      checksumsFromQueue(db, tables, queue, {
        onRows: () => guard.check(),
        onTable: (checksum, seconds) => reply.push({ checksum, seconds }),
      });
    } finally {
      db.close();
    }
    return { reply };
  });
}
