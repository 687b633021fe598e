import { HONORIFICS } from './enums.js';

/**
 * Case- and accent-insensitive form used for substring filters (`q`). The build stores folded
 * columns and the server folds the query the same way, so "quebec" finds "Québec".
 */
export function fold(text: string): string {
  // ASCII has nothing to decompose or strip: only the case to lower. Most words of English text are
  // ASCII, and search folds every word of every result's snippet (measured: 170 → 80 ns a word).
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  // Only the runs of non-ASCII characters are decomposed and stripped: the same string as the
  // whole text's NFD with its marks removed, since an ASCII character decomposes to itself and is a
  // starter (combining class 0), which canonical reordering never moves a mark across. Lower case
  // is then taken of the whole string, as before (final sigma looks at its neighbours). A chunk of
  // English text holds a few non-ASCII characters (’, é): 7.4 → 3.5 µs a chunk on the real file,
  // folded for every keyword candidate the proximity list reads (src/server/search/proximity.ts).
  return text.replace(NON_ASCII_RUNS, stripMarks).toLowerCase();
}

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_RUNS = /[^\x00-\x7f]+/g;
const MARKS = /\p{M}/gu;
const stripMarks = (run: string) => run.normalize('NFD').replace(MARKS, '');

/** Escapes LIKE wildcards so user input is matched literally (used with `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Best-effort honorific from a leading prefix of the name, or null. */
export function honorificOf(name: string): string | null {
  const trimmed = name.trim();
  for (const prefix of HONORIFICS) {
    if (trimmed === prefix || trimmed.startsWith(`${prefix} `)) return prefix;
  }
  return null;
}

/** Lower-case ASCII kebab-case of a name: "Chloé Côté" → "chloe-cote". */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A copy of `s` that shares no memory with the string it was cut from. A word matched in a text, and
 * a stem cut from that word, can be a view into the whole text (JavaScriptCore shares the buffer of
 * any substring longer than ~8 Latin-1 or ~4 UTF-16 characters; V8 of any from 13), so a map that
 * keeps such a word keeps its whole text alive. Measured with Bun: 80,000 words kept from 40,000
 * texts of 1,200 characters held 85 MiB as views and 0.8 MiB as copies. Concatenating and slicing
 * does not copy in JavaScriptCore; a JSON round trip does, in both engines (~0.2 µs a word).
 */
export const ownString = (s: string): string => JSON.parse(JSON.stringify(s)) as string;
