// The ranked candidate pool of a query (decisions 6). Up to three lists are fused by weighted
// reciprocal rank fusion (src/server/search/fuse.ts): keyword candidates (BM25 over the impact-ordered
// index, src/server/search/keyword-plan.ts), the same for the query's words translated into the other
// language (src/core/text/translate.ts), and vector candidates (nearest neighbours of the query
// embedding, probed with feedback from the best keyword match: src/server/search/feedback.ts); or, with
// only an anchor chunk, its nearest neighbours; for a keyword question (a name, a rare term), also
// the keyword candidates holding its words side by side (src/server/search/proximity.ts). What the query
// is (src/core/text/query-analysis.ts, and whether it asks across languages: cross-lingual.ts) sets
// the weights, and then:
//   - a quoted phrase is a phrase: only chunks holding it are results;
//   - a bill number is the intent: chunks naming it come first;
//   - a chunk holding every rare query word ranks at least where the keyword list puts it;
//   - a result must match: keyword evidence (a query word or its translation), or a similarity to
//     the query of at least SIMILARITY_FLOOR. A nonsense query finds nothing.
// The pool is the whole result set that pages, groups and facets are computed over; `matches`
// counts every match, including keyword matches beyond the pool (capped, decisions 6).
import { chunkWhere, COUNT_CAP, type SearchFilters, type SearchQueries } from '../db/search.js';
import { feedbackProbe } from './feedback.js';
import { FUSION_WEIGHTS, pinToKeywordRanks, reciprocalRankFusion, RRF_K, type FusionWeights } from './fuse.js';
import { ftsAny, idf, LEVELS, termToken } from '../../core/data-file/keyword-index.js';
import { EXACT_TOP, keywordCandidates, POSTING_BUDGET, type Passing } from './keyword-plan.js';
import { coverages } from './cross-lingual.js';
import { EXPANSION_WEIGHTS, expansionStems, type ExpansionOptions } from './expansion.js';
import { proximityList } from './proximity.js';
import { byLegislature, drawNeighbours, type VectorPool } from './legislature-pools.js';
import { analyseQuery, holdsPhrase, passageOf, type Phrase, type QueryAnalysis, type QueryShape } from '../../core/text/query-analysis.js';
import { FRENCH_MARK, isStop, queryTerms, stem, type Lang } from '../../core/text/terms.js';
import { translateStems, type Lexicon } from '../../core/text/translate.js';
import { relatedFamilies, snowballSiblings, type RelatedOptions } from './related-families.js';
import { chunksForTerm } from './term-collection.js';
import { writtenIn } from '../../core/text/query-language.js';
import { likelyLanguage, otherReadingWeights, ownReadings } from './written-language.js';
import { EXACT_DEPTH, exactHead } from './exact-scores.js';
import { printBillNumbers } from '../../core/text/bill-number.js';
import type { Neighbour, VectorIndex } from './vectors.js';

export const POOL = 1000;

/** The weight of a query word's related families (related-families.ts) against its own; on the
 *  evaluation's tuning half (eval/related-grid.ts) 0.25 and 1 were no better. */
export const RELATED_WEIGHT = 0.5;

/** A chunk related to the query only by its vector must be at least this similar to count as a
 *  match (chosen on the evaluation: eval/floor.ts; docs/search-quality.md "Similarity floor"). */
export const SIMILARITY_FLOOR = 0.4;

/** Translated stems searched at most (the best scored). */
export const MAX_TRANSLATED = 4;

/** The translated list's weight when the query is asking across languages (src/server/search/cross-lingual.ts);
 *  chosen on the evaluation's tuning half: cross-lingual NDCG@10 0.351 → 0.505, the other kinds unchanged. */
export const TRANSLATED_LEADS = 2;

/** A query stem is rare when at most this share of the chunks hold it (its idf is high). */
export const RARE_SHARE = 0.01;

/** The weight of the list of keyword candidates holding the query's adjacent word pairs, by shape;
 *  chosen on the tuning half by the one-standard-error rule (eval/tune.ts): keyword questions
 *  0.855 → 0.872 (names: "Paul Bernardo", "Kids Help Phone"); topic and prose queries lose with it. */
export const PROXIMITY_WEIGHT: Partial<Record<QueryShape, number>> = { keyword: 0.3 };

