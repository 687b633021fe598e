// The English families of a query word that the corpus says mean the same (issue 48). An English
// term is the word without its inflection (text/english-family.ts): housing and House stay apart.
// But derivations often do share a meaning (affordable/affordability, immigration/immigrant,
// voting/vote, funding/fund), and topic queries lose without them. So the families Snowball's
// English stemmer would have joined to the word are candidates, and the corpus decides: a
// candidate joins when the chunks holding both are at least MIN_LIFT times as many as if the two
// were independent (and at least MIN_BOTH). Searched at RELATED_WEIGHT of the word's own family
// (src/search/candidates.ts): a chunk holding both is not counted as holding two query words.
// Measured on the real file: housing/house 1.3,
// riding/ride 0.8, government/govern 2.1 stay apart; affordable/affordability 9.7,
// immigration/immigrant 18, voting/vote 9.2, funding/fund 5.3 join.
import { stemmer as snowball } from '@orama/stemmers/english';
import type { SearchQueries } from '../db/search.js';
import { ftsAny, LEVELS, termToken } from '../../core/data-file/keyword-index.js';
import { chunksForTerm } from './term-collection.js';
import { englishFamily } from '../../core/text/english-family.js';

export const MIN_LIFT = 3;
export const MIN_BOTH = 2;
export const UNTESTED = 0;
/** Index terms looked at per word (a short stem's range could be long). */
const MAX_CANDIDATES = 64;

type Sources = Pick<SearchQueries, 'termLevels' | 'termsStartingWith' | 'matchCount' | 'totalChunks'>;

/** Families other than the word's own that Snowball gives the word's stem: the index terms whose
 *  key (or key + e, the e the family drops) Snowball stems alike. */
export function snowballSiblings(queries: Sources, word: string, own: string): string[] {
  // The index never changes under a served file, so a word's siblings are looked up once per file
  // (a search asks for them twice: for its related families and for the word's kin).
  let seen = siblingsByFile.get(queries);
  if (!seen) siblingsByFile.set(queries, (seen = new Map()));
  const key = `${word}\u0000${own}`;
  let found = seen.get(key);
  if (found === undefined) {
    if (seen.size >= MAX_REMEMBERED) seen.clear();
    seen.set(key, (found = lookUpSiblings(queries, word, own)));
  }
  return found;
}

/** Words whose siblings a file remembers at most: queries are user input, so the memory is bounded. */
const MAX_REMEMBERED = 10_000;
const siblingsByFile = new WeakMap<Sources, Map<string, string[]>>();

function lookUpSiblings(queries: Sources, word: string, own: string): string[] {
  const stem = snowball(word);
  // Snowball turns a final y into i (policy → polici); the families keep the y.
  const prefix = stem.replace(/i$/, '');
  if (prefix.length < 3) return [];
  return queries.termsStartingWith(prefix, MAX_CANDIDATES).filter((t) => t !== own && (snowball(t) === stem || snowball(`${t}e`) === stem));
}

/** The test's constants (the evaluation varies them: eval/related-grid.ts). `untested`: a candidate
 *  so rare beside the word that independence predicts fewer than this many chunks holding both
 *  cannot be tested by co-occurrence, and joins when this is above 0 (criticism, 9 chunks, and
 *  critic, 45, are never in one chunk: 0.1 expected). */
export interface RelatedOptions {
  minLift?: number;
  minBoth?: number;
  untested?: number;
}

/** The word's related families held by the index, by the corpus's co-occurrence test. */
export function relatedFamilies(queries: Sources, word: string, o: RelatedOptions = {}): string[] {
  const { minLift = MIN_LIFT, minBoth = MIN_BOTH, untested = UNTESTED } = o;
  if (/^\p{N}+$/u.test(word)) return [];
  const own = englishFamily(word);
  const siblings = snowballSiblings(queries, word, own);
  if (!siblings.length) return [];
  const levels = queries.termLevels([own, ...siblings]);
  const mine = levels.get(own);
  if (!mine) return [];
  const any = (t: string, l: number[]) => `(${ftsAny(l.flatMap((docs, i) => (docs > 0 && i < LEVELS ? [termToken(t, i)] : [])))})`;
  const n = chunksForTerm(queries)(own);
  const out: string[] = [];
  for (const s of siblings) {
    const theirs = levels.get(s);
    if (!theirs) continue;
    const both = queries.matchCount(`${any(own, mine.levels)} AND ${any(s, theirs.levels)}`);
    const expected = (mine.docs * theirs.docs) / n;
    if (expected < untested || (both >= minBoth && both / expected >= minLift)) out.push(s);
  }
  return out;
}
