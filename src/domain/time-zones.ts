import type { Jurisdiction } from './enums.js';

/** The legislature's seat, whose local calendar day a sitting or meeting belongs to. */
export const LEGISLATURE_TIME_ZONES: Record<Jurisdiction, string> = {
  federal: 'America/Toronto',
  AB: 'America/Edmonton', BC: 'America/Vancouver', MB: 'America/Winnipeg', NB: 'America/Moncton',
  NL: 'America/St_Johns', NS: 'America/Halifax', NT: 'America/Yellowknife', NU: 'America/Iqaluit',
  ON: 'America/Toronto', PE: 'America/Halifax', QC: 'America/Toronto', SK: 'America/Regina', YT: 'America/Whitehorse',
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
