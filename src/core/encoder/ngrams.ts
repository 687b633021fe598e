// Character n-grams of a word, hashed into buckets: the subword vectors that give a word never
// seen in training a vector from its spelling (fastText-style, "<word>" with boundary marks).

export interface NgramSettings {
  min: number;
  max: number;
  buckets: number;
}

/** FNV-1a over UTF-16 code units: fixed, fast, and identical at build and query time. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Bucket numbers (0..buckets-1) of the word's n-grams, one per n-gram occurrence, in order. */
export function ngramBuckets(word: string, { min, max, buckets }: NgramSettings): number[] {
  const s = `<${word}>`;
  const out: number[] = [];
  for (let n = min; n <= max; n++) {
    for (let i = 0; i + n <= s.length; i++) out.push(fnv1a(s.slice(i, i + n)) % buckets);
  }
  return out;
}
