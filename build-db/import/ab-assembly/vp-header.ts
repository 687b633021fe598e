// The head of an Alberta Votes and Proceedings: "First Session Thirty-First Legislature",
// "Tuesday, December 3, 2024", "The Speaker took the Chair at 1:30 p.m.".
import { parseClock } from '../printed-clock.js';
import type { PdfLine } from '../pdf/pdf-lines.js';
import { leadingMonthDayYear } from '../printed-date.js';

const UNITS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9 };
const TEENS: Record<string, number> = {
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40 };

/** "Thirty-First" → 31, "Second" → 2, "Twentieth" → 20; null for anything else. */
export function ordinalWord(word: string): number | null {
  const w = word.toLowerCase();
  if (w in UNITS) return UNITS[w];
  if (w in TEENS) return TEENS[w];
  const m = /^([a-z]+)-([a-z]+)$/.exec(w);
  return m && m[1] in TENS && m[2] in UNITS ? TENS[m[1]] + UNITS[m[2]] : null;
}

export interface VpHeader {
  legislature: number;
  session: number;
  date: string;
  chairMinutes: number | null;
}

export function readVpHeader(lines: PdfLine[]): VpHeader | null {
  let legislature: number | null = null;
  let session: number | null = null;
  let date: string | null = null;
  let chair: number | null = null;
  for (const l of lines.slice(0, 40)) {
    const t = l.text.replace(/\s+/g, ' ').trim();
    const ls = /^(\S+) Session (\S+) Legislature$/.exec(t);
    if (ls && session === null) {
      session = ordinalWord(ls[1]);
      legislature = ordinalWord(ls[2]);
    }
    const d = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (.+)$/.exec(t);
    if (d && !date) date = leadingMonthDayYear(d[1]);
    const c = /^The Speaker took the Chair at (.+)$/.exec(t);
    if (c && chair === null) chair = parseClock(c[1]);
  }
  return legislature && session && date ? { legislature, session, date, chairMinutes: chair } : null;
}
