// An English/French lexicon of index stems, learned at build from the bundle's parallel texts (bill
// titles, the paragraphs of the two editions of a sitting), so a query can also be searched in the
// other language's words (src/core/text/translate.ts): "fermeture des bureaux d'Anciens Combattants"
// finds the English debate on closing veterans' offices, which shares none of its words.
//
// IBM Model 1 (Brown et al. 1993): EM over sentence pairs for t(f|e), the probability that English
// stem e is rendered by French stem f, with a NULL word for what has no counterpart; trained both
// ways, and a pair kept when both directions agree (the geometric mean of t(f|e) and t(e|f)): one
// direction alone lets a frequent word ("loi", "act") translate everything. Stems, not words,
// because the keyword index holds stems. Deterministic: pairs in input order, ties by spelling.
import { phraseStems } from '../../../src/core/text/query-analysis.js';
import type { Lexicon } from '../../../src/core/text/translate.js';

const NULL_WORD = '\u0000';

export interface LexiconOptions {
  /** EM iterations per direction. */
  iterations?: number;
  /** A stem seen in fewer pairs than this gets no entry (its statistics are noise). */
  minPairs?: number;
  /** Translations kept per stem. */
  perStem?: number;
  /** Score (geometric mean of the two directions) a translation needs. */
  minScore?: number;
  /** Pairs read at most (EM costs |e|·|f| per pair and iteration): the first ones, in input order. */
  maxPairs?: number;
  /** Longer sides are cut to this many stems. */
  maxStems?: number;
}

/** t(target | source) by EM over integer ids (source id 0 is NULL), as one value per
 *  co-occurring (source, target) slot; each pair keeps the slots of its source × target grid. */
function model1(
  pairs: ReadonlyArray<readonly [Int32Array, Int32Array]>,
  nSources: number,
  nTargets: number,
  iterations: number,
): Map<number, number> {
  const slotOf = new Map<number, number>();
  const srcOfSlot: number[] = [];
  const grids: Int32Array[] = [];
  for (const [src, tgt] of pairs) {
    const grid = new Int32Array((src.length + 1) * tgt.length);
    let k = 0;
    for (let i = 0; i <= src.length; i++) {
      const s = i === 0 ? 0 : src[i - 1];
      for (const f of tgt) {
        const key = s * nTargets + f;
        let slot = slotOf.get(key);
        if (slot === undefined) {
          slotOf.set(key, (slot = srcOfSlot.length));
          srcOfSlot.push(s);
        }
        grid[k++] = slot;
      }
    }
    grids.push(grid);
  }
  const slots = srcOfSlot.length;
  const t = new Float64Array(slots).fill(1);
  const count = new Float64Array(slots);
  const total = new Float64Array(nSources);
  for (let it = 0; it < iterations; it++) {
    count.fill(0);
    total.fill(0);
    pairs.forEach(([src, tgt], p) => {
      const grid = grids[p],
        n = tgt.length,
        rows = src.length + 1;
      for (let j = 0; j < n; j++) {
        let z = 0;
        for (let i = 0; i < rows; i++) z += t[grid[i * n + j]];
        for (let i = 0; i < rows; i++) {
          const slot = grid[i * n + j];
          count[slot] += t[slot] / z;
        }
      }
    });
    for (let slot = 0; slot < slots; slot++) total[srcOfSlot[slot]] += count[slot];
    for (let slot = 0; slot < slots; slot++) t[slot] = count[slot] / total[srcOfSlot[slot]];
  }
  const out = new Map<number, number>();
  for (const [key, slot] of slotOf) out.set(key, t[slot]);
  return out;
}

export function trainLexicon(pairs: Iterable<readonly [string, string]>, o: LexiconOptions = {}): { lexicon: Lexicon; pairs: number } {
  const { iterations = 6, minPairs = 2, perStem = 3, minScore = 0.08, maxPairs = 100_000, maxStems = 60 } = o;
  const ids = [new Map<string, number>(), new Map<string, number>()];
  const names: string[][] = [[NULL_WORD], [NULL_WORD]];
  const idOf = (side: 0 | 1, stem: string) => {
    let id = ids[side].get(stem);
    if (id === undefined) {
      ids[side].set(stem, (id = names[side].length));
      names[side].push(stem);
    }
    return id;
  };
  const tokenized: Array<[Int32Array, Int32Array]> = [];
  for (const [en, fr] of pairs) {
    if (tokenized.length >= maxPairs) break;
    const e = phraseStems(en, 'en').slice(0, maxStems),
      f = phraseStems(fr, 'fr').slice(0, maxStems);
    if (e.length && f.length) tokenized.push([Int32Array.from(e, (s) => idOf(0, s)), Int32Array.from(f, (s) => idOf(1, s))]);
  }
  const seen = (side: 0 | 1) => {
    const n = new Int32Array(names[side].length);
    for (const p of tokenized) for (const s of new Set(p[side])) n[s]++;
    return n;
  };
  const seenIn = [seen(0), seen(1)];
  const nEn = names[0].length,
    nFr = names[1].length;
  const frOfEn = model1(tokenized, nEn, nFr, iterations);
  const enOfFr = model1(
    tokenized.map(([e, f]) => [f, e] as [Int32Array, Int32Array]),
    nFr,
    nEn,
    iterations,
  );
  const side = (from: 0 | 1) => {
    const to = (1 - from) as 0 | 1;
    const [there, back, nTo, nFrom] = from === 0 ? [frOfEn, enOfFr, nFr, nEn] : [enOfFr, frOfEn, nEn, nFr];
    const cands = new Map<number, Array<[string, number]>>();
    for (const [key, p] of there) {
      const s = Math.floor(key / nTo),
        f = key % nTo;
      if (s === 0 || seenIn[from][s] < minPairs || seenIn[to][f] < minPairs) continue;
      const score = Math.sqrt(p * (back.get(f * nFrom + s) ?? 0));
      if (score < minScore) continue;
      let list = cands.get(s);
      if (!list) cands.set(s, (list = []));
      list.push([names[to][f], Math.round(score * 1000) / 1000]);
    }
    const out: Record<string, Array<[string, number]>> = {};
    for (const s of [...cands.keys()].sort((a, b) => (names[from][a] < names[from][b] ? -1 : 1))) {
      out[names[from][s]] = cands
        .get(s)!
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, perStem);
    }
    return out;
  };
  return { lexicon: { version: 1, en: side(0), fr: side(1) }, pairs: tokenized.length };
}
