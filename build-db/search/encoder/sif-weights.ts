// Smooth inverse frequency (Arora, Liang & Ma 2017): weight a / (a + p(w)). Frequent words ("the",
// "de", "monsieur") count little in a sentence's mean, rare ones nearly fully. Rounded to 6
// significant digits so the card's JSON is short and stable.

export const round6 = (x: number) => Number(x.toPrecision(6));

export function sifWeights(counts: Float64Array, totalTokens: number, a = 1e-3): number[] {
  return Array.from(counts, (c) => round6(a / (a + c / totalTokens)));
}

/** A word never seen in training (or seen less than the vocabulary's minimum): as rare as a word seen once. */
export const unknownWeight = (totalTokens: number, a = 1e-3) => round6(a / (a + 1 / totalTokens));
