// Checks across records that no single-record schema can see: unique natural keys, references to
// existing keys, level/province consistency. Returns every problem found.
import { checkBoundaries } from './check-boundaries.js';
import { checkLevelProvince, checkReference, type SpeechChecks } from './check-speeches.js';
import type { Located } from './unique-keys.js';
import type { SourceIssue } from './read-bundle.js';
import type { SourceRecords } from './files.js';

/** The message of a second record with a key: where the first one is (its file only when another). */
const duplicate = (what: string, key: string, row: Located, first: Located) =>
  `duplicate ${what} ${JSON.stringify(key)} (first on ${first.file === row.file ? '' : `${first.file} `}line ${first.line})`;

/** `speeches`: what the bundle's first pass found of each speech (read-bundle.ts, check-speeches.ts). */
export function checkReferences(records: SourceRecords, speeches: SpeechChecks): SourceIssue[] {
  const issues: SourceIssue[] = [];
  const issue = (file: string, line: number, field: string | null, message: string) => issues.push({ file, line, field, message });

  /** Reports the second and later records sharing a natural key; returns the set of keys. */
  function unique<T extends Located>(rows: T[], keyOf: (row: T) => string, field: string, what = 'key'): Map<string, T> {
    const seen = new Map<string, T>();
    for (const row of rows) {
      const k = keyOf(row);
      const first = seen.get(k);
      if (first) issue(row.file, row.line, field, duplicate(what, k, row, first));
      else seen.set(k, row);
    }
    return seen;
  }

  const levelProvince = (file: string, line: number, level: string, province: string | null) =>
    checkLevelProvince(issue, file, line, level, province);

  unique(records.jurisdictions, (r) => r.record.jurisdiction, 'jurisdiction', 'jurisdiction');
  unique(records.parties, (r) => r.record.key, 'key');
  for (const { file, line, record } of records.parties) levelProvince(file, line, record.level, record.province_territory);

  const sessions = unique(records.sessions, (r) => r.record.key, 'key');
  for (const { file, line, record } of records.sessions) {
    levelProvince(file, line, record.level, record.province_territory);
    if (record.end_date && record.end_date < record.start_date) issue(file, line, 'end_date', 'must not be before start_date');
  }

  const politicians = unique(records.politicians, (r) => r.record.key, 'key');
  for (const { file, line, record } of records.politicians) {
    levelProvince(file, line, record.level, record.province_territory);
    record.terms.forEach((t, i) => {
      if (t.end_at && t.end_at < t.start_at) issue(file, line, `terms[${i}].end_at`, 'must not be before start_at');
    });
  }

  const politicianRef = (file: string, line: number, field: string, k: string | null) =>
    checkReference(issue, file, line, field, 'politician', politicians, k);
  const sessionRef = (file: string, line: number, field: string, k: string | null) =>
    checkReference(issue, file, line, field, 'session', sessions, k);

  for (const { file, line, record } of records.offices) politicianRef(file, line, 'politician_key', record.politician_key);
  for (const { file, line, record } of records.socials) politicianRef(file, line, 'politician_key', record.politician_key);
  unique(
    records.socials,
    (r) => `${r.record.politician_key} ${r.record.platform} ${r.record.handle}`,
    'handle',
    '(politician, platform, handle)',
  );
  for (const { file, line, record } of records.posts) politicianRef(file, line, 'politician_key', record.politician_key);
  unique(records.posts, (r) => `${r.record.platform}:${r.record.post_id}`, 'post_id', '(platform, post_id)');
  for (const { file, line, record } of records.websites) politicianRef(file, line, 'politician_key', record.politician_key);
  unique(records.websites, (r) => `${r.record.politician_key} ${r.record.url}`, 'url', '(politician, url)');

  const bills = unique(records.bills, (r) => `${r.record.session_key} ${r.record.bill_number}`, 'bill_number', '(session, bill_number)');
  for (const { file, line, record } of records.bills) {
    sessionRef(file, line, 'session_key', record.session_key);
    const events = new Map<string, number>();
    record.events.forEach((e, i) => {
      const k = [e.stage, e.event_date, e.event_type, e.committee_name].join('\u001f');
      if (events.has(k))
        issue(file, line, `events[${i}]`, `duplicate event (stage, event_date, event_type, committee_name) of events[${events.get(k)}]`);
      else events.set(k, i);
    });
    const orderings = new Map<number, number>();
    record.sponsors.forEach((s, i) => {
      politicianRef(file, line, `sponsors[${i}].politician_key`, s.politician_key);
      if (orderings.has(s.ordering))
        issue(file, line, `sponsors[${i}].ordering`, `duplicate ordering ${s.ordering} (also sponsors[${orderings.get(s.ordering)}])`);
      else orderings.set(s.ordering, i);
    });
  }

  unique(records.votes, (r) => r.record.key, 'key');
  for (const { file, line, record } of records.votes) {
    sessionRef(file, line, 'session_key', record.session_key);
    if (record.bill_number !== null && !bills.has(`${record.session_key} ${record.bill_number}`)) {
      issue(file, line, 'bill_number', `no bill ${JSON.stringify(record.bill_number)} in session ${JSON.stringify(record.session_key)}`);
    }
    const voters = new Map<string, number>();
    record.positions.forEach((p, i) => {
      politicianRef(file, line, `positions[${i}].politician_key`, p.politician_key);
      const who = p.politician_key ?? `raw:${p.politician_name_raw}`;
      if (voters.has(who))
        issue(file, line, `positions[${i}]`, `second position for the same politician (also positions[${voters.get(who)}])`);
      else voters.set(who, i);
    });
  }

  // Speeches are streamed (files.ts STREAMED_KINDS): checked one by one as they were first read; the
  // records are read again only when two keys share a hash, to name the duplicates.
  issues.push(...speeches.issues);
  for (const { row, key, first } of speeches.keys.duplicates(records.speeches, (r) => r.record.key)) {
    issue(row.file, row.line, 'key', duplicate('key', key, row, first));
  }

  issues.push(...checkBoundaries(records.boundaries));

  return issues.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}
