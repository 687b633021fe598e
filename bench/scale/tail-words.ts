// The words real Hansard keeps meeting for the first time, made up deterministically from their
// rank in the tail's Zipf law: people's names, places, numbers, bill codes and misspellings. The
// same rank is always the same word, so a frequent tail word recurs across the corpus as a busy
// witness's name or a riding would.
import { hash32 } from './random.js';
import type { Lang } from './fit.js';

const ONSETS = ['b', 'br', 'c', 'ch', 'd', 'f', 'g', 'gr', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'qu', 'r', 's', 'st', 't', 'tr', 'v', 'w', 'z', ''];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ou', 'ai', 'ie', 'ea', 'y'];
const CODAS = ['', '', 'n', 'r', 's', 'l', 'tt', 'rd', 'nd', 'k', 'x', 'ck', 'sh', 'ng'];
const PLACE: Record<Lang, string[]> = { en: ['ton', 'ville', 'field', 'brook', 'wood', ' Lake', ' Bay', ' Falls', 'burg'], fr: ['ville', 'court', 'mont', ' Saint', '-sur-Mer', 'bourg', 'ière'] };
const BILL = ['C', 'S', 'M', 'T', 'Pr'];

function syllables(h: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = hash32(h, i);
    s += ONSETS[x % ONSETS.length] + VOWELS[(x >>> 8) % VOWELS.length] + (i === n - 1 ? CODAS[(x >>> 16) % CODAS.length] : '');
  }
  return s;
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The tail word of `rank` in `lang`; `typoOf` gives a real word to misspell for a misspelling. */
export function tailWord(rank: number, lang: Lang, typoOf: (h: number) => string): string {
  const h = hash32(rank, lang === 'en' ? 17 : 29);
  const kind = h % 100;
  if (kind < 38) return capital(syllables(h, 2 + ((h >>> 7) % 3)));                       // a surname
  if (kind < 52) return capital(syllables(h, 2 + ((h >>> 7) % 2))) + PLACE[lang][(h >>> 11) % PLACE[lang].length]; // a place
  if (kind < 70) return String(100 + (h >>> 8) % 9_999_900);                              // an amount, a count, a file number
  if (kind < 78) return `${BILL[(h >>> 5) % BILL.length]}-${1 + ((h >>> 9) % 1200)}`;      // a bill code
  const word = typoOf(h);                                                                 // a misspelling
  if (word.length < 4) return word + syllables(h, 1);
  const at = 1 + ((h >>> 12) % (word.length - 2));
  return (h >>> 20) % 2 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at) + VOWELS[(h >>> 22) % 5] + word.slice(at + 1);
}
