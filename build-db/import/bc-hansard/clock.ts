// Legislature-local clock times → ISO timestamps. Victoria keeps America/Vancouver time: PST (-08:00)
// until the second Sunday of March, PDT (-07:00) until the first Sunday of November. The offset is
// asked of Intl for the exact instant rather than assumed, so DST changes are right in any year.
export const BC_TIME_ZONE = 'America/Vancouver';

/** Minutes after midnight, from "[1:35 p.m.]", "The House met at 10:02 a.m.", "2 p.m.", "noon". */
export function parseClock(text: string): number | null {
  const t = text.toLowerCase();
  const m = /\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\b\.?/.exec(t);
  if (m) {
    const h = Number(m[1]);
    const min = m[2] ? Number(m[2]) : 0;
    if (h < 1 || h > 12 || min > 59) return null;
    return ((h % 12) + (m[3] === 'p' ? 12 : 0)) * 60 + min;
  }
  if (/\bnoon\b/.test(t)) return 12 * 60;
  if (/\bmidnight\b/.test(t)) return 0;
  return null;
}

/** "1330" (the finals' han.startTime meta) → minutes after midnight. */
export function parseHhmm(value: string | null): number | null {
  const m = /^(\d{1,2})(\d{2})$/.exec(value?.trim() ?? '');
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: BC_TIME_ZONE, timeZoneName: 'longOffset' });

/** "-08:00" or "-07:00": the zone's offset at a UTC instant. */
function offsetAt(utcMs: number): string {
  const name = offsetFormat.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const toMinutes = (offset: string) => (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `date` (YYYY-MM-DD) + minutes after midnight (may exceed 24 h for a sitting past midnight) as
 * local time with its offset, e.g. "2026-02-18T13:33:00-08:00".
 */
export function localTimestamp(date: string, minutes: number): string {
  const [y, mo, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, mo - 1, d, 0, minutes); // the wall-clock reading, as if it were UTC
  // Guess with the offset at the naive instant, then re-check at the corrected instant (DST edges).
  let offset = offsetAt(naive);
  const second = offsetAt(naive - toMinutes(offset) * 60_000);
  if (second !== offset) offset = second;
  const wall = new Date(naive);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:00${offset}`;
}
