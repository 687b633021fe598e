// Term proximity: the keyword candidates in which the query's words stand next to each other, as
// one more list for the fusion. BM25 scores each word alone, so "long-term care for seniors" ranks
// a chunk mentioning care, term and seniors in three places like one about long-term care; a
// chunk holding the query's adjacent word pairs (stop words between them ignored, as for quoted
// phrases) is about the same thing far more often (the sequential dependence model of Metzler &
// Croft 2005 scores the same pairs).
import type { SearchQueries } from '../db/search.js';
import { fold } from '../domain/text.js';
import { phraseStems } from './query-analysis.js';
import { isStop, stem, type Lang } from './text/terms.js';
import { eachWord } from './text/words.js';

/** Keyword candidates read for pairs (their texts are read: the cost grows with it). */
export const PROXIMITY_DEPTH = 20;

/** The query's adjacent pairs of content stems, per language, as "a b" keys. */
export function queryPairs(q: string, langs: readonly Lang[]): Map<Lang, Set<string>> {
  const out = new Map<Lang, Set<string>>();
  for (const l of langs) {
    const s = phraseStems(q, l);
    const pairs = new Set<string>();
    for (let i = 0; i + 1 < s.length; i++) if (s[i] !== s[i + 1]) pairs.add(`${s[i]} ${s[i + 1]}`);
    if (pairs.size) out.set(l, pairs);
  }
  return out;
}

/** The first `depth` of `keyword` that hold at least one query pair, most distinct pairs first,
 *  then in keyword order. Empty when the query has no pair. */
export function proximityList(queries: SearchQueries, q: string, langs: readonly Lang[], keyword: readonly number[], depth = PROXIMITY_DEPTH): number[] {
  const pairs = queryPairs(q, langs);
  if (!pairs.size || !keyword.length) return [];
  const head = keyword.slice(0, depth);
  const texts = queries.texts([...head]);
  const held: Array<{ id: number; n: number; rank: number }> = [];
  head.forEach((id, rank) => {
    const t = texts.get(id);
    const want = t && pairs.get(t.language);
    if (!t || !want) return;
    const seen = pairsHeld(t.text, t.language, want);
    if (seen) held.push({ id, n: seen, rank });
  });
  return held.sort((a, b) => b.n - a.n || a.rank - b.rank).map((h) => h.id);
}

/** How many of `want` (pairs of `lang` stems) `text` holds. Only the stretches after an occurrence
 *  of a pair's first word are stemmed: a chunk is ~480 words, and stemming all of them for every
 *  candidate cost ~0.2 ms a chunk. */
export function pairsHeld(text: string, lang: Lang, want: ReadonlySet<string>): number {
  const folded = fold(text);
  const seen = new Set<string>();
  for (const pair of want) {
    const first = pair.slice(0, pair.indexOf(' '));
    const prefix = first.slice(0, Math.min(4, first.length));
    for (let at = folded.indexOf(prefix); at >= 0 && !seen.has(pair); at = folded.indexOf(prefix, at + 1)) {
      // The word holding the prefix, and what follows it (a pair's words, stop words between them).
      let start = at;
      while (start > 0 && /[\p{L}\p{N}]/u.test(folded[start - 1])) start--;
      const s = firstStems(folded.slice(start, at + 120), lang);
      if (s.length >= 2 && `${s[0]} ${s[1]}` === pair) seen.add(pair);
    }
  }
  return seen.size;
}

/** The first two of phraseStems(text, lang): the words after them are neither read nor stemmed. */
function firstStems(text: string, lang: Lang): string[] {
  const out: string[] = [];
  eachWord(text, (w) => {
    if (!isStop(w.norm, lang)) out.push(stem(w.norm, lang));
    return out.length < 2;
  });
  return out;
}
