// Reads and validates a source bundle. Never throws on bad data: every problem becomes a
// SourceIssue so one run reports them all.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import {
  partFilesOf,
  SOURCE_FILES,
  STREAMED_KINDS,
  type Located,
  type SourceKind,
  type SourceRecords,
  type StreamedRecords,
} from './files.js';
import { speechChecker, type SpeechChecks } from './check-speeches.js';
import { evenSample } from './even-sample.js';
import { parseRecords, toIssues } from './parse-records.js';
import { manifestSchema, type Manifest } from './schemas.js';
import type { SourceIssue } from './source-issue.js';

export type { SourceIssue };

export interface Bundle {
  manifest: Manifest;
  records: SourceRecords;
  /** sha256 of each file's bytes, by file name: the inputs of the build id. */
  digests: Record<string, string>;
  warnings: string[];
  /** What the one pass over the speeches found of each (checkReferences reports it with the rest). */
  speechChecks: SpeechChecks;
  /** Speeches kept by the first pass, spread evenly over them, with the row each is written to
   *  (its place among the speeches, from 1): the carry-over check derives their rows again
   *  (build-db/reuse-speeches.ts). */
  speechSample: SampledSpeech[];
}

export interface SampledSpeech {
  rowid: number;
  speech: Located<'speeches'>;
}

/** Speeches the first pass keeps for the carry-over check (between this and twice as many). */
export const SPEECH_SAMPLE = 512;

export type ReadResult = { ok: true; bundle: Bundle } | { ok: false; issues: SourceIssue[]; warnings: string[] };

export function formatIssue(issue: SourceIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}`;
  return issue.field ? `${where}: ${issue.field}: ${issue.message}` : `${where}: ${issue.message}`;
}

export function readBundle(dir: string, onProgress: (msg: string) => void = () => {}): ReadResult {
  const issues: SourceIssue[] = [];
  const warnings: string[] = [];
  const digests: Record<string, string> = {};

  if (!existsSync(dir))
    return { ok: false, issues: [{ file: dir, line: null, field: null, message: 'source folder does not exist' }], warnings };

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
  const partsOf = Object.fromEntries(Object.keys(SOURCE_FILES).map((k) => [k, partFilesOf(k as SourceKind, names)])) as Record<
    SourceKind,
    string[]
  >;
  const known = new Set(['manifest.json', ...Object.values(partsOf).flat()]);
  for (const name of names) {
    if (!known.has(name) && !name.startsWith('.') && !name.endsWith('.md'))
      warnings.push(`${name}: not a source file of format version 1; ignored`);
  }

  const records = {} as Record<SourceKind, StreamedRecords<{ file: string; line: number; record: unknown }>>;
  let speechChecks: SpeechChecks | null = null;
  const speechSample = evenSample<SampledSpeech>(SPEECH_SAMPLE);
  for (const [kind, spec] of Object.entries(SOURCE_FILES) as Array<[SourceKind, (typeof SOURCE_FILES)[SourceKind]]>) {
    if (!partsOf[kind].length && spec.required) issues.push({ file: spec.file, line: null, field: null, message: 'is missing (required)' });
    const hashes = new Map<string, ReturnType<typeof createHash>>();
    const digesting = (file: string) => {
      const h = createHash('sha256');
      hashes.set(file, h);
      return (bytes: Buffer) => {
        h.update(bytes);
      };
    };
    const onIssue = (issue: SourceIssue) => {
      issues.push(issue);
    };
    if (STREAMED_KINDS.has(kind)) {
      // One pass validates, counts, digests and checks each speech (check-speeches.ts: politicians and
      // sessions are read before, in SOURCE_FILES order); each later iteration reads the files again.
      const keysOf = (rows: Iterable<{ record: unknown }>) => new Set(Array.from(rows, (r) => (r.record as { key: string }).key));
      const checker =
        kind === 'speeches' ? speechChecker({ politicians: keysOf(records.politicians), sessions: keysOf(records.sessions) }) : null;
      let count = 0;
      for (const row of parseRecords(dir, kind, partsOf[kind], onIssue, digesting)) {
        count++;
        if (checker) {
          checker.add(row as Located<'speeches'>);
          speechSample.add({ rowid: count, speech: row as Located<'speeches'> });
        }
      }
      if (checker) speechChecks = checker.result();
      // Later passes (the writer; the key check, when two keys share a hash) parse again on this thread: parsing them on a
      // worker thread was slower at 100 k (structured cloning of the records costs about what
      // parsing does).
      records[kind] = { length: count, [Symbol.iterator]: () => parseRecords(dir, kind, partsOf[kind], () => {}, null) };
    } else {
      records[kind] = [...parseRecords(dir, kind, partsOf[kind], onIssue, digesting)];
    }
    for (const [file, h] of hashes) digests[file] = h.digest('hex');
    if (partsOf[kind].length) onProgress(`read ${partsOf[kind].join(', ')}: ${records[kind].length} records`);
  }

  if (issues.length || !manifest) return { ok: false, issues, warnings };
  return {
    ok: true,
    bundle: {
      manifest,
      records: records as SourceRecords,
      digests,
      warnings,
      speechChecks: speechChecks!,
      speechSample: speechSample.items(),
    },
  };
}