export interface Candidate {
  rowid: number;
  score: number;
  similarity: number | null;
  keyword: boolean;
  vector: boolean;
}
export interface Pool {
  mode: 'hybrid' | 'semantic';
  candidates: Candidate[];
  stems: Set<string>;
  /** Every chunk that matches, counted beyond the pool when the keyword list was cut (capped at
   *  COUNT_CAP), and whether more exist; computed when asked (pages and facets do not need it). */
  count(): { matches: number; capped: boolean };
}

export interface CandidateSources {
  queries: SearchQueries;
  vectors: VectorIndex | null;
  /** Runs an embedding through the shared queue (2 running, 6 waiting). */
  embed: ((text: string) => Promise<Float32Array>) | null;
  /** The data file's English/French stem lexicon (null: no translation). */
  lexicon?: Lexicon | null;
  /** Whether the encoder knows any word of a text (src/core/encoder/embedder.ts); absent: it does. */
  knows?: ((text: string) => boolean) | null;
}

/** Which candidate lists feed the fusion, and engine constants the evaluation varies. Internal: the
 *  evaluation (eval/run.ts) compares each side alone with all of them; the API always uses all. */
export interface PoolOptions {
  /** Evaluation only (eval/federated.ts): each legislature's places filled by its own search
   *  (federated.ts; default off), weighing words by its own statistics (default on when federated). */
  federate?: boolean;
  ownStatistics?: boolean;
  keyword?: boolean;
  vector?: boolean;
  /** The match floor; the evaluation sets it to -1 to see every candidate. */
  floor?: number;
  weights?: Partial<Record<QueryShape, FusionWeights>>;
  /** RRF's k (default RRF_K) and the feedback weight (default FEEDBACK_WEIGHT), varied by eval/tune.ts. */
  rrfK?: number;
  feedback?: number;
  /** Expansion (src/server/search/expansion.ts): its list's weight per shape, and its constants. */
  /** The translated list's weight when the query asks across languages (0: never raised). */
  translatedLeads?: number;
  /** Whether chunks holding every rare query word keep their keyword rank (default true). */
  pin?: boolean;
  pinWhenLeads?: boolean;
  /** Keep the shape's translated weight when a best chunk holds every query word (default false). */
  translatedWhenHeld?: boolean;
  /** The proximity list's weight (src/server/search/proximity.ts; default PROXIMITY_WEIGHT). */
  proximity?: Partial<Record<QueryShape, number>>;
  /** Rare words as the query's words, each held in any of its readings (default true), or as
   *  every stem searched, the related families included (false: the engine before). */
  rareByWord?: boolean;
  /** The related-families test and weight (related-families.ts; defaults MIN_LIFT, MIN_BOTH, RELATED_WEIGHT). */
  related?: RelatedOptions;
  relatedWeight?: number;
  expansion?: ExpansionOptions & { weight?: Partial<Record<QueryShape, number>> };
  /** Whether a query written in one language reads its words in the other as that language's stems
   *  only (written-language.ts; default true; false: the engine before). */
  writtenLanguage?: boolean;
  /** How many of a one-word query's best keyword matches are ordered by exact BM25 (exact-scores.ts;
   *  default EXACT_DEPTH; 0: the engine before). */
  exactDepth?: number;
  /** What breaks a tie of fused scores first: the keyword rank (default) or the similarity (the engine before). */
  ties?: 'keyword' | 'similarity';
  /** Whether a bill number typed as one word ("c24") is searched as printed (default true). */
  printBills?: boolean;
  /** Whether the chunks naming a bill number of the query come newest session first (default true). */
  billsNewest?: boolean;
  /** Whether the chunks naming a bill move ahead after the rare-word pins (default true) or before (the engine before). */
  billsAfterPins?: boolean;
  /** Whether a quotation's holders are also looked for among the chunks holding its rarest words,
   *  not only among the best keyword matches (default true; false: the engine before). */
  quotationHolders?: boolean;
  /** How the vector side draws its candidates (legislature-pools.ts; the API: 'global'). */
  vectorPool?: VectorPool;
  /** Neighbours drawn (default POOL) and keyword candidates kept (default POOL). */
  vectorK?: number;
  keywordLimit?: number;
  /** The keyword lists split per legislature, each ranked within its own (tried, not adopted). */
  keywordPerLegislature?: boolean;
  /** The keyword side's exact top and posting budget (defaults EXACT_TOP, POSTING_BUDGET). */
  exactTop?: number;
  postingBudget?: number;
}
export type PoolSides = Pick<PoolOptions, 'keyword' | 'vector'>;

