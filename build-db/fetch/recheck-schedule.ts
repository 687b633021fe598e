// When a held document that its publisher may still revise is asked for again. A document is dated
// (a meeting's or sitting's own day, else the day its content was first held) and re-checked once
// each time it passes one of its ages in days: the first days close together, then further apart,
// so a night asks for the few documents that crossed an age since they were last confirmed rather
// than every document (a night missed asks at the next one). The ages openparliament uses for the
// House's Debates and Evidence: parliament/imports/parl_document.py, INTERVALS (1 … 1000 days).
export const REVISION_AGES = [1, 2, 3, 7, 14, 21, 30, 50, 100, 150, 200, 300, 400, 550, 700, 1000];

const DAY_MS = 86_400_000;

/** The instant of a `YYYY-MM-DD` day (its start, UTC) or of an ISO time; NaN when unreadable. */
const instant = (d: string) => Date.parse(/^\d{4}-\d\d-\d\d$/.test(d) ? `${d}T00:00:00Z` : d);

/** True when some age of `dated` falls after the last confirmation and no later than now. */
export function recheckDue(dated: string, confirmedAt: string, now: string, ages: readonly number[]): boolean {
  const [from, last, at] = [instant(dated), instant(confirmedAt), instant(now)];
  if (Number.isNaN(from) || Number.isNaN(last) || Number.isNaN(at)) return false;
  return ages.some((a) => {
    const due = from + a * DAY_MS;
    return due > last && due <= at;
  });
}

/** True while `dated` is less than `days` days before now. */
export function withinDays(dated: string, now: string, days: number): boolean {
  const from = instant(dated);
  return !Number.isNaN(from) && instant(now) - from < days * DAY_MS;
}
