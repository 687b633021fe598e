// BC Hansard's clock times → ISO timestamps (the printed times are read by ../printed-clock.ts). Victoria keeps America/Vancouver time: PST (-08:00)
// until the second Sunday of March, PDT (-07:00) until the first Sunday of November. The offset is
// asked of Intl for the exact instant rather than assumed, so DST changes are right in any year.
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';

/** "1330" (the finals' han.startTime meta) → minutes after midnight. */
export function parseHhmm(value: string | null): number | null {
  const m = /^(\d{1,2})(\d{2})$/.exec(value?.trim() ?? '');
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * `date` (YYYY-MM-DD) + minutes after midnight (may exceed 24 h for a sitting past midnight) as
 * local time with its offset, e.g. "2026-02-18T13:33:00-08:00".
 */
export const localTimestamp = (date: string, minutes: number): string => wallClockTimestamp(date, minutes * 60, 'BC');
