// The files of a source bundle, declared once: the reader, the docs and the checks use this table.
import type * as v from 'valibot';
import {
  billSchema,
  boundarySchema,
  jurisdictionSchema,
  officeSchema,
  partySchema,
  politicianSchema,
  postSchema,
  sessionSchema,
  socialSchema,
  speechSchema,
  parallelTextSchema,
  voteSchema,
  websiteSchema,
  postcodePointSchema,
  postcodeOverrideSchema,
  fsaPointSchema,
} from './schemas.js';

export interface SourceFile<S extends v.GenericSchema = v.GenericSchema> {
  file: string;
  schema: S;
  required: boolean;
  help: string;
}

const declare = <S extends v.GenericSchema>(file: string, schema: S, required: boolean, help: string): SourceFile<S> => ({
  file,
  schema,
  required,
  help,
});

export const SOURCE_FILES = {
  jurisdictions: declare(
    'jurisdictions.jsonl',
    jurisdictionSchema,
    true,
    'one row per jurisdiction: legislature, seats, coverage statuses',
  ),
  parties: declare('parties.jsonl', partySchema, false, 'parties by level'),
  sessions: declare('sessions.jsonl', sessionSchema, false, 'legislative sessions (parliament, session, dates)'),
  politicians: declare('politicians.jsonl', politicianSchema, false, 'politicians with their terms'),
  offices: declare('offices.jsonl', officeSchema, false, 'constituency, legislature and other offices'),
  socials: declare('socials.jsonl', socialSchema, false, 'social media handles'),
  posts: declare('posts.jsonl', postSchema, false, 'social media posts'),
  websites: declare('websites.jsonl', websiteSchema, false, "politicians' websites with infrastructure scans"),
  bills: declare('bills.jsonl', billSchema, false, 'bills with their event log and sponsors'),
  votes: declare('votes.jsonl', voteSchema, false, 'recorded votes with positions'),
  speeches: declare('speeches.jsonl', speechSchema, false, 'Hansard speeches (floor and committee)'),
  parallel_texts: declare('parallel_texts.jsonl', parallelTextSchema, false, 'English/French text pairs the search encoder learns from'),
  boundaries: declare('boundaries.jsonl', boundarySchema, false, 'electoral boundaries with GeoJSON geometry (WGS84)'),
  postcode_points: declare(
    'postcode_points.jsonl',
    postcodePointSchema,
    false,
    'address points with their postcode (National Address Register)',
  ),
  postcode_overrides: declare(
    'postcode_overrides.jsonl',
    postcodeOverrideSchema,
    false,
    "the operator's postcode override table (PO-box, rural-route, government codes)",
  ),
  fsa_points: declare('fsa_points.jsonl', fsaPointSchema, false, 'one point per forward sortation area (FSA fallback)'),
} as const;

export type SourceKind = keyof typeof SOURCE_FILES;
/** Kinds read again from their files each time they are iterated instead of held in memory: the
 *  ones that grow with the record (8 M speeches would not fit). */
export const STREAMED_KINDS: ReadonlySet<SourceKind> = new Set<SourceKind>(['speeches']);
export type Located<K extends SourceKind> = { file: string; line: number; record: v.InferOutput<(typeof SOURCE_FILES)[K]['schema']> };
/** Records of a streamed kind: iterable any number of times, and counted. An array is one too. */
export type StreamedRecords<T> = Iterable<T> & { readonly length: number };
export type SourceRecords = { [K in SourceKind]: K extends 'speeches' ? StreamedRecords<Located<K>> : Array<Located<K>> };

/** Records with `fn` applied to each as it is read: a change to streamed records must be made this
 *  way, since each iteration reads them from the file again (changing the objects of one pass is lost). */
export function mapRecords<T>(records: StreamedRecords<T>, fn: (record: T) => T): StreamedRecords<T> {
  return {
    length: records.length,
    *[Symbol.iterator]() {
      for (const r of records) yield fn(r);
    },
  };
}

/** A bundle may split an entity over part files, `bills.jsonl` plus `bills.<part>.jsonl`, read in name
 *  order: each importer owns its parts, so importers can run one at a time into the same folder. */
export function partFilesOf(kind: SourceKind, names: readonly string[]): string[] {
  const base = SOURCE_FILES[kind].file.replace(/\.jsonl$/, '');
  const part = new RegExp(`^${base}\\.[a-z0-9][a-z0-9-]*\\.jsonl$`);
  return names.filter((n) => n === SOURCE_FILES[kind].file || part.test(n)).sort();
}
