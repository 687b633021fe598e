// Seeded randomness for the scale corpus: the same seed gives the same corpus, byte for byte.

/** mulberry32, uniform in [0, 1): the encoder's own seeded generator. */
export { seededRandom as seeded } from '../../build-db/search/encoder/random.js';

/** A rank ≥ q with P(rank ≥ x) ≈ (x/q)^-(a-1): a Zipf law of exponent `a` over an unbounded
 *  vocabulary whose commonest word is rank q (the floor of a Pareto draw), in constant time. */
export function zipfRank(random: () => number, a: number, q: number): number {
  const u = 1 - random();
  return Math.floor(q * u ** (-1 / (a - 1)));
}

/** A 32-bit hash of a number and a salt, for properties fixed per rank (what a tail word looks like). */
export function hash32(n: number, salt: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}
