// An English word's family: the word with its inflection removed, from a closed list of inflections
// (plural -s/-es/-ies, verb -s/-ed), and nothing else. Snowball's English stemmer also strips
// derivations (-ing, -ation, -ment, -ity, -al …), which joins words of unrelated meaning: housing
// and House (both "hous"), riding and ride ("ride"), organization and organ ("organ"), and French
// logement with English logging ("log"). Here housing/housings are one family and
// house/houses/housed another; vote/votes/voted one, voting its own (an -ing form is as often a noun
// of its own meaning as a verb form: housing, funding, building, meeting, spending).
//
// The family is a key, not a word: a final e is dropped so that house, houses and housed meet
// ("hous"), and a doubled final consonant of -ed is undoubled (planned → plan).

// Words ending in s that are not plurals (or whose singular would be another word).
const INVARIANT = new Set([
  'news',
  'series',
  'species',
  'politics',
  'economics',
  'physics',
  'ethics',
  'mathematics',
  'always',
  'perhaps',
  'whereas',
  'thus',
  'various',
  'previous',
  'serious',
  'numerous',
  'christmas',
  'canvas',
  'chaos',
  'lens',
  'bias',
  'alias',
  'atlas',
  'census',
  'consensus',
  'status',
  'bonus',
  'campus',
  'virus',
  'focus',
  'surplus',
  'corpus',
  'analysis',
  'basis',
  'crisis',
  'thesis',
  'emphasis',
  'diagnosis',
  'arrears',
  'means',
  'headquarters',
  'lyons',
  'texas',
  'james',
  'charles',
]);

const VOWEL = /[aeiouy]/;
// Doubled consonants that -ed doubles (planned, stopped), not those a base ends in (called, passed, buzzed).
const UNDOUBLE = /([bcdfgkmnprtv])\1$/;

function singular(w: string): string {
  if (w.length <= 3 || !w.endsWith('s') || INVARIANT.has(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses') || /(?:x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (/(?:ss|us|is|'s)$/.test(w)) return w;
  return w.slice(0, -1);
}

function pastToBase(w: string): string {
  if (!w.endsWith('ed') || w.endsWith('eed') || w.length < 4) return w;
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}y`;
  const base = w.slice(0, -2);
  if (!VOWEL.test(base)) return w;
  return UNDOUBLE.test(base) ? base.slice(0, -1) : base;
}

/** The family key of a folded English word (a number is its own). */
export function englishFamily(word: string): string {
  if (/^\p{N}+$/u.test(word)) return word;
  let w = pastToBase(singular(word));
  if (w.length > 2 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
