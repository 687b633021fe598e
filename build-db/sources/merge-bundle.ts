// The build's people step: merges the bundle's politician records into one per person
// (merge-politicians.ts) and points every reference — offices, handles, posts, websites, sponsors,
// vote positions, speeches and the first pass's sample of them — at the kept key, so a record
// naming a person by any of their keys lands on the one politician.
import { mapRecords, type SourceRecords } from './files.js';
import { latestParliament, mergePoliticians } from './merge-politicians.js';
import { mergeWebsites } from './merge-websites.js';
import type { SampledSpeech, SourceIssue } from './read-bundle.js';

export interface BundleMerge {
  issues: SourceIssue[];
  stats: Record<string, number>;
}

export function mergeBundlePoliticians(records: SourceRecords, speechSample: SampledSpeech[] = []): BundleMerge {
  const latest = latestParliament(
    records.sessions.map((s) => s.record),
    records.politicians.map((p) => p.record),
  );
  const merged = mergePoliticians(records.politicians, { latestParliament: latest });
  records.politicians = merged.politicians;
  const to = (k: string) => merged.canonical.get(k) ?? k;
  const toNullable = (k: string | null) => (k === null ? null : to(k));
  for (const kind of ['offices', 'socials', 'posts', 'websites'] as const) {
    for (const { record } of records[kind]) record.politician_key = to(record.politician_key);
  }
  const websitesMerged = mergeWebsites(records);
  for (const { record } of records.bills) for (const s of record.sponsors) s.politician_key = toNullable(s.politician_key);
  for (const { record } of records.votes) for (const p of record.positions) p.politician_key = toNullable(p.politician_key);
  // Speeches are streamed (files.ts STREAMED_KINDS): remapped as each pass reads them.
  records.speeches = mapRecords(records.speeches, (r) => {
    r.record.politician_key = toNullable(r.record.politician_key);
    return r;
  });
  for (const { speech } of speechSample) speech.record.politician_key = toNullable(speech.record.politician_key);
  return {
    issues: merged.issues.map((i) => ({ ...i })),
    stats: { ...merged.stats, latest_parliament: latest ?? 0, websites_merged: websitesMerged },
  };
}
