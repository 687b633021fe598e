// The speeches and their chunk rows of a previous data file (`--reuse`), carried over instead of
// written again when they are the rows this build would write. Writing them is most of what is left
// of an unchanged 8 M rebuild once the keyword index and vectors are copied (~550 of 985 s: parsing
// 8 M speeches a second time, inserting 10 GB of them, chunking them); SQLite copies both tables in
// ~65 s. Nothing is trusted that is not checked:
//   1. the same inputs: the previous file was built with this schema and source format, from the
//      same speech, politician and session files (their sha256 recorded in its build row): those
//      are everything a speech row or a chunk row is made from;
//   2. the same tables: both files define `speeches` and `chunk_rows` with the same SQL, and the
//      previous file holds one speech per source record, at rowids 1…N;
//   3. the same code: for an even sample of the speeches (kept by the bundle's first pass,
//      read-bundle.ts), this build derives each speech's row and its chunks' rows exactly as it
//      writes them (speech-rows.ts, search/chunk-rows.ts), and they must equal the previous
//      file's, every column; their chunks must be in the order rule's rowid order. A changed id
//      scheme, merge, chunker or facet shows there; a change that alters only speeches outside the
//      sample (512-1,024 of them, spread over the whole file) would not, as with the keyword index's
//      sampled tokens (search/reuse-keyword-index.ts).
// The rows are then copied by SQLite (INSERT … SELECT from the previous file attached), keeping
// their rowids, which the vectors and the keyword index are keyed by.
import type Database from 'better-sqlite3';
import { quoteName } from '../src/core/data-file/sql-name.js';
import { hasTables, PREVIOUS } from './previous-file.js';
import { SCHEMA_VERSION } from '../src/core/data-file/schema.js';
import { chunkSpeech } from './search/chunk-spans.js';
import { chunkRow, type Speech } from './search/chunk-rows.js';
import { partFilesOf, type SourceKind } from './sources/files.js';
import type { SampledSpeech } from './sources/read-bundle.js';
import { SOURCE_FORMAT_VERSION } from './sources/schemas.js';
import { speechRow, type SpeechRefs } from './speech-rows.js';

/** The source files a speech row or a chunk row is made from. */
const INPUT_KINDS: SourceKind[] = ['speeches', 'politicians', 'sessions'];

/** The tables carried over, in the order they are written. */
const CARRIED_TABLES = ['speeches', 'chunk_rows'] as const;

export interface CarryInput {
  /** sha256 of each source file, by name (the bundle's digests). */
  digests: Record<string, string>;
  /** How many speeches the bundle holds. */
  speechCount: number;
  sample: SampledSpeech[];
  /** The ids this build gives sessions and politicians. */
  refs: SpeechRefs;
}

type Row = Record<string, unknown>;

/** Why the previous file's speeches and chunk rows (attached) are not the ones `db` would be
 *  written with; null when they are. `db` holds this build's politicians already. */
export function speechCarryMismatch(db: Database.Database, input: CarryInput): string | null {
  if (!hasTables(db, ['build', ...CARRIED_TABLES], PREVIOUS)) return 'it holds no speeches and chunk rows of this form';

  // Every column, so that an older file's build record, whatever it holds, is read and refused.
  const build = db.prepare(`SELECT * FROM ${PREVIOUS}.build`).get() as
    | { schema_version?: number; source_format_version?: number; source_digests?: string }
    | undefined;
  if (!build) return 'it has no build record';
  if (build.schema_version !== SCHEMA_VERSION) return `it has schema ${build.schema_version}, this build ${SCHEMA_VERSION}`;
  if (build.source_format_version !== SOURCE_FORMAT_VERSION)
    return `it was built from source format ${build.source_format_version}, this build reads ${SOURCE_FORMAT_VERSION}`;
  const digests = parseDigests(build.source_digests);
  if (!digests) return 'its build record names no source digests';
  const inputs = differentInputs(input.digests, digests);
  if (inputs) return inputs;

  for (const table of CARRIED_TABLES) {
    const definition = (schema: string) => db.prepare(`SELECT sql FROM ${schema}.sqlite_schema WHERE name = ?`).pluck().get(table);
    if (definition('main') !== definition(PREVIOUS)) return `its ${table} table is defined differently`;
  }
  const held = db.prepare(`SELECT count(*) AS n, coalesce(max(rowid), 0) AS last FROM ${PREVIOUS}.speeches`).get() as {
    n: number;
    last: number;
  };
  if (held.n !== input.speechCount || held.last !== input.speechCount) {
    return `it holds ${held.n} speeches (the last at rowid ${held.last}), this build ${input.speechCount}`;
  }
  return sampleMismatch(db, input);
}