type TermLevels = ReturnType<SearchQueries['termLevels']>;
/** An FTS5 query matching every chunk that holds `stem` (at any impact level): only the levels that
 *  hold chunks are named (each named token is a seek in the index; a rare stem has postings on a
 *  few of its LEVELS lists). Null when no chunk holds it. */
function anyLevel(stem: string, terms: TermLevels): string | null {
  const tokens = (terms.get(stem)?.levels ?? []).flatMap((docs, l) => (docs > 0 && l < LEVELS ? [termToken(stem, l)] : []));
  return tokens.length ? `(${ftsAny(tokens)})` : null;
}

/** Each query word's stem per searched language (stop words of that language have none). */
function stemsByLang(queries: SearchQueries, q: string, langs: readonly Lang[], related: RelatedOptions = {}) {
  return queryTerms(q, langs).map((t) => ({
    stems: t.stems,
    // An English word's families the corpus says share its meaning are searched as the word
    // (related-families.ts); what decides whether the query asks across languages is its own words.
    related: langs.includes('en') && !isStop(t.word.norm, 'en') ? relatedFamilies(queries, t.word.norm, related) : [],
    // How many chunks hold the word's subject, for whether it is rare (rareWords): its Snowball kin too.
    kin: langs.includes('en') && !isStop(t.word.norm, 'en') ? snowballSiblings(queries, t.word.norm, stem(t.word.norm, 'en')) : [],
    byLang: Object.fromEntries(langs.filter((l) => !isStop(t.word.norm, l)).map((l) => [l, stem(t.word.norm, l)])) as Partial<
      Record<Lang, string>
    >,
  }));
}

