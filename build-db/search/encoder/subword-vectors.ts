// N-gram bucket vectors: each bucket is the mean vector of the vocabulary words containing one of
// its n-grams. An unseen word's vector (mean of its buckets) then lies near the words it shares
// spellings with: "logements" near "logement", "réinvestissement" near "investissement".
import { ngramBuckets, type NgramSettings } from '../../../src/core/encoder/ngrams.js';

export function subwordVectors(words: string[], vectors: Float32Array, dim: number, ng: NgramSettings): Float32Array {
  const acc = new Float64Array(ng.buckets * dim);
  const seen = new Uint32Array(ng.buckets);
  words.forEach((w, i) => {
    // A bucket counts a word once even if the word holds the n-gram twice.
    for (const b of new Set(ngramBuckets(w, ng))) {
      seen[b]++;
      for (let d = 0, o = b * dim, s = i * dim; d < dim; d++) acc[o + d] += vectors[s + d];
    }
  });
  const out = new Float32Array(ng.buckets * dim);
  for (let b = 0; b < ng.buckets; b++) if (seen[b]) for (let d = 0; d < dim; d++) out[b * dim + d] = acc[b * dim + d] / seen[b];
  // A mean of n-gram vectors is much shorter than a learned (unit) word vector, which would make
  // every unseen word nearly silent in a sentence: scale buckets so that a vocabulary word rebuilt
  // from its n-grams has, on average, unit length.
  let total = 0;
  const v = new Float64Array(dim);
  words.forEach((w) => {
    const bs = ngramBuckets(w, ng);
    v.fill(0);
    for (const b of bs) for (let d = 0; d < dim; d++) v[d] += out[b * dim + d] / bs.length;
    total += Math.hypot(...v);
  });
  const scale = total > 0 ? words.length / total : 1;
  for (let i = 0; i < out.length; i++) out[i] *= scale;
  return out;
}
