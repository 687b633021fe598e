// The checks of each speech (streamed: 8 M of them at full scale), made while the bundle's first
// pass reads them (read-bundle.ts) instead of in a pass of their own: at 8 M speeches another
// pass parsed and validated the whole file again, ~80 s of an unchanged rebuild.
// Their issues are reported by checkReferences with the others, sorted, as before.
//
// The references are checked against the keys the bundle's files hold (before politicians are
// merged): the merge points every key a record holds at the person's kept key, and leaves an
// unknown key as it is, so a key is known before the merge exactly when it is after.
import type { Located as LocatedRecord } from './files.js';
import type { SourceIssue } from './source-issue.js';
import { UniqueKeys } from './unique-keys.js';

/** What the first pass found: every problem of a single speech, and every key for the duplicates. */
export interface SpeechChecks {
  issues: SourceIssue[];
  keys: UniqueKeys;
}

export type IssueAt = (file: string, line: number, field: string | null, message: string) => void;

/** Level and province agree (the federal level has none; others must say which). */
export function checkLevelProvince(issue: IssueAt, file: string, line: number, level: string, province: string | null): void {
  if (level === 'federal' && province !== null) issue(file, line, 'province_territory', 'must be null for federal records');
  if (level !== 'federal' && province === null) issue(file, line, 'province_territory', `is required for ${level} records`);
}

/** A key that names no record of its kind (`politician`, `session`) is a problem of the field. */
export function checkReference(
  issue: IssueAt,
  file: string,
  line: number,
  field: string,
  kind: string,
  known: { has(key: string): boolean },
  key: string | null,
): void {
  if (key !== null && !known.has(key)) issue(file, line, field, `no ${kind} has key ${JSON.stringify(key)}`);
}

/** Takes each speech as it is read (`add`), given the politicians' and sessions' keys. */
export function speechChecker(known: { politicians: ReadonlySet<string>; sessions: ReadonlySet<string> }) {
  const issues: SourceIssue[] = [];
  const issue: IssueAt = (file, line, field, message) => {
    issues.push({ file, line, field, message });
  };
  const keys = new UniqueKeys(1 << 16);
  return {
    add({ file, line, record }: LocatedRecord<'speeches'>): void {
      keys.add(record.key);
      checkLevelProvince(issue, file, line, record.level, record.province_territory);
      checkReference(issue, file, line, 'session_key', 'session', known.sessions, record.session_key);
      checkReference(issue, file, line, 'politician_key', 'politician', known.politicians, record.politician_key);
      if (record.speech_type === 'committee' && record.meeting_url === null)
        issue(file, line, 'meeting_url', 'is required for committee speeches');
    },
    result(): SpeechChecks {
      return { issues, keys };
    },
  };
}
