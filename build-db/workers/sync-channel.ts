// A reply channel the build's main thread can wait on synchronously: the keyword index is written
// inside one SQLite transaction in synchronous code (better-sqlite3), where no event loop turns to
// deliver a worker's messages. The worker posts on a MessagePort and bumps a shared counter; the main
// thread sleeps on the counter (Atomics.wait) and takes the message with receiveMessageOnPort.
import { MessageChannel, receiveMessageOnPort, type MessagePort, type TransferListItem } from 'node:worker_threads';
import { createMemoryGuard } from '../../src/core/memory/memory-guard.js';

/** The worker's end: passed to it in workerData (the port in the transfer list). */
export interface ReplyEnd {
  port: MessagePort;
  signal: Int32Array;
}

/** A reply the worker could not compute: its error, rethrown on the main thread. */
interface Failure {
  failed: string;
}

/** No reply in this long means the worker is gone (a batch takes about a second). */
const TIMEOUT_MS = 300_000;

export class SyncReplies {
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  readonly workerEnd: ReplyEnd;

  /** `timeoutMs`: how long a reply may take before the worker is taken for gone. */
  constructor(private readonly timeoutMs = TIMEOUT_MS) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.workerEnd = { port: port2, signal: this.signal };
  }

  /** A request to the worker (on the same channel: the worker serves them with serveReplies). */
  send(req: unknown): void {
    this.port.postMessage(req);
  }

  /** The next reply, waiting for it. */
  receive<T>(): T {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      const got = receiveMessageOnPort(this.port);
      if (got) {
        const m = got.message as T | Failure;
        if (m && typeof m === 'object' && 'failed' in m) throw new Error(`build worker: ${m.failed}`);
        return m as T;
      }
      if (Date.now() > deadline) throw new Error(`build worker: no reply in ${this.timeoutMs / 1000} s`);
      Atomics.wait(this.signal, 0, seen, 1000);
    }
  }

  close(): void {
    this.port.close();
  }
}

/** On the worker: answers each request with `handle`'s result, or its error. */
export function serveReplies<Req>(end: ReplyEnd, handle: (req: Req) => { reply: unknown; transfer?: TransferListItem[] } | null): void {
  const send = (msg: unknown, transfer: TransferListItem[] = []) => {
    end.port.postMessage(msg, transfer);
    Atomics.add(end.signal, 0, 1);
    Atomics.notify(end.signal, 0);
  };
  const guard = createMemoryGuard();
  end.port.on('message', (req: Req) => {
    let out: ReturnType<typeof handle>;
    try {
      out = handle(req);
    } catch (err) {
      send({ failed: (err as Error).stack ?? String(err) } satisfies Failure);
      return;
    }
    if (out) send(out.reply, out.transfer);
    // This thread's garbage is its own heap's: only a collection here frees it.
    guard.check();
  });
}
