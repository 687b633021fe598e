import type { Jurisdiction } from './enums.js';

/** The legislature's seat, whose local calendar day a sitting or meeting belongs to. */
export const LEGISLATURE_TIME_ZONES: Record<Jurisdiction, string> = {
  federal: 'America/Toronto',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` of a UTC timestamp in the given jurisdiction's legislature time zone. */
export function localDate(timestamp: string, jurisdiction: Jurisdiction): string {
  const zone = LEGISLATURE_TIME_ZONES[jurisdiction];
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, fmt);
  }
  return fmt.format(new Date(timestamp));
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** "-04:00": the zone's UTC offset at a UTC instant, asked of Intl so every year's DST change is right. */
function offsetAt(zone: string, utcMs: number): string {
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, f);
  }
  const name = f.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const offsetMinutes = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A reading of the legislature's wall clock, `date` (YYYY-MM-DD) plus `seconds` after its midnight
 * (more than a day for a sitting past midnight), as an ISO timestamp with the offset in force then:
 * "2023-05-18T15:25:00-04:00". Upstream Hansard and LEGISinfo times are such readings.
 */
export function wallClockTimestamp(date: string, seconds: number, jurisdiction: Jurisdiction): string {
  const zone = LEGISLATURE_TIME_ZONES[jurisdiction];
  const [y, mo, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, mo - 1, d, 0, 0, seconds); // the reading as if it were UTC
  // The offset at the naive instant, re-checked at the corrected one (a wall time near a DST change).
  let offset = offsetAt(zone, naive);
  offset = offsetAt(zone, naive - offsetMinutes(offset) * 60_000);
  const w = new Date(naive);
  return `${w.getUTCFullYear()}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}T${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}${offset}`;
}
