// A sample of a stream whose length is not known in advance, spread evenly over it: every
// `stride`-th item, the stride doubling whenever the sample grows past twice its target. The same
// stream always gives the same sample (no randomness), and it never holds more than 2 × target items.
export interface EvenSample<T> {
  add(item: T): void;
  /** The items kept, in stream order. */
  items(): T[];
}

export function evenSample<T>(target: number): EvenSample<T> {
  let stride = 1;
  let seen = 0;
  let kept: T[] = [];
  return {
    add(item) {
      if (seen++ % stride !== 0) return;
      kept.push(item);
      if (kept.length > 2 * target) {
        // Kept items sit at positions 0, stride, 2·stride, …: every other one is at a multiple of
        // the doubled stride.
        kept = kept.filter((_, i) => i % 2 === 0);
        stride *= 2;
      }
    },
    items: () => kept,
  };
}
