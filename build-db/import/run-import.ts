// `canpol import`: runs importers into a bundle folder, reconciles the parts, writes the manifest,
// the jurisdictions file and a report of everything skipped or unlinked, with attribution rates.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readParts, writeManifest, writePart, type ImportRecord } from './bundle-folder.js';
import { latestParliament, mergePoliticians, type LoosePolitician, type MergeIssue } from '../sources/merge-politicians.js';
import { Identity, type Person, type Tally } from './identity.js';
import { reconcile } from './reconcile.js';
import type { ImportedRecords, Importer, Refusal, Skip } from './types.js';

export interface ImportReportEntry {
  kind: string;
  from: string;
  seconds: number;
  written: Record<string, number>;
  skipped: number;
  skipped_by_reason: Record<string, number>;
  attribution: Record<string, Tally & { rate: number }>;
  stats: Record<string, number>;
  notes: string[];
}

export interface ImportReport {
  into: string;
  extracted_at: string;
  importers: ImportReportEntry[];
  reconcile: { changed_parts: string[]; notes_by_reason: Record<string, number> };
  /** Every skipped or unlinked record, with file, record and reason. */
  skipped: Array<Skip & { importer: string }>;
  /** Whole sets the operator chose to skip (--skip-boundary-sets), each with why and how many records. */
  skipped_sets: Array<Refusal & { importer: string }>;
}

export interface RunImportOptions {
  importers: readonly Importer[];
  /** Per importer, the path it reads. */
  fromOf: (importer: Importer) => string;
  into: string;
  extractedAt?: string;
  onProgress?: (msg: string) => void;
  /** Sets (boundary set slugs) the operator allows to be left out when their rule cannot be applied. */
  skipSets?: readonly string[];
  /** The order people flow in (importer kinds, the registry's): an importer sees the parts of those
   *  before it and of importers not listed, never its own nor those after it — so what it writes
   *  never depends on what a later importer wrote in an earlier run. Default: `importers`' order. */
  order?: readonly string[];
  /** Leave out the importers whose terms forbid commercial reuse, and their parts from earlier runs. */
  commercialOnly?: boolean;
  /** Importers left out on purpose (by kind), and their parts from earlier runs. */
  leaveOut?: readonly string[];
}

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

const byReason = (skips: Skip[]) =>
  skips.reduce<Record<string, number>>((acc, s) => {
    acc[s.reason] = (acc[s.reason] ?? 0) + 1;
    return acc;
  }, {});

/** The people of the bundle's parts, merged one per person as the build will merge them. */
export function peopleOf(parts: Map<string, ImportedRecords>): { people: Person[]; issues: MergeIssue[] } {
  const located = [...parts]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([part, r]) =>
      (r.politicians ?? []).map((record, i) => ({ file: `politicians.${part}.jsonl`, line: i + 1, record: record as LoosePolitician })),
    );
  const sessions = [...parts.values()]
    .flatMap((r) => r.sessions ?? [])
    .map((s) => ({ level: s.level, parliament_number: s.parliament_number }));
  const merged = mergePoliticians(located, {
    latestParliament: latestParliament(
      sessions,
      located.map((l) => l.record),
    ),
  });
  const people = merged.politicians.map(({ record: p }) => ({
    key: p.key,
    name: p.name,
    same_as: p.same_as,
    other_names: p.other_names,
    first_name: (p.first_name as string | null) ?? null,
    last_name: (p.last_name as string | null) ?? null,
    constituency_name: (p.constituency_name as string | null) ?? null,
    party: (p.party as string | null) ?? null,
    level: p.level,
    province_territory: (p.province_territory as string | null) ?? null,
    terms: p.terms,
  }));
  return { people, issues: merged.issues };
}

function merged(parts: Map<string, ImportedRecords>, except: string): ImportedRecords {
  const out: Record<string, unknown[]> = {};
  for (const [part, recs] of parts) {
    if (part === except) continue;
    for (const [k, rows] of Object.entries(recs)) out[k] = [...(out[k] ?? []), ...(rows as unknown[])];
  }
  return out as ImportedRecords;
}

