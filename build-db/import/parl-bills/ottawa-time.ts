// LEGISinfo date-times ("2022-02-02T15:21:13.973") carry no zone. They are Ottawa wall-clock
// readings, not UTC: House first readings cluster at 10:00, 12:00 and 15:00 (Routine Proceedings),
// division sitting times at 10:00/11:00/14:00 (the House's opening hours), and the C-38 (41-1)
// overnight vote marathon ends at 2012-06-14T04:42. So the date part is already the Ottawa date and
// is never shifted; only timestamps get the offset in force at that instant (EST -05:00 / EDT
// -04:00, asked of Intl so any year's DST change is right). A time of exactly 00:00:00 means "date
// only" (a sitting day). Upstream writes 0001-01-01T00:00:00 for "no date".
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';

export interface LocalDateTime {
  date: string;
  /** HH:MM:SS, or null when upstream gave a bare date (midnight). */
  time: string | null;
}

export type ReadResult = { value: LocalDateTime | null } | { value: null; problem: string };

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Reads one upstream date-time; null (no problem) when absent or the 0001-01-01 placeholder. */
export function readLocal(raw: string | null | undefined): ReadResult {
  if (!raw) return { value: null };
  const m = PATTERN.exec(raw);
  if (!m) return { value: null, problem: `not a date-time: ${JSON.stringify(raw)}` };
  if (m[1] === '0001') return { value: null };
  const [y, mo, d, h = '00', mi = '00', s = '00'] = m.slice(1);
  const date = `${y}-${mo}-${d}`;
  const probe = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(probe.getTime()) || !probe.toISOString().startsWith(date) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return { value: null, problem: `not a calendar date-time: ${JSON.stringify(raw)}` };
  }
  const time = `${h}:${mi}:${s}`;
  return { value: { date, time: time === '00:00:00' ? null : time } };
}

/** The Ottawa wall-clock reading as an ISO timestamp with its offset ("…T15:21:13-05:00"). */
export function ottawaTimestamp(local: LocalDateTime): string {
  const [h, mi, s] = (local.time ?? '00:00:00').split(':').map(Number);
  return wallClockTimestamp(local.date, h * 3600 + mi * 60 + s, 'federal');
}
