// Batching for encoders: texts sorted by length so each batch pads little, then results put back
// in the caller's order. Batch size trades padding against per-run overhead (see bench/encoder).

/** Index groups of at most `size`, longest first, each group of similar lengths. */
export function lengthBatches(lengths: number[], size: number): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[b] - lengths[a] || a - b);
  const out: number[][] = [];
  for (let i = 0; i < order.length; i += size) out.push(order.slice(i, i + size));
  return out;
}
