// Whether a query is asking across languages: its words, each translated once into the other
// language, are held more fully by their best chunks than its own words are by theirs. A French
// query about a debate held only in English finds French chunks holding one or two of its words,
// and English chunks holding the translations of most of them; a query whose own language
// debates the subject finds chunks holding most of its own words.
import type { SearchQueries } from '../db/search.js';
import { stemsHeld } from '../../core/text/chunk-words.js';
import type { Lang } from '../../core/text/terms.js';
import { translateStems, type Lexicon } from '../../core/text/translate.js';

/** Best chunks read on each side. */
const TOP = 3;

export interface LeadInput {
  queries: SearchQueries;
  lexicon: Lexicon;
  /** The query's words: their stems, and their stem per language (the lexicon is keyed by these). */
  terms: ReadonlyArray<{ stems: string[]; byLang?: Partial<Record<Lang, string>> }>;
  langs: readonly Lang[];
  /** The keyword list of the query's own words, best first. */
  keyword: readonly number[];
  /** Runs a keyword search for stems (the engine's, with its filters and a posting budget). */
  search: (stems: string[]) => number[];
}

/** How fully the best chunks hold the query's own words and its translated words (0..1 each);
 *  `translated` is not computed (NaN) when the own words are all held. */
export function coverages(i: LeadInput): { own: number; translated: number } {
  if (!i.terms.length) return { own: 0, translated: 0 };
  const translated = i.terms.map((t) =>
    translateStems(i.lexicon, [t], i.langs)
      .slice(0, 1)
      .map((x) => x.stem),
  );
  const stems = [...new Set(translated.flat())];
  const own = coverage(
    i.queries,
    i.keyword.slice(0, TOP),
    i.terms.map((t) => t.stems),
  );
  if (!stems.length) return { own, translated: 0 };
  if (own === 1) return { own, translated: Number.NaN };
  return { own, translated: coverage(i.queries, i.search(stems).slice(0, TOP), translated) };
}

export function translationLeads(i: LeadInput): boolean {
  const c = coverages(i);
  return c.translated > c.own;
}

/** The largest share of `words` (each a set of stems, any of which counts) one of `chunks` holds. */
export function coverage(queries: SearchQueries, chunks: readonly number[], words: readonly string[][]): number {
  if (!words.length) return 0;
  let best = 0;
  const wanted = new Set(words.flat());
  // The chunks' words are kept per served file (src/server/search/query-caches.ts): the best chunks recur.
  for (const chunk of queries.chunkWordsOf(chunks).values()) {
    const held = stemsHeld(chunk, wanted);
    best = Math.max(best, words.filter((w) => w.some((s) => held.has(s))).length / words.length);
  }
  return best;
}
