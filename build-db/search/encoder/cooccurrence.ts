// Word–context co-occurrence counts: a symmetric window with harmonic weights (a neighbour d words
// away counts 1/d), and for each parallel pair a document-level cross-language term.
//
// Why shared contexts rather than a Procrustes map between two monolingual spaces: the corpus has
// one vocabulary for both languages (budget, transport, national… are spelled alike), so there is
// no clean "French space" to rotate, and a Procrustes map needs a word dictionary we do not have.
// Counting every English word of a pair as a context of every French word of it (BWESG-style
// pseudo-bilingual documents) puts "santé" in the contexts of "health" inside the same PPMI+SVD,
// and the server needs no language detection: one table, one tokenizer.
import { PairCounts } from './pair-counts.js';
import type { TokenStream } from './token-stream.js';
import type { Vocabulary } from './vocabulary.js';

export interface CooccurrenceOptions {
  window?: number;
  /** Total cross-language mass each word of a pair spreads over the other side's words. */
  crossWeight?: number;
}

export function countCooccurrences(s: TokenStream, v: Vocabulary, { window = 5, crossWeight = 5 }: CooccurrenceOptions = {}): PairCounts {
  const counts = new PairCounts(1 << 22);
  const rows = Int32Array.from(s.tokens, (t) => (t < 0 ? -2 : v.rowOf[t]));
  const n = rows.length;
  for (let i = 0; i < n; i++) {
    const a = rows[i];
    if (a === -2) continue;
    for (let d = 1; d <= window && i + d < n; d++) {
      const b = rows[i + d];
      if (b === -2) break; // document end
      if (a < 0 || b < 0) continue;
      counts.add(a, b, 1 / d);
      counts.add(b, a, 1 / d);
    }
  }
  if (crossWeight > 0) {
    const p = s.pairs;
    for (let k = 0; k < p.length; k += 4) {
      const A = inVocab(rows, p[k], p[k + 1]),
        B = inVocab(rows, p[k + 2], p[k + 3]);
      if (!A.length || !B.length) continue;
      const w = crossWeight / Math.sqrt(A.length * B.length);
      for (const a of A)
        for (const b of B) {
          counts.add(a, b, w);
          counts.add(b, a, w);
        }
    }
  }
  return counts;
}

function inVocab(rows: Int32Array, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = start; i < end; i++) if (rows[i] >= 0) out.push(rows[i]);
  return out;
}
