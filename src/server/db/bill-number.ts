// A /bills?q= that is a bill number ("C-21", "c21", "C 21", "S-5", "Bill C-21", "projet de loi
// C-21", "Bill 14"): read as the number, so its own bill comes first and "c21" or "C 21" (which the
// titles never spell) still find it. Anything else stays a plain substring query.
import { readBillNumber } from '../../core/text/bill-number.js';

export interface BillNumberQuery {
  /** The number as compared with a bill's: lower case, no hyphen or space ("c21", "14", "m201"). */
  compact: string;
  /** How titles and numbers spell it, for the substring matches ("c-21"; a provincial number as is). */
  spelled: string;
}

/** The grammar is the one a search query's bill numbers are read with (src/core/text/bill-number.ts). */
export function billNumberQuery(q: string): BillNumberQuery | null {
  const b = readBillNumber(q);
  if (!b) return null;
  if (b.letter) return { compact: `${b.letter}${Number(b.digits)}${b.suffix}`, spelled: `${b.letter}-${Number(b.digits)}${b.suffix}` };
  // A bare number ("14") is any number in any title; only "Bill 14" says it is a bill's.
  if (!b.prefixed) return null;
  const n = b.digits.replace(/^(m?)0*(?=\d)/, '$1');
  return { compact: n, spelled: n };
}

/** SQL for a bill number in `compact` form, from the column `column` (same folding as above). */
export const compactNumberSql = (column: string) => `replace(replace(replace(lower(${column}), '-', ''), '‑', ''), ' ', '')`;
