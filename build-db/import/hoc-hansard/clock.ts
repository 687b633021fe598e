// House clock → ISO timestamps. Ottawa keeps America/Toronto time: EST (-05:00) in winter, EDT
// (-04:00) from the second Sunday of March to the first Sunday of November; the offset is asked of
// Intl for the exact instant, so any year's change is right. Hansard prints late-night times past
// 24 h (`<Timestamp Hr="24" Mn="05">` is 00:05 the next day), hence minutes may exceed 1440.
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { attr, flatText, type Element } from './document.js';

/** Minutes after midnight of the sitting day from `<Timestamp Hr Mn>`, or its printed "(1525)". */
export function timestampMinutes(el: Element): number | null {
  const h = attr(el, 'Hr'),
    m = attr(el, 'Mn');
  if (h !== null && m !== null && /^\d{1,2}$/.test(h.trim()) && /^\d{1,2}$/.test(m.trim())) {
    return valid(Number(h), Number(m));
  }
  const printed = /\((\d{1,2})(\d{2})\)/.exec(flatText(el));
  return printed ? valid(Number(printed[1]), Number(printed[2])) : null;
}

// Up to 29:59: a sitting that runs to dawn; anything later is not a House clock reading.
const valid = (h: number, m: number) => (h <= 29 && m <= 59 ? h * 60 + m : null);

/** "The House met at 10 a.m." / "2:30 p.m." / "12 p.m." / "La séance est ouverte à 14 h 30." → minutes. */
export function parseMetAt(text: string): number | null {
  const en = /\bmet at\s+(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\b/i.exec(text);
  if (en) {
    const h = Number(en[1]),
      m = Number(en[2] ?? 0);
    if (h < 1 || h > 12 || m > 59) return null;
    return ((h % 12) + (en[3].toLowerCase() === 'p' ? 12 : 0)) * 60 + m;
  }
  const fr = /\bouverte\s+[àa]\s+(\d{1,2})\s*(?:h|heures?)\s*(\d{2})?/i.exec(text);
  if (fr) return valid(Number(fr[1]), Number(fr[2] ?? 0));
  if (/\bmet at noon\b|\bouverte [àa] midi\b/i.test(text)) return 12 * 60;
  return null;
}

/** Sitting date + minutes after its midnight → local time with its offset, e.g. "2023-05-18T15:25:00-04:00". */
export const ottawaTimestamp = (date: string, minutes: number): string => wallClockTimestamp(date, minutes * 60, 'federal');
