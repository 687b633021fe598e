// Query translation for the keyword side: each query stem's translations in the other language,
// from the lexicon the build learned from parallel texts (build-db/search/encoder/lexicon.ts),
// stored in the data file beside the encoder. A French query about an English-only debate has no
// keyword match but cognates; its translated stems find the debate itself.
import type { Lang } from './terms.js';

/** Per language, a stem's translations into the other language with their scores (best first). */
export interface Lexicon {
  version: 1;
  en: Record<string, Array<[string, number]>>;
  fr: Record<string, Array<[string, number]>>;
}

export const LEXICON_BLOB = 'lexicon.json';

/** Checks a parsed lexicon blob; null when it is not one (the search then does without). */
export function checkLexicon(raw: unknown): Lexicon | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const l = raw as Partial<Lexicon>;
  const side = (s: unknown) =>
    typeof s === 'object' &&
    s !== null &&
    Object.values(s).every(
      (v) => Array.isArray(v) && v.every((x) => Array.isArray(x) && typeof x[0] === 'string' && typeof x[1] === 'number'),
    );
  return l.version === 1 && side(l.en) && side(l.fr) ? (l as Lexicon) : null;
}

export interface Translation {
  stem: string;
  weight: number;
}

/** The stems of the query's other-language rendering: for each query word, the translations of
 *  its stem in each searched language into the other one, scored, best per target stem. Stems the
 *  query already holds are left out (they are searched anyway). */
export function translateStems(
  lexicon: Lexicon,
  terms: ReadonlyArray<{ stems: string[]; byLang?: Partial<Record<Lang, string>> }>,
  langs: readonly Lang[],
): Translation[] {
  const own = new Set(terms.flatMap((t) => t.stems));
  const best = new Map<string, number>();
  for (const t of terms) {
    for (const from of ['en', 'fr'] as const) {
      const to: Lang = from === 'en' ? 'fr' : 'en';
      if (!langs.includes(to)) continue;
      const s = t.byLang?.[from];
      if (!s) continue;
      for (const [target, score] of lexicon[from][s] ?? []) {
        if (own.has(target)) continue;
        best.set(target, Math.max(best.get(target) ?? 0, score));
      }
    }
  }
  return [...best].map(([stem, weight]) => ({ stem, weight })).sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1));
}
