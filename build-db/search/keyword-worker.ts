// The keyword index's tokenizing (build-db/search/keyword-terms.ts), the costly part of writing it,
// either on the main thread or on a worker thread while the main thread writes to SQLite. Both give
// the same lines in the same order and the same counts.
import { SyncReplies, serveReplies, type ReplyEnd } from '../workers/sync-channel.js';
import { startBuildWorker } from '../workers/start-worker.js';
import { KeywordTerms, type ChunkTerms, type SampleRow } from './keyword-terms.js';

export interface TermsResult { levelDocs: Map<string, Uint32Array>; postings: number }

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
    submit: (rows) => { queue.push(terms.lines(rows)); },
    take: () => queue.shift()!,
    finish: () => ({ levelDocs: terms.levelDocs, postings: terms.postings }),
  };
}

type Request =
  | { kind: 'sample'; rows: SampleRow[] }
  | { kind: 'avgdl'; avgdl: number }
  | { kind: 'lines'; rows: ChunkTerms[] }
  | { kind: 'finish' };

/** The tokenizing on a worker thread: submit posts a batch and returns at once; take waits. */
export function workerTokenizer(): KeywordTokenizer {
  const replies = new SyncReplies();
  const worker = startBuildWorker('keyword-terms', { end: replies.workerEnd }, [replies.workerEnd.port]);
  const ask = (req: Request) => replies.send(req);
  return {
    sample(rows) { ask({ kind: 'sample', rows }); return replies.receive(); },
    setAverageLength(avgdl) { ask({ kind: 'avgdl', avgdl }); },
    submit(rows) { ask({ kind: 'lines', rows }); },
    take: () => replies.receive<string[]>(),
    finish() {
      ask({ kind: 'finish' });
      const result = replies.receive<TermsResult>();
      replies.close();
      void worker.terminate();
      return result;
    },
  };
}

/** The worker thread's side of workerTokenizer. */
export function keywordTermsWorker(data: Record<string, unknown>): void {
  const end = data.end as ReplyEnd;
  const terms = new KeywordTerms();
  serveReplies<Request>(end, (req) => {
    switch (req.kind) {
      case 'sample': return { reply: terms.sample(req.rows) };
      case 'avgdl': terms.setAverageLength(req.avgdl); return null;
      case 'lines': return { reply: terms.lines(req.rows) };
      case 'finish': {
        const out = { reply: { levelDocs: terms.levelDocs, postings: terms.postings } satisfies TermsResult };
        // The last reply: the port closes after it, and the thread ends with nothing left to do.
        setImmediate(() => end.port.close());
        return out;
      }
    }
  });
}
