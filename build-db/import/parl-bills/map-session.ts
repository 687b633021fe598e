// Federal sessions named by the bills. The bill file has no session dates (no opening, prorogation
// or dissolution anywhere in it), so a session's start_date is the earliest dated event of its
// bills and end_date the latest — a closed session's last recorded bill event, not its prorogation —
// and end_date stays null for the session upstream marks as ongoing (IsSessionOngoing, 45-1).
// Importers with real session dates win on merge (reconcile keeps the first part by name and only
// fills fields it lacks).
import type { SourceInput } from '../types.js';

export const sessionKey = (parliament: number, session: number) => `ca/session/${parliament}-${session}`;

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "44th Parliament, 1st Session". */
export const sessionName = (parliament: number, session: number) => `${ordinal(parliament)} Parliament, ${ordinal(session)} Session`;

/** Collects each session's dated events and whether upstream calls it ongoing. */
export class SessionSpans {
  private spans = new Map<string, { parliament: number; session: number; first: string | null; last: string | null; ongoing: boolean }>();

  add(parliament: number, session: number, dates: Array<string | null>, ongoing: boolean): void {
    const key = sessionKey(parliament, session);
    const s = this.spans.get(key) ?? { parliament, session, first: null, last: null, ongoing: false };
    for (const d of dates) {
      if (!d) continue;
      if (!s.first || d < s.first) s.first = d;
      if (!s.last || d > s.last) s.last = d;
    }
    s.ongoing ||= ongoing;
    this.spans.set(key, s);
  }

  /** Session records; a session with no dated event at all cannot have its required start_date. */
  records(): { sessions: Array<SourceInput<'sessions'>>; undated: string[] } {
    const sessions: Array<SourceInput<'sessions'>> = [];
    const undated: string[] = [];
    for (const [key, s] of [...this.spans].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
      if (!s.first) {
        undated.push(key);
        continue;
      }
      sessions.push({
        key,
        level: 'federal',
        parliament_number: s.parliament,
        session_number: s.session,
        name: sessionName(s.parliament, s.session),
        start_date: s.first,
        end_date: s.ongoing ? null : s.last,
      });
    }
    return { sessions, undated };
  }
}
