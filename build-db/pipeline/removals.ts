// Why records left the data file: every row of the last release missing from the new one is named,
// and its table's loss must carry a reason the run can show, or the publish fails.
//
// Reasons, most specific first:
//   - superseded: the row's natural key (`key`) is in the new file under another id;
//   - removed upstream: a file of a source that feeds the table answered 404/410 (the publisher withdrew it);
//   - changed upstream: a file of such a source changed (the publisher's document no longer holds the record);
//   - skipped by an importer: that importer skipped more records for a reason than the last release did;
//   - source missing: a source that feeds the table could not be read this run;
//   - derived: a table built from another (chunks from speeches) follows its parent's changes.
// Attribution is per table and source (rows carry no per-file provenance): a loss in a table whose
// inputs are byte-identical to the last release, with no new skips, is unexplained, and fails.
import Database from 'better-sqlite3';
import type { SourceReport } from '../fetch/run-fetch.js';
import type { ImportReport } from '../import/run-import.js';
import type { TableChange } from './change-report.js';
import type { GuardResult } from './guards.js';
import { summarizeSkipped, type SkippedSummary } from './import-report-summary.js';
import { quoteName as q } from '../../src/core/data-file/sql-name.js';

export type RemovalKind = 'superseded' | 'removed upstream' | 'changed upstream' | 'skipped by importer' | 'source missing' | 'derived';
export interface RemovalReason {
  kind: RemovalKind;
  detail: string;
  rows: number | null;
}
export interface TableRemovals {
  table: string;
  removed: number;
  /** The first removed rows' primary keys (natural key in brackets when the table has one). */
  sample: string[];
  reasons: RemovalReason[];
  explained: boolean;
}

/** Tables the build derives from the records of another (no importer writes them). */
export const DERIVED: Record<string, string[]> = {
  bill_events: ['bills'],
  bill_sponsors: ['bills', 'politicians'],
  vote_positions: ['votes', 'politicians'],
  chunks: ['speeches', 'bills'],
  chunk_rows: ['speeches', 'bills'],
  chunk_codes: ['speeches', 'bills'],
  chunk_int8: ['speeches', 'bills'],
  chunk_blocks: ['speeches', 'bills'],
  chunk_block_values: ['speeches', 'bills'],
  chunk_postings: ['speeches', 'bills'],
  chunk_term_docs: ['speeches', 'bills'],
  chunk_term_stats: ['speeches', 'bills'],
  chunk_vectors: ['speeches', 'bills'],
  committee_meetings: ['speeches'],
  politician_terms: ['politicians'],
  posts: ['politicians'],
  websites: ['politicians'],
  postcodes: ['fsa_points', 'boundaries'],
  fsas: ['fsa_points'],
  postcode_boundaries: ['fsa_points', 'boundaries'],
  point_boundary_sets: ['boundaries'],
  jurisdictions: ['politicians', 'boundaries'],
  encoder: ['speeches', 'bills'],
};

const SAMPLE = 20;

interface Inputs {
  candidate: string;
  previous: string;
  changes: Record<string, TableChange>;
  imported: ImportReport;
  previousSkipped: SkippedSummary | null;
  sources: SourceReport[];
}

function removedRows(db: Database.Database, table: string): { sample: string[]; superseded: number } {
  const cols = db.prepare(`SELECT name, pk FROM pragma_table_info(?, 'prev')`).all(table) as Array<{ name: string; pk: number }>;
  const now = new Set(
    (db.prepare(`SELECT name FROM pragma_table_info(?, 'main')`).all(table) as Array<{ name: string }>).map((c) => c.name),
  );
  const keys = cols
    .filter((c) => c.pk > 0 && now.has(c.name))
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  if (!keys.length) {
    const shared = cols
      .filter((c) => now.has(c.name))
      .map((c) => q(c.name))
      .join(', ');
    const rows = db
      .prepare(`SELECT ${shared} FROM prev.${q(table)} EXCEPT SELECT ${shared} FROM main.${q(table)} LIMIT ${SAMPLE}`)
      .raw()
      .all() as unknown[][];
    return { sample: rows.map((r) => r.map(String).join(' / ').slice(0, 120)), superseded: 0 };
  }
  const gone = `FROM prev.${q(table)} o WHERE NOT EXISTS (SELECT 1 FROM main.${q(table)} n WHERE ${keys.map((k) => `n.${q(k)} = o.${q(k)}`).join(' AND ')})`;
  const natural = cols.some((c) => c.name === 'key') && now.has('key') && !keys.includes('key');
  const pick = `${keys.map((k) => `ifnull(o.${q(k)}, '')`).join(" || ' / ' || ")}${natural ? " || ' [' || ifnull(o.key, '') || ']'" : ''}`;
  const sample = (db.prepare(`SELECT ${pick} AS k ${gone} LIMIT ${SAMPLE}`).all() as Array<{ k: string }>).map((r) => r.k);
  const superseded = natural
    ? (db.prepare(`SELECT count(*) AS n ${gone} AND EXISTS (SELECT 1 FROM main.${q(table)} m WHERE m.key = o.key)`).get() as { n: number })
        .n
    : 0;
  return { sample, superseded };
}