export async function hybridPool(
  src: CandidateSources,
  typed: string,
  f: SearchFilters,
  minSimilarity: number | undefined,
  o: PoolOptions = {},
): Promise<Pool> {
  const { keyword: useKeyword = true, vector: useVector = true, floor = SIMILARITY_FLOOR } = o;
  const { queries } = src;
  // A bill number typed as one word ("c24") is searched as printed ("C-24"): its number's term.
  const q = (o.printBills ?? true) ? printBillNumbers(typed) : typed;
  // The query's embedding first: it waits its turn in the embedding queue (decisions 4), and a
  // search the full queue refuses (503) has then spent nothing on its keyword side. Embedded after
  // the keyword side, each refusal cost a whole keyword search: at 32 connections of distinct
  // searches, 152 answers a second against 216.
  // A query the encoder knows no word of has no meaning to it: no vector side (a nonsense query
  // finds nothing rather than the chunks nearest to its hashed letters).
  const qvec = useVector && src.vectors && src.embed && src.vectors.count() > 0 && (src.knows?.(q) ?? true) ? await src.embed(q) : null;
  const analysis = analyseQuery(q, f.langs);
  const terms = stemsByLang(queries, q, f.langs, o.related);
  const stems = new Set(terms.flatMap((t) => [...t.stems, ...t.related]));
  const sessionIds = queries.sessionIdsFor(f.parliament_number, f.session_number);
  const mask = src.vectors?.rowMask(f, sessionIds) ?? null;
  const passing = src.vectors ? null : passingOf(queries, f);
  // The query's own words get an exact top 20 (keyword-plan.ts EXACT_TOP); the translated and
  // expanded lists, second opinions on a fraction of the budget, stay budgeted.
  // One query can ask for the same stems twice (the cross-lingual check and the translated list):
  // the answer depends on the set of stems and the budget only (keyword-plan.ts orders the stems).
  const asked = new Map<string, number[]>();
  const related = new Map(
    terms.flatMap((t) => t.related.filter((r) => !t.stems.includes(r)).map((r) => [r, o.relatedWeight ?? RELATED_WEIGHT] as const)),
  );
  // A query written in one language: its words' readings in the other weigh at most as their own,
  // and only the own readings are translated (written-language.ts).
  // Without function words the corpus says which language the words are more at home in; that only
  // caps the other reading's weight: both readings are still translated, as the query gives no sign.
  const bothLangs = (o.writtenLanguage ?? true) && f.langs.length > 1;
  const written = bothLangs ? writtenIn(q) : null;
  const capBy = written ?? (bothLangs ? likelyLanguage(queries, terms) : null);
  const weightOf = new Map(related);
  if (capBy) for (const [s, w] of otherReadingWeights(queries, terms, capBy)) weightOf.set(s, Math.min(weightOf.get(s) ?? 1, w));
  const readings = written ? ownReadings(terms, written) : terms;
  const keywordOf = (list: string[], budget?: number) => {
    if (!list.length) return [];
    const key = `${budget}\u0000${[...new Set(list)].sort().join('\u0000')}`;
    let got = asked.get(key);
    if (!got)
      asked.set(
        key,
        (got = keywordCandidates(queries, list, {
          f,
          sessionIds,
          limit: o.keywordLimit ?? POOL,
          mask,
          passing,
          budget: budget ?? o.postingBudget,
          exact: budget === undefined ? (o.exactTop ?? EXACT_TOP) : 0,
          stemWeights: weightOf,
        })),
      );
    return got;
  };

  // A one-word query's best matches mostly share one of the index's levels, where ties go to the
  // newest: they are ordered by how much they hold the word instead (exact-scores.ts).
  const keyword = useKeyword
    ? exactHead(queries, keywordOf([...stems]), [...stems], weightOf, terms.length === 1 ? (o.exactDepth ?? EXACT_DEPTH) : 0)
    : [];
  const stemLevels: TermLevels = useKeyword ? queries.termLevels([...stems]) : new Map();
  const rare = useKeyword
    ? (o.rareByWord ?? true)
      ? rareWords(queries, terms, stemLevels)
      : rareStems(queries, stemLevels).map((s) => [s])
    : [];
  const shape = rare.length && analysis.shape === 'topic' && analysis.contentWords <= 3 ? 'keyword' : analysis.shape;
  let weights = o.weights?.[shape] ?? FUSION_WEIGHTS[shape];
  const leadWeight = o.translatedLeads ?? TRANSLATED_LEADS;
  // Whether the query asks across languages (its translation is held more fully than its own
  // words: the translated list leads), or is answered in its own language (a best chunk holds
  // every word of it: the translated list would only add other-language chunks that hold less).
  const cover =
    useKeyword && src.lexicon
      ? coverages({
          queries,
          lexicon: src.lexicon,
          terms: readings,
          langs: f.langs,
          keyword,
          search: (s) => keywordOf(s, POSTING_BUDGET / 12),
        })
      : null;
  const leads = cover !== null && leadWeight > 0 && cover.translated > cover.own;
  if (leads) weights = { ...weights, translated: leadWeight };
  else if (cover?.own === 1 && !o.translatedWhenHeld) weights = { ...weights, translated: 0 };
  const translations = useKeyword && src.lexicon && weights.translated > 0 ? translateStems(src.lexicon, readings, f.langs) : [];
  // The translation is a second opinion: its best stems only, on a twelfth of the posting budget
  // (the lists with the most to add are read first; at 1 M chunks a full budget cost ~6 ms).
  const translated = keywordOf(
    translations.slice(0, MAX_TRANSLATED).map((t) => t.stem),
    POSTING_BUDGET / 12,
  );

  // Expansion learns from the best matches of the two keyword lists, as fused.
  const expansionWeight = o.expansion?.weight?.[shape] ?? EXPANSION_WEIGHTS[shape];
  let expanded: number[] = [];
  if (expansionWeight > 0 && keyword.length) {
    const lead = [
      ...reciprocalRankFusion([keyword.slice(0, 20), translated.slice(0, 20)], o.rrfK ?? RRF_K, [weights.keyword, weights.translated]),
    ]
      .sort((a, b) => b[1] - a[1])
      .map(([r]) => r);
    const added = expansionStems(queries, lead, stems, o.expansion);
    if (added.length) expanded = keywordOf([...stems, ...added], POSTING_BUDGET / 3);
  }

  let neighbours: Neighbour[] = [];
  let vectorLists: number[][] = [];
  if (qvec && src.vectors) {
    // Feedback from the best keyword match of the two keyword lists, as fused.
    const lead = [...reciprocalRankFusion([keyword.slice(0, 1), translated.slice(0, 1)], 60, [weights.keyword, weights.translated])].sort(
      (a, b) => b[1] - a[1],
    )[0]?.[0];
    const best = lead === undefined ? undefined : src.vectors.vectors([lead]).get(lead);
    const vectors = src.vectors;
    const how = o.vectorPool ?? 'global';
    // 'own-…': each legislature's probe takes the feedback of that legislature's best keyword match.
    const probe = how.startsWith('own-')
      ? (p: number) => {
          const own = [...keyword, ...translated].find((r) => vectors.legislatureOf(r) === p);
          return feedbackProbe(qvec, own === undefined ? undefined : vectors.vectors([own]).get(own), o.feedback);
        }
      : feedbackProbe(qvec, best, o.feedback);
    ({ neighbours, lists: vectorLists } = drawNeighbours(vectors, probe, o.vectorK ?? POOL, f, sessionIds, qvec, how));
  }
  const proximityWeight = (o.proximity ?? PROXIMITY_WEIGHT)[shape] ?? 0;
  const near2 = proximityWeight > 0 ? proximityList(queries, q, f.langs, keyword) : [];
  const split = (list: number[]) => byLegislature(src.vectors, list, o.keywordPerLegislature ?? false);
  const lists: Array<[number[][], number]> = [
    [split(keyword), weights.keyword],
    [split(translated), weights.translated],
    [vectorLists, weights.vector],
    [split(expanded), expansionWeight],
    [split(near2), proximityWeight],
  ];
  const fused = reciprocalRankFusion(
    lists.flatMap(([ls]) => ls),
    o.rrfK ?? RRF_K,
    lists.flatMap(([ls, w]) => ls.map(() => w)),
  );
  // Filled in loops: the pairs of `new Map(neighbours.map(…))` cost a 1,000 small arrays a search.
  const similarity = new Map<number, number>();
  const near = new Set<number>();
  for (const n of neighbours) {
    similarity.set(n.rowid, n.similarity);
    near.add(n.rowid);
  }
  const kw = new Set([...keyword, ...translated, ...expanded]);
  if (qvec && src.vectors) {
    const missing = [...kw].filter((r) => !similarity.has(r));
    for (const [rowid, s] of src.vectors.similarities(qvec, missing)) similarity.set(rowid, s);
  }
  // A match has keyword evidence or is similar enough.
  let order = byScore(
    [...fused.keys()].filter((r) => kw.has(r) || (similarity.get(r) ?? -2) >= floor),
    fused,
    similarity,
    (o.ties ?? 'keyword') === 'keyword' ? keyword : [],
  );
  if (minSimilarity !== undefined) order = order.filter((r) => (similarity.get(r) ?? -2) >= minSimilarity);

  order = keepPhrases(queries, analysis, order);
  const afterPins = o.billsAfterPins ?? true;
  if (!afterPins) order = billsFirst(queries, analysis, order, o.billsNewest ?? true);
  if ((o.pin ?? true) && !(leads && !(o.pinWhenLeads ?? false)) && rare.length && keyword.length)
    order = pinToKeywordRanks(order, pinnedOf(queries, keyword, rare, stemLevels, new Set(order)));
  // A bill number is the intent: the pins (its number is a rare word) keep a chunk saying "April 21"
  // where the keyword list put it, so the chunks naming the bill are moved ahead after them.
  if (afterPins) order = billsFirst(queries, analysis, order, o.billsNewest ?? true);
  // Last: a chunk quoted verbatim by a long query is what it asks for, whatever the pins say.
  const passage = useKeyword ? passageOf(q, f.langs) : null;
  if (passage) {
    const best = keyword.slice(0, PASSAGE_DEPTH);
    const look = (o.quotationHolders ?? true) ? [...new Set([...best, ...rarestHolders(queries, passage, f.langs)])] : best;
    order = quotationsFirst(queries, passage, look, order);
  }

  const candidates = order.map((rowid) => ({
    rowid,
    score: fused.get(rowid)!,
    similarity: similarity.get(rowid) ?? null,
    keyword: kw.has(rowid),
    vector: near.has(rowid),
  }));
  let counted: { matches: number; capped: boolean } | undefined;
  const count = () => (counted ??= countMatches(queries, { keyword, stems, terms: stemLevels, analysis, f, pool: order, minSimilarity }));
  return { mode: 'hybrid', candidates, stems, count };
}

