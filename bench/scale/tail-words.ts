// The words real Hansard keeps meeting for the first time, made up deterministically from their
// rank in the tail's Zipf law: people's names, places, numbers, bill codes and misspellings. The
// same rank is always the same word, so a frequent tail word recurs across the corpus as a busy
// witness's name or a riding would.
import { hash32 } from './random.js';
import type { Lang } from './fit.js';

const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'f',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'qu',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'w',
  'z',
  '',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ou', 'ai', 'ie', 'ea', 'y'];
const CODAS = ['', '', 'n', 'r', 's', 'l', 'tt', 'rd', 'nd', 'k', 'x', 'ck', 'sh', 'ng'];
const PLACE: Record<Lang, string[]> = {
  en: ['ton', 'ville', 'field', 'brook', 'wood', 'burg', 'dale'],
  fr: ['ville', 'court', 'mont', 'bourg', 'ière'],
};
const BILL = ['C', 'S', 'M', 'T', 'Pr'];

/** The rank spelled in syllables (onset and vowel digits, base 250): distinct ranks, distinct words. */
function spelled(rank: number, h: number): string {
  let s = '';
  for (let n = rank; n > 0; n = Math.floor(n / (ONSETS.length * VOWELS.length))) {
    const d = n % (ONSETS.length * VOWELS.length);
    s += ONSETS[d % ONSETS.length] + VOWELS[Math.floor(d / ONSETS.length)];
  }
  return s + CODAS[(h >>> 16) % CODAS.length];
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The tail word of `rank` in `lang`; `typoOf` gives a real word to misspell for a misspelling.
 *  Apart from misspellings, different ranks give different words. */
export function tailWord(rank: number, lang: Lang, typoOf: (h: number) => string): string {
  const h = hash32(rank, lang === 'en' ? 17 : 29);
  const kind = h % 100;
  // Each language and kind spells its own numbers, so no two of them meet on a word.
  const n = rank * 10 + (lang === 'en' ? 0 : 5) + (kind < 40 ? 0 : kind < 55 ? 1 : kind < 75 ? 2 : 3);
  if (kind < 40) return capital(spelled(n, h)); // a surname
  if (kind < 55) return capital(spelled(n, h)) + PLACE[lang][(h >>> 11) % PLACE[lang].length]; // a place
  if (kind < 75) return String(n); // an amount, a count, a file number
  if (kind < 85) return `${BILL[(h >>> 5) % BILL.length]}-${n}`; // a bill code (C-1234: "c" and a number)
  const word = typoOf(h); // a misspelling (may be met again)
  if (word.length < 4) return word + spelled(n, h);
  const at = 1 + ((h >>> 12) % (word.length - 2));
  return (h >>> 20) % 2
    ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    : word.slice(0, at) + VOWELS[(h >>> 22) % 5] + word.slice(at + 1);
}