function parseDigests(text: string | undefined): Record<string, string> | null {
  try {
    const parsed = JSON.parse(text ?? 'null') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Which input files differ between this build and the previous one, if any. */
function differentInputs(ours: Record<string, string>, theirs: Record<string, string>): string | null {
  for (const kind of INPUT_KINDS) {
    const mine = partFilesOf(kind, Object.keys(ours)),
      previous = partFilesOf(kind, Object.keys(theirs));
    if (mine.join('\n') !== previous.join('\n')) return `it was built from other ${kind} files (${previous.join(', ') || 'none'})`;
    const changed = mine.find((file) => ours[file] !== theirs[file]);
    if (changed) return `its ${changed} was another file (sha256 differs)`;
  }
  return null;
}

/** The first column whose value differs between a derived row and a stored one. */
function differingColumn(derived: Row, stored: Row): string | null {
  for (const [column, value] of Object.entries(stored)) {
    if ((derived[column] ?? null) !== value) return column;
  }
  return null;
}

/** The sample's rows derived by this build against the previous file's (see the head comment, 3). */
function sampleMismatch(db: Database.Database, { sample, refs }: CarryInput): string | null {
  const speechAt = db.prepare(`SELECT * FROM ${PREVIOUS}.speeches WHERE rowid = ?`);
  const chunksOf = db.prepare(`SELECT * FROM ${PREVIOUS}.chunk_rows WHERE speech_id = ? ORDER BY chunk_index`);
  const isActive = db.prepare('SELECT is_active FROM main.politicians WHERE id = ?').pluck();
  const firstChunks: Array<{ order: [Buffer, Buffer]; rowid: number; at: string }> = [];
  for (const { rowid, speech } of sample) {
    const at = `speech ${rowid} (${speech.file}:${speech.line})`;
    const row = speechRow(speech.record, refs);
    const stored = speechAt.get(rowid) as Row;
    const column = differingColumn(row, stored);
    if (column) return `${at} differs in ${column}`;

    const s = {
      ...row,
      _rowid: rowid,
      politician_active: row.politician_id === null ? null : (isActive.get(row.politician_id) ?? null),
    } as unknown as Speech;
    const { spokenOn, pieces } = chunkSpeech(speech.record);
    const chunks = chunksOf.all(row.id) as Row[];
    if (chunks.length !== pieces.length) return `${at} has ${chunks.length} chunks there, ${pieces.length} with this build's chunker`;
    for (let i = 0; i < pieces.length; i++) {
      const differs = differingColumn(chunkRow(chunks[i].rowid as number, s, spokenOn, pieces[i]), chunks[i]);
      if (differs) return `${at}'s chunk ${i} differs in ${differs}`;
      if (i > 0 && chunks[i].rowid !== (chunks[i - 1].rowid as number) + 1) return `${at}'s chunks are not at consecutive rowids`;
    }
    if (chunks.length)
      firstChunks.push({
        order: [Buffer.from(speech.record.spoken_at), Buffer.from(speech.record.key)],
        rowid: chunks[0].rowid as number,
        at,
      });
  }
  // Chunk rowids follow the speeches in (spoken_at, key) order, compared as SQLite's BINARY does.
  firstChunks.sort((a, b) => Buffer.compare(a.order[0], b.order[0]) || Buffer.compare(a.order[1], b.order[1]));
  for (let i = 1; i < firstChunks.length; i++) {
    if (firstChunks[i].rowid <= firstChunks[i - 1].rowid) return `${firstChunks[i].at}'s chunks are not in (spoken_at, key) order there`;
  }
  return null;
}

/** Carries the previous file's speeches over when they are the ones this build would write (and
 *  then its chunk rows too: the chunk step copies them); says why not otherwise. */
export function carrySpeeches(db: Database.Database, previous: string, input: CarryInput, onProgress: (msg: string) => void): boolean {
  const started = performance.now();
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  try {
    const mismatch = speechCarryMismatch(db, input);
    if (mismatch) {
      onProgress(`speeches: not carried over from ${previous} (${mismatch}; checked in ${seconds(started)}s)`);
      return false;
    }
    onProgress(
      `speeches: ${previous} holds the same speeches and chunk rows (same inputs; ${input.sample.length} sampled speeches and their chunks derive the same; checked in ${seconds(started)}s)`,
    );
    const copied = performance.now();
    const rows = carryTable(db, 'speeches');
    onProgress(`speeches: carried over ${rows} from ${previous} in ${seconds(copied)}s`);
    return true;
  } catch (err) {
    throw new Error(`--reuse ${previous}: ${(err as Error).message}`, { cause: err });
  }
}

/** Copies a carried table's rows from the previous file (attached), rowids included. */
export function carryTable(db: Database.Database, table: (typeof CARRIED_TABLES)[number]): number {
  const columns = (db.prepare('SELECT name FROM main.pragma_table_info(?)').pluck().all(table) as string[]).map(quoteName);
  // chunk_rows names its rowid as a column; speeches' is implicit.
  const list = columns.includes('"rowid"') ? columns.join(', ') : ['rowid', ...columns].join(', ');
  return db.prepare(`INSERT INTO main.${table} (${list}) SELECT ${list} FROM ${PREVIOUS}.${table} ORDER BY rowid`).run().changes;
}
