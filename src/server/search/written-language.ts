// A query written in one language (its function words: src/core/text/query-language.ts) still has
// each word read in both when both are searched: a French word may be what an English query names
// (Grey, football), and the reverse. But the other language's reading of a word is a stem the word
// shares with text in that language, not a translation (issue 48: English "carbon" read as French
// carbon·, "use" as use·, the stem of French "usées"). So that reading never weighs more than the
// word's reading in the query's own language, and only the own reading is translated (the
// lexicon's "use·" → English "sewag" would make an English query search for sewage).
import type { SearchQueries } from '../db/search.js';
import { idf } from '../../core/data-file/keyword-index.js';
import type { Lang } from '../../core/text/terms.js';
import { chunksForTerm } from './term-collection.js';

type Readings = { byLang: Partial<Record<Lang, string>> };

/** Per stem, the factor (< 1) that brings the other language's reading of a query word down to the
 *  idf of its reading in `written`: the reading held by fewer chunks of a smaller language would
 *  otherwise lead (carbon·: 2 of 502 French chunks, carbon: 62 of 3,755 English ones). A word
 *  whose own reading no chunk holds keeps the other (it may be that language's word). */
export function otherReadingWeights(
  queries: Pick<SearchQueries, 'termLevels' | 'totalChunks' | 'matchCount'>,
  terms: readonly Readings[],
  written: Lang,
): Map<string, number> {
  const other: Lang = written === 'en' ? 'fr' : 'en';
  const n = chunksForTerm(queries);
  const levels = queries.termLevels(terms.flatMap((t) => Object.values(t.byLang).filter((s) => s !== undefined)));
  const out = new Map<string, number>();
  for (const t of terms) {
    const mine = t.byLang[written];
    const theirs = t.byLang[other];
    if (!mine || !theirs || mine === theirs) continue;
    const held = levels.get(mine)?.docs ?? 0;
    const heldThere = levels.get(theirs)?.docs ?? 0;
    if (!held || !heldThere) continue;
    const factor = idf(n(mine), held) / idf(n(theirs), heldThere);
    if (factor < 1) out.set(theirs, Math.min(out.get(theirs) ?? 1, factor));
  }
  return out;
}

/** The terms with only their reading in `written` left for translation (the lexicon is keyed by a
 *  word's reading in each language). */
export function ownReadings<T extends Readings>(terms: readonly T[], written: Lang): T[] {
  return terms.map((t) => ({ ...t, byLang: t.byLang[written] ? { [written]: t.byLang[written] } : {} }));
}

/** The language a query without function words (a bare "riding", "logement") is most likely written
 *  in: the one whose chunks hold its words more often (each word's readings compared by the chunks
 *  holding them; the product of the ratios decides). Null when no word is held in both. Shares of
 *  each language's chunks would not do: a few French chunks on one subject (Ontario's "Université de
 *  l'Ontario français") made "university" look French. Beside Ontario's Hansard, whose French chunks
 *  write the anglicism "riding", the French reading was the rarer and led a bare "riding"
 *  (ranking-rules-real.test.ts). */
export function likelyLanguage(queries: Pick<SearchQueries, 'termLevels'>, terms: readonly Readings[]): Lang | null {
  const both = terms.filter((t) => t.byLang.en && t.byLang.fr && t.byLang.en !== t.byLang.fr);
  const levels = queries.termLevels(both.flatMap((t) => [t.byLang.en!, t.byLang.fr!]));
  let balance = 0;
  for (const t of both) {
    const en = levels.get(t.byLang.en!)?.docs ?? 0;
    const fr = levels.get(t.byLang.fr!)?.docs ?? 0;
    if (en && fr) balance += Math.log(en / fr);
  }
  return balance > 0 ? 'en' : balance < 0 ? 'fr' : null;
}
