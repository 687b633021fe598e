// The judged queries whose answer is literal (issue 48): a single common word, a French word with
// an English look-alike, a bill number. Each is judged by a pattern over every chunk of the corpus,
// not by reading a pool: a chunk of the query's language holding the pattern once is graded 1, two
// or more times 2 (the rule the keyword kind used for "safe supply" and "Bill C-36"); every other
// chunk counts as 0. The pattern is the word's inflected forms only (housing/housings, not House),
// so a ranking that matches a stem shared with an unrelated word loses. Writes the queries'
// eval/queries.jsonl lines (keys and grades only, no text):
//   bun eval/literal-queries.ts [--data data/real.db] > lines.jsonl
import { parseArgs } from 'node:util';
import { openDataFile } from '../src/core/data-file/open-data-file.js';
import { chunkKey, type EvalQuery, type Judgment } from './queries.js';

interface Literal {
  id: string;
  kind: EvalQuery['kind'];
  lang: 'en' | 'fr';
  text: string;
  pattern: RegExp;
  note: string;
}

const word = (forms: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms})(?![\\p{L}\\p{N}])`, 'giu');
const bill = (letter: string, n: number) => new RegExp(`(?<![\\p{L}\\p{N}])${letter}[-‑ ]?${n}(?![\\p{L}\\p{N}])`, 'gu');

export const LITERAL_QUERIES: Literal[] = [
  {
    id: 'CW01',
    kind: 'common-word',
    lang: 'en',
    text: 'housing',
    pattern: word('housings?'),
    note: 'the word housing (House, houses are another word)',
  },
  {
    id: 'CW02',
    kind: 'common-word',
    lang: 'en',
    text: 'police',
    pattern: word('police|policed|polices|policing'),
    note: 'the word police (policy is another word)',
  },
  {
    id: 'CW03',
    kind: 'common-word',
    lang: 'en',
    text: 'riding',
    pattern: word('ridings?'),
    note: 'an electoral district (ride is another word)',
  },
  {
    id: 'CW04',
    kind: 'common-word',
    lang: 'en',
    text: 'organization',
    pattern: word('organi[sz]ations?'),
    note: 'the word organization (organ is another word)',
  },
  {
    id: 'CW05',
    kind: 'common-word',
    lang: 'en',
    text: 'university',
    pattern: word('universit(?:y|ies)'),
    note: 'the word university (universe is another word)',
  },
  {
    id: 'CW06',
    kind: 'common-word',
    lang: 'en',
    text: 'policy',
    pattern: word('policy|policies'),
    note: 'the word policy (police is another word)',
  },
  {
    id: 'FL01',
    kind: 'fr-lookalike',
    lang: 'fr',
    text: 'logement',
    pattern: word('logements?'),
    note: 'French housing, never English logging',
  },
  {
    id: 'FL02',
    kind: 'fr-lookalike',
    lang: 'fr',
    text: 'communes',
    pattern: word('communes?'),
    note: 'Chambre des communes (English community, common are other words)',
  },
  {
    id: 'FL03',
    kind: 'fr-lookalike',
    lang: 'fr',
    text: 'industrie',
    pattern: word('industries?'),
    note: 'French industrie in French text',
  },
  {
    id: 'FL04',
    kind: 'fr-lookalike',
    lang: 'fr',
    text: 'économie',
    pattern: word('[ée]conomies?'),
    note: 'French économie in French text',
  },
  {
    id: 'FL05',
    kind: 'fr-lookalike',
    lang: 'fr',
    text: 'transparence',
    pattern: word('transparences?'),
    note: 'French transparence in French text',
  },
  {
    id: 'FL06',
    kind: 'fr-lookalike',
    lang: 'fr',
    text: 'emplois',
    pattern: word('emplois?'),
    note: 'French emploi (English employ, employee are other words)',
  },
  { id: 'BN01', kind: 'bill-number', lang: 'en', text: 'C-60', pattern: bill('C', 60), note: 'chunks naming C-60' },
  {
    id: 'BN02',
    kind: 'bill-number',
    lang: 'en',
    text: 'c24',
    pattern: bill('C', 24),
    note: 'chunks naming C-24, typed without its hyphen',
  },
  {
    id: 'BN03',
    kind: 'bill-number',
    lang: 'en',
    text: 'Bill C 18',
    pattern: bill('C', 18),
    note: 'chunks naming C-18, typed with a space',
  },
  { id: 'BN04', kind: 'bill-number', lang: 'en', text: 'C-201', pattern: bill('C', 201), note: 'chunks naming C-201 (not C-20 or C-2)' },
  { id: 'BN05', kind: 'bill-number', lang: 'en', text: 'C-13', pattern: bill('C', 13), note: 'chunks naming C-13' },
  { id: 'BN06', kind: 'bill-number', lang: 'en', text: 'c-281', pattern: bill('C', 281), note: 'chunks naming C-281' },
];

/** The judgments of `q` over `chunks`. */
export function literalJudgments(
  q: Literal,
  chunks: Iterable<{ key: string; chunk_index: number; text: string; language: string }>,
): Judgment[] {
  const out: Judgment[] = [];
  // A bill number is named the same in both languages; a word is judged in its own language only.
  const anyLanguage = q.kind === 'bill-number';
  for (const c of chunks) {
    if (!anyLanguage && c.language !== q.lang) continue;
    const n = c.text.match(q.pattern)?.length ?? 0;
    if (n > 0) out.push({ speech_key: c.key, chunk_index: c.chunk_index, grade: n >= 2 ? 2 : 1 });
  }
  return out;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { data: { type: 'string', default: 'data/real.db' } } });
  const file = openDataFile(values.data!);
  const chunks = file.db
    .prepare(
      'SELECT s.key, c.chunk_index, c.text, c.language FROM chunks c JOIN speeches s ON s.id = c.speech_id ORDER BY s.key, c.chunk_index',
    )
    .all() as Array<{ key: string; chunk_index: number; text: string; language: string }>;
  for (const q of LITERAL_QUERIES) {
    const judgments = literalJudgments(q, chunks);
    const line: EvalQuery = {
      id: q.id,
      kind: q.kind,
      lang: q.lang,
      text: q.text,
      judgments,
      note: `${q.note}; judged by eval/literal-queries.ts`,
    };
    console.log(JSON.stringify(line));
    console.error(
      `${q.id} ${q.text}: ${judgments.length} chunks (${judgments.filter((j) => j.grade === 2).length} of grade 2), ${new Set(judgments.map((j) => chunkKey(j.speech_key, 0))).size} speeches`,
    );
  }
  file.close();
}