/** `rowids` by fused score, then keyword rank, then similarity, then rowid. Equal ranks mirrored
 *  (1st and 2nd on one side, 2nd and 1st on the other) tie exactly under equal weights; the keyword
 *  side, which alone ranks better than the vector side alone (docs/search-quality.md), decides.
 *  The keys are read once each, not twice per comparison (a pool of ~2,000 is ~20,000 comparisons). */
function byScore(rowids: number[], fused: Map<number, number>, similarity: Map<number, number>, keyword: readonly number[]): number[] {
  const n = rowids.length;
  const keywordRank = new Map<number, number>();
  keyword.forEach((r, i) => keywordRank.set(r, i));
  const score = new Float64Array(n),
    rank = new Float64Array(n),
    sim = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    score[i] = fused.get(rowids[i])!;
    rank[i] = keywordRank.get(rowids[i]) ?? Infinity;
    sim[i] = similarity.get(rowids[i]) ?? -2;
  }
  const at = Array.from({ length: n }, (_, i) => i);
  // Infinity − Infinity is NaN (falsy): two chunks without a keyword rank go on to the similarity.
  at.sort((a, b) => score[b] - score[a] || rank[a] - rank[b] || sim[b] - sim[a] || rowids[a] - rowids[b]);
  return at.map((i) => rowids[i]);
}

