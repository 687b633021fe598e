// The files of a source bundle, declared once: the reader, the docs and the checks use this table.
import type * as v from 'valibot';
import {
  billSchema, jurisdictionSchema, officeSchema, partySchema, politicianSchema, postSchema, sessionSchema,
  socialSchema, speechSchema, voteSchema, websiteSchema,
} from './schemas.js';

export interface SourceFile<S extends v.GenericSchema = v.GenericSchema> {
  file: string;
  schema: S;
  required: boolean;
  help: string;
}

const declare = <S extends v.GenericSchema>(file: string, schema: S, required: boolean, help: string): SourceFile<S> =>
  ({ file, schema, required, help });

export const SOURCE_FILES = {
  jurisdictions: declare('jurisdictions.jsonl', jurisdictionSchema, true, 'one row per jurisdiction: legislature, seats, coverage statuses'),
  parties: declare('parties.jsonl', partySchema, false, 'parties by level'),
  sessions: declare('sessions.jsonl', sessionSchema, false, 'legislative sessions (parliament, session, dates)'),
  politicians: declare('politicians.jsonl', politicianSchema, false, 'politicians with their terms'),
  offices: declare('offices.jsonl', officeSchema, false, 'constituency, legislature and other offices'),
  socials: declare('socials.jsonl', socialSchema, false, 'social media handles'),
  posts: declare('posts.jsonl', postSchema, false, 'social media posts'),
  websites: declare('websites.jsonl', websiteSchema, false, 'politicians\' websites with infrastructure scans'),
  bills: declare('bills.jsonl', billSchema, false, 'bills with their event log and sponsors'),
  votes: declare('votes.jsonl', voteSchema, false, 'recorded votes with positions'),
  speeches: declare('speeches.jsonl', speechSchema, false, 'Hansard speeches (floor and committee)'),
} as const;

export type SourceKind = keyof typeof SOURCE_FILES;
export type SourceRecords = { [K in SourceKind]: Array<{ line: number; record: v.InferOutput<(typeof SOURCE_FILES)[K]['schema']> }> };
