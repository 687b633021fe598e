// Reads and writes the parts of a source bundle folder that importers own: `<entity>.<kind>.jsonl`
// per importer, plus the manifest and the jurisdictions file, which describe every part together.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { SOURCE_FILES, type SourceKind } from '../sources/files.js';
import { SOURCE_FORMAT_VERSION } from '../sources/schemas.js';
import { JURISDICTIONS } from '../../src/core/domain/enums.js';
import { LEGISLATURES } from './legislatures.js';
import { describeGaps } from './publisher-gaps.js';
import type { CoverageClaim, ImportedRecords, ImportOutput, Refusal } from './types.js';

const KINDS = Object.keys(SOURCE_FILES) as SourceKind[];
const partName = (kind: SourceKind, part: string) => SOURCE_FILES[kind].file.replace(/\.jsonl$/, `.${part}.jsonl`);

/** Parts already in the folder, by importer kind; the parts named in `except` are not read. */
export function readParts(dir: string, except: ReadonlySet<string> = new Set()): Map<string, ImportedRecords> {
  const parts = new Map<string, ImportedRecords>();
  if (!existsSync(dir)) return parts;
  for (const name of readdirSync(dir)) {
    const m = /^([a-z_]+)\.([a-z0-9][a-z0-9-]*)\.jsonl$/.exec(name);
    if (!m || !KINDS.includes(m[1] as SourceKind) || except.has(m[2])) continue;
    const records = parts.get(m[2]) ?? {};
    const rows = readFileSync(join(dir, name), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    (records as Record<string, unknown[]>)[m[1]] = rows;
    parts.set(m[2], records);
  }
  return parts;
}

function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** One JSON line per row, written in batches: a part of 100,000 speeches joined into one string
 *  first held the file twice over (the rows' lines and their join) at the import's peak. */
function writeLinesAtomic(path: string, rows: unknown[]): void {
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    for (let i = 0; i < rows.length; i += 1000)
      writeSync(
        fd,
        rows
          .slice(i, i + 1000)
          .map((r) => `${JSON.stringify(r)}\n`)
          .join(''),
      );
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/** Replaces every part file of `part` with its records (entities it no longer has are removed). */
export function writePart(dir: string, part: string, records: ImportedRecords): Record<string, number> {
  mkdirSync(dir, { recursive: true });
  const counts: Record<string, number> = {};
  for (const kind of KINDS) {
    const path = join(dir, partName(kind, part));
    const rows = (records[kind] ?? []) as unknown[];
    if (!rows.length) {
      rmSync(path, { force: true });
      continue;
    }
    writeLinesAtomic(path, rows);
    counts[kind] = rows.length;
  }
  return counts;
}

export interface ImportRecord {
  kind: string;
  from: string;
  sources: ImportOutput['sources'];
  coverage: CoverageClaim[];
  skippedSets?: Refusal[];
}

interface ManifestOnDisk {
  format_version: number;
  name: string;
  demo: boolean;
  extracted_at: string;
  description?: string;
  sources: ImportOutput['sources'];
  imports?: Record<string, Omit<ImportRecord, 'kind'>>;
  skipped_sets?: Array<Refusal & { importer: string }>;
}

/**
 * Records this import in manifest.json (kept: the other importers' entries) and rewrites
 * jurisdictions.jsonl from every import's coverage claims: the best status claimed wins.
 */
export function writeManifest(dir: string, done: ImportRecord[], extractedAt: string, dropped: readonly string[] = []): void {
  const path = join(dir, 'manifest.json');
  const old: ManifestOnDisk | null = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
  const imports = { ...(old?.imports ?? {}) };
  for (const d of done) imports[d.kind] = { from: d.from, sources: d.sources, coverage: d.coverage, skippedSets: d.skippedSets ?? [] };
  // Importers left out of this run on purpose (--commercial-only): their sources and coverage go.
  for (const kind of dropped) delete imports[kind];
  const sources = Object.values(imports).flatMap((i) => i.sources);
  const manifest: ManifestOnDisk = {
    format_version: SOURCE_FORMAT_VERSION,
    name: old?.name ?? 'canpol data imported from upstream sources',
    demo: false,
    extracted_at: extractedAt,
    description: 'Written by `canpol import`; each importer owns its `<entity>.<kind>.jsonl` parts.',
    sources: [...new Map(sources.map((s) => [s.id, s])).values()],
    imports,
    skipped_sets: Object.entries(imports).flatMap(([importer, i]) => (i.skippedSets ?? []).map((r) => ({ importer, ...r }))),
  };
  writeAtomic(path, `${JSON.stringify(manifest, null, 2)}\n`);

  const rank = { none: 0, partial: 1, live: 2 } as const;
  type Status = keyof typeof rank;
  // Every legislature has a row (the spec's 14), `none` until an import claims coverage of it.
  const rows = new Map<string, Record<string, unknown>>(
    Object.entries(LEGISLATURES).map(([jurisdiction, leg]) => [
      jurisdiction,
      {
        jurisdiction,
        legislature_name: leg.legislature_name,
        seats: leg.seats,
        bills_status: 'none',
        hansard_status: 'none',
        votes_status: 'none',
        committees_status: 'none',
        last_verified_at: null,
        source_urls: { ...leg.source_urls },
        notes: null,
        politicians_status: 'none',
      },
    ]),
  );
  for (const claim of Object.values(imports).flatMap((i) => i.coverage)) {
    const row = rows.get(claim.jurisdiction)!;
    for (const f of ['bills', 'hansard', 'votes', 'committees', 'politicians'] as const) {
      const want = claim[f];
      if (want && rank[want] > rank[row[`${f}_status`] as Status]) row[`${f}_status`] = want;
    }
    if (claim.last_verified_at && (!row.last_verified_at || claim.last_verified_at > (row.last_verified_at as string)))
      row.last_verified_at = claim.last_verified_at;
    Object.assign(row.source_urls as object, claim.source_urls ?? {});
    if (claim.notes) row.notes = row.notes ? `${row.notes} ${claim.notes}` : claim.notes;
    rows.set(claim.jurisdiction, row);
  }
  // What no import claims is said, not left blank (publisher-gaps.ts).
  const ordered = JURISDICTIONS.map((j) => describeGaps(rows.get(j)! as { jurisdiction: string; notes: string | null }));
  writeAtomic(join(dir, 'jurisdictions.jsonl'), `${ordered.map((r) => JSON.stringify(r)).join('\n')}\n`);
}
