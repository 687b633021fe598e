// The sitting days' Votes and Proceedings files, `bc-votes/<43rd2nd>/v<yymmdd>.htm` → recorded
// divisions with each member's position, linked among the BC members serving that day (surname, and
// the initial where the list prints one). A division whose names do not add up to the printed
// totals is refused and reported, never stored with a wrong count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { unlinkedReason } from '../identity.js';
import type { ImportContext, SourceInput } from '../types.js';
import { sessionFolder, sessionKey, type LimsSession } from './sessions.js';
import { divisionResult, readVpDivisions } from './vp-divisions.js';

const DAY_FILE = /^v(\d{2})(\d{2})(\d{2})\.html?$/;
export const SOURCE_SYSTEM = 'bc-votes-and-proceedings';

/** "L. Neufeld" → initial L, surname Neufeld; "Chandra Herbert" → surname only. */
const listed = (raw: string) => {
  const m = /^([A-Z])\.\s*(.+)$/.exec(raw);
  return m ? { initial: m[1], lastName: m[2] } : { initial: null, lastName: raw };
};

export function importVpDays(
  from: string,
  sessions: LimsSession[],
  ctx: ImportContext,
  add: (k: string, n?: number) => void,
  /** `<session key> <bill number>` of the bills imported: a vote names only a bill the bundle holds (the build checks it). */
  bills: Set<string>,
): Array<SourceInput<'votes'>> {
  const votes: Array<SourceInput<'votes'>> = [];
  const roster = ctx.identity.hasRoster('provincial', 'BC');
  for (const s of sessions) {
    const folder = sessionFolder(s);
    const dir = join(from, 'bc-votes', folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((f) => DAY_FILE.test(f))
      .sort()) {
      const file = `bc-votes/${folder}/${name}`;
      const [, yy, mm, dd] = DAY_FILE.exec(name)!;
      const date = `20${yy}-${mm}-${dd}`;
      if (date < s.start || (s.end && date > s.end)) {
        ctx.skip({
          file,
          record: 'whole file',
          reason: "V&P day outside its folder's session",
          detail: `${date} not in ${s.start}…${s.end ?? ''}`,
        });
        continue;
      }
      add('vp_files_read');
      for (const d of readVpDivisions(readFileSync(join(from, file), 'utf8'))) {
        const record = `division ${d.index} of ${date}`;
        const bad = (['yeas', 'nays'] as const).filter(
          (k) => (d.printed[k] ?? 0) !== d[k].length || (d.printed[k] === null && d[k].length),
        );
        if (bad.length || d.printed.yeas === null) {
          add('divisions_refused');
          ctx.skip({
            file,
            record,
            reason: 'division refused: names do not add up to the printed totals',
            detail: `yeas ${d.yeas.length}/${d.printed.yeas ?? '?'}, nays ${d.nays.length}/${d.printed.nays ?? 0}`,
          });
          continue;
        }
        const position = (raw: string, side: 'yea' | 'nay') => {
          add('positions');
          let key: string | null = null;
          if (!roster) ctx.skip({ file, record: `${record}: ${raw}`, reason: 'voter unlinked: no BC member roster in the bundle' });
          else {
            const r = ctx.identity.resolve(SOURCE_SYSTEM, { ...listed(raw), on: date, level: 'provincial', province: 'BC' });
            key = r.key;
            if (r.key !== null) add('positions_linked');
            else
              ctx.skip({
                file,
                record: `${record}: ${raw}`,
                reason: unlinkedReason('voter', r.reason, 'BC members'),
                ...(r.detail ? { detail: r.detail } : {}),
              });
          }
          return { politician_key: key, politician_name_raw: raw, position: side };
        };
        const billHeld = d.bill !== null && bills.has(`${sessionKey(s)} ${d.bill}`);
        if (d.bill !== null && !billHeld) add('divisions_on_a_bill_not_imported');
        votes.push({
          key: `bc/vote/${s.parliament}-${s.session}/${date}/${d.index}`,
          session_key: sessionKey(s),
          // The question's words keep the bill's number when its record is not in the bundle.
          bill_number: billHeld ? d.bill : null,
          vote_type: 'division',
          // The division's own time is not printed: the opening of the sitting it fell in, else the day.
          occurred_at: wallClockTimestamp(date, d.sittingStart ?? 0, 'BC'),
          result: divisionResult(d),
          ayes: d.yeas.length,
          nays: d.nays.length,
          motion_text: [d.question, d.resultLine].filter((x, i, a) => x && a.indexOf(x) === i).join(' ') || null,
          source_system: SOURCE_SYSTEM,
          source_url: `https://lims.leg.bc.ca/pdms/ldp/${folder}/votes/${name}`,
          positions: [...d.yeas.map((n) => position(n, 'yea')), ...d.nays.map((n) => position(n, 'nay'))],
        });
        add('divisions');
      }
    }
  }
  return votes;
}
