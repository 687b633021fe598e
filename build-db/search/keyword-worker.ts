// The keyword index's tokenizing (build-db/search/keyword-terms.ts), the costly part of writing it,
// either on the main thread or on a worker thread while the main thread writes to SQLite. Both give
// the same lines in the same order.
import { SyncReplies, serveReplies, type ReplyEnd } from '../workers/sync-channel.js';
import { startBuildWorker } from '../workers/start-worker.js';
import { KeywordTerms, type ChunkTerms, type SampleRow } from './keyword-terms.js';

export interface TermsResult {
  postings: number;
}

/** Batches go in with submit and their lines come out with take, first in, first out. */
export interface KeywordTokenizer {
  sample(rows: SampleRow[]): { chunks: number; terms: number };
  setAverageLength(avgdl: number): void;
  submit(rows: ChunkTerms[]): void;
  take(): string[];
  finish(): TermsResult;
}

export function inlineTokenizer(): KeywordTokenizer {
  const terms = new KeywordTerms();
  const queue: string[][] = [];
  return {
    sample: (rows) => terms.sample(rows),
    setAverageLength: (avgdl) => terms.setAverageLength(avgdl),
    submit: (rows) => {
      queue.push(terms.lines(rows));
    },
    take: () => queue.shift()!,
    finish: () => ({ postings: terms.postings }),
  };
}

type Request =
  | { kind: 'sample'; rows: SampleRow[] }
  | { kind: 'avgdl'; avgdl: number }
  | { kind: 'lines'; rows: ChunkTerms[] }
  | { kind: 'finish' };

/** The tokenizing on `count` worker threads, given the batches in turn: submit posts a batch and
 *  returns at once; take waits for the oldest. The length sample goes to the first worker. */
export function workerTokenizer(count = 1): KeywordTokenizer {
  const workers = Array.from({ length: count }, () => {
    const replies = new SyncReplies();
    const worker = startBuildWorker('keyword-terms', { end: replies.workerEnd }, [replies.workerEnd.port]);
    return { replies, worker };
  });
  const pending: number[] = [];
  let batch = 0;
  return {
    sample(rows) {
      workers[0].replies.send({ kind: 'sample', rows } satisfies Request);
      return workers[0].replies.receive();
    },
    setAverageLength(avgdl) {
      for (const w of workers) w.replies.send({ kind: 'avgdl', avgdl } satisfies Request);
    },
    submit(rows) {
      const w = batch++ % count;
      workers[w].replies.send({ kind: 'lines', rows } satisfies Request);
      pending.push(w);
    },
    take: () => workers[pending.shift()!].replies.receive<string[]>(),
    finish() {
      for (const w of workers) w.replies.send({ kind: 'finish' } satisfies Request);
      const parts = workers.map((w) => w.replies.receive<TermsResult>());
      for (const w of workers) {
        w.replies.close();
        void w.worker.terminate();
      }
      return { postings: parts.reduce((n, p) => n + p.postings, 0) };
    },
  };
}

/** The worker thread's side of workerTokenizer. */
export function keywordTermsWorker(data: Record<string, unknown>): void {
  const end = data.end as ReplyEnd;
  const terms = new KeywordTerms();
  serveReplies<Request>(end, (req) => {
    switch (req.kind) {
      case 'sample':
        return { reply: terms.sample(req.rows) };
      case 'avgdl':
        terms.setAverageLength(req.avgdl);
        return null;
      case 'lines':
        return { reply: terms.lines(req.rows) };
      case 'finish': {
        const out = { reply: { postings: terms.postings } satisfies TermsResult };
        // The last reply: the port closes after it, and the thread ends with nothing left to do.
        setImmediate(() => end.port.close());
        return out;
      }
    }
  });
}
