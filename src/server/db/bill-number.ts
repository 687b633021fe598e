// A /bills?q= that is a bill number ("C-21", "c21", "C 21", "S-5", "Bill C-21", "projet de loi
// C-21", "Bill 14"): read as the number, so its own bill comes first and "c21" or "C 21" (which the
// titles never spell) still find it. Anything else stays a plain substring query.
import { fold } from '../../core/domain/text.js';

export interface BillNumberQuery {
  /** The number as compared with a bill's: lower case, no hyphen or space ("c21", "14", "m201"). */
  compact: string;
  /** How titles and numbers spell it, for the substring matches ("c-21"; a provincial number as is). */
  spelled: string;
}

// An optional "bill" / "projet de loi" / "PL", then a federal C or S number or a provincial one
// (digits, or M and digits for a member's bill), and nothing else.
const BILL_NUMBER = /^(?:(?:bill|projet\s+de\s+loi|pl)\s*(?:no\.?|n[o°]\s*)?\s*)?(?:([cs])\s*[-‑–]?\s*(\d{1,4})([a-z]?)|(m?\d{1,4}))$/;
const PREFIXED = /^(?:bill|projet\s+de\s+loi|pl)\b/;

export function billNumberQuery(q: string): BillNumberQuery | null {
  const folded = fold(q).trim().replace(/\s+/g, ' ');
  const m = BILL_NUMBER.exec(folded);
  if (!m) return null;
  if (m[1]) return { compact: `${m[1]}${Number(m[2])}${m[3]}`, spelled: `${m[1]}-${Number(m[2])}${m[3]}` };
  // A bare number ("14") is any number in any title; only "Bill 14" says it is a bill's.
  if (!PREFIXED.test(folded)) return null;
  const n = m[4].replace(/^(m?)0*(?=\d)/, '$1');
  return { compact: n, spelled: n };
}

/** SQL for a bill number in `compact` form, from the column `column` (same folding as above). */
export const compactNumberSql = (column: string) => `replace(replace(replace(lower(${column}), '-', ''), '‑', ''), ' ', '')`;
