// Federal sessions the speeches and votes belong to. A session record needs its real opening date,
// which no Hansard file states (a sitting's date is not the session's start), so dates come from
// openparliament-fixtures/sessions.json (35-1 … 40-3) or from a session another importer already put
// in the bundle. A session known to neither is not invented: its speeches keep session_key null and
// its divisions are skipped (a vote cannot exist without its session), and the caller reports it.
import { existsSync, readFileSync } from 'node:fs';
import type { SourceInput } from '../types.js';

export const SESSIONS_FILE = 'openparliament-fixtures/sessions.json';

export interface SessionDates {
  name: string | null;
  start: string;
  end: string | null;
}

const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`;
};

export const sessionKey = (parliament: number, session: number) => `ca/session/${parliament}-${session}`;
export const sessionName = (parliament: number, session: number) => `${ordinal(parliament)} Parliament, ${ordinal(session)} Session`;

/** The fixture's sessions by "44-1"; an unreadable or absent file gives none (and a problem). */
export function readSessionDates(path: string): { dates: Map<string, SessionDates>; problem: string | null } {
  const dates = new Map<string, SessionDates>();
  if (!existsSync(path)) return { dates, problem: 'file not found' };
  let rows: unknown;
  try {
    rows = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { dates, problem: `not JSON: ${String(e)}` };
  }
  if (!Array.isArray(rows)) return { dates, problem: 'not an array of fixtures' };
  for (const row of rows as Array<{ model?: string; pk?: string; fields?: Record<string, unknown> }>) {
    const f = row.fields ?? {};
    if (row.model !== 'core.session' || typeof f.start !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(f.start)) continue;
    const k = `${f.parliamentnum}-${f.sessnum}`;
    dates.set(k, { name: typeof f.name === 'string' ? f.name : null, start: f.start, end: typeof f.end === 'string' ? f.end : null });
  }
  return { dates, problem: null };
}

export function sessionRecord(parliament: number, session: number, d: SessionDates): SourceInput<'sessions'> {
  return {
    key: sessionKey(parliament, session),
    level: 'federal',
    parliament_number: parliament,
    session_number: session,
    name: d.name ?? sessionName(parliament, session),
    start_date: d.start,
    end_date: d.end,
  };
}
