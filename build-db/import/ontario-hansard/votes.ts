// Recorded divisions printed in a sitting → vote records with every member's position. Names are
// printed "Albanese, Laura" and resolved among Ontario members serving that day; the counts are
// those of the lists, checked against the Clerk's totals; the result is the presiding officer's
// declaration ("carried" / "lost", the Speaker's casting vote included). A division without a
// declaration or a session is reported, not guessed.
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import type { ImportContext, SourceInput } from '../types.js';
import { sessionKey, sittingUrl, SOURCE_SYSTEM, type Sitting } from './records.js';
import type { Division } from './walk.js';
import { unlinkedReason } from '../identity.js';

/** "Albanese, Laura" → "Laura Albanese"; a name without a comma as printed. */
const listedName = (raw: string) => {
  const m = /^([^,]+),\s*(.+)$/.exec(raw.trim());
  return m ? `${m[2]} ${m[1]}` : raw.trim();
};

export interface VoteCounts {
  votes: number;
  positions: number;
  positions_linked: number;
  totals_disagree: number;
}

/** `bills`: "<session key> <number>" of the Ontario bills in the bundle; a vote names only those. */
export function voteRecords(
  divisions: Division[],
  sitting: Sitting,
  file: string,
  ctx: ImportContext,
  roster: boolean,
  bills: ReadonlySet<string> = new Set(),
): { votes: Array<SourceInput<'votes'>>; counts: VoteCounts } {
  const votes: Array<SourceInput<'votes'>> = [];
  const counts: VoteCounts = { votes: 0, positions: 0, positions_linked: 0, totals_disagree: 0 };
  const session = sessionKey(sitting);
  divisions.forEach((d, i) => {
    const record = `division at ${d.anchor}`;
    if (!d.declared) {
      ctx.skip({ file, record, reason: 'division without a declared result' });
      return;
    }
    if (!session) {
      ctx.skip({ file, record, reason: 'division of a session not on file' });
      return;
    }
    if (d.minutes === null) {
      ctx.skip({ file, record, reason: 'division before any printed time' });
      return;
    }
    if (d.totals && (d.totals.ayes !== d.ayes.length || d.totals.nays !== d.nays.length)) {
      counts.totals_disagree++;
      ctx.skip({
        file,
        record,
        reason: "division lists differ from the Clerk's totals (the lists are kept)",
        detail: `lists ${d.ayes.length}-${d.nays.length}, Clerk ${d.totals.ayes}-${d.totals.nays}`,
      });
    }
    let unlinked = 0;
    const positions = (
      [
        ['yea', d.ayes],
        ['nay', d.nays],
      ] as const
    ).flatMap(([position, names]) =>
      names.map((raw) => {
        let key: string | null = null;
        if (roster) {
          const r = ctx.identity.resolve(`${SOURCE_SYSTEM}-votes`, {
            name: listedName(raw),
            on: sitting.date,
            level: 'provincial',
            province: 'ON',
          });
          if (r.key !== null) key = r.key;
          else
            ctx.skip({
              file,
              record: `${record}: ${raw}`,
              reason: unlinkedReason('voter', r.reason, 'Ontario members'),
              detail: r.detail,
            });
        }
        if (key) counts.positions_linked++;
        else unlinked++;
        return { politician_key: key, politician_name_raw: raw, position };
      }),
    );
    if (!roster) ctx.skip({ file, record, reason: 'voters unlinked: no Ontario member roster in the bundle', detail: `${unlinked} names` });
    counts.positions += positions.length;
    counts.votes++;
    const bill = /\bBill (\d+)\b/.exec(d.question ?? '');
    votes.push({
      key: `on/vote/${sitting.date}/${i + 1}`,
      session_key: session,
      bill_number: bill && bills.has(`${session} ${bill[1]}`) ? bill[1] : null,
      vote_type: 'division',
      occurred_at: wallClockTimestamp(sitting.date, d.minutes * 60, 'ON'),
      result: d.declared.result === 'carried' ? 'passed' : 'defeated',
      ayes: d.ayes.length,
      nays: d.nays.length,
      motion_text: [d.subject, d.question, `I declare the ${d.declared.what} ${d.declared.result}.`]
        .filter(Boolean)
        .join('\n\n')
        .slice(0, 20_000),
      source_system: SOURCE_SYSTEM,
      source_url: (() => {
        const u = sittingUrl(sitting);
        return u ? `${u}#${d.anchor}` : null;
      })(),
      positions,
    });
  });
  return { votes, counts };
}
