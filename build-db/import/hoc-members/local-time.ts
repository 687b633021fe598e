// Legislature-local date-times ("2021-09-20T00:00:00", Ottawa wall clock) → ISO timestamps with the
// offset in force at that instant. The offset is asked of Intl rather than assumed, so EST (-05:00)
// and EDT (-04:00) are right on either side of any year's DST change.
import { LEGISLATURE_TIME_ZONES } from '../../../src/domain/time-zones.js';
import type { Jurisdiction } from '../../../src/domain/enums.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "-04:00": the zone's UTC offset at a UTC instant. */
function offsetAt(zone: string, utcMs: number): string {
  let f = formats.get(zone);
  if (!f) { f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }); formats.set(zone, f); }
  const name = f.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const minutesOf = (offset: string) => (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/** `YYYY-MM-DDTHH:MM[:SS]` read on the legislature's clock → `YYYY-MM-DDTHH:MM:SS±HH:MM`, or null. */
export function legislatureTimestamp(local: string, jurisdiction: Jurisdiction): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const naive = Date.UTC(y, mo - 1, d, h, mi, s); // the wall-clock reading as if it were UTC
  if (Number.isNaN(naive) || new Date(naive).getUTCDate() !== d) return null;
  const zone = LEGISLATURE_TIME_ZONES[jurisdiction];
  // The offset at the naive instant, re-checked at the corrected one (a wall time near a DST change).
  let offset = offsetAt(zone, naive);
  offset = offsetAt(zone, naive - minutesOf(offset) * 60_000);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${offset}`;
}
