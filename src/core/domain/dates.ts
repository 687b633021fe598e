/** `YYYY-MM-DD` naming a real calendar day (rejects 2021-02-30): one rule for build and server. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  // An ISO round trip, not Date.UTC, which would read years below 100 as 19xx.
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}
