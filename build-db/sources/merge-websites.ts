// A politician's website named by several parts (Wikidata's official website, the scans of the
// nightly) is one site: its scans are united (one per scanned_at), it is active as its latest scan
// says (when none has scans: active only if every part says so, e.g. a site never reached is not), and its label is the first one given.
import type { SourceRecords } from './files.js';

export function mergeWebsites(records: SourceRecords): number {
  const byKey = new Map<string, SourceRecords['websites'][number]>();
  let merged = 0;
  for (const entry of records.websites) {
    const k = `${entry.record.politician_key} ${entry.record.url}`;
    const had = byKey.get(k);
    if (!had) {
      byKey.set(k, entry);
      continue;
    }
    merged++;
    const a = had.record;
    const b = entry.record;
    const scans = [...new Map([...a.scans, ...b.scans].map((s) => [s.scanned_at, s])).values()].sort((x, y) =>
      x.scanned_at.localeCompare(y.scanned_at),
    );
    const latestA =
      a.scans
        .map((s) => s.scanned_at)
        .sort()
        .at(-1) ?? '';
    const latestB =
      b.scans
        .map((s) => s.scanned_at)
        .sort()
        .at(-1) ?? '';
    const is_active = latestA || latestB ? (latestB > latestA ? b.is_active : a.is_active) : a.is_active && b.is_active;
    had.record = {
      ...a,
      label: a.label ?? b.label,
      is_active,
      scans,
      created_at: a.created_at ?? b.created_at,
      updated_at: [a.updated_at, b.updated_at].filter(Boolean).sort().at(-1) ?? null,
    };
  }
  records.websites = [...byKey.values()];
  return merged;
}
