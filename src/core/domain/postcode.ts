// Postcode input → the canonical code (decisions 7). One parser for the API, the importers and the
// build, so a code the build stores is always one a client can ask for.
import type { Province } from './enums.js';

/** A full code `K1A0A6` or an FSA `K1A`, upper case, no separator. */
export type ParsedPostcode =
  | { ok: true; isFsa: false; code: string; fsa: string; display: string }
  | { ok: true; isFsa: true; code: string; fsa: string; display: string }
  | { ok: false; message: string };

// Canada Post never uses D, F, I, O, Q, U (they read like digits or each other), and W, Z never
// start a code (no district uses them).
const LETTER = '[ABCEGHJ-NPRSTV-Z]';
const FIRST = '[ABCEGHJ-NPRSTVXY]';
const FSA = new RegExp(`^${FIRST}\\d${LETTER}$`);
const LDU = new RegExp(`^\\d${LETTER}\\d$`);
const SHAPE_FULL = /^[A-Z]\d[A-Z][ -]?\d[A-Z]\d$/;
const SHAPE_FSA = /^[A-Z]\d[A-Z]$/;

export const POSTCODE_HELP = 'must be a Canadian postcode A1A 1A1 (also A1A1A1 or A1A-1A1, any case) or a forward sortation area A1A';

/** Why `raw` is not a postcode, in the words of decisions 7; null when it is one. */
function problem(raw: string, upper: string): string | null {
  if (raw.length < 3 || raw.length > 8) return `${POSTCODE_HELP}: 3-8 characters`;
  if (!SHAPE_FULL.test(upper) && !SHAPE_FSA.test(upper)) return POSTCODE_HELP;
  const letters = upper.replace(/[^A-Z]/g, '');
  if (/[DFIOQU]/.test(letters)) return `${POSTCODE_HELP}: the letters D, F, I, O, Q and U never appear in a postcode`;
  if (/^[WZ]/.test(upper)) return `${POSTCODE_HELP}: W and Z never start a postcode`;
  return null;
}

export function parsePostcode(raw: string): ParsedPostcode {
  const upper = raw.toUpperCase();
  const why = problem(raw, upper);
  if (why) return { ok: false, message: why };
  const code = upper.replace(/[ -]/, '');
  const fsa = code.slice(0, 3);
  // The shape and letter checks above imply these; kept as the single statement of the rule.
  if (!FSA.test(fsa) || (code.length === 6 && !LDU.test(code.slice(3)))) return { ok: false, message: POSTCODE_HELP };
  return code.length === 3
    ? { ok: true, isFsa: true, code, fsa, display: code }
    : { ok: true, isFsa: false, code, fsa, display: `${fsa} ${code.slice(3)}` };
}

/** The canonical form of a code read from a data file, or null when it is not a valid code. */
export function canonicalPostcode(raw: string): string | null {
  const p = parsePostcode(raw.trim());
  return p.ok ? p.code : null;
}

/** A canonical code's display form: `K1A0A6` → `K1A 0A6`, `K1A` unchanged. */
export const displayPostcode = (code: string) => (code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code);

const BY_LETTER: Record<string, Province> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

// X is shared by the two northern territories: Canada Post gives Nunavut X0A, X0B and X0C.
const NUNAVUT_FSAS = new Set(['X0A', 'X0B', 'X0C']);

/** The province a postcode belongs to, from its first letter (decisions 7: when the data has none). */
export function provinceOfPostcode(code: string): Province | null {
  const first = code[0]?.toUpperCase();
  if (first === 'X') return NUNAVUT_FSAS.has(code.slice(0, 3).toUpperCase()) ? 'NU' : 'NT';
  return BY_LETTER[first] ?? null;
}
