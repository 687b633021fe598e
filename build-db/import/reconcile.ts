// Rules across importers, applied to the whole bundle after every import so the result does not
// depend on the order importers ran in: one record per vote key (the one with member positions wins,
// its totals checked against the other), and references to records another importer no longer
// provides set to null with the raw name kept. Every change is reported.
import type { ImportedRecords, SourceInput, Skip } from './types.js';

type Parts = Map<string, ImportedRecords>; // part name (importer kind) → its records

export interface Reconciled {
  changedParts: Set<string>;
  notes: Skip[];
}

export function reconcile(parts: Parts): Reconciled {
  const changedParts = new Set<string>();
  const notes: Skip[] = [];
  const note = (part: string, record: string, reason: string, detail?: string) =>
    notes.push({ file: `${part} (reconcile)`, record, reason, ...(detail ? { detail } : {}) });

  // 1. Sessions and parties several importers need: the first part (by name) keeps the record and
  //    gains any field it lacks from the others.
  for (const kind of ['sessions', 'parties'] as const) {
    const first = new Map<string, { part: string; row: Record<string, unknown> }>();
    for (const [part, recs] of [...parts].sort(([a], [b]) => a.localeCompare(b))) {
      const rows = (recs[kind] ?? []) as Array<Record<string, unknown> & { key: string }>;
      const kept = rows.filter((row) => {
        const seen = first.get(row.key);
        if (!seen) {
          first.set(row.key, { part, row });
          return true;
        }
        for (const [f, value] of Object.entries(row)) {
          if ((seen.row[f] === undefined || seen.row[f] === null) && value !== null && value !== undefined) {
            seen.row[f] = value;
            changedParts.add(seen.part);
          }
        }
        return false;
      });
      if (kept.length !== rows.length) {
        (recs as Record<string, unknown>)[kind] = kept;
        changedParts.add(part);
      }
    }
  }

  // 2. One vote per key.
  const owner = new Map<string, { part: string; vote: SourceInput<'votes'> }>();
  for (const [part, recs] of [...parts].sort(([a], [b]) => a.localeCompare(b))) {
    for (const vote of recs.votes ?? []) {
      const seen = owner.get(vote.key);
      if (!seen) {
        owner.set(vote.key, { part, vote });
        continue;
      }
      const mine = (vote.positions?.length ?? 0) > (seen.vote.positions?.length ?? 0);
      const [keep, drop] = mine ? [{ part, vote }, seen] : [seen, { part, vote }];
      const totals = (x: SourceInput<'votes'>) => `${x.ayes ?? '?'}-${x.nays ?? '?'}`;
      const agree =
        totals(keep.vote) === totals(drop.vote) ? 'totals agree' : `totals differ: ${totals(keep.vote)} kept, ${totals(drop.vote)} dropped`;
      note(drop.part, `vote ${vote.key}`, `vote superseded by a record with member positions from ${keep.part}`, agree);
      if (!keep.vote.bill_number && drop.vote.bill_number) keep.vote.bill_number = drop.vote.bill_number;
      parts.get(drop.part)!.votes = parts.get(drop.part)!.votes!.filter((v) => v !== drop.vote);
      changedParts.add(drop.part);
      if (mine) {
        owner.set(vote.key, keep);
        changedParts.add(part);
      }
    }
  }

  // 3. References to politicians, sessions and bills that exist in no part.
  const all = <K extends keyof ImportedRecords>(k: K) =>
    [...parts.values()].flatMap((r) => (r[k] ?? []) as NonNullable<ImportedRecords[K]>);
  // A person may be referred to by any of their keys: the build merges them (merge-politicians.ts).
  const politicians = new Set(all('politicians').flatMap((p) => [p.key, ...(p.same_as ?? [])]));
  const sessions = new Set(all('sessions').map((s) => s.key));
  const bills = new Set(all('bills').map((b) => `${b.session_key} ${b.bill_number}`));
  for (const [part, recs] of parts) {
    const fix = (record: string, what: string, detail: string) => {
      changedParts.add(part);
      note(part, record, what, detail);
    };
    // Records that only exist for a politician (offices, handles, sites, posts) go with them.
    for (const kind of ['offices', 'socials', 'websites', 'posts'] as const) {
      const rows = (recs[kind] ?? []) as Array<{ politician_key: string }>;
      const kept = rows.filter((r) => politicians.has(r.politician_key));
      for (const r of rows)
        if (!politicians.has(r.politician_key))
          fix(`${kind} of ${r.politician_key}`, `${kind} dropped: politician in no part`, r.politician_key);
      if (kept.length !== rows.length) (recs as Record<string, unknown>)[kind] = kept;
    }
    for (const b of recs.bills ?? []) {
      for (const s of b.sponsors ?? []) {
        if (s.politician_key && !politicians.has(s.politician_key)) {
          fix(`bill ${b.session_key} ${b.bill_number}`, 'sponsor unlinked: politician in no part', s.politician_key);
          s.politician_key = null;
        }
      }
    }
    for (const v of recs.votes ?? []) {
      if (v.bill_number && !bills.has(`${v.session_key} ${v.bill_number}`)) {
        fix(`vote ${v.key}`, 'vote unlinked from its bill: bill in no part', v.bill_number);
        v.bill_number = null;
      }
      for (const p of v.positions ?? []) {
        if (p.politician_key && !politicians.has(p.politician_key)) {
          fix(`vote ${v.key}`, 'voter unlinked: politician in no part', p.politician_key);
          p.politician_key = null;
        }
      }
    }
    for (const s of recs.speeches ?? []) {
      if (s.politician_key && !politicians.has(s.politician_key)) {
        fix(`speech ${s.key}`, 'speaker unlinked: politician in no part', s.politician_key);
        s.politician_key = null;
      }
      if (s.session_key && !sessions.has(s.session_key)) {
        fix(`speech ${s.key}`, 'speech unlinked from its session: session in no part', s.session_key);
        s.session_key = null;
      }
    }
  }
  return { changedParts, notes };
}