const list = (xs: string[], n = 5) => (xs.length > n ? `${xs.slice(0, n).join(', ')} … (${xs.length - n} more)` : xs.join(', '));

/** Reasons found in this run's inputs for records of `kind` (an importer's record kind) to go. */
function inputReasons(kind: string, o: Inputs): RemovalReason[] {
  const writers = o.imported.importers.filter((i) => (i.written as Record<string, number>)[kind] !== undefined).map((i) => i.kind);
  const feeding = o.sources.filter((s) => s.importer && writers.includes(s.importer));
  const reasons: RemovalReason[] = [];
  for (const s of feeding) {
    if (s.items.removed.length) reasons.push({ kind: 'removed upstream', detail: `${s.id}: ${list(s.items.removed)}`, rows: null });
    if (s.items.changed.length) reasons.push({ kind: 'changed upstream', detail: `${s.id}: ${list(s.items.changed)}`, rows: null });
    if (s.status === 'missing' || s.status === 'disabled')
      reasons.push({
        kind: 'source missing',
        detail: `${s.id} (${s.status}${s.problems.length ? `: ${list(s.problems, 2)}` : ''})`,
        rows: null,
      });
  }
  // A source whose importer wrote nothing this run (it failed, or its folder vanished) cannot be a
  // writer above: its absence is named through the sources that name no running importer.
  for (const s of o.sources.filter(
    (x) => x.importer && !o.imported.importers.some((i) => i.kind === x.importer) && (x.status === 'missing' || x.status === 'disabled'),
  )) {
    reasons.push({ kind: 'source missing', detail: `${s.id} (${s.status}; importer ${s.importer} not run)`, rows: null });
  }
  // The reconciler (one record kept where two importers read the same thing) skips too: its reasons
  // name the record kind ("vote superseded by …").
  const skipped = summarizeSkipped(o.imported).by_importer;
  const singular = kind.replace(/s$/, '').replace(/_/g, ' ');
  for (const w of [...writers, ...Object.keys(skipped).filter((k) => k === 'reconcile')]) {
    const before = o.previousSkipped?.by_importer[w] ?? {};
    for (const [reason, n] of Object.entries(skipped[w] ?? {})) {
      if (w === 'reconcile' && !reason.toLowerCase().includes(singular)) continue;
      const more = n - (before[reason] ?? 0);
      if (more > 0) reasons.push({ kind: 'skipped by importer', detail: `${w}: ${reason} (+${more} since the last release)`, rows: more });
    }
  }
  return reasons;
}

export function explainRemovals(o: Inputs): TableRemovals[] {
  const losing = Object.entries(o.changes).filter(([, c]) => c.previous !== null && c.removed > 0);
  if (!losing.length) return [];
  const db = new Database(o.candidate, { readonly: true });
  try {
    db.prepare('ATTACH DATABASE ? AS prev').run(o.previous);
    const out: TableRemovals[] = [];
    for (const [table, change] of losing) {
      const { sample, superseded } = removedRows(db, table);
      const reasons: RemovalReason[] = [];
      if (superseded)
        reasons.push({ kind: 'superseded', detail: `${superseded} row(s) whose key is in the new file under a new id`, rows: superseded });
      if (change.removed > superseded) {
        const parents = DERIVED[table];
        if (parents) {
          for (const p of parents) {
            const pc = o.changes[p];
            if (pc && (pc.added || pc.removed || pc.changed))
              reasons.push({
                kind: 'derived',
                detail: `built from ${p}, which changed: +${pc.added} −${pc.removed} ~${pc.changed ?? '?'}`,
                rows: null,
              });
            reasons.push(...inputReasons(p, o));
          }
        } else reasons.push(...inputReasons(table, o));
      }
      out.push({
        table,
        removed: change.removed,
        sample,
        reasons: dedupe(reasons),
        explained: change.removed <= superseded || reasons.length > 0,
      });
    }
    return out;
  } finally {
    db.close();
  }
}

function dedupe(reasons: RemovalReason[]): RemovalReason[] {
  const seen = new Set<string>();
  return reasons.filter((r) => {
    const k = `${r.kind} ${r.detail}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Every removed row's table names a reason; a loss no input explains fails the publish. */
export function removalsGuard(removals: TableRemovals[] | null): GuardResult {
  const guard = 'no records lost without a named reason';
  if (removals === null) return { guard, ok: true, detail: 'no previous data file to compare with' };
  const bad = removals.filter((r) => !r.explained);
  if (bad.length)
    return {
      guard,
      ok: false,
      detail: `unexplained: ${bad.map((r) => `${r.table} −${r.removed} (${list(r.sample, 3)})`).join('; ')}: inputs unchanged, no new skips, no superseding record`,
    };
  return {
    guard,
    ok: true,
    detail: removals.length
      ? removals.map((r) => `${r.table} −${r.removed}: ${list([...new Set(r.reasons.map((x) => x.kind))], 6)}`).join('; ')
      : 'no record removed',
  };
}