/** The query stems held by at most RARE_SHARE of the chunks of their language, rarest first. */
function rareStems(queries: SearchQueries, terms: TermLevels): string[] {
  const n = chunksForTerm(queries);
  return [...terms]
    .filter(([s, t]) => t.docs > 0 && t.docs <= RARE_SHARE * n(s))
    .sort((a, b) => idf(n(b[0]), b[1].docs) - idf(n(a[0]), a[1].docs))
    .map(([s]) => s);
}

/** The query words whose subject is rare, rarest first, each as the readings searched for it (its
 *  family in each language and its related families). A word is rare when the chunks holding any of
 *  its readings or its Snowball kin are at most RARE_SHARE of all chunks: a rare form of a common
 *  subject ("criticism", 9 chunks, beside "critic" and "critical") is not a rare word, nor is the
 *  French reading of an English word, rare only because French chunks seldom hold it. */
function rareWords(
  queries: SearchQueries,
  terms: ReadonlyArray<{ stems: string[]; related: string[]; kin: string[] }>,
  levels: TermLevels,
): string[][] {
  const n = chunksForTerm(queries);
  const kinLevels = queries.termLevels([...new Set(terms.flatMap((t) => t.kin))]);
  const docs = (s: string) => levels.get(s)?.docs ?? kinLevels.get(s)?.docs ?? 0;
  const out: Array<[string[], number]> = [];
  for (const t of terms) {
    const readings = [...new Set([...t.stems, ...t.related])].filter((s) => docs(s) > 0);
    if (!readings.length) continue;
    const held = [...new Set([...readings, ...t.kin])].reduce((n, s) => n + docs(s), 0);
    // Among the chunks of the languages that hold it (a French word: among the French chunks).
    const among = [...new Map(readings.map((s) => [s.endsWith(FRENCH_MARK), n(s)])).values()].reduce((a, b) => a + b, 0);
    if (held <= RARE_SHARE * among) out.push([readings, held]);
  }
  return out.sort((a, b) => a[1] - b[1]).map(([r]) => r);
}

/** The keyword candidates that hold every rare word (any of its readings), with their keyword
 *  ranks. Rare words have short posting lists (at most RARE_SHARE of the chunks), so reading them
 *  whole is cheap. */
function pinnedOf(queries: SearchQueries, keyword: number[], rare: string[][], terms: TermLevels, inResult: Set<number>) {
  const limit = Math.ceil(RARE_SHARE * queries.totalChunks()) + 1;
  const held = rare.map((readings) => new Set(readings.flatMap((s) => holdersOf(queries, [s], terms, limit))));
  return keyword.map((id, keywordRank) => ({ id, keywordRank })).filter((p) => inResult.has(p.id) && held.every((h) => h.has(p.id)));
}

