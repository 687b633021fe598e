// Terms across fetches. Represent publishes only today's roster, so the history is ours: a member's
// term starts when a fetch first lists them (the set's `last_updated`, the time Represent last read
// the roster) and ends when a later, complete fetch of the same set no longer lists them; they stay
// in the bundle as former members (is_active false, the term closed), never deleted. The previous
// fetch's members are this importer's own part already in the bundle folder (`ctx.previous`).
import type { SourceInput } from '../types.js';

type Politician = SourceInput<'politicians'>;
type Term = Politician['terms'][number];

export interface SetFetch {
  /** When Represent last read the set's roster (its last_updated), used as "seen at". */
  seenAt: string;
  /** Every page was read and the count agrees: absences mean something. */
  complete: boolean;
}

export interface HistoryOptions {
  current: Politician[];
  previous: Politician[];
  /** Per representative-set slug of this fetch. */
  sets: Map<string, SetFetch>;
  /** The set list itself was read completely: a set missing from it was dropped upstream. */
  setListComplete: boolean;
  /** The set a key belongs to. */
  setOf: (key: string) => string;
}

const sameSeat = (a: Term, b: Term) =>
  a.elected_office === b.elected_office && a.constituency_id === b.constituency_id && a.party === b.party;

export function applyHistory(o: HistoryOptions): { politicians: Politician[]; started: number; ended: number; kept: number } {
  const prevByKey = new Map(o.previous.map((p) => [p.key, p]));
  const latest =
    [...o.sets.values()]
      .map((s) => s.seenAt)
      .sort()
      .at(-1) ?? null;
  let started = 0;
  let ended = 0;
  let kept = 0;
  const out: Politician[] = [];
  const seen = new Set<string>();

  for (const p of o.current) {
    seen.add(p.key);
    const now = p.terms[0];
    const prev = prevByKey.get(p.key);
    if (!prev) {
      started++;
      out.push(p);
      continue;
    }
    const terms = prev.terms.map((t) => ({ ...t }));
    const open = terms.find((t) => (t.end_at ?? null) === null);
    if (open && sameSeat(open, now)) {
      kept++;
      out.push({ ...p, terms });
      continue;
    }
    // A new seat, office or party, or a member back after an absence: the old term closes where the new opens.
    if (open) open.end_at = now.start_at;
    started++;
    out.push({ ...p, terms: [...terms, now] });
  }

  for (const prev of o.previous) {
    if (seen.has(prev.key)) continue;
    const set = o.sets.get(o.setOf(prev.key));
    const open = prev.terms.some((t) => (t.end_at ?? null) === null);
    // Not listed, but the set was read only in part (or the whole set list was): nothing is known.
    const endAt = set ? (set.complete ? set.seenAt : null) : o.setListComplete ? latest : null;
    if (!open || !prev.is_active || endAt === null) {
      out.push(prev);
      continue;
    }
    ended++;
    out.push({ ...prev, is_active: false, terms: prev.terms.map((t) => ((t.end_at ?? null) === null ? { ...t, end_at: endAt } : t)) });
  }
  return { politicians: out, started, ended, kept };
}
