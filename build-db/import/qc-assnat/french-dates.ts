// French dates and clock times as the Assemblée nationale prints them: "1 novembre 2023",
// "(9 h 50)", "(Reprise à 15 h 01)", and the opening time in words, "(Neuf heures quarante minutes)".
import { calendarDate, monthNumber } from '../printed-date.js';

/** "1 novembre 2023", "1er octobre 2018" → "2023-11-01"; null when it is not such a date. */
export function frenchDate(text: string): string | null {
  const m = /(\d{1,2})(?:er)?\s+([a-zéû]+)\s+(\d{4})/i.exec(text.replace(/\s+/g, ' '));
  if (!m) return null;
  const month = monthNumber(m[2]);
  return month ? calendarDate(Number(m[3]), month, Number(m[1])) : null;
}

const UNITS: Record<string, number> = {
  zéro: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
};

/** "quarante-cinq", "vingt et une", "dix-neuf" → 45, 21, 19 (the numbers of a clock: 0-59). */
function frenchNumber(words: string): number | null {
  let total = 0;
  for (const w of words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((x) => x && x !== 'et')) {
    if (!(w in UNITS)) return null;
    total += UNITS[w];
  }
  return total;
}

/**
 * Minutes after midnight from a bracketed time line, or null when the line is not one:
 * "(9 h 50)", "(Reprise à 15 h 01)", "(Suspension de la séance à 11 h 36)", "(Neuf heures quarante minutes)",
 * "(Quinze heures)", "(Midi)"; the ten-minute marks come between bullets, "• (16 heures) •".
 */
export function frenchClock(line: string): number | null {
  const t = line
    .replace(/\s+/g, ' ')
    .replace(/^•\s*|\s*•$/g, '')
    .trim();
  if (!/^\(.*\)$/.test(t)) return null;
  const digits = /(\d{1,2}) h(?:eures)?(?: (\d{2}))?\)$/.exec(t);
  if (digits) {
    const h = Number(digits[1]);
    const m = Number(digits[2] ?? 0);
    return h < 24 && m < 60 ? h * 60 + m : null;
  }
  if (/^\(midi\)$/i.test(t)) return 12 * 60;
  const words = /^\(([a-zéè -]+?) heures?(?: ([a-zéè -]+?)(?: minutes?)?)?\)$/i.exec(t);
  if (!words) return null;
  const h = frenchNumber(words[1]);
  const m = words[2] ? frenchNumber(words[2]) : 0;
  return h !== null && m !== null && h < 24 && m < 60 ? h * 60 + m : null;
}
