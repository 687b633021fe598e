// Quality probes for a learned encoder: cross-lingual retrieval of held-out parallel texts and
// nearest vocabulary words.
import type { LearnedCard } from '../../src/core/encoder/card.js';

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

export interface Recall {
  queries: number;
  candidates: number;
  at1: number;
  at10: number;
}

/**
 * For each query (French text) rank all candidates (distinct English texts) by cosine; a hit is
 * the pair's own English text. Identical English texts are one candidate.
 */
export function crossLingualRecall(pairs: Array<{ en: string; fr: string }>, embed: (t: string) => Float32Array): Recall {
  const cands = [...new Set(pairs.map((p) => p.en))];
  const candVec = cands.map(embed);
  const pos = new Map(cands.map((c, i) => [c, i]));
  let at1 = 0,
    at10 = 0;
  const seen = new Set<string>();
  let queries = 0;
  for (const p of pairs) {
    if (seen.has(p.fr)) continue; // a repeated French title counts once
    seen.add(p.fr);
    queries++;
    const q = embed(p.fr);
    const target = candVec[pos.get(p.en)!];
    const s = dot(q, target);
    // Rank = candidates scoring strictly higher; a zero vector ranks last.
    let higher = 0;
    for (const v of candVec) if (dot(q, v) > s) higher++;
    if (s !== 0 || higher === 0) {
      if (higher < 1) at1++;
      if (higher < 10) at10++;
    }
  }
  return { queries, candidates: cands.length, at1: at1 / queries, at10: at10 / queries };
}

/** The k vocabulary words closest to `word`'s row (cosine), excluding itself. */
export function nearestWords(table: Float32Array, card: LearnedCard, word: string, k = 5): string[] {
  const dim = card.dim,
    i = card.vocab.indexOf(word);
  if (i < 0) return [];
  const v = table.subarray(i * dim, (i + 1) * dim);
  const scored: Array<[number, number]> = [];
  for (let j = 0; j < card.vocab.length; j++) {
    if (j === i) continue;
    const u = table.subarray(j * dim, (j + 1) * dim);
    const n = Math.sqrt(dot(u, u)) || 1;
    scored.push([dot(v, u) / n, j]);
  }
  return scored
    .sort((a, b) => b[0] - a[0])
    .slice(0, k)
    .map(([, j]) => card.vocab[j]);
}

/** Mean cosine between sampled vocabulary words' learned rows and their n-gram-only vectors: how
 *  well spelling alone places a word (in-sample, so an upper bound for unseen words). */
export function subwordAgreement(table: Float32Array, card: LearnedCard, every = 10, ngramBuckets: (w: string) => number[]): number {
  const dim = card.dim,
    V = card.vocab.length;
  let total = 0,
    n = 0;
  for (let i = 0; i < V; i += every) {
    const v = new Float32Array(dim);
    for (const b of ngramBuckets(card.vocab[i])) for (let d = 0; d < dim; d++) v[d] += table[(V + b) * dim + d];
    const w = table.subarray(i * dim, (i + 1) * dim);
    const nv = Math.sqrt(dot(v, v)),
      nw = Math.sqrt(dot(w, w));
    if (nv && nw) {
      total += dot(v, w) / (nv * nw);
      n++;
    }
  }
  return n ? total / n : 0;
}
