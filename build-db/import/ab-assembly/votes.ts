// `canpol import ab-votes`: Alberta's Votes and Proceedings (one PDF per sitting day) → recorded
// divisions with every member's position, through the PDF text path. A division whose names do not
// add up to its printed totals is refused and reported, never stored. Voters are linked by surname
// and the riding the list prints, only when the bundle holds the roster of that legislature, and
// among Alberta members only; several candidates leave the position unlinked, never guessed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VoteResult } from '../../../src/core/domain/enums.js';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import { readDivisions, type ListedName } from '../pdf/division-lists.js';
import { readPdfLines } from '../pdf/pdf-lines.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { AB_REUSE, AB_TERMS } from './terms.js';
import { readVpHeader } from './vp-header.js';
import { unlinkedReason } from '../identity.js';

const VP_FILE = /\.pdf$/i;
const result = (yeas: number, nays: number): VoteResult => (yeas > nays ? 'passed' : yeas < nays ? 'defeated' : 'tied');

export async function importAbVotes(from: string, ctx: ImportContext): Promise<ImportOutput> {
  const { stats, add } = importStats({ files: 0, divisions: 0, divisions_refused: 0, positions: 0, positions_linked: 0 });
  const votes: Array<SourceInput<'votes'>> = [];
  const sessions = new Map<string, SourceInput<'sessions'>>();
  // Which legislatures' rosters the bundle holds (the roster importer numbers each term).
  const rosters = new Set(
    (ctx.existing.politicians ?? []).filter((p) => p.province_territory === 'AB').flatMap((p) => p.terms.map((t) => t.parliament_number)),
  );
  for (const file of readdirSync(from)
    .filter((f) => VP_FILE.test(f))
    .sort()) {
    add('files');
    let lines: Awaited<ReturnType<typeof readPdfLines>>;
    try {
      lines = await readPdfLines(new Uint8Array(readFileSync(join(from, file))));
    } catch (e) {
      ctx.skip({ file, record: 'whole file', reason: 'unreadable PDF', detail: String(e) });
      continue;
    }
    const head = readVpHeader(lines);
    if (!head) {
      ctx.skip({ file, record: 'whole file', reason: 'no legislature, session or sitting date in the head' });
      continue;
    }
    const sessionKey = `ab/session/${head.legislature}-${head.session}`;
    const known = sessions.get(sessionKey);
    if (!known || head.date < known.start_date) {
      sessions.set(sessionKey, {
        key: sessionKey,
        level: 'provincial',
        province_territory: 'AB',
        parliament_number: head.legislature,
        session_number: head.session,
        name: `Legislature ${head.legislature}, Session ${head.session}`,
        start_date: head.date,
      });
    }
    const { divisions, refused } = readDivisions(lines);
    for (const r of refused) {
      add('divisions_refused');
      ctx.skip({
        file,
        record: `page ${r.page}, the ${r.question}`,
        reason: 'division refused: names do not add up to the printed totals',
        detail: r.reason,
      });
    }
    const linkable = rosters.has(head.legislature);
    divisions.forEach((d, i) => {
      // The question: the last bill named before the lists, and the division's own words.
      const before = lines.slice(0, d.line).map((l) => l.text);
      const bill =
        before
          .map((t) => /^Bill (\d+)\b/.exec(t)?.[1])
          .filter(Boolean)
          .at(-1) ?? null;
      const position = (n: ListedName, side: 'yea' | 'nay') => {
        add('positions');
        let key: string | null = null;
        const raw = n.riding ? `${n.name} (${n.riding})` : n.name;
        if (!linkable)
          ctx.skip({
            file,
            record: `${d.question} ${i + 1}: ${raw}`,
            reason: `voter unlinked: no roster of legislature ${head.legislature} in the bundle`,
          });
        else {
          // No date: the roster's terms are dated from the day it was seen; the roster of that legislature is the candidate set.
          const r = ctx.identity.resolve('ab-votes', { lastName: n.name, constituency: n.riding, level: 'provincial', province: 'AB' });
          key = r.key;
          if (r.key !== null) add('positions_linked');
          else
            ctx.skip({
              file,
              record: `${d.question} ${i + 1}: ${raw}`,
              reason: unlinkedReason('voter', r.reason, 'Alberta members', ''),
              ...(r.detail ? { detail: r.detail } : {}),
            });
        }
        return { politician_key: key, politician_name_raw: raw, constituency_at_time: n.riding, position: side };
      };
      votes.push({
        key: `ab/vote/${head.legislature}-${head.session}/${head.date}/${i + 1}`,
        session_key: sessionKey,
        bill_number: bill,
        vote_type: 'division',
        occurred_at: wallClockTimestamp(head.date, (head.chairMinutes ?? 0) * 60, 'AB'),
        result: result(d.yeas.length, d.nays.length),
        ayes: d.yeas.length,
        nays: d.nays.length,
        motion_text: `On the ${d.question}${bill ? ` (Bill ${bill})` : ''}`,
        source_system: 'ab-votes-and-proceedings',
        positions: [...d.yeas.map((n) => position(n, 'yea')), ...d.nays.map((n) => position(n, 'nay'))],
      });
      add('divisions');
    });
  }
  return {
    records: { votes, sessions: [...sessions.values()] },
    sources: [
      {
        id: 'ab-votes-and-proceedings',
        version: `${stats.files} PDF file(s)`,
        url: 'https://www.assembly.ab.ca/assembly-business/assembly-records/votes-and-proceedings',
        licence: AB_TERMS,
      },
    ],
    coverage: votes.length
      ? [
          {
            jurisdiction: 'AB',
            votes: 'partial',
            notes: `Alberta divisions: ${votes.length} from Votes and Proceedings PDFs (${stats.divisions_refused} refused: names not adding up to the printed totals); a division's time is the sitting's opening.`,
          },
        ]
      : [],
    stats,
  };
}

export const abVotesImporter: Importer = {
  terms: AB_REUSE,
  kind: 'ab-votes',
  summary: 'Legislative Assembly of Alberta Votes and Proceedings PDF → recorded divisions',
  datasetDir: 'ab-votes',
  optional: 'not in the shared datasets: fetched by the nightly (source ab-votes-and-proceedings, lister ab-vp-sittings)',
  run: importAbVotes,
};
