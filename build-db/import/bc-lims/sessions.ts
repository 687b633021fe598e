// LIMS GraphQL `allSessions` → session records and the LIMS session id of each (bills are published
// per session id). Keys are those bc-hansard uses (`bc/session/<parliament>-<session>`).
import type { SourceInput } from '../types.js';

export interface LimsSession {
  id: number;
  parliament: number;
  session: number;
  start: string;
  end: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The sessions of an `allSessions` answer; a node missing its numbers or start is returned as a problem. */
export function readSessions(json: unknown): { sessions: LimsSession[]; problems: Array<{ record: string; detail: string }> } {
  const nodes = (json as { data?: { allSessions?: { nodes?: unknown } } })?.data?.allSessions?.nodes;
  if (!Array.isArray(nodes)) return { sessions: [], problems: [{ record: 'whole file', detail: 'no data.allSessions.nodes array' }] };
  const sessions: LimsSession[] = [];
  const problems: Array<{ record: string; detail: string }> = [];
  nodes.forEach((n: Record<string, unknown>, i) => {
    const parl = (n?.parliamentByParliamentId as Record<string, unknown> | undefined)?.number;
    const ok =
      Number.isInteger(n?.id) &&
      Number.isInteger(n?.number) &&
      Number.isInteger(parl) &&
      typeof n.startDate === 'string' &&
      DATE.test(n.startDate);
    if (!ok) {
      problems.push({ record: `node ${i + 1}`, detail: 'id, number, startDate or parliamentByParliamentId.number missing or malformed' });
      return;
    }
    sessions.push({
      id: n.id as number,
      parliament: parl as number,
      session: n.number as number,
      start: n.startDate as string,
      end: typeof n.endDate === 'string' && DATE.test(n.endDate) ? n.endDate : null,
    });
  });
  return { sessions, problems };
}

/** 1 → "1st", 43 → "43rd". */
export const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`;

export const sessionKey = (s: Pick<LimsSession, 'parliament' | 'session'>) => `bc/session/${s.parliament}-${s.session}`;
/** The folder LIMS names a session's documents by: "43rd2nd". */
export const sessionFolder = (s: Pick<LimsSession, 'parliament' | 'session'>) => `${ordinal(s.parliament)}${ordinal(s.session)}`;

export function sessionRecord(s: LimsSession): SourceInput<'sessions'> {
  return {
    key: sessionKey(s),
    level: 'provincial',
    province_territory: 'BC',
    parliament_number: s.parliament,
    session_number: s.session,
    name: `${ordinal(s.parliament)} Parliament, ${ordinal(s.session)} Session`,
    start_date: s.start,
    end_date: s.end,
  };
}
