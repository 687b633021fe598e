// Recorded divisions named on a bill (<HouseVoteDetails>): totals only, no member ballots. Each is a
// `votes` record keyed `ca-hoc/vote/<parliament>-<session>/<DivisionNumber>`, the key the Hansard
// importer gives the same division (reconcile keeps the record with positions and compares totals).
// A division without a number would get `…/<bill>-<sitting date>-<n>` (n = its rank among that
// bill's unnumbered divisions of the day, in file order): stable across runs and unable to collide
// with a number. None of the 2,674 divisions in the 2026 file lacks one.
// occurred_at is upstream's DecisionDateTime: the sitting day at the House's opening hour (10:00,
// 11:00 or 14:00 in the file), not the minute of the vote. Paired members are in no total.
import type { SourceInput } from '../types.js';
import { ottawaTimestamp, readLocal } from './ottawa-time.js';
import type { RawDivision } from './read-bill.js';
import type { BillIdentity } from './map-bill.js';
import { sessionKey } from './map-session.js';

export type Vote = SourceInput<'votes'>;
export type MappedDivision = { ok: true; vote: Vote; paired: number } | { ok: false; reason: string; detail: string };

const count = (s: string | null): number | null => (s !== null && /^\d+$/.test(s) ? Number(s) : null);

function resultOf(d: RawDivision): Vote['result'] | null {
  if (d.tied) return 'tied';
  if (d.agreed && !d.negatived) return 'passed';
  if (d.negatived && !d.agreed) return 'defeated';
  return null;
}

export function mapDivisions(divisions: RawDivision[], bill: BillIdentity, sourceUrl: string): MappedDivision[] {
  const unnumbered = new Map<string, number>();
  return divisions.map((d): MappedDivision => {
    const what = `division ${d.number ?? '(no number)'}`;
    const when = readLocal(d.at);
    if ('problem' in when) return { ok: false, reason: 'division with an unreadable date', detail: `${what}: ${when.problem}` };
    if (!when.value) return { ok: false, reason: 'division without a date', detail: what };
    const result = resultOf(d);
    if (!result) return { ok: false, reason: 'division without a result', detail: `${what}: ${d.resultName ?? 'no DecisionResultNameEn'}` };
    const ayes = count(d.yeas);
    const nays = count(d.nays);
    if (ayes === null || nays === null)
      return { ok: false, reason: 'division without totals', detail: `${what}: yeas ${d.yeas ?? '-'}, nays ${d.nays ?? '-'}` };
    let tail: string;
    if (d.number && /^\d+$/.test(d.number)) tail = String(Number(d.number));
    else if (d.number) return { ok: false, reason: 'division number not a number', detail: d.number };
    else {
      const day = `${bill.number}-${when.value.date}`;
      const n = (unnumbered.get(day) ?? 0) + 1;
      unnumbered.set(day, n);
      tail = `${day}-${n}`;
    }
    return {
      ok: true,
      paired: count(d.paired) ?? 0,
      vote: {
        key: `ca-hoc/vote/${bill.parliament}-${bill.session}/${tail}`,
        session_key: sessionKey(bill.parliament, bill.session),
        bill_number: bill.number,
        vote_type: 'division',
        occurred_at: ottawaTimestamp(when.value),
        result,
        ayes,
        nays,
        motion_text: d.subject,
        source_system: 'legisinfo',
        source_url: sourceUrl,
      },
    };
  });
}