/** The newest `limit` chunks holding every one of `stems` (each held by some chunk), newest first:
 *  what the FTS5 query (a_1 OR a_5) AND (b_2 OR …) ORDER BY rowid DESC LIMIT limit answers, made
 *  from each stem's level lists instead, which the keyword side has just read (kept:
 *  src/server/search/query-caches.ts), so the pin runs no FTS5 query of its own. */
export function holdersOf(queries: Pick<SearchQueries, 'postings'>, stems: readonly string[], terms: TermLevels, limit: number): number[] {
  let held: Set<number> | null = null;
  for (const s of stems) {
    const mine = new Set<number>();
    terms.get(s)!.levels.forEach((docs, l) => {
      if (docs > 0 && l < LEVELS) for (const r of queries.postings(`"${termToken(s, l)}"`, docs)) if (!held || held.has(r)) mine.add(r);
    });
    held = mine;
  }
  return [...(held ?? [])].sort((a, b) => b - a).slice(0, limit);
}

/** Quoted phrases filter: only chunks holding every phrase stay. */
function keepPhrases(queries: SearchQueries, a: QueryAnalysis, order: number[]): number[] {
  if (!a.phrases.length) return order;
  const texts = queries.texts(order);
  return order.filter((r) => {
    const t = texts.get(r);
    return t !== undefined && a.phrases.every((p) => holdsPhrase(t.text, t.language, p));
  });
}

/** Chunks naming a bill number of the query move ahead of those that do not, the newest session's
 *  first (a number is reused each session: "C-21" asks first for the C-21 before the House now),
 *  each session's in its order. */
function billsFirst(queries: SearchQueries, a: QueryAnalysis, order: number[], newest: boolean): number[] {
  if (!a.bills.length) return order;
  const texts = queries.texts(order);
  const names = (r: number) => a.bills.some((b) => b.pattern.test(texts.get(r)?.text ?? ''));
  const named = order.filter(names);
  return [...(newest ? newestSessionFirst(queries, named) : named), ...order.filter((r) => !names(r))];
}

/** `rowids` grouped by their session, newest session first (by its start date; no session last),
 *  each group in its order. */
function newestSessionFirst(queries: SearchQueries, rowids: number[]): number[] {
  const start = queries.sessionStarts(rowids);
  const at = new Map(rowids.map((r, i) => [r, i]));
  const key = (r: number) => start.get(r) ?? '';
  return [...rowids].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : at.get(a)! - at.get(b)!));
}

/** The keyword candidates read for a query that may be a quotation (passageOf): its holders are
 *  among the best keyword matches, since they hold every word of it. */
export const PASSAGE_DEPTH = 100;

/** Stems of a passage whose holders are read: its rarest, whose lists are the shortest, and none
 *  held by more than PASSAGE_LIST_SHARE of the chunks (a passage of only common words is left to
 *  the best keyword matches: its lists would cost more than they find). Six, not three: a riding's
 *  two names and a common word were held together by more chunks than are kept (PASSAGE_DEPTH,
 *  newest first), and the older quoting chunk was cut. */
const PASSAGE_RAREST = 6;
const PASSAGE_LIST_SHARE = 0.1;

/** The chunks holding a passage's rarest words, where its quoting chunk is when the best keyword
 *  matches miss it: a passage of common words and names (a member's riding is named in many
 *  chunks) spreads its BM25 score thin, and its chunk ranked 190th and 218th in Ontario's Hansard.
 *  A chunk holding the passage holds its rarest words, so it is among these, whatever its rank. */
function rarestHolders(queries: SearchQueries, p: Phrase, langs: readonly Lang[]): number[] {
  const out: number[] = [];
  for (const lang of langs) {
    const stems = [...new Set(p.stems[lang])];
    if (stems.length < 2) continue;
    const terms = queries.termLevels(stems);
    // A stem no chunk holds: no chunk holds the passage in this language.
    if (stems.some((s) => !terms.get(s)?.docs)) continue;
    const most = PASSAGE_LIST_SHARE * queries.totalChunks();
    const rarest = stems
      .sort((a, b) => terms.get(a)!.docs - terms.get(b)!.docs)
      .slice(0, PASSAGE_RAREST)
      .filter((s) => terms.get(s)!.docs <= most);
    if (rarest.length) out.push(...holdersOf(queries, rarest, terms, PASSAGE_DEPTH));
  }
  return out;
}

