// The importer contract: an importer reads upstream files and returns source records (the input
// shape of build-db/sources/schemas.ts). It never writes files and never throws on a bad record:
// what it cannot map it reports through `ctx.skip`, so nothing is dropped silently.
import type * as v from 'valibot';
import type { SOURCE_FILES, SourceKind } from '../sources/files.js';
import type { Identity } from './identity.js';

/** A record as an importer writes it: optional fields may be omitted. */
export type SourceInput<K extends SourceKind> = v.InferInput<(typeof SOURCE_FILES)[K]['schema']>;
export type ImportedRecords = { [K in SourceKind]?: Array<SourceInput<K>> };

export interface Skip {
  /** Upstream file the record came from (relative to --from). */
  file: string;
  /** What identifies the record in that file: a line, an element id, a bill number. */
  record: string;
  /** A stable category, the same text for every record skipped for the same cause (the console
   *  summary groups by it), e.g. "bill without a session". */
  reason: string;
  /** Record-specific particulars, e.g. the unexpected value. */
  detail?: string;
}

/** What the legislature's coverage looks like after this importer ran. */
export interface CoverageClaim {
  jurisdiction: 'federal' | 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT';
  bills?: 'live' | 'partial';
  hansard?: 'live' | 'partial';
  votes?: 'live' | 'partial';
  committees?: 'live' | 'partial';
  /** The legislature's members are on file (a roster of some publisher): `partial` when not the legislature's own list. */
  politicians?: 'live' | 'partial';
  last_verified_at?: string;
  source_urls?: Record<string, string>;
  notes?: string;
}

export interface ImportContext {
  /** Politicians known in the bundle so far (earlier importers and parts already in the folder). */
  identity: Identity;
  /** Records of other importers already in the bundle, by entity (read-only). */
  existing: ImportedRecords;
  /** When the import's inputs were extracted (the newest fetch time in the nightly), ISO 8601 UTC. */
  extractedAt?: string;
  /** This importer's own records from its last run into the same bundle folder (roster history) when it `keepsHistory`;
   *  empty on a first run and for any other importer (its part is replaced whole, so it is not read). */
  previous?: ImportedRecords;
  skip(skip: Skip): void;
  /**
   * A whole part of the input (a boundary set) whose rule cannot be applied: it is not imported, and
   * the import fails naming it unless the operator skips it by name (`--skip-boundary-sets`); a
   * skipped one is repeated in a block at the end of the run. Never a quiet drop: a context without
   * it (a test's) makes the importer throw instead (refuse.ts).
   */
  refuse?(refusal: Refusal): void;
  /** Free-form progress line for the console. */
  log(message: string): void;
}

export interface Refusal {
  /** The name the operator gives to skip it (a boundary set's slug). */
  set: string;
  reason: string;
  /** Records of the set left out (e.g. its features). */
  records: number;
}

export interface ImportOutput {
  records: ImportedRecords;
  /** Manifest `sources` entries for the upstream files read. */
  sources: Array<{ id: string; version: string; url?: string; retrieved_at?: string; licence?: string }>;
  coverage: CoverageClaim[];
  /** Extra figures worth a line in the report (e.g. division totals checked). */
  stats?: Record<string, number>;
  /** Choices the importer made that a person should read (e.g. the attribute a prose rule was read as). */
  notes?: string[];
}

/** The publisher's terms for reusing what an importer reads, as far as they are known. */
export interface ReuseTerms {
  /** `forbidden`: reuse is limited to non-commercial use; `unverified`: no licence found; `allowed`. */
  commercial: 'allowed' | 'forbidden' | 'unverified';
  summary: string;
}

export interface Importer {
  /** Declared by a source whose publisher limits reuse: `import --commercial-only` leaves out `forbidden` ones. */
  terms?: ReuseTerms;
  /** CLI name, also the suffix of the part files it owns (`bills.<kind>.jsonl`). */
  kind: string;
  summary: string;
  /** Folder under the shared datasets directory that `import --all` reads. */
  datasetDir: string;
  /** Set when the dataset may legitimately be absent (not redistributable, too large): a missing
   *  folder is then skipped with this note in the report instead of failing the whole import. */
  optional?: string;
  /** Reads the files of that importer's source (a second reading of the same pages): the nightly runs
   *  it wherever that one runs, since a manifest source names one importer. */
  companionOf?: string;
  /** Its records carry history from its last run (`ctx.previous`): the nightly keeps its part across bundles. */
  keepsHistory?: boolean;
  run(from: string, ctx: ImportContext): ImportOutput | Promise<ImportOutput>;
}
