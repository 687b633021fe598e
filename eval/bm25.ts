// The baseline the evaluation compares against: plain BM25 (k1 = 1.2, b = 0.75, FTS5's idf) over
// the same chunks, computed exactly in memory from the chunk texts with the same words, stop words
// and stems as the keyword index (src/search/text/terms.ts), and nothing else: no impact levels, no
// posting budget, no vectors. It is what "plain keyword search" means in docs/search-quality.md.
import { B, idf, K1 } from '../src/core/data-file/keyword-index.js';
import { indexTerms, queryTerms, type Lang } from '../src/core/text/terms.js';

export interface Bm25Doc {
  id: number;
  text: string;
  language: Lang;
}

export interface Bm25 {
  /** Ids of the chunks holding at least one query stem, best first (ties: larger id first, as the engine's newest first). */
  rank(q: string, limit?: number): number[];
}

export function createBm25(docs: readonly Bm25Doc[]): Bm25 {
  const postings = new Map<string, Array<[number, number]>>(); // stem → [doc index, tf]
  const lengths = new Float64Array(docs.length);
  docs.forEach((d, i) => {
    const terms = indexTerms(d.text, d.language);
    lengths[i] = terms.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, n]);
    }
  });
  const avgdl = lengths.reduce((a, b) => a + b, 0) / Math.max(1, docs.length);
  return {
    rank(q, limit = 1000) {
      const stems = new Set(queryTerms(q, ['en', 'fr']).flatMap((t) => t.stems));
      const score = new Map<number, number>();
      for (const s of stems) {
        const list = postings.get(s);
        if (!list) continue;
        const w = idf(docs.length, list.length);
        for (const [i, tf] of list) {
          const norm = K1 * (1 - B + (B * lengths[i]) / avgdl);
          score.set(i, (score.get(i) ?? 0) + (w * tf * (K1 + 1)) / (tf + norm));
        }
      }
      return [...score]
        .sort((a, b) => b[1] - a[1] || docs[b[0]].id - docs[a[0]].id)
        .slice(0, limit)
        .map(([i]) => docs[i].id);
    },
  };
}