/** The chunks among `candidates` that hold the passage verbatim (stop words aside) move ahead of the
 *  rest, in the keyword list's order; the rest keep theirs. */
function quotationsFirst(queries: SearchQueries, p: Phrase, candidates: number[], order: number[]): number[] {
  const inOrder = new Set(order);
  const texts = queries.texts(candidates.filter((r) => inOrder.has(r)));
  const holders = [...texts].filter(([, t]) => holdsPhrase(t.text, t.language, p)).map(([r]) => r);
  if (!holders.length) return order;
  const first = new Set(holders);
  return [...candidates.filter((r) => first.has(r)), ...order.filter((r) => !first.has(r))];
}

interface CountInput {
  keyword: number[];
  stems: Set<string>;
  terms: TermLevels;
  analysis: QueryAnalysis;
  f: SearchFilters;
  pool: number[];
  minSimilarity: number | undefined;
}

/** How many chunks match. The pool, when it holds every keyword match (the keyword list was not
 *  cut at POOL); otherwise, without filters, every chunk holding a query word, counted in the index
 *  up to COUNT_CAP (~3 ms at 1 M chunks), plus the pool's matches by similarity alone. With a filter
 *  (counting in the index with filter tokens cost ~11 ms at 1 M for province_territory=BC), a
 *  phrase (each text must be read) or min_similarity (each vector), the pool's matches are counted
 *  and `capped` says more exist. */
function countMatches(queries: SearchQueries, c: CountInput): { matches: number; capped: boolean } {
  if (c.keyword.length < POOL) return { matches: c.pool.length, capped: false };
  if (c.analysis.phrases.length || c.minSimilarity !== undefined || chunkWhere(c.f).clauses.length)
    return { matches: c.pool.length, capped: true };
  // The chunks holding any query word, up to the cap: a stem alone in as many settles it (the
  // index's count of a common stem's chunks stepped through 10,001 postings: ~2.4 ms at 1 M).
  const widest = Math.max(0, ...[...c.stems].map((s) => c.terms.get(s)?.docs ?? 0));
  const held = widest >= COUNT_CAP ? [] : [...c.stems].map((s) => anyLevel(s, c.terms)).filter((m) => m !== null);
  const byWords = widest >= COUNT_CAP ? COUNT_CAP : held.length ? queries.countMatching(`(${held.join(' OR ')})`, COUNT_CAP) : 0;
  const inPool = new Set(c.keyword);
  const bySimilarity = c.pool.filter((r) => !inPool.has(r)).length;
  const matches = Math.min(COUNT_CAP, byWords + bySimilarity);
  return { matches, capped: matches >= COUNT_CAP };
}

/** The filter as SQL over the chunks read, for a file without the vector index's in-memory columns. */
function passingOf(queries: SearchQueries, f: SearchFilters): Passing | null {
  if (!chunkWhere(f).clauses.length) return null;
  return (rowids) => {
    const ok = queries.passing(rowids, f);
    return rowids.filter((r) => ok.has(r));
  };
}

export function anchorPool(src: CandidateSources, anchorRowid: number, f: SearchFilters, minSimilarity: number | undefined): Pool {
  const vec = src.vectors?.vectors([anchorRowid]).get(anchorRowid);
  if (!vec || !src.vectors) return { mode: 'semantic', candidates: [], stems: new Set(), count: () => ({ matches: 0, capped: false }) };
  let candidates = src.vectors
    .nearest(vec, POOL + 1, f, src.queries.sessionIdsFor(f.parliament_number, f.session_number))
    .filter((n) => n.rowid !== anchorRowid)
    .slice(0, POOL)
    .map((n) => ({ rowid: n.rowid, score: n.similarity, similarity: n.similarity, keyword: false, vector: true }));
  if (minSimilarity !== undefined) candidates = candidates.filter((c) => c.similarity >= minSimilarity);
  return { mode: 'semantic', candidates, stems: new Set(), count: () => ({ matches: candidates.length, capped: false }) };
}