export async function runImport({
  importers,
  fromOf,
  into,
  extractedAt,
  onProgress = () => {},
  skipSets = [],
  order = importers.map((i) => i.kind),
  commercialOnly = false,
  leaveOut = [],
}: RunImportOptions): Promise<ImportReport> {
  const when = extractedAt ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  mkdirSync(into, { recursive: true });
  // A part this run replaces whole is not read: holding the last run's copy beside the new one (Ontario's
  // 115,000 speeches) took a repeated `make data-real` from 1.8 to 3.1 GB. Read are the parts of importers
  // not run, of optional ones whose dataset is absent (kept as they are), and `keepsHistory` ones (ctx.previous).
  const leftOutHere = (i: Importer) => leaveOut.includes(i.kind) || (commercialOnly && i.terms?.commercial === 'forbidden');
  const replaced = importers.filter((i) => leftOutHere(i) || (!i.keepsHistory && (!i.optional || existsSync(fromOf(i)))));
  const parts = readParts(into, new Set(replaced.map((i) => i.kind)));
  const entries: ImportReportEntry[] = [];
  const skipped: ImportReport['skipped'] = [];
  const done: ImportRecord[] = [];
  const refused: Array<Refusal & { importer: string }> = [];
  const leftOut: string[] = [];

  for (const importer of importers) {
    if (leaveOut.includes(importer.kind)) {
      onProgress(`${importer.kind}: left out (--leave-out)`);
      skipped.push({
        importer: importer.kind,
        file: fromOf(importer),
        record: 'whole dataset',
        reason: 'left out on purpose (--leave-out)',
      });
      parts.delete(importer.kind);
      leftOut.push(importer.kind);
      continue;
    }
    if (commercialOnly && importer.terms?.commercial === 'forbidden') {
      // Its records of an earlier run go too, so no later importer links to them and the bundle holds none.
      onProgress(`${importer.kind}: left out (--commercial-only): ${importer.terms.summary}`);
      skipped.push({
        importer: importer.kind,
        file: fromOf(importer),
        record: 'whole dataset',
        reason: 'left out: terms forbid commercial reuse (--commercial-only)',
        detail: importer.terms.summary,
      });
      parts.delete(importer.kind);
      leftOut.push(importer.kind);
      continue;
    }
    const from = fromOf(importer);
    if (!existsSync(from) && importer.optional) {
      onProgress(`${importer.kind}: ${from} does not exist; skipped (${importer.optional})`);
      skipped.push({
        importer: importer.kind,
        file: from,
        record: 'whole dataset',
        reason: 'optional dataset not present',
        detail: importer.optional,
      });
      continue;
    }
    if (!existsSync(from)) throw new ImportError(`${importer.kind}: ${from} does not exist`);
    const started = performance.now();
    const rank = order.indexOf(importer.kind);
    const visible = ([p]: [string, unknown]) => p !== importer.kind && !(rank >= 0 && order.indexOf(p) >= rank);
    const identity = new Identity(peopleOf(new Map([...parts].filter(visible))).people);
    const mine: Skip[] = [];
    onProgress(`${importer.kind}: reading ${from}`);
    const output = await importer.run(from, {
      identity,
      existing: merged(new Map([...parts].filter(visible)), importer.kind),
      previous: parts.get(importer.kind) ?? {},
      extractedAt: when,
      skip: (s) => mine.push(s),
      refuse: (r) => {
        refused.push({ importer: importer.kind, ...r });
        onProgress(`${importer.kind}: ${r.set} NOT IMPORTED: ${r.reason}`);
      },
      log: (m) => onProgress(`${importer.kind}: ${m}`),
    });
    parts.set(importer.kind, output.records);
    done.push({
      kind: importer.kind,
      from,
      sources: output.sources,
      coverage: output.coverage,
      skippedSets: refused.filter((r) => r.importer === importer.kind).map(({ importer: _i, ...r }) => r),
    });
    skipped.push(...mine.map((s) => ({ importer: importer.kind, ...s })));
    const written = Object.fromEntries(
      Object.entries(output.records)
        .map(([k, rows]) => [k, (rows as unknown[]).length])
        .filter(([, n]) => n),
    );
    const attribution = Object.fromEntries(
      [...identity.tallies].map(([src, t]) => [src, { ...t, rate: t.total ? Number((t.resolved / t.total).toFixed(4)) : 0 }]),
    );
    entries.push({
      kind: importer.kind,
      from,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      written,
      skipped: mine.length,
      skipped_by_reason: byReason(mine),
      attribution,
      stats: output.stats ?? {},
      notes: output.notes ?? [],
    });
    onProgress(
      `${importer.kind}: ${
        Object.entries(written)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ') || 'nothing'
      }; ${mine.length} skipped`,
    );
  }

  // A set refused and not skipped by the operator fails the import before anything is written.
  const allowed = new Set(skipSets);
  const failing = refused.filter((r) => !allowed.has(r.set));
  if (failing.length) {
    throw new ImportError(
      `${failing.length} set(s) cannot be imported, nothing was written:\n${failing.map((r) => `  ${r.set} (${r.importer}, ${r.records} records): ${r.reason}`).join('\n')}\n` +
        `fix the rule, or leave the set out on purpose with --skip-boundary-sets ${failing.map((r) => r.set).join(',')}`,
    );
  }
  const { changedParts, notes } = reconcile(parts);
  // The build refuses a bundle whose records would give one person two House PersonIds: say so here.
  for (const i of peopleOf(parts).issues)
    notes.push({
      file: `${i.file} (merge)`,
      record: `line ${i.line}`,
      reason: 'same_as joining two House PersonIds (the build will refuse it)',
      detail: i.message,
    });
  for (const kind of new Set([...done.map((d) => d.kind), ...changedParts, ...leftOut])) writePart(into, kind, parts.get(kind) ?? {});
  writeManifest(into, done, when, leftOut);
  skipped.push(...notes.map((n) => ({ importer: 'reconcile', ...n })));
  return {
    into,
    extracted_at: when,
    importers: entries,
    reconcile: { changed_parts: [...changedParts].sort(), notes_by_reason: byReason(notes) },
    skipped,
    skipped_sets: refused,
  };
}

