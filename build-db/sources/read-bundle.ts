// Reads and validates a source bundle. Never throws on bad data: every problem becomes a
// SourceIssue so one run reports them all.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { partFilesOf, SOURCE_FILES, STREAMED_KINDS, type SourceKind, type SourceRecords, type StreamedRecords } from './files.js';
import { readLines } from './read-lines.js';
import { manifestSchema, type Manifest } from './schemas.js';

export interface SourceIssue {
  file: string;
  line: number | null;
  field: string | null;
  message: string;
}

export interface Bundle {
  manifest: Manifest;
  records: SourceRecords;
  /** sha256 of each file's bytes, by file name: the inputs of the build id. */
  digests: Record<string, string>;
  warnings: string[];
}

export type ReadResult = { ok: true; bundle: Bundle } | { ok: false; issues: SourceIssue[]; warnings: string[] };

export function formatIssue(issue: SourceIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}`;
  return issue.field ? `${where}: ${issue.field}: ${issue.message}` : `${where}: ${issue.message}`;
}

/** `events[2].event_date` from a valibot issue path. */
function fieldPath(issue: v.BaseIssue<unknown>): string | null {
  if (!issue.path?.length) return null;
  return issue.path.reduce((acc, item) => {
    const k = item.key as string | number;
    return typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : String(k);
  }, '');
}

function toIssues(file: string, line: number | null, issues: v.BaseIssue<unknown>[]): SourceIssue[] {
  return issues.map((issue) => {
    const field = fieldPath(issue);
    // A missing required field reports as "received undefined"; say so plainly.
    const message = issue.input === undefined && field ? 'is required' : issue.message;
    return { file, line, field, message };
  });
}

export function readBundle(dir: string, onProgress: (msg: string) => void = () => {}): ReadResult {
  const issues: SourceIssue[] = [];
  const warnings: string[] = [];
  const digests: Record<string, string> = {};

  if (!existsSync(dir)) return { ok: false, issues: [{ file: dir, line: null, field: null, message: 'source folder does not exist' }], warnings };

  const readText = (file: string): string => {
    const bytes = readFileSync(join(dir, file));
    digests[file] = createHash('sha256').update(bytes).digest('hex');
    return bytes.toString('utf8');
  };

  let manifest: Manifest | undefined;
  if (!existsSync(join(dir, 'manifest.json'))) {
    issues.push({ file: 'manifest.json', line: null, field: null, message: 'is missing' });
  } else {
    try {
      const parsed = v.safeParse(manifestSchema, JSON.parse(readText('manifest.json')));
      if (parsed.success) manifest = parsed.output;
      else issues.push(...toIssues('manifest.json', null, parsed.issues));
    } catch (err) {
      issues.push({ file: 'manifest.json', line: null, field: null, message: `is not valid JSON (${(err as Error).message})` });
    }
  }

  const names = readdirSync(dir).sort();
  const partsOf = Object.fromEntries(Object.keys(SOURCE_FILES).map((k) => [k, partFilesOf(k as SourceKind, names)])) as Record<SourceKind, string[]>;
  const known = new Set(['manifest.json', ...Object.values(partsOf).flat()]);
  for (const name of names) {
    if (!known.has(name) && !name.startsWith('.') && !name.endsWith('.md')) warnings.push(`${name}: not a source file of format version 1; ignored`);
  }

  const records = {} as Record<SourceKind, StreamedRecords<{ file: string; line: number; record: unknown }>>;
  for (const [kind, spec] of Object.entries(SOURCE_FILES) as Array<[SourceKind, (typeof SOURCE_FILES)[SourceKind]]>) {
    if (!partsOf[kind].length && spec.required) issues.push({ file: spec.file, line: null, field: null, message: 'is missing (required)' });
    /** Every valid record of the kind's files, in order; problems go to `onIssue`. */
    function* parse(onIssue: (issue: SourceIssue) => void, onBytes: ((file: string) => (bytes: Buffer) => void) | null) {
      for (const file of partsOf[kind]) {
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
    const hashes = new Map<string, ReturnType<typeof createHash>>();
    const digesting = (file: string) => {
      const h = createHash('sha256');
      hashes.set(file, h);
      return (bytes: Buffer) => { h.update(bytes); };
    };
    const onIssue = (issue: SourceIssue) => { issues.push(issue); };
    if (STREAMED_KINDS.has(kind)) {
      // One pass validates, counts and digests; each later iteration reads the files again.
      let count = 0;
      for (const _ of parse(onIssue, digesting)) count++;
      records[kind] = { length: count, [Symbol.iterator]: () => parse(() => {}, null) };
    } else {
      records[kind] = [...parse(onIssue, digesting)];
    }
    for (const [file, h] of hashes) digests[file] = h.digest('hex');
    if (partsOf[kind].length) onProgress(`read ${partsOf[kind].join(', ')}: ${records[kind].length} records`);
  }

  if (issues.length || !manifest) return { ok: false, issues, warnings };
  return { ok: true, bundle: { manifest, records: records as SourceRecords, digests, warnings } };
}
