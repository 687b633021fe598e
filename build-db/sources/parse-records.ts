// The records of one kind of a source bundle's files, parsed and validated line by line.
import { join } from 'node:path';
import * as v from 'valibot';
import { SOURCE_FILES, type SourceKind } from './files.js';
import { readLines } from './read-lines.js';
import type { SourceIssue } from './source-issue.js';

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
export function* parseRecords(
  dir: string,
  kind: SourceKind,
  files: string[],
  onIssue: (issue: SourceIssue) => void,
  onBytes: ((file: string) => (bytes: Buffer) => void) | null,
): Generator<ParsedRecord> {
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
