// canadian_mp_twitterhandles.csv: UTF-8, except that every em dash in a riding name lost its first two
// bytes to "?" (E2 80 94 → "?" 94), so "Berthier—Maskinongé" reads "Berthier?\x94Maskinongé". The
// bytes are repaired before decoding; any other byte that is not UTF-8 is counted, not guessed at.
import { csvRecords } from '../csv.js';

export const HANDLES_FILE = 'canadian_mp_twitterhandles.csv';

export interface HandleRow {
  line: number;
  title: string;
  firstName: string;
  lastName: string;
  /** The row's `name` column, or first + last when it is empty. */
  name: string;
  riding: string;
  party: string;
  /** `start_date` as `YYYY-MM-DD`, or null when unreadable ("9/20/21 0:00" style upstream). */
  startDate: string | null;
  screenName: string;
}

const MANGLED_EM_DASH = Buffer.from([0x3f, 0x94]);
const EM_DASH = Buffer.from('—', 'utf8');

/** The file's bytes with the mangled em dashes restored; `repaired` counts them. */
export function repairBytes(bytes: Buffer): { text: string; repaired: number; invalid: number } {
  const parts: Buffer[] = [];
  let repaired = 0;
  let from = 0;
  for (let at = bytes.indexOf(MANGLED_EM_DASH); at !== -1; at = bytes.indexOf(MANGLED_EM_DASH, from)) {
    parts.push(bytes.subarray(from, at), EM_DASH);
    repaired++;
    from = at + MANGLED_EM_DASH.length;
  }
  parts.push(bytes.subarray(from));
  const text = Buffer.concat(parts).toString('utf8');
  return { text, repaired, invalid: (text.match(/\uFFFD/g) ?? []).length };
}

/** "9/20/21 0:00" (US month/day/2-digit year) → "2021-09-20". */
export function usDate(raw: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(raw.trim());
  if (!m) return null;
  const [mo, d] = [Number(m[1]), Number(m[2])];
  const y = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

export function readHandleRows(text: string): HandleRow[] {
  return csvRecords(text).map(({ line, values: v }) => {
    const t = (k: string) => (v[k] ?? '').trim();
    return {
      line,
      title: t('title'),
      firstName: t('first_name'),
      lastName: t('last_name'),
      name: t('name') || [t('first_name'), t('last_name')].filter(Boolean).join(' '),
      riding: t('constituency'),
      party: t('political_affiliation'),
      startDate: usDate(t('start_date')),
      screenName: t('screen_name'),
    };
  });
}
