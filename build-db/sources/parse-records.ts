// The records of one kind of a source bundle's files, parsed and validated line by line: on the
// calling thread, or on a worker thread that parses ahead while the build's main thread uses the
// records (the reference check, then the writer, each read speeches again: --build-workers). The
// same records in the same order either way.
import { join } from 'node:path';
import * as v from 'valibot';
import { SyncReplies, serveReplies, type ReplyEnd } from '../workers/sync-channel.js';
import { startBuildWorker } from '../workers/start-worker.js';
import { SOURCE_FILES, type SourceKind } from './files.js';
import { readLines } from './read-lines.js';
import type { SourceIssue } from './read-bundle.js';

export type ParsedRecord = { file: string; line: number; record: unknown };

/** `events[2].event_date` from a valibot issue path. */
function fieldPath(issue: v.BaseIssue<unknown>): string | null {
  if (!issue.path?.length) return null;
  return issue.path.reduce((acc, item) => {
    const k = item.key as string | number;
    return typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : String(k);
  }, '');
}

export function toIssues(file: string, line: number | null, issues: v.BaseIssue<unknown>[]): SourceIssue[] {
  return issues.map((issue) => {
    const field = fieldPath(issue);
    // A missing required field reports as "received undefined"; say so plainly.
    const message = issue.input === undefined && field ? 'is required' : issue.message;
    return { file, line, field, message };
  });
}

/** Every valid record of the kind's files, in order; problems go to `onIssue`. */
export function* parseRecords(dir: string, kind: SourceKind, files: string[], onIssue: (issue: SourceIssue) => void, onBytes: ((file: string) => (bytes: Buffer) => void) | null): Generator<ParsedRecord> {
  const spec = SOURCE_FILES[kind];
  for (const file of files) {
    for (const { line, text } of readLines(join(dir, file), onBytes?.(file))) {
      const raw = text.trim();
      if (!raw) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (err) {
        onIssue({ file, line, field: null, message: `is not valid JSON (${(err as Error).message})` });
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        onIssue({ file, line, field: null, message: 'must be a JSON object' });
        continue;
      }
      const parsed = v.safeParse(spec.schema, value);
      if (parsed.success) yield { file, line, record: parsed.output as unknown };
      else toIssues(file, line, parsed.issues).forEach(onIssue);
    }
  }
}

const BATCH = 1000;
/** Batches asked for ahead of the one being used. */
const AHEAD = 3;

/** parseRecords on a worker thread (issues and digests are the first pass's, so not asked for). */
export function* recordsFromWorker(dir: string, kind: SourceKind, files: string[]): Generator<ParsedRecord> {
  const replies = new SyncReplies();
  const worker = startBuildWorker('parse-records', { end: replies.workerEnd, dir, kind, files }, [replies.workerEnd.port]);
  try {
    for (let i = 0; i < AHEAD; i++) replies.send('next');
    for (;;) {
      const batch = replies.receive<ParsedRecord[]>();
      if (!batch.length) return;
      replies.send('next');
      yield* batch;
    }
  } finally {
    replies.close();
    void worker.terminate();
  }
}

/** The worker thread's side of recordsFromWorker: the next batch for each request, [] at the end. */
export function parseRecordsWorker(data: Record<string, unknown>): void {
  const records = parseRecords(data.dir as string, data.kind as SourceKind, data.files as string[], () => {}, null);
  serveReplies<'next'>(data.end as ReplyEnd, () => {
    const batch: ParsedRecord[] = [];
    for (let r = records.next(); !r.done; r = records.next()) {
      batch.push(r.value);
      if (batch.length === BATCH) break;
    }
    return { reply: batch };
  });
}
