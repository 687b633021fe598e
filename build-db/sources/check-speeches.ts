// The checks of each speech (streamed: 8 M of them at full scale), made while the bundle's first
// pass reads them (read-bundle.ts) instead of in a pass of their own: at 8 M speeches another
// pass parsed and validated the whole file again, ~80 s of an unchanged rebuild (docs/benchmarks.md).
// Their issues are reported by checkReferences with the others, sorted, as before.
//
// The references are checked against the keys the bundle's files hold (before politicians are
// merged): the merge points every key a record holds at the person's kept key, and leaves an
// unknown key as it is, so a key is known before the merge exactly when it is after.
import type { Located as LocatedRecord } from './files.js';
import type { SourceIssue } from './read-bundle.js';
import { UniqueKeys } from './unique-keys.js';

/** What the first pass found: every problem of a single speech, and every key for the duplicates. */
export interface SpeechChecks { issues: SourceIssue[]; keys: UniqueKeys }

export type IssueAt = (file: string, line: number, field: string | null, message: string) => void;

/** Level and province agree (the federal level has none; others must say which). */
export function checkLevelProvince(issue: IssueAt, file: string, line: number, level: string, province: string | null): void {
  if (level === 'federal' && province !== null) issue(file, line, 'province_territory', 'must be null for federal records');
  if (level !== 'federal' && province === null) issue(file, line, 'province_territory', `is required for ${level} records`);
}

/** Takes each speech as it is read (`add`), given the politicians' and sessions' keys. */
export function speechChecker(known: { politicians: ReadonlySet<string>; sessions: ReadonlySet<string> }) {
  const issues: SourceIssue[] = [];
  const issue: IssueAt = (file, line, field, message) => { issues.push({ file, line, field, message }); };
  const keys = new UniqueKeys(1 << 16);
  return {
    add({ file, line, record }: LocatedRecord<'speeches'>): void {
      keys.add(record.key);
      checkLevelProvince(issue, file, line, record.level, record.province_territory);
      if (record.session_key !== null && !known.sessions.has(record.session_key)) issue(file, line, 'session_key', `no session has key ${JSON.stringify(record.session_key)}`);
      if (record.politician_key !== null && !known.politicians.has(record.politician_key)) issue(file, line, 'politician_key', `no politician has key ${JSON.stringify(record.politician_key)}`);
      if (record.speech_type === 'committee' && record.meeting_url === null) issue(file, line, 'meeting_url', 'is required for committee speeches');
    },
    result(): SpeechChecks { return { issues, keys }; },
  };
}
