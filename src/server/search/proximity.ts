// Term proximity: the keyword candidates in which the query's words stand next to each other, as
// one more list for the fusion. BM25 scores each word alone, so "long-term care for seniors" ranks
// a chunk mentioning care, term and seniors in three places like one about long-term care; a
// chunk holding the query's adjacent word pairs (stop words between them ignored, as for quoted
// phrases) is about the same thing far more often (the sequential dependence model of Metzler &
// Croft 2005 scores the same pairs).
import type { SearchQueries } from '../db/search.js';
import { phraseStems } from '../../core/text/query-analysis.js';
import type { ChunkWords } from '../../core/text/chunk-words.js';
import type { Lang } from '../../core/text/terms.js';

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
export function proximityList(
  queries: SearchQueries,
  q: string,
  langs: readonly Lang[],
  keyword: readonly number[],
  depth = PROXIMITY_DEPTH,
): number[] {
  const pairs = queryPairs(q, langs);
  if (!pairs.size || !keyword.length) return [];
  const head = keyword.slice(0, depth);
  // The chunks' words are kept per served file (src/server/search/query-caches.ts): the best keyword
  // matches are mostly the page's results, whose snippets read the same words.
  const words = queries.chunkWordsOf(head);
  const firsts = new Map([...pairs].map(([lang, want]) => [lang, firstStems(want)]));
  const held: Array<{ id: number; n: number; rank: number }> = [];
  head.forEach((id, rank) => {
    const w = words.get(id);
    const want = w && pairs.get(w.language);
    if (!w || !want) return;
    const seen = countPairs(w, want, firsts.get(w.language)!);
    if (seen) held.push({ id, n: seen, rank });
  });
  return held.sort((a, b) => b.n - a.n || a.rank - b.rank).map((h) => h.id);
}

/** How many of `want` (pairs of stems in the chunk's language, as queryPairs makes them) the chunk
 *  holds: two content stems one after the other, stop words between them ignored. */
export const pairsHeld = (words: ChunkWords, want: ReadonlySet<string>): number => countPairs(words, want, firstStems(want));

/** The first stems of `want`'s pairs: a query's, once for all its chunks. */
const firstStems = (want: ReadonlySet<string>) => new Set(Array.from(want, (pair) => pair.slice(0, pair.indexOf(' '))));

function countPairs(words: ChunkWords, want: ReadonlySet<string>, firsts: ReadonlySet<string>): number {
  const seen = new Set<string>();
  let previous: string | null = null;
  for (const s of words.stems) {
    if (s === null) continue;
    // A key is made only after a pair's first stem: a chunk is ~480 words.
    if (previous !== null && firsts.has(previous)) {
      const pair = `${previous} ${s}`;
      if (want.has(pair)) seen.add(pair);
    }
    previous = s;
  }
  return seen.size;
}
