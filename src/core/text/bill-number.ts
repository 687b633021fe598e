// The grammar of a bill number, read in the two places people type one: as the whole of a
// /bills?q= (src/server/db/bill-number.ts) and inside a search query (query-analysis.ts). Federal:
// the letter C or S, what joins it to the number, then 1-4 digits; provincial: digits, or M and
// digits for a member's bill, which only a preceding "Bill" or "projet de loi" says is a bill's.
// The parts are one; how loosely they may be joined differs with what surrounds the number:
//   - typed alone (/bills?q=), anything typed around a hyphen is the number: "c - 21", "C–21", a
//     letter after the digits (C-11A), "PL 14", "Bill no. 14";
//   - inside prose (a search query), only the spellings Hansard prints (C-36, C‑36, C 36, C36, Bill
//     14), since there the looser ones are as often something else ("vitamin C - 2").
import { fold } from '../domain/text.js';

const LETTER = '([cs])';
const DIGITS = String.raw`(\d{1,4})`;
const MEMBER_DIGITS = String.raw`(m?\d{1,4})`;
/** What may join the letter to the digits, and the words that say a number is a bill's. */
const LOOSENESS = {
  typed: {
    join: String.raw`(\s*[-‑–]?\s*)`,
    suffix: '([a-z]?)',
    prefix: String.raw`(?:bill|projet\s+de\s+loi|pl)`,
    no: String.raw`\s*(?:no\.?|n[o°]\s*)?\s*`,
  },
  printed: { join: String.raw`([-‑\s]?)`, suffix: '()', prefix: '(?:bill|projet de loi)', no: String.raw`\s+` },
};
const federal = (l: typeof LOOSENESS.typed) => `${LETTER}${l.join}${DIGITS}${l.suffix}`;

const { typed, printed } = LOOSENESS;
// Before a letter the prefix may run into it ("billc21"); before digits it must end ("bill14" is none).
const WHOLE = new RegExp(`^(?:(${typed.prefix}${typed.no})?${federal(typed)}|(${typed.prefix}\\b${typed.no})?${MEMBER_DIGITS})$`);
const FEDERAL_IN = new RegExp(String.raw`(?<![\p{L}\p{N}])${federal(printed)}(?![\p{L}\p{N}])`, 'giu');
// The number inside a text that is a bill number as typed alone (readBillNumber): after "bill" it may run on ("billc21").
const FEDERAL_TYPED = new RegExp(String.raw`(?:(?<![\p{L}\p{N}])|(?<=bill))${federal(typed)}(?![\p{L}\p{N}])`, 'iu');
const PROVINCIAL_IN = new RegExp(String.raw`\b${printed.prefix}${printed.no}${MEMBER_DIGITS}\b`, 'giu');

export interface BillNumberParts {
  /** c or s for a federal bill; null for a provincial one. */
  letter: 'c' | 's' | null;
  /** As typed, leading zeros kept ("21", "05"); a provincial member's bill with its m ("m201"). */
  digits: string;
  /** A federal number's letter after the digits ("a" of C-11A), or "". */
  suffix: string;
  /** Whether only a space stands between a federal letter and its digits ("C 21"). */
  spaced: boolean;
  /** Whether "Bill", "projet de loi" or "PL" comes before it (read only for a whole text). */
  prefixed: boolean;
}

const federalParts = (m: RegExpExecArray | RegExpMatchArray, at: number, prefixed: boolean): BillNumberParts => ({
  letter: m[at].toLowerCase() as 'c' | 's',
  digits: m[at + 2],
  suffix: m[at + 3].toLowerCase(),
  spaced: m[at + 1].length > 0 && !/[-‑–]/.test(m[at + 1]),
  prefixed,
});

/** The bill number a whole text is (folded, spaces trimmed and collapsed), or null. */
export function readBillNumber(text: string): BillNumberParts | null {
  const m = WHOLE.exec(fold(text).trim().replace(/\s+/g, ' '));
  if (!m) return null;
  if (m[2]) return federalParts(m, 2, m[1] !== undefined);
  return { letter: null, digits: m[7], suffix: '', spaced: false, prefixed: m[6] !== undefined };
}

/** The bill numbers printed inside a text (a search query): federal ones first, each in order. */
export function findBillNumbers(text: string): BillNumberParts[] {
  const out: BillNumberParts[] = [];
  for (const m of text.matchAll(FEDERAL_IN)) out.push(federalParts(m, 1, false));
  for (const m of text.matchAll(PROVINCIAL_IN))
    out.push({ letter: null, digits: m[1].toLowerCase(), suffix: '', spaced: false, prefixed: true });
  return out;
}

/** Whether a query says it is about a bill: "C 36" alone is too loose to read as a number without it. */
export const mentionsBill = (text: string) => /\b(bill|projet)\b/i.test(text);

/** `text` with each federal bill number typed as one word ("c24") printed as Hansard mostly prints
 *  it ("C-24"): the keyword index reads "C-24" as the number's own term, and "c24" is a word almost
 *  no chunk holds. Inside prose, spaced and hyphenated numbers are left as typed (their words are
 *  already those); a text that is nothing but a federal bill number, however typed ("c - 24",
 *  "Bill C 24", "billc24"), is that number printed. */
export function printBillNumbers(text: string): string {
  const whole = readBillNumber(text);
  if (whole?.letter) {
    const printed = `${whole.letter.toUpperCase()}-${Number(whole.digits)}${whole.suffix.toUpperCase()}`;
    // "billc24": the prefix keeps its own word.
    return text.replace(FEDERAL_TYPED, (_m: string, ...rest: unknown[]) => {
      const at = rest.at(-2) as number;
      return at > 0 && /\p{L}/u.test(text[at - 1]) ? ` ${printed}` : printed;
    });
  }
  return text.replace(FEDERAL_IN, (m: string, letter: string, join: string, digits: string) =>
    join === '' ? `${letter.toUpperCase()}-${digits}` : m,
  );
}
