// A seat as the people sources give it — one continuous stretch in a riding, and the person's party
// memberships over time — → one term per Parliament and party (docs/importers.md, "Terms"). A House
// seat ends with its Parliament: the stretch is cut at each dissolution (FEDERAL_PARLIAMENTS; older
// Parliaments end the day before the next general election). A stretch still open when the source
// was written stays open in the Parliament then sitting: the build closes it if the bundle shows a
// later Parliament (merge-politicians.ts), since only a later source knows whether the seat was kept.
import { FEDERAL_PARLIAMENTS, federalParliament } from '../../../src/core/domain/federal-parliaments.js';

export interface Span {
  start: string;
  end: string | null;
}
export interface Piece extends Span {
  parliament: number | null;
}
export interface PartyPeriod extends Span {
  party: string;
}

const DAY = 86_400_000;
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const min = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

/** Each Parliament's first and last day; `elections` supplies general elections older than the table. */
export function parliamentSpans(elections: Map<number, string> = new Map()): Map<number, Span> {
  const opened = new Map(elections);
  for (const p of FEDERAL_PARLIAMENTS) opened.set(p.number, p.elected);
  const numbers = [...opened.keys()].sort((a, b) => a - b);
  const spans = new Map<number, Span>();
  for (const n of numbers) {
    const known = federalParliament(n);
    // An older Parliament ends the day before the next election; without that election it is unknown.
    if (!known && !opened.has(n + 1)) continue;
    spans.set(n, { start: opened.get(n)!, end: known ? known.dissolved : addDays(opened.get(n + 1)!, -1) });
  }
  return spans;
}

/**
 * A House seat → one piece per Parliament it overlaps. `vintage` is the day the source was written:
 * no piece in a Parliament elected after it, and a seat still open then stays open (end null).
 */
export function splitByParliament(seat: Span, spans: Map<number, Span>, vintage: string): Piece[] {
  const pieces: Piece[] = [];
  for (const [n, p] of [...spans].sort(([a], [b]) => a - b)) {
    if (p.start > vintage) continue;
    const start = max(seat.start, p.start);
    const sitting = p.end === null || p.end >= vintage;
    const end = seat.end === null && sitting ? null : min(seat.end, p.end);
    if (end !== null && end < start) continue;
    if (seat.end !== null && seat.end < p.start) continue;
    pieces.push({ start, end, parliament: n });
  }
  return pieces;
}

/** A span cut where the party changes; days no membership covers take `fallback`. */
export function splitByParty(span: Span, periods: PartyPeriod[], fallback: string | null): Array<Span & { party: string | null }> {
  const covers = (p: PartyPeriod, day: string) => p.start <= day && (p.end === null || p.end >= day);
  const cuts = new Set<string>([span.start]);
  for (const p of periods) {
    if (p.start > span.start && (span.end === null || p.start <= span.end)) cuts.add(p.start);
    const after = p.end === null ? null : addDays(p.end, 1);
    if (after && after > span.start && (span.end === null || after <= span.end)) cuts.add(after);
  }
  const days = [...cuts].sort();
  const out: Array<Span & { party: string | null }> = [];
  days.forEach((day, i) => {
    // The membership that began last wins a day two memberships cover (a new caucus the day after crossing).
    const party =
      periods
        .filter((p) => covers(p, day))
        .sort((a, b) => a.start.localeCompare(b.start))
        .at(-1)?.party ?? fallback;
    const end = i + 1 < days.length ? addDays(days[i + 1], -1) : span.end;
    const prev = out.at(-1);
    if (prev && prev.party === party) prev.end = end;
    else out.push({ start: day, end, party });
  });
  return out;
}
