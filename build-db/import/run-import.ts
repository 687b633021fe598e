// `canpol import`: runs importers into a bundle folder, reconciles the parts, writes the manifest,
// the jurisdictions file and a report of everything skipped or unlinked, with attribution rates.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readParts, writeManifest, writePart, type ImportRecord } from './bundle-folder.js';
import { Identity, type Tally } from './identity.js';
import { reconcile } from './reconcile.js';
import type { ImportedRecords, Importer, Skip } from './types.js';

export interface ImportReportEntry {
  kind: string;
  from: string;
  seconds: number;
  written: Record<string, number>;
  skipped: number;
  skipped_by_reason: Record<string, number>;
  attribution: Record<string, Tally & { rate: number }>;
  stats: Record<string, number>;
}

export interface ImportReport {
  into: string;
  extracted_at: string;
  importers: ImportReportEntry[];
  reconcile: { changed_parts: string[]; notes_by_reason: Record<string, number> };
  /** Every skipped or unlinked record, with file, record and reason. */
  skipped: Array<Skip & { importer: string }>;
}

export interface RunImportOptions {
  importers: readonly Importer[];
  /** Per importer, the path it reads. */
  fromOf: (importer: Importer) => string;
  into: string;
  extractedAt?: string;
  onProgress?: (msg: string) => void;
}

export class ImportError extends Error {
  constructor(message: string) { super(message); this.name = 'ImportError'; }
}

const byReason = (skips: Skip[]) => skips.reduce<Record<string, number>>((acc, s) => { acc[s.reason] = (acc[s.reason] ?? 0) + 1; return acc; }, {});

function politiciansOf(parts: Map<string, ImportedRecords>) {
  return [...parts.values()].flatMap((r) => r.politicians ?? []).map((p) => ({
    key: p.key, name: p.name, first_name: p.first_name, last_name: p.last_name,
    constituency_name: p.constituency_name, party: p.party, terms: p.terms,
  }));
}

function merged(parts: Map<string, ImportedRecords>, except: string): ImportedRecords {
  const out: Record<string, unknown[]> = {};
  for (const [part, recs] of parts) {
    if (part === except) continue;
    for (const [k, rows] of Object.entries(recs)) out[k] = [...(out[k] ?? []), ...(rows as unknown[])];
  }
  return out as ImportedRecords;
}

export async function runImport({ importers, fromOf, into, extractedAt, onProgress = () => {} }: RunImportOptions): Promise<ImportReport> {
  const when = extractedAt ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  mkdirSync(into, { recursive: true });
  const parts = readParts(into);
  const entries: ImportReportEntry[] = [];
  const skipped: ImportReport['skipped'] = [];
  const done: ImportRecord[] = [];

  for (const importer of importers) {
    const from = fromOf(importer);
    if (!existsSync(from) && importer.optional) {
      onProgress(`${importer.kind}: ${from} does not exist; skipped (${importer.optional})`);
      skipped.push({ importer: importer.kind, file: from, record: 'whole dataset', reason: 'optional dataset not present', detail: importer.optional });
      continue;
    }
    if (!existsSync(from)) throw new ImportError(`${importer.kind}: ${from} does not exist`);
    const started = performance.now();
    const identity = new Identity(politiciansOf(new Map([...parts].filter(([p]) => p !== importer.kind))));
    const mine: Skip[] = [];
    onProgress(`${importer.kind}: reading ${from}`);
    const output = await importer.run(from, {
      identity,
      existing: merged(parts, importer.kind),
      previous: parts.get(importer.kind) ?? {},
      extractedAt: when,
      skip: (s) => mine.push(s),
      log: (m) => onProgress(`${importer.kind}: ${m}`),
    });
    parts.set(importer.kind, output.records);
    done.push({ kind: importer.kind, from, sources: output.sources, coverage: output.coverage });
    skipped.push(...mine.map((s) => ({ importer: importer.kind, ...s })));
    const written = Object.fromEntries(Object.entries(output.records).map(([k, rows]) => [k, (rows as unknown[]).length]).filter(([, n]) => n));
    const attribution = Object.fromEntries([...identity.tallies].map(([src, t]) => [src, { ...t, rate: t.total ? Number((t.resolved / t.total).toFixed(4)) : 0 }]));
    entries.push({ kind: importer.kind, from, seconds: Number(((performance.now() - started) / 1000).toFixed(2)), written, skipped: mine.length, skipped_by_reason: byReason(mine), attribution, stats: output.stats ?? {} });
    onProgress(`${importer.kind}: ${Object.entries(written).map(([k, n]) => `${n} ${k}`).join(', ') || 'nothing'}; ${mine.length} skipped`);
  }

  const { changedParts, notes } = reconcile(parts);
  for (const kind of new Set([...done.map((d) => d.kind), ...changedParts])) writePart(into, kind, parts.get(kind) ?? {});
  writeManifest(into, done, when);
  skipped.push(...notes.map((n) => ({ importer: 'reconcile', ...n })));
  return {
    into,
    extracted_at: when,
    importers: entries,
    reconcile: { changed_parts: [...changedParts].sort(), notes_by_reason: byReason(notes) },
    skipped,
  };
}

export function writeReport(path: string, report: ImportReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(report, null, 2) + '\n');
}

/** The console summary: per importer, what was written, what was skipped and why, attribution. */
export function summarize(report: ImportReport): string {
  const lines: string[] = [];
  for (const e of report.importers) {
    lines.push(`${e.kind} (${e.seconds}s): ${Object.entries(e.written).map(([k, n]) => `${n} ${k}`).join(', ') || 'nothing written'}`);
    for (const [reason, n] of Object.entries(e.skipped_by_reason).sort((a, b) => b[1] - a[1])) lines.push(`  skipped ${n}: ${reason}`);
    for (const [src, t] of Object.entries(e.attribution)) lines.push(`  attribution ${src}: ${t.resolved}/${t.total} (${(t.rate * 100).toFixed(1)}%; ${Object.entries(t.byMethod).map(([m, n]) => `${m} ${n}`).join(', ') || 'none'}; ambiguous ${t.ambiguous}, unmatched ${t.unmatched})`);
    for (const [stat, n] of Object.entries(e.stats)) lines.push(`  ${stat}: ${n}`);
  }
  for (const [reason, n] of Object.entries(report.reconcile.notes_by_reason)) lines.push(`reconcile ${n}: ${reason}`);
  lines.push(`${report.skipped.length} records skipped or unlinked in all; the report lists each with file, record and reason`);
  return lines.join('\n');
}

export const datasetPath = (datasets: string) => (importer: Importer) => join(datasets, importer.datasetDir);
