// The per-bill figures of the import report: bills per session, titles (the French ones are counted
// here because the bill schema has no field for them; search will use them later), what the stage
// log and the sponsor yielded.
import type { SourceInput } from '../types.js';
import type { RawBill } from './read-bill.js';

export function billCounts(raw: RawBill, bill: SourceInput<'bills'>, eventCounts: Record<string, number>): Record<string, number> {
  const session = bill.session_key.replace('ca/session/', '');
  const counts: Record<string, number> = { ...eventCounts, [`bills_in_session:${session}`]: 1 };
  const tally = (k: string, yes: boolean | number) => {
    const n = Number(yes);
    if (n) counts[k] = (counts[k] ?? 0) + n;
  };
  tally('french_long_titles', Boolean(raw.longTitleFr));
  tally('french_short_titles', Boolean(raw.shortTitleFr));
  tally('english_short_titles', Boolean(raw.shortTitle));
  tally('events', bill.events?.length ?? 0);
  tally('bills_without_stage_detail', raw.stages.length === 0);
  tally('bills_without_introduced_date', !bill.introduced_date);
  tally('bills_without_sponsor', !bill.sponsors?.length);
  tally('sponsors_with_person_id', Boolean(raw.sponsor.personId && bill.sponsors?.length));
  tally('inter_chamber_messages_not_mapped', raw.interChamberMessages);
  return counts;
}
