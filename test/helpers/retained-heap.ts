// Run by test/core/domain/own-string.test.ts in a process of its own, so that nothing another test left
// on the heap is collected during the measurement: keeps the rare word of each of TEXTS texts the
// way `mode` says, then prints the heap bytes still held after a full collection, less those held
// before. Usage: bun test/helpers/retained-heap.ts views|copies|stem-cache
import { heapStats } from 'bun:jsc';
import { ownString } from '../../src/core/domain/text.js';
import { stem } from '../../src/core/text/terms.js';
import { eachWord } from '../../src/core/text/words.js';

export const TEXTS = 5000;
/** Bytes all the texts take: each ~2,000 UTF-16 characters (the curly apostrophe makes them 16-bit). */
export const TEXT_BYTES = TEXTS * 2000 * 2;

/** A lower-case text (so folding keeps the matched word itself) holding one word no other has. */
const text = (i: number) => {
  const filler = 'the members opposite have spoken about the budget of this government for years ’ ';
  return `${filler.repeat(24)} zq${i.toString(36)}elephantine ${filler}`;
};

/** The rare word of each text, as the tokenizer reads it (a view into the text, where the engine makes one). */
function rareWords(visit: (word: string) => void) {
  for (let i = 0; i < TEXTS; i++)
    eachWord(text(i), (w) => {
      if (w.norm.startsWith('zq')) visit(w.norm);
    });
}

const KEEP: Record<string, () => unknown> = {
  views: () => {
    const m = new Map<string, number>();
    rareWords((w) => m.set(w, m.size));
    return m;
  },
  copies: () => {
    const m = new Map<string, number>();
    rareWords((w) => m.set(ownString(w), m.size));
    return m;
  },
  // The stemmer's cache (module state) keeps what this returns nothing of.
  'stem-cache': () => {
    rareWords((w) => {
      stem(w, 'en');
    });
    return null;
  },
};

if (import.meta.main) {
  const keep = KEEP[process.argv[2]];
  if (!keep) throw new Error(`mode: one of ${Object.keys(KEEP).join(', ')}`);
  Bun.gc(true);
  const before = heapStats().heapSize;
  const kept = keep();
  Bun.gc(true);
  console.log(JSON.stringify({ bytes: heapStats().heapSize - before, kept: kept instanceof Map ? kept.size : null }));
}