export function writeReport(path: string, report: ImportReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}

/** The console summary: per importer, what was written, what was skipped and why, attribution. */
export function summarize(report: ImportReport): string {
  const lines: string[] = [];
  for (const e of report.importers) {
    lines.push(
      `${e.kind} (${e.seconds}s): ${
        Object.entries(e.written)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ') || 'nothing written'
      }`,
    );
    for (const [reason, n] of Object.entries(e.skipped_by_reason).sort((a, b) => b[1] - a[1])) lines.push(`  skipped ${n}: ${reason}`);
    for (const [src, t] of Object.entries(e.attribution))
      lines.push(
        `  attribution ${src}: ${t.resolved}/${t.total} (${(t.rate * 100).toFixed(1)}%; ${
          Object.entries(t.byMethod)
            .map(([m, n]) => `${m} ${n}`)
            .join(', ') || 'none'
        }; ambiguous ${t.ambiguous}, unmatched ${t.unmatched})`,
      );
    for (const [stat, n] of Object.entries(e.stats)) lines.push(`  ${stat}: ${n}`);
    for (const note of e.notes) lines.push(`  note: ${note}`);
  }
  for (const [reason, n] of Object.entries(report.reconcile.notes_by_reason)) lines.push(`reconcile ${n}: ${reason}`);
  lines.push(`${report.skipped.length} records skipped or unlinked in all; the report lists each with file, record and reason`);
  if (report.skipped_sets.length) lines.push(skippedSetsBlock(report.skipped_sets));
  return lines.join('\n');
}

/** The block that ends a run which left sets out on the operator's word: loud, one line per set. */
export function skippedSetsBlock(sets: ReadonlyArray<Refusal & { importer: string }>): string {
  const bar = '!'.repeat(100);
  const records = sets.reduce((n, s) => n + s.records, 0);
  return [
    bar,
    `!!! ${sets.length} SET(S) LEFT OUT OF THIS DATA (--skip-boundary-sets), ${records} records not imported:`,
    ...sets.map((s) => `!!!   ${s.set} (${s.importer}): ${s.records} records: ${s.reason}`),
    bar,
  ].join('\n');
}

export const datasetPath = (datasets: string) => (importer: Importer) => join(datasets, importer.datasetDir);
