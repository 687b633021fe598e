// A bill's stage log → events. What becomes an event, per stage element:
// - every <SignificantEvents> entry (readings, referrals, committee reports, royal assent…), dated
//   by its own EventDateTime (the sitting day, or the moment when upstream gives a time);
// - every "Debate at …" <Sittings> entry (a day the stage was debated). The other sittings repeat a
//   significant event of the same stage (same name; for 12 royal assents the sitting is the day
//   before the assent's own timestamp) and are not events twice;
// - every <CommitteeMeetings> entry, as "Committee meeting <number>" with its committee.
// Sessions 35-1 to 36-2 have no stage detail: their events come from the bill's "Passed…DateTime"
// summary fields instead. Dates are Ottawa dates as published (see ottawa-time.ts).
// Two events with the same (stage, event_date, event_type, committee_name) are one event for the
// API: the second is merged into the first and reported.
import type { SourceInput } from '../types.js';
import { readLocal } from './ottawa-time.js';
import type { Chamber, RawBill, RawStage } from './read-bill.js';
import { SUMMARY_FIELDS } from './read-bill.js';
import { eventType, isWithdrawal, stageOf, type Stage } from './stage-map.js';

export type BillEvent = NonNullable<SourceInput<'bills'>['events']>[number] & { stage: Stage; event_date: string };
export interface EventProblem {
  reason: string;
  detail: string;
}
export interface MappedEvents {
  events: BillEvent[];
  problems: EventProblem[];
  /** Events per kind of source, and sittings not repeated as events. */
  counts: Record<string, number>;
  /** The originating chamber's first-reading (or reinstatement) date: the bill's introduction. */
  introducedDate: string | null;
}

const COMMITTEE_EVENT = /refer|recommittal/i;

export function mapEvents(raw: RawBill, sourceUrl: string | null): MappedEvents {
  const events: BillEvent[] = [];
  const problems: EventProblem[] = [];
  const counts: Record<string, number> = {};
  const count = (k: string) => {
    counts[k] = (counts[k] ?? 0) + 1;
  };
  const introductions: string[] = [];

  /** Reads a date; a missing or unreadable one is reported and the event dropped. */
  const dateOf = (at: string | null, what: string): string | null => {
    const r = readLocal(at);
    if ('problem' in r) {
      problems.push({ reason: 'stage event with an unreadable date', detail: `${what}: ${r.problem}` });
      return null;
    }
    if (!r.value) {
      problems.push({ reason: 'stage event without a date', detail: what });
      return null;
    }
    return r.value.date;
  };

  const push = (e: Omit<BillEvent, 'source_url'>, chamber: Chamber | null, kind: string) => {
    events.push({ ...e, ...(sourceUrl ? { source_url: sourceUrl } : {}) });
    count(kind);
    if ((e.stage === 'first_reading' || e.stage === 'introduced') && chamber === raw.originatingChamber) introductions.push(e.event_date);
  };

  const fromStage = (s: RawStage) => {
    const stage = stageOf(s.element, s.name);
    const label = s.name ?? s.element;
    if (!stage) {
      problems.push({
        reason: 'unknown stage',
        detail: `${s.element} "${s.name ?? ''}" with ${s.events.length} event(s), ${s.sittings.length} sitting(s), ${s.meetings.length} meeting(s)`,
      });
      return;
    }
    const committee = s.committee ?? (s.name === 'Senate pre-study' ? raw.preStudyCommittee : null);
    const eventNames = new Set(s.events.map((e) => e.name));
    for (const e of s.events) {
      if (!e.name) {
        problems.push({ reason: 'stage event without a name', detail: `${label} at ${e.at ?? 'no date'}` });
        continue;
      }
      if (stage === 'withdrawn' && !isWithdrawal(e.name)) {
        problems.push({ reason: 'additional-information event not mapped', detail: `${s.element}: ${e.name}` });
        continue;
      }
      const date = dateOf(e.at, `${label}: ${e.name}`);
      if (!date) continue;
      push(
        {
          stage,
          stage_label: label,
          event_type: eventType(s.chamber, e.name),
          outcome: e.defeated ? 'defeated' : e.completes ? 'completed' : null,
          committee_name: committee && (stage === 'committee' || COMMITTEE_EVENT.test(e.name)) ? committee : null,
          event_date: date,
        },
        s.chamber,
        'events_from_significant_events',
      );
    }
    for (const sit of s.sittings) {
      if (!sit.name) {
        problems.push({ reason: 'stage event without a name', detail: `${label} sitting at ${sit.date ?? 'no date'}` });
        continue;
      }
      const debate = sit.name.startsWith('Debate');
      if (!debate && eventNames.has(sit.name)) {
        count('sittings_repeating_an_event');
        continue;
      }
      const date = dateOf(sit.date, `${label}: ${sit.name}`);
      if (!date) continue;
      push(
        { stage, stage_label: label, event_type: eventType(s.chamber, sit.name), outcome: null, committee_name: null, event_date: date },
        s.chamber,
        debate ? 'events_from_debate_sittings' : 'events_from_other_sittings',
      );
    }
    for (const m of s.meetings) {
      const name = `Committee meeting${m.number ? ` ${m.number}` : ''}`;
      const date = dateOf(m.date, `${label}: ${name}`);
      if (!date) continue;
      push(
        {
          stage: 'committee',
          stage_label: label,
          event_type: eventType(s.chamber, name),
          outcome: null,
          committee_name: m.committee ?? committee,
          event_date: date,
        },
        s.chamber,
        'events_from_committee_meetings',
      );
    }
  };

  if (raw.stages.length) raw.stages.forEach(fromStage);
  else {
    for (const [field, chamber, stage, label] of SUMMARY_FIELDS) {
      // Here an empty field or the 0001-01-01 placeholder only means the stage was not reached.
      const r = readLocal(raw.summary[field]);
      if ('problem' in r) problems.push({ reason: 'stage event with an unreadable date', detail: `${field}: ${r.problem}` });
      const date = r.value?.date;
      if (date)
        push(
          {
            stage,
            stage_label: label,
            event_type: eventType(chamber, label),
            outcome: 'completed',
            committee_name: null,
            event_date: date,
          },
          chamber,
          'events_from_summary_fields',
        );
    }
  }

  // One event per (stage, date, type, committee); sorted by date, upstream order within a day.
  const seen = new Set<string>();
  const unique: BillEvent[] = [];
  for (const e of events) {
    const k = [e.stage, e.event_date, e.event_type, e.committee_name].join('\u001f');
    if (seen.has(k)) {
      problems.push({
        reason: 'duplicate stage event merged',
        detail: `${e.stage} ${e.event_date} ${e.event_type}${e.committee_name ? ` (${e.committee_name})` : ''}`,
      });
      continue;
    }
    seen.add(k);
    unique.push(e);
  }
  unique.sort((a, b) => (a.event_date < b.event_date ? -1 : a.event_date > b.event_date ? 1 : 0));
  return { events: unique, problems, counts, introducedDate: introductions.sort()[0] ?? null };
}
