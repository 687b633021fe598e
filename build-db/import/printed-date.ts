// Dates as legislatures print them ("November 26, 2024 afternoon", "Le mardi 9 août 2022"): one month
// table and one calendar check for every importer; each keeps the pattern its publisher prints.
import { isCalendarDate } from '../../src/core/domain/dates.js';

const MONTH_NAMES = [
  ['january', 'janvier'],
  ['february', 'fevrier'],
  ['march', 'mars'],
  ['april', 'avril'],
  ['may', 'mai'],
  ['june', 'juin'],
  ['july', 'juillet'],
  ['august', 'aout'],
  ['september', 'septembre'],
  ['october', 'octobre'],
  ['november', 'novembre'],
  ['december', 'decembre'],
];
const MONTHS = new Map(MONTH_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));

/** The month (1-12) an English or French month name names, case and accents aside; else null. */
export function monthNumber(name: string): number | null {
  return MONTHS.get(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()) ?? null;
}

/** `YYYY-MM-DD` when year-month-day is a real calendar day (no 30 February), else null. */
export function calendarDate(year: number, month: number, day: number): string | null {
  const s = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(s) ? s : null;
}

/** "November 26, 2024 afternoon" → "2024-11-26": a "Month D, YYYY" the text starts with; else null
 *  ("on proclamation with exceptions"). */
export function leadingMonthDayYear(text: string): string | null {
  const m = /^([A-Za-z]+) (\d{1,2}), (\d{4})\b/.exec(
    text
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const month = m ? monthNumber(m[1]) : null;
  return m && month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
}
