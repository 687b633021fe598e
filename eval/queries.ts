// The judged query set (eval/queries.jsonl): one query a line, with graded judgments of chunks
// named by speech key + chunk index (stable across rebuilds, unlike rowids). Problems are
// reported per line instead of thrown, so one bad line names itself.
import { readFileSync } from 'node:fs';

/** topic-en / topic-fr: a subject in the query's language; cross-lingual: the relevant chunks are in
 *  the other language; known-item: a paraphrase of one chunk; keyword: the words are the intent (a
 *  rare term, a name, a bill number, a quoted phrase); stance: one side of an argument; common-word,
 *  fr-lookalike, bill-number: one common English word, a French word an English one resembles, a
 *  bill number as typed, judged literally (eval/literal-queries.ts). */
export const KINDS = [
  'topic-en',
  'topic-fr',
  'cross-lingual',
  'known-item',
  'keyword',
  'stance',
  'common-word',
  'fr-lookalike',
  'bill-number',
] as const;
export type QueryKind = (typeof KINDS)[number];

export interface Judgment {
  speech_key: string;
  chunk_index: number;
  grade: 0 | 1 | 2;
}

export interface EvalQuery {
  id: string;
  kind: QueryKind;
  /** The language the query is written in (the search itself runs with lang=any). */
  lang: 'en' | 'fr';
  text: string;
  judgments: Judgment[];
  /** Why these chunks are relevant, in one line. */
  note: string;
}

/** Weights are chosen on the tuning half and reported on the held-out half: within each kind, the
 *  1st, 3rd, 5th … query in file order is tuning, the 2nd, 4th … held out, so both halves hold
 *  every kind in equal measure whatever order the kinds were written in. */
export const HALVES = ['tuning', 'held-out'] as const;
export type Half = (typeof HALVES)[number];

export function halfOf(queries: readonly EvalQuery[]): Map<string, Half> {
  const seen = new Map<QueryKind, number>();
  const out = new Map<string, Half>();
  for (const q of queries) {
    const i = seen.get(q.kind) ?? 0;
    seen.set(q.kind, i + 1);
    out.set(q.id, i % 2 === 0 ? 'tuning' : 'held-out');
  }
  return out;
}

export const chunkKey = (speechKey: string, index: number) => `${speechKey}#${index}`;

/** A chunk key's source (`ca-hoc`, `bc`, `on`): its speech key's first part. */
export const sourceOf = (key: string) => key.split('/')[0];

/** The House of Commons' source: its chunk keys start `ca-hoc/`. */
export const HOUSE = 'ca-hoc';

/** Whether every judgment of `q` is on a chunk of the House (the queries a House-only comparison keeps). */
export const judgedOnHouseAlone = (q: EvalQuery) => q.judgments.every((j) => sourceOf(j.speech_key) === HOUSE);

/** The House's keys of `ranked`, every other source set aside. */
export const houseOnly = (ranked: string[]) => ranked.filter((k) => sourceOf(k) === HOUSE);

/** The keys of `ranked` from sources some query has judgments in: results from sources nobody
 *  judged (Ontario's Hansard beside the House) are set aside after ranking, as `make eval` does. */
export function judgedSourcesOnly(queries: readonly EvalQuery[]): (ranked: string[]) => string[] {
  const judged = new Set(queries.flatMap((q) => q.judgments.map((j) => sourceOf(j.speech_key))));
  return (ranked) => ranked.filter((k) => judged.has(sourceOf(k)));
}

export function gradesOf(q: EvalQuery): Map<string, number> {
  return new Map(q.judgments.map((j) => [chunkKey(j.speech_key, j.chunk_index), j.grade]));
}

function check(raw: unknown): string[] {
  const q = raw as Partial<EvalQuery>;
  const problems: string[] = [];
  if (typeof q.id !== 'string' || !q.id) problems.push('id missing');
  if (!KINDS.includes(q.kind as QueryKind)) problems.push(`kind must be one of ${KINDS.join(', ')}`);
  if (q.lang !== 'en' && q.lang !== 'fr') problems.push('lang must be en or fr');
  if (typeof q.text !== 'string' || !q.text.trim()) problems.push('text missing');
  if (typeof q.note !== 'string') problems.push('note missing');
  if (!Array.isArray(q.judgments)) problems.push('judgments must be an array');
  else
    for (const j of q.judgments) {
      if (typeof j?.speech_key !== 'string' || !Number.isInteger(j?.chunk_index) || ![0, 1, 2].includes(j?.grade)) {
        problems.push(`bad judgment ${JSON.stringify(j)}`);
      }
    }
  return problems;
}

export function parseQueries(text: string): { queries: EvalQuery[]; problems: string[] } {
  const queries: EvalQuery[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      problems.push(`line ${i + 1}: ${(err as Error).message}`);
      return;
    }
    const own = check(raw);
    const q = raw as EvalQuery;
    if (!own.length && ids.has(q.id)) own.push(`duplicate id ${q.id}`);
    if (own.length) problems.push(...own.map((p) => `line ${i + 1}: ${p}`));
    else {
      ids.add(q.id);
      queries.push(q);
    }
  });
  return { queries, problems };
}

export const loadQueries = (path: string) => parseQueries(readFileSync(path, 'utf8'));
