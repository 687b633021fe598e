// Legislature-local date-times ("2021-09-20T00:00:00", Ottawa wall clock) → ISO timestamps with the
// offset in force at that instant. The offset is asked of Intl rather than assumed, so EST (-05:00)
// and EDT (-04:00) are right on either side of any year's DST change.
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import type { Jurisdiction } from '../../../src/core/domain/enums.js';

/** `YYYY-MM-DDTHH:MM[:SS]` read on the legislature's clock → `YYYY-MM-DDTHH:MM:SS±HH:MM`, or null. */
export function legislatureTimestamp(local: string, jurisdiction: Jurisdiction): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return wallClockTimestamp(`${m[1]}-${m[2]}-${m[3]}`, h * 3600 + mi * 60 + s, jurisdiction);
}
