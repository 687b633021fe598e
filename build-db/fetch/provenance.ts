// Carries the fetch provenance into the source bundle, so the data file's build record names every
// upstream file (URL, sha256, when it was fetched) and each jurisdiction says when its sources
// were last confirmed by their publishers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './cache-state.js';
import type { FetchReport } from './run-fetch.js';

interface ManifestSourceEntry {
  id: string;
  version: string;
  url?: string;
  retrieved_at?: string;
  licence?: string;
}

/** Manifest `sources` entries, one per cached file used: version = its sha256. */
export function provenanceEntries(report: FetchReport): ManifestSourceEntry[] {
  return report.sources.flatMap((s) =>
    s.files
      .filter((f) => f.sha256)
      .map((f) => ({
        id: `fetch:${f.file}`.slice(0, 200),
        version: `sha256:${f.sha256}`,
        url: f.url,
        // When this content was downloaded, not when it was last checked: unchanged files keep their
        // entry, so an unchanged night does not make a different bundle.
        ...(f.fetched_at ? { retrieved_at: f.fetched_at } : {}),
        licence: s.licence.slice(0, 500),
      })),
  );
}

/** Per jurisdiction, the oldest confirmation among its sources' files: what every one was checked by.
 *  Files kept without a request by policy (a closed session's sittings, a recorded division: final
 *  once published) do not count, or the record's oldest document would date the whole jurisdiction. */
export function verifiedAtByJurisdiction(report: FetchReport): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of report.sources) {
    if (!s.jurisdiction || s.status === 'disabled') continue;
    const requested = s.files.filter((f) => f.attempts > 0);
    for (const f of requested.length ? requested : s.files) {
      if (!f.verified_at || f.result === 'absent') continue;
      const seen = out.get(s.jurisdiction);
      if (!seen || f.verified_at < seen) out.set(s.jurisdiction, f.verified_at);
    }
  }
  return out;
}

/** A backfill cut at the fetch deadline is said in its jurisdiction's row: the statuses the source
 *  covers are at most `partial`, and the notes name what is still to come. */
export function markPartialBackfill(row: Record<string, unknown>, report: FetchReport): void {
  for (const s of report.sources) {
    if (!s.backfill || s.jurisdiction !== row.jurisdiction) continue;
    for (const f of s.backfill.covers) if (row[`${f}_status`] === 'live') row[`${f}_status`] = 'partial';
    // Only documents already named are counted: a page not fetched yet names more.
    const note = `Partial backfill: ${s.id} has at least ${s.backfill.deferred} document(s) not fetched yet (fetch deadline ${report.deadline ?? 'reached'}); the next nights continue it.`;
    row.notes = row.notes ? `${row.notes} ${note}` : note;
  }
}

/** Rewrites the bundle's manifest.json sources and jurisdictions.jsonl last_verified_at. */
export function stampProvenance(bundle: string, report: FetchReport): { sources: number; jurisdictions: number } {
  const manifestPath = join(bundle, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { sources?: ManifestSourceEntry[] };
  const entries = provenanceEntries(report);
  const ids = new Set(entries.map((e) => e.id));
  manifest.sources = [...(manifest.sources ?? []).filter((s) => !ids.has(s.id)), ...entries];
  writeFileAtomic(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  const jurPath = join(bundle, 'jurisdictions.jsonl');
  const verified = verifiedAtByJurisdiction(report);
  let stamped = 0;
  if (existsSync(jurPath)) {
    const rows = readFileSync(jurPath, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const row of rows) {
      const at = verified.get(row.jurisdiction as string);
      if (at) {
        row.last_verified_at = at;
        stamped++;
      }
      markPartialBackfill(row, report);
    }
    writeFileAtomic(jurPath, rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''));
  }
  return { sources: entries.length, jurisdictions: stamped };
}
